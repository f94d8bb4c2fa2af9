/// What the render server needs to draw a `CAGradientLayer`, as plain
/// values (part of `LayerState`).
struct GradientState: Sendable, Equatable {
    var colors: [CGColor] = []
    /// One location per colour, or nil to spread them evenly.
    var locations: [CGFloat]?
    var startPoint = CGPoint(x: 0.5, y: 0)
    var endPoint = CGPoint(x: 0.5, y: 1)
    var type = CAGradientLayerType.axial

    init(_ layer: CAGradientLayer) {
        colors = (layer.colors ?? []).compactMap { $0 as? CGColor }
        locations = layer.locations.map { $0.map { CGFloat($0.doubleValue) } }
        startPoint = layer.startPoint
        endPoint = layer.endPoint
        type = layer.type
    }

    /// The CoreGraphics gradient: nil without colours. Locations whose
    /// count differs from the colours' are ignored (spread evenly), a
    /// single colour fills evenly.
    var cgGradient: CGGradient? {
        guard !colors.isEmpty else { return nil }
        let stops = colors.count == 1 ? [colors[0], colors[0]] : colors
        if let locations, locations.count == colors.count, colors.count > 1 {
            return CGGradient(colorsSpace: nil, colors: stops, locations: locations)
        }
        return CGGradient(colorsSpace: nil, colors: stops, locations: nil)
    }

    /// Draws the gradient over `bounds` (layer space, y down); the caller
    /// clips. Axial: along start → end, extended both ways. Radial: an
    /// ellipse centred on `startPoint` whose radii are the offsets to
    /// `endPoint` in each axis, extended outwards. Conic: around
    /// `startPoint`, location 0 towards `endPoint`, increasing clockwise
    /// on screen (counterclockwise in Quartz's y-up terms).
    func draw(in bounds: CGRect, context: CGContext) {
        guard let gradient = cgGradient else { return }
        func point(_ unit: CGPoint) -> CGPoint {
            CGPoint(x: bounds.minX + unit.x * bounds.width, y: bounds.minY + unit.y * bounds.height)
        }
        let start = point(startPoint), end = point(endPoint)
        let both: CGGradientDrawingOptions = [.drawsBeforeStartLocation, .drawsAfterEndLocation]
        switch type {
        case .radial:
            let rx = abs(end.x - start.x), ry = abs(end.y - start.y)
            guard rx > 0 || ry > 0 else { return }
            // A unit circle scaled to the ellipse; a zero radius becomes
            // a thin ellipse rather than a singular matrix.
            context.saveGState()
            context.translateBy(x: start.x, y: start.y)
            context.scaleBy(x: max(rx, 1e-3), y: max(ry, 1e-3))
            context.drawRadialGradient(gradient, startCenter: .zero, startRadius: 0, endCenter: .zero, endRadius: 1,
                                       options: both)
            context.restoreGState()
        case .conic:
            let angle = end == start ? 0 : atan2(end.y - start.y, end.x - start.x)
            context.drawConicGradient(gradient, center: start, angle: angle)
        default:
            guard start != end else { return }
            context.drawLinearGradient(gradient, start: start, end: end, options: both)
        }
    }
}
