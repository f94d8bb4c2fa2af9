/// `lamina-inspect select`: an outline and a translucent fill over the
/// selected layer's presented bounds, as drawn this frame (through its
/// transform and perspective, following it while it animates), with its
/// name and frame in window pixels beside it. Drawn as part of the debug
/// pass, so the app's damage and timings are untouched. Render thread.
final class LayerHighlighter {
    /// The layer to highlight (`CALayer.layerID`), nil for none.
    var layerID: UInt64? {
        didSet { if layerID != oldValue { label = nil } }
    }
    /// The label as last set in type, and its text.
    private var label: (text: String, image: CGImage?)?

    static let color = CGColor(red: 0.1, green: 0.75, blue: 1, alpha: 1)
    static let fill = CGColor(red: 0.1, green: 0.75, blue: 1, alpha: 0.22)
    static let font = TextFont(name: "DejaVu Sans Mono", size: 11)

    /// The drawing of `id` itself (not a replicator's copy) in the draw
    /// list under `root`, if the layer is drawn this frame.
    static func node(drawing id: UInt64, under root: DrawNode?) -> DrawNode? {
        guard let root else { return nil }
        if root.id.layer == id, root.id.copy == 0 { return root }
        for child in root.children { if let found = node(drawing: id, under: child) { return found } }
        return root.mask.flatMap { node(drawing: id, under: $0) }
    }

    /// The corners of the node's bounds in target pixels; nil when a corner
    /// is at infinity (seen edge-on).
    static func quad(of node: DrawNode) -> [CGPoint]? {
        let b = node.state.bounds
        let corners = [CGPoint(x: b.minX, y: b.minY), CGPoint(x: b.maxX, y: b.minY),
                       CGPoint(x: b.maxX, y: b.maxY), CGPoint(x: b.minX, y: b.maxY)].map(node.homography.apply)
        return corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) ? corners : nil
    }

    /// Draws the highlight over `target`; returns the pixels it covers
    /// (nil when nothing is selected or the layer is not drawn).
    func draw(_ frame: Compositor.Frame, into target: RasterBuffer) -> PixelRect? {
        guard let id = layerID, let node = Self.node(drawing: id, under: frame.root), let quad = Self.quad(of: node),
              let context = LayerDrawingContext.make(over: target, origin: .zero, scale: 1) else { return nil }
        let box = quad.dropFirst().reduce(CGRect(origin: quad[0], size: .zero)) { $0.union(CGRect(origin: $1, size: .zero)) }
        let text = (node.state.name.map { "\"\($0)\"  " } ?? "\(node.state.className)  ")
            + "\(Self.number(box.minX)),\(Self.number(box.minY)) \(Self.number(box.width))x\(Self.number(box.height))"
        if label?.text != text {
            label = (text, TextRenderer.render(TextRenderDescription(
                text: text, font: Self.font, color: TextColor(red: 1, green: 1, blue: 1, alpha: 1),
                boundsSize: CGSize(width: 8 * CGFloat(text.count) + 8, height: 16))))
        }
        let path = CGMutablePath()
        path.addLines(between: quad)
        path.closeSubpath()
        context.setFillColor(Self.fill)
        context.addPath(path)
        context.fillPath()
        context.setStrokeColor(Self.color)
        context.setLineWidth(2)
        context.addPath(path)
        context.strokePath()
        var covered = box.insetBy(dx: -2, dy: -2)
        if let image = label?.image {
            // Above the layer, or below it when there is no room above.
            let y = box.minY - 20 >= 0 ? box.minY - 20 : box.maxY + 4
            let plate = CGRect(x: max(0, box.minX), y: y, width: CGFloat(image.width) + 8, height: 18)
            context.setFillColor(CGColor(red: 0.05, green: 0.05, blue: 0.08, alpha: 0.85))
            context.fill(plate)
            ProfilerPanel.drawImage(image, at: CGPoint(x: plate.minX + 4, y: plate.minY + 1), in: context)
            covered = covered.union(plate)
        }
        return PixelRect(covering: covered)?.intersection(PixelRect(x: 0, y: 0, width: target.width, height: target.height))
    }

    private static func number(_ value: CGFloat) -> String { String(Int(value.rounded())) }
}
