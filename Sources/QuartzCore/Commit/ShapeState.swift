/// What the render server needs to draw a `CAShapeLayer`, as plain values
/// (part of `LayerState`).
struct ShapeState: Sendable, Equatable {
    var path: CGPathSnapshot?
    var fillColor: CGColor? = CALayerProperties.black
    var fillRule = CGPathFillRule.winding
    var strokeColor: CGColor?
    var lineWidth: CGFloat = 1
    var lineCap = CGLineCap.butt
    var lineJoin = CGLineJoin.miter
    var miterLimit: CGFloat = 10
    var lineDashPattern: [CGFloat] = []
    var lineDashPhase: CGFloat = 0
    var strokeStart: CGFloat = 0
    var strokeEnd: CGFloat = 1

    init(_ layer: CAShapeLayer) {
        path = layer.path?.snapshot
        fillColor = layer.fillColor
        fillRule = layer.fillRule == .evenOdd ? .evenOdd : .winding
        strokeColor = layer.strokeColor
        lineWidth = layer.lineWidth
        lineCap = [.round: .round, .square: .square][layer.lineCap] ?? .butt
        lineJoin = [.round: .round, .bevel: .bevel][layer.lineJoin] ?? .miter
        miterLimit = layer.miterLimit
        lineDashPattern = (layer.lineDashPattern ?? []).map { CGFloat($0.doubleValue) }
        lineDashPhase = layer.lineDashPhase
        strokeStart = layer.strokeStart
        strokeEnd = layer.strokeEnd
    }

    /// True when the fill paints something.
    var fills: Bool {
        guard let path, !path.isEmpty, let fillColor else { return false }
        return fillColor.alpha > 0
    }

    /// True when the stroke paints something.
    var strokes: Bool {
        guard let path, !path.isEmpty, let strokeColor else { return false }
        return strokeColor.alpha > 0 && lineWidth > 0 && lineWidth.isFinite && strokeFraction.upperBound > strokeFraction.lowerBound
    }

    /// `strokeStart...strokeEnd` clamped to 0...1 (Apple clamps them).
    var strokeFraction: ClosedRange<CGFloat> {
        let start = min(max(strokeStart.isFinite ? strokeStart : 0, 0), 1)
        let end = min(max(strokeEnd.isFinite ? strokeEnd : 1, 0), 1)
        return start...max(start, end)
    }

    /// What fill and stroke can touch, in layer space: the path's box grown
    /// by the widest a stroke reaches (a miter up to `miterLimit` half-widths,
    /// a square cap √2 half-widths), plus a point for antialiasing. Null when
    /// nothing is drawn.
    var drawnBounds: CGRect {
        guard let path, fills || strokes else { return .null }
        let box = path.boundingBox
        guard !box.isNull, box.minX.isFinite, box.minY.isFinite else { return .null }
        guard strokes else { return box.insetBy(dx: -1, dy: -1) }
        let half = lineWidth / 2
        var reach = half * (lineCap == .square ? 2.squareRoot() : 1)
        if lineJoin == .miter { reach = max(reach, half * max(1, miterLimit)) }
        return box.insetBy(dx: -(reach + 1), dy: -(reach + 1))
    }

    /// The part of the path between `strokeStart` and `strokeEnd` of its
    /// length, flattened to lines; the whole path (curves kept) when the
    /// fraction is all of it. A closed subpath wholly inside stays closed, so
    /// its joins are drawn.
    func strokedPath(tolerance: CGFloat) -> CGPathSnapshot? {
        guard let path else { return nil }
        let fraction = strokeFraction
        if fraction.lowerBound <= 0, fraction.upperBound >= 1 { return path }
        let polylines = path.polylines(tolerance: tolerance)
        let total = polylines.reduce(0) { $0 + $1.length }
        guard total > 0 else { return nil }
        let from = fraction.lowerBound * total, to = fraction.upperBound * total
        var elements: [CGPathElementValue] = []
        var offset: CGFloat = 0
        for line in polylines {
            defer { offset += line.length }
            let start = max(from - offset, 0), end = min(to - offset, line.length)
            guard end > start else { continue }
            elements += ShapeState.piece(of: line, from: start, to: end)
        }
        return CGPathSnapshot(elements: elements)
    }

    /// The part of `line` between two distances along it.
    private static func piece(of line: CGPathPolyline, from start: CGFloat, to end: CGFloat) -> [CGPathElementValue] {
        var points = line.points
        if line.isClosed, let first = points.first, points.last != first { points.append(first) }
        if start <= 0, end >= line.length, line.isClosed {
            return [.moveTo(points[0])] + points.dropFirst().map { .addLineTo($0) } + [.closeSubpath]
        }
        var result: [CGPathElementValue] = [.moveTo(line.location(atDistance: start).point)]
        for (index, length) in line.cumulativeLengths.enumerated() where length > start && length < end && index < points.count {
            result.append(.addLineTo(points[index]))
        }
        result.append(.addLineTo(line.location(atDistance: end).point))
        return result
    }
}
