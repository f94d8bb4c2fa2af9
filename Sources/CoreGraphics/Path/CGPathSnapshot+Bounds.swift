/// Bounding boxes, with Apple's two definitions.
extension CGPathSnapshot {
    /// The smallest rectangle containing every point of the path *including
    /// the control points of curves*, as Apple's `CGPath.boundingBox` is
    /// documented; `CGRect.null` for an empty path. Points with a NaN or
    /// infinite coordinate are skipped so they cannot poison the box.
    public var boundingBox: CGRect {
        var box = BoxAccumulator()
        for element in elements {
            for point in element.points { box.add(point) }
        }
        return box.rect
    }

    /// The smallest rectangle containing the path itself, *not* its control
    /// points: curves contribute their end points and their extrema, as
    /// Apple's `CGPath.boundingBoxOfPath` is documented; `CGRect.null` for an
    /// empty path.
    public var boundingBoxOfPath: CGRect {
        var box = BoxAccumulator()
        var current = CGPoint.zero
        for element in elements {
            switch element {
            case .moveTo(let point), .addLineTo(let point):
                box.add(point)
                current = point
            case .addQuadCurveTo(let control, let end):
                let curve = CGPathSegment(kind: .quadCurve, start: current, control1: control,
                                          control2: control, end: end)
                for t in curve.extremaParameters() { box.add(curve.point(at: t)) }
                box.add(end)
                current = end
            case .addCurveTo(let control1, let control2, let end):
                let curve = CGPathSegment(kind: .curve, start: current, control1: control1,
                                          control2: control2, end: end)
                for t in curve.extremaParameters() { box.add(curve.point(at: t)) }
                box.add(end)
                current = end
            case .closeSubpath:
                break // ends at the subpath start, which is already in the box
            }
        }
        return box.rect
    }
}

/// Grows a rectangle point by point; starts out as `CGRect.null`.
struct BoxAccumulator {
    private var minX = CGFloat.infinity, minY = CGFloat.infinity
    private var maxX = -CGFloat.infinity, maxY = -CGFloat.infinity

    mutating func add(_ point: CGPoint) {
        guard point.x.isFinite, point.y.isFinite else { return }
        minX = Swift.min(minX, point.x); maxX = Swift.max(maxX, point.x)
        minY = Swift.min(minY, point.y); maxY = Swift.max(maxY, point.y)
    }

    var rect: CGRect {
        guard minX <= maxX, minY <= maxY else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
