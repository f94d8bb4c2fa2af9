/// Flattening: the path as straight pieces, for the animation engine,
/// hit testing and rasterization.
extension CGPathSnapshot {
    /// Every drawn piece of the path in order: one per line or curve element,
    /// plus one straight `isClosing` segment per `closeSubpath`. Move-tos draw
    /// nothing and so produce no segment.
    public var segments: [CGPathSegment] {
        var result: [CGPathSegment] = []
        var current = CGPoint.zero, start = CGPoint.zero
        for (index, element) in elements.enumerated() {
            switch element {
            case .moveTo(let point):
                current = point; start = point
            case .addLineTo(let point):
                result.append(.line(from: current, to: point, elementIndex: index))
                current = point
            case .addQuadCurveTo(let control, let end):
                result.append(CGPathSegment(kind: .quadCurve, start: current, control1: control,
                                            control2: control, end: end, elementIndex: index))
                current = end
            case .addCurveTo(let control1, let control2, let end):
                result.append(CGPathSegment(kind: .curve, start: current, control1: control1,
                                            control2: control2, end: end, elementIndex: index))
                current = end
            case .closeSubpath:
                result.append(.line(from: current, to: start, elementIndex: index, isClosing: true))
                current = start
            }
        }
        return result
    }

    /// Each subpath as a polyline within `tolerance` of the true curves.
    /// A closed subpath ends with its start point again; a subpath that is
    /// only a move-to is a single point.
    public func polylines(tolerance: CGFloat) -> [CGPathPolyline] {
        var result: [CGPathPolyline] = []
        var points: [CGPoint] = []
        var current = CGPoint.zero, start = CGPoint.zero
        func finish(closed: Bool) {
            if !points.isEmpty { result.append(CGPathPolyline(points: points, isClosed: closed)) }
            points = []
        }
        func appendPiece(_ segment: CGPathSegment) {
            points.append(contentsOf: segment.flattened(tolerance: tolerance).dropFirst())
        }
        for element in elements {
            switch element {
            case .moveTo(let point):
                finish(closed: false)
                points = [point]
                current = point; start = point
            case .addLineTo(let point):
                points.append(point)
                current = point
            case .addQuadCurveTo(let control, let end):
                appendPiece(CGPathSegment(kind: .quadCurve, start: current, control1: control,
                                          control2: control, end: end))
                current = end
            case .addCurveTo(let control1, let control2, let end):
                appendPiece(CGPathSegment(kind: .curve, start: current, control1: control1,
                                          control2: control2, end: end))
                current = end
            case .closeSubpath:
                // Repeat the start so the outline is explicitly closed, unless
                // the last piece already ended exactly there.
                if points.last != start { points.append(start) }
                current = start
                finish(closed: true)
            }
        }
        finish(closed: false)
        return result
    }

    /// Each subpath as a list of points within `tolerance` of the true
    /// curves; see `polylines(tolerance:)`, which also gives arc lengths.
    public func flattened(tolerance: CGFloat) -> [[CGPoint]] {
        polylines(tolerance: tolerance).map(\.points)
    }

    /// The total length of every drawn piece, closing lines included.
    public func length(tolerance: CGFloat = 0.1) -> CGFloat {
        polylines(tolerance: tolerance).reduce(0) { $0 + $1.length }
    }
}
