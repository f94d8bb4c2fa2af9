/// Hit testing.
extension CGPathSnapshot {
    /// The flattening tolerance used for hit testing: fine enough that the
    /// error is far below a pixel for any realistic layer size.
    static let containmentTolerance: CGFloat = 0.01

    /// Whether `point` is inside the area the path would fill under `rule`.
    ///
    /// Like Apple's fill, every subpath counts as closed, whether or not it
    /// ends with `closeSubpath`. A point with a NaN coordinate is never inside.
    public func contains(_ point: CGPoint, using rule: CGPathFillRule = .winding) -> Bool {
        guard !point.x.isNaN, !point.y.isNaN, boundingBoxOfPath.contains(point) else { return false }
        var winding = 0
        var crossings = 0
        for polyline in polylines(tolerance: Self.containmentTolerance) {
            let vertices = polyline.points
            guard vertices.count > 1 else { continue }
            for index in 0..<vertices.count {
                let a = vertices[index]
                let b = vertices[(index + 1) % vertices.count] // implicit close
                // Count edges that cross the horizontal ray to the right of
                // `point`, upward edges as +1 and downward as -1. Half-open
                // in y so a vertex on the ray is counted once.
                if a.y <= point.y {
                    if b.y > point.y, side(a, b, point) > 0 { winding += 1; crossings += 1 }
                } else if b.y <= point.y, side(a, b, point) < 0 {
                    winding -= 1; crossings += 1
                }
            }
        }
        switch rule {
        case .winding: return winding != 0
        case .evenOdd: return crossings % 2 == 1
        }
    }

    /// Positive when `p` is left of the directed line a→b, negative when right.
    private func side(_ a: CGPoint, _ b: CGPoint, _ p: CGPoint) -> CGFloat {
        (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
    }
}
