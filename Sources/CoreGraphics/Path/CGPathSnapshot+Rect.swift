/// Rectangle detection for `CGPath.isRect(_:)`.
extension CGPathSnapshot {
    /// The rectangle this path traces, if it is exactly one axis-aligned
    /// rectangle (see `CGPath.isRect(_:)`).
    var rectangle: CGRect? {
        var points: [CGPoint] = []
        var closed = false
        for (index, element) in elements.enumerated() {
            switch element {
            case .moveTo(let point) where index == 0: points.append(point)
            case .addLineTo(let point) where !closed: points.append(point)
            case .closeSubpath where index == elements.count - 1: closed = true
            default: return nil
            }
        }
        if points.count == 5, points[4] == points[0] { points.removeLast() }
        guard points.count == 4, closed || elements.count == 5 else { return nil }
        // Sides must alternate between horizontal and vertical, either way round.
        func horizontal(_ a: CGPoint, _ b: CGPoint) -> Bool { a.y == b.y && a.x != b.x }
        func vertical(_ a: CGPoint, _ b: CGPoint) -> Bool { a.x == b.x && a.y != b.y }
        let sides = (0..<4).map { (points[$0], points[($0 + 1) % 4]) }
        let startsHorizontal = sides.enumerated().allSatisfy { index, side in
            index % 2 == 0 ? horizontal(side.0, side.1) : vertical(side.0, side.1)
        }
        let startsVertical = sides.enumerated().allSatisfy { index, side in
            index % 2 == 0 ? vertical(side.0, side.1) : horizontal(side.0, side.1)
        }
        guard startsHorizontal || startsVertical else { return nil }
        return CGRect(boundingPoints: points)
    }
}
