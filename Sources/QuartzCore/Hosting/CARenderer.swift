/// Renders a layer tree into a bitmap context, frame by frame at chosen
/// media times: Apple's `CARenderer`, with `init(cgContext:options:)` in
/// place of Apple's OpenGL and Metal initializers.
///
/// Setting `layer` makes its tree visible (implicit animations run) and
/// sends it the tree's commits. A frame goes `beginFrame(atTime:)`,
/// `updateBounds()` and `addUpdate(_:)` as needed, `render()`, `endFrame()`.
/// `render()` replaces the pixels of `updateBounds()` in the context with
/// the tree's drawing; pixels elsewhere are left alone. Use a renderer on
/// the thread that changes its layers.
public final class CARenderer {
    /// The root of the tree to draw, in the renderer's space (top-left origin).
    public var layer: CALayer? {
        didSet {
            oldValue?.detachFromHost()
            layer?.attach(to: inbox)
        }
    }

    /// The part of the context drawn into, in pixels (top-left origin).
    public var bounds: CGRect {
        didSet { loop.compositor.invalidateAll() }
    }

    private let context: CGContext
    private let inbox = CommitInbox()
    private let loop: RenderLoop
    private let target: RasterBuffer
    private var frame: Compositor.Frame?
    private var frameTime: CFTimeInterval = 0
    private var extraDamage: [PixelRect] = []

    /// A renderer drawing into `cgContext`. `options` is accepted for Apple's
    /// spelling; no option is used.
    public init(cgContext: CGContext, options: [AnyHashable: Any]? = nil) {
        context = cgContext
        bounds = CGRect(x: 0, y: 0, width: cgContext.width, height: cgContext.height)
        let presenter = OffscreenPresenter(width: cgContext.width, height: cgContext.height, mailbox: FrameMailbox())
        target = presenter.target
        loop = RenderLoop(presenter: presenter, interval: 1.0 / 60)
    }

    /// Begins the frame shown at media time `t`: takes the tree's committed
    /// changes and evaluates its animations at `t`.
    public func beginFrame(atTime t: CFTimeInterval, timeStamp ts: UnsafeMutablePointer<CVTimeStamp>?) {
        loop.apply(inbox.take())
        frameTime = t
        frame = loop.compositor.prepare(loop.tree, mediaTime: t)
        extraDamage.removeAll()
    }

    /// Begins the frame shown at media time `t`.
    public func beginFrame(atTime t: CFTimeInterval) {
        beginFrame(atTime: t, timeStamp: nil)
    }

    /// The part of `bounds` this frame changes (pixels, top-left origin).
    public func updateBounds() -> CGRect {
        damage.reduce(CGRect.null) { $0.union($1.cgRect) }
    }

    /// Adds `r` (pixels, top-left origin) to what this frame redraws.
    public func addUpdate(_ r: CGRect) {
        if let rect = PixelRect(covering: r) { extraDamage.append(rect) }
    }

    /// Draws the frame's changed pixels into the context.
    public func render() {
        guard let frame else { return }
        let rects = damage
        loop.compositor.draw(Compositor.Frame(root: frame.root, damage: rects, layerCount: frame.layerCount),
                             into: target)
        context.replacePixels(in: rects, from: target)
    }

    /// The media time of the next frame that would differ from this one:
    /// the frame time itself while animations run, `.infinity` when none will.
    public func nextFrameTime() -> CFTimeInterval {
        loop.tree.nextAnimationTime(after: frameTime) ?? .infinity
    }

    /// Ends the frame.
    public func endFrame() {
        frame = nil
        extraDamage.removeAll()
    }

    private var damage: [PixelRect] {
        guard let limit = PixelRect(covering: bounds)?.intersection(loop.compositor.targetRect) else { return [] }
        var accumulator = DamageAccumulator(bounds: limit)
        for rect in (frame?.damage ?? []) + extraDamage { accumulator.add(rect) }
        return accumulator.rects
    }
}

/// Commits waiting for a `CARenderer`'s next frame.
final class CommitInbox: RenderHost {
    private var commits: [RenderCommit] = []
    func receive(_ commit: RenderCommit) { commits.append(commit) }
    func take() -> [RenderCommit] {
        defer { commits.removeAll() }
        return commits
    }
}

/// CoreVideo's display timestamp, for `beginFrame(atTime:timeStamp:)`'s
/// spelling; Lamina reads nothing from it.
public struct CVTimeStamp: Sendable {
    public var version: UInt32 = 0
    public var videoTimeScale: Int32 = 0
    public var videoTime: Int64 = 0
    public var hostTime: UInt64 = 0
    public var rateScalar: Double = 1
    public var videoRefreshPeriod: Int64 = 0
    public init() {}
}

extension CGContext {
    /// Replaces the pixels of `rects` (pixels, top-left origin) with those of
    /// `source` (drawn at the context's device origin, upright).
    func replacePixels(in rects: [PixelRect], from source: RasterBuffer) {
        guard !rects.isEmpty else { return }
        let image = source.makeImage()
        let height = CGFloat(self.height)
        saveGState()
        concatenate(ctm.inverted())  // device space: y up from the bottom row
        clip(to: rects.map { CGRect(x: CGFloat($0.x), y: height - CGFloat($0.maxY), width: CGFloat($0.width), height: CGFloat($0.height)) })
        clear(CGRect(x: 0, y: 0, width: CGFloat(width), height: height))
        draw(image, in: CGRect(x: 0, y: height - CGFloat(source.height), width: CGFloat(source.width), height: CGFloat(source.height)))
        restoreGState()
    }
}
