/// Draws a `CAShapeLayer`'s path with CoreGraphics, as Apple does: fill
/// first (with the fill rule), then the stroke over it (width, caps, joins,
/// miter limit, dashes), stroking only the `strokeStart`…`strokeEnd` part
/// of the path's length.
enum ShapeRenderer {
    static func draw(_ shape: ShapeState, clip: CGPath?, scale: CGFloat, context: CGContext) {
        guard let path = shape.path else { return }
        context.saveGState()
        defer { context.restoreGState() }
        if let clip {
            context.addPath(clip)
            context.clip()
        }
        if shape.fills, let color = shape.fillColor {
            context.setFillColor(color)
            context.addPath(CGPath(path))
            context.fillPath(using: shape.fillRule)
        }
        // Flatten finely enough that the pieces are invisible at this scale.
        if shape.strokes, let color = shape.strokeColor,
           let stroked = shape.strokedPath(tolerance: 0.05 / max(scale, 1)), !stroked.isEmpty {
            context.setStrokeColor(color)
            context.setLineWidth(shape.lineWidth)
            context.setLineCap(shape.lineCap)
            context.setLineJoin(shape.lineJoin)
            context.setMiterLimit(shape.miterLimit)
            let dashes = shape.lineDashPattern
            if !dashes.isEmpty, dashes.allSatisfy({ $0 >= 0 && $0.isFinite }), dashes.contains(where: { $0 > 0 }) {
                context.setLineDash(phase: shape.lineDashPhase.isFinite ? shape.lineDashPhase : 0, lengths: dashes)
            }
            context.addPath(CGPath(stroked))
            context.strokePath()
        }
    }
}
