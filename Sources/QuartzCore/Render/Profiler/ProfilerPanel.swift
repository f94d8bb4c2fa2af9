/// Draws the profiler panel: a small translucent box in the target's
/// top-right corner with the frame rate, a graph of recent frame times
/// against the display interval, and the figures of a `ProfilerReadout`.
///
/// Drawn with CoreGraphics (cairo) straight into the target, text with
/// pango through `TextRenderer`. The graph moves every frame; the figures
/// are set in type at most every `textRefreshInterval` of frame time, which
/// keeps them readable and the panel cheap (laying out text is most of its
/// cost). Sizes are target pixels, origin top left. Render thread.
final class ProfilerPanel {
    /// Frame time between two settings of the figures.
    static let textRefreshInterval: CFTimeInterval = 0.1
    static let width = 360
    static let height = 150
    /// Space between the panel and the target's edges.
    static let margin = 8
    static let padding: CGFloat = 8
    static let graphHeight: CGFloat = 48
    static let font = TextFont(name: "DejaVu Sans Mono", size: 10)
    static let headlineFont = TextFont(name: "DejaVu Sans Mono", size: 12)
    static let lineHeight: CGFloat = 14

    /// The figures as last set in type, and the frame time they were set at.
    private var text: (headline: CGImage?, figures: CGImage?, frameTime: CFTimeInterval)?

    init() {}

    /// Sets the figures in type again at the next frame.
    func refreshText() { text = nil }

    /// Where the panel goes in a `width` x `height` target (clipped to it);
    /// nil when the target is empty.
    static func frame(inTargetWidth width: Int, height: Int) -> PixelRect? {
        let rect = PixelRect(x: width - Self.width - margin, y: margin, width: Self.width, height: Self.height)
        return rect.intersection(PixelRect(x: 0, y: 0, width: width, height: height))
    }

    /// Draws `readout` into `target` within `frame` (from `frame(inTargetWidth:height:)`)
    /// for the frame at `frameTime`.
    func draw(_ readout: ProfilerReadout, into target: RasterBuffer, frame: PixelRect, frameTime: CFTimeInterval) {
        let padding = Self.padding
        if let text, frameTime >= text.frameTime, frameTime - text.frameTime < Self.textRefreshInterval {
        } else {
            text = (Self.renderText(readout.headline, font: Self.headlineFont, color: TextColor(red: 1, green: 1, blue: 1, alpha: 1)),
                    Self.renderText(readout.lines.joined(separator: "\n"), font: Self.font,
                                    color: TextColor(red: 0.85, green: 0.9, blue: 0.95, alpha: 1)),
                    frameTime)
        }
        guard let context = LayerDrawingContext.make(over: target, origin: .zero, scale: 1) else { return }
        context.clip(to: frame.cgRect)
        // The panel's own space: its top-left corner at the origin, y down.
        context.translateBy(x: CGFloat(target.width - Self.width - Self.margin), y: CGFloat(Self.margin))
        let box = CGRect(x: 0, y: 0, width: Self.width, height: Self.height)
        context.setFillColor(CGColor(red: 0.05, green: 0.05, blue: 0.08, alpha: 0.78))
        context.addPath(CGPath(roundedRect: box, cornerWidth: 6, cornerHeight: 6, transform: nil))
        context.fillPath()
        Self.drawImage(text?.headline, at: CGPoint(x: padding, y: padding - 2), in: context)
        let graph = CGRect(x: padding, y: padding + 18, width: box.width - 2 * padding, height: Self.graphHeight)
        Self.drawGraph(readout, in: graph, context: context)
        Self.drawImage(text?.figures, at: CGPoint(x: padding, y: graph.maxY + 6), in: context)
    }

    /// Bars of work time (green within the display interval, red beyond)
    /// and a line of intervals, on a scale of two display intervals with
    /// the interval itself marked across the middle.
    static func drawGraph(_ readout: ProfilerReadout, in rect: CGRect, context: CGContext) {
        context.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 0.08))
        context.fill(rect)
        let scale = max(readout.displayInterval * 2, 1e-6)
        func y(_ seconds: Double) -> CGFloat { rect.maxY - rect.height * CGFloat(min(1, max(0, seconds / scale))) }
        let step = rect.width / CGFloat(ProfilerReadout.graphFrames)
        let start = rect.maxX - step * CGFloat(readout.workTimes.count)
        var within: [CGRect] = [], over: [CGRect] = []
        for (index, work) in readout.workTimes.enumerated() {
            let top = y(work)
            let bar = CGRect(x: start + CGFloat(index) * step, y: top, width: max(1, step - 0.5), height: rect.maxY - top)
            if work > readout.displayInterval { over.append(bar) } else { within.append(bar) }
        }
        // One fill per colour: each drawing call has a fixed cost.
        context.setFillColor(CGColor(red: 0.3, green: 0.85, blue: 0.4, alpha: 0.95))
        context.fill(within)
        context.setFillColor(CGColor(red: 1, green: 0.3, blue: 0.25, alpha: 0.95))
        context.fill(over)
        let points = readout.intervals.enumerated().compactMap { index, interval in
            interval.map { CGPoint(x: start + (CGFloat(index) + 0.5) * step, y: y($0)) }
        }
        if points.count > 1 {
            context.setStrokeColor(CGColor(red: 0.45, green: 0.7, blue: 1, alpha: 0.95))
            context.setLineWidth(1)
            context.addLines(between: points)
            context.strokePath()
        }
        context.setStrokeColor(CGColor(red: 1, green: 0.85, blue: 0.3, alpha: 0.9))
        context.setLineWidth(1)
        context.setLineDash(phase: 0, lengths: [3, 3])
        let middle = y(readout.displayInterval).rounded() + 0.5
        context.strokeLineSegments(between: [CGPoint(x: rect.minX, y: middle), CGPoint(x: rect.maxX, y: middle)])
        context.setLineDash(phase: 0, lengths: [])
    }

    /// `text` laid out in lines across the panel, as an image.
    static func renderText(_ text: String, font: TextFont, color: TextColor) -> CGImage? {
        let lines = CGFloat(text.split(separator: "\n", omittingEmptySubsequences: false).count)
        let size = CGSize(width: CGFloat(Self.width) - 2 * padding, height: lines * lineHeight + 4)
        return TextRenderer.render(TextRenderDescription(text: text, font: font, color: color, boundsSize: size))
    }

    /// Draws `image` upright with its top-left corner at `origin` (panel space).
    static func drawImage(_ image: CGImage?, at origin: CGPoint, in context: CGContext) {
        guard let image else { return }
        let rect = CGRect(origin: origin, size: CGSize(width: image.width, height: image.height))
        // The context is y-down; CoreGraphics draws images upright in a
        // y-up space, so flip around the destination.
        context.saveGState()
        context.translateBy(x: 0, y: rect.maxY + rect.minY)
        context.scaleBy(x: 1, y: -1)
        context.draw(image, in: rect)
        context.restoreGState()
    }
}
