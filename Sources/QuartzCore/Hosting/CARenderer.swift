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

    /// A renderer drawing into `cgContext`. Of `options`, `kCARendererColorSpace`
    /// is read: the output's colour space, whose pixels Lamina's compositor
    /// draws in RGB; one with another model (grey, CMYK) is reported through
    /// `CADiagnostics` and drawn as RGB.
    public init(cgContext: CGContext, options: [AnyHashable: Any]? = nil) {
        if let space = options?[kCARendererColorSpace], !((space as? CGColorSpace)?.model == .rgb) {
            CADiagnostics.report("CARenderer: kCARendererColorSpace \(space) is not an RGB colour space; drawing in RGB")
        }
        context = cgContext
        bounds = CGRect(x: 0, y: 0, width: cgContext.width, height: cgContext.height)
        let presenter = OffscreenPresenter(width: cgContext.width, height: cgContext.height, mailbox: FrameMailbox())
        target = presenter.target
        loop = RenderLoop(presenter: presenter, interval: 1.0 / 60)
    }

    /// Begins the frame shown at media time `t`: commits this thread's
    /// implicit transaction, so the model tree is drawn as it stands (text
    /// layers displayed), takes the tree's committed changes and evaluates
    /// its animations at `t`.
    public func beginFrame(atTime t: CFTimeInterval, timeStamp ts: UnsafeMutablePointer<CVTimeStamp>?) {
        CATransaction.flush()
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

/// The `CARenderer` option naming the output's colour space (a `CGColorSpace`).
public let kCARendererColorSpace = "kCARendererColorSpace"
