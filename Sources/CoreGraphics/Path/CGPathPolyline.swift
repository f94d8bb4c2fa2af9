/// One subpath flattened to straight pieces, with the distance along it at
/// every vertex: a Lamina addition for `CAKeyframeAnimation.path` and
/// hit testing, not Apple API.
public struct CGPathPolyline: Hashable, Sendable {
    /// The vertices in drawing order. A closed subpath ends with its start point again.
    public var points: [CGPoint]
    /// `cumulativeLengths[i]` is the distance along the polyline from
    /// `points[0]` to `points[i]`; the first entry is 0.
    public var cumulativeLengths: [CGFloat]
    /// True when the subpath was closed with `closeSubpath`.
    public var isClosed: Bool

    /// A polyline through `points`, measuring its cumulative lengths.
    public init(points: [CGPoint], isClosed: Bool) {
        self.points = points
        self.isClosed = isClosed
        var lengths: [CGFloat] = []
        lengths.reserveCapacity(points.count)
        var total: CGFloat = 0
        for (index, point) in points.enumerated() {
            if index > 0 {
                let previous = points[index - 1]
                total += hypot(point.x - previous.x, point.y - previous.y)
            }
            lengths.append(total)
        }
        cumulativeLengths = lengths
    }

    /// The total length.
    public var length: CGFloat { cumulativeLengths.last ?? 0 }

    /// The point `distance` along the polyline (clamped to its ends) and the
    /// direction of travel there (the direction of the piece it lies on,
    /// not normalized; zero only when the polyline has no length).
    public func location(atDistance distance: CGFloat) -> (point: CGPoint, tangent: CGPoint) {
        guard let first = points.first else { return (.zero, .zero) }
        guard points.count > 1, length > 0, !distance.isNaN else { return (first, .zero) }
        let target = Swift.min(Swift.max(distance, 0), length)
        // First vertex whose cumulative length reaches the target.
        var low = 1, high = points.count - 1
        while low < high {
            let middle = (low + high) / 2
            if cumulativeLengths[middle] < target { low = middle + 1 } else { high = middle }
        }
        var index = low
        // Skip zero-length pieces so the tangent is meaningful.
        while index < points.count - 1, cumulativeLengths[index] == cumulativeLengths[index - 1] { index += 1 }
        let a = points[index - 1], b = points[index]
        let pieceLength = cumulativeLengths[index] - cumulativeLengths[index - 1]
        let fraction = pieceLength > 0 ? (target - cumulativeLengths[index - 1]) / pieceLength : 1
        let point = CGPoint(x: a.x + (b.x - a.x) * fraction, y: a.y + (b.y - a.y) * fraction)
        return (point, CGPoint(x: b.x - a.x, y: b.y - a.y))
    }
}
