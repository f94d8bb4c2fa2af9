import Foundation

/// A closed convex polygon (a flattened rounded rectangle, in bitmap
/// pixels) held as its left and right chains from its top to its bottom,
/// so that where a horizontal line crosses it is found by walking down each
/// chain instead of testing every edge. `ConvexOutlineFiller` fills one,
/// row by row (the walk is `lamina_convex_fill`, in CPixelKernels).
struct ConvexOutline {
    /// A chain's vertices from the top vertex to the bottom one, y never
    /// decreasing, as the C kernel reads them.
    struct Chain {
        let x: [Double], y: [Double]
        var count: Int { x.count }
        /// As the kernel reads it: the x, then the y, then each edge's x
        /// step a unit of y (0 for a level edge: no division a row).
        let packed: [Double]

        fileprivate init<Points: Collection<CGPoint>>(_ points: Points) {
            let x = points.map { Double($0.x) }, y = points.map { Double($0.y) }
            self.x = x
            self.y = y
            var packed = x + y
            for index in 1..<max(1, x.count) {
                let height = y[index] - y[index - 1]
                packed.append(height > 0 ? (x[index] - x[index - 1]) / height : 0)
            }
            self.packed = packed
        }

        /// Where the chain crosses `y` (within it), for telling left from right.
        fileprivate func x(atY line: Double) -> Double {
            for index in 1..<count where y[index] >= line {
                let height = y[index] - y[index - 1]
                return height > 0 ? x[index - 1] + (x[index] - x[index - 1]) * (line - y[index - 1]) / height : x[index]
            }
            return x[count - 1]
        }
    }

    let left: Chain, right: Chain
    /// The polygon's highest and lowest y.
    let top: Double, bottom: Double

    /// Nil for fewer than three points, a point that is not finite, no
    /// height, or a polygon that is not convex (then it cannot be crossed
    /// by one span a line).
    init?(_ points: [CGPoint]) {
        var polygon: [CGPoint] = []
        for point in points where polygon.last != point {
            guard point.x.isFinite, point.y.isFinite else { return nil }
            polygon.append(point)
        }
        while polygon.count > 1, polygon.first == polygon.last { polygon.removeLast() }
        guard polygon.count >= 3, Self.isConvex(polygon) else { return nil }
        let count = polygon.count
        var topIndex = 0, bottomIndex = 0
        for index in 1..<count {
            if polygon[index].y < polygon[topIndex].y { topIndex = index }
            if polygon[index].y > polygon[bottomIndex].y { bottomIndex = index }
        }
        let top = Double(polygon[topIndex].y), bottom = Double(polygon[bottomIndex].y)
        guard bottom > top else { return nil }
        // Top to bottom one way round, and the other; a horizontal edge at
        // the top or bottom belongs to one of them.
        let steps = (bottomIndex - topIndex + count) % count
        let doubled = polygon + polygon
        let forward = Chain(doubled[topIndex...(topIndex + steps)])
        let backward = Chain(doubled[bottomIndex...(bottomIndex + count - steps)].reversed())
        // Which is left, decided half way down.
        let middle = (top + bottom) / 2
        (left, right) = forward.x(atY: middle) <= backward.x(atY: middle) ? (forward, backward) : (backward, forward)
        self.top = top
        self.bottom = bottom
    }

    /// Whether every turn goes the same way (collinear points allowed): a
    /// flattened curve's nearly straight runs give turns of either sign
    /// within rounding, which `slack` lets through.
    private static func isConvex(_ polygon: [CGPoint]) -> Bool {
        let count = polygon.count
        var positive = false, negative = false
        var extent: CGFloat = 0
        for point in polygon { extent = max(extent, abs(point.x), abs(point.y)) }
        let slack = max(1, extent * extent) * 1e-12
        let rounding = max(1, extent) * 1e-9
        for index in 0..<count {
            let a = polygon[index], b = polygon[(index + 1) % count], c = polygon[(index + 2) % count]
            let turn = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
            if turn > slack { positive = true } else if turn < -slack { negative = true }
            if positive && negative { return false }
        }
        // Turning one way all round can still wind twice (a star drawn
        // in one stroke): a convex polygon's y turns back twice.
        var signs: [Bool] = []
        for index in 0..<count {
            let dy = polygon[(index + 1) % count].y - polygon[index].y
            // Points meeting at the top or bottom of a curve (two arcs'
            // ends) may differ there by a rounding error in either direction.
            if abs(dy) > rounding, signs.last != (dy > 0) { signs.append(dy > 0) }
        }
        if signs.count > 1, signs.first == signs.last { signs.removeLast() }
        let changes = signs.count
        return (positive || negative) && changes <= 2
    }
}
