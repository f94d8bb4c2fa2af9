import Foundation

/// A closed convex polygon (a flattened rounded rectangle, in bitmap
/// pixels) held as its left and right chains from its top to its bottom,
/// so that where a horizontal line crosses it is found by walking down each
/// chain instead of testing every edge (`span(atY:sweep:)`).
/// `ConvexOutlineFiller` fills one, row by row.
struct ConvexOutline {
    /// The left and right chains, each from the topmost to the bottommost
    /// vertex, y never decreasing.
    private let left: [CGPoint]
    private let right: [CGPoint]
    /// The polygon's highest and lowest y.
    let top: CGFloat, bottom: CGFloat

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
        let top = polygon[topIndex].y, bottom = polygon[bottomIndex].y
        guard bottom > top else { return nil }
        // Top to bottom one way round, and the other.
        var forward: [CGPoint] = [], backward: [CGPoint] = []
        var index = topIndex
        while true {
            forward.append(polygon[index])
            if index == bottomIndex { break }
            index = (index + 1) % count
        }
        index = topIndex
        while true {
            backward.append(polygon[index])
            if index == bottomIndex { break }
            index = (index + count - 1) % count
        }
        // A horizontal edge at the top belongs to one chain alone: each
        // chain starts at the topmost vertex, so the one whose second point
        // is still at the top leaves it sideways. Which is left is decided
        // half way down.
        let middle = (top + bottom) / 2
        var probe = Sweep()
        let forwardX = Self.x(on: forward, atY: middle, cursor: &probe.left, leftmost: true)
        let backwardX = Self.x(on: backward, atY: middle, cursor: &probe.right, leftmost: true)
        (left, right) = forwardX <= backwardX ? (forward, backward) : (backward, forward)
        self.top = top
        self.bottom = bottom
    }

    /// Where a downward sweep has got to on each chain. Lines must be asked
    /// for from the top down with the same sweep.
    struct Sweep {
        fileprivate var left = 0, right = 0
    }

    /// The polygon's extent along the line `y`, nil above or below it.
    @inline(__always)
    func span(atY y: CGFloat, sweep: inout Sweep) -> (left: CGFloat, right: CGFloat)? {
        guard y >= top, y <= bottom else { return nil }
        let l = Self.x(on: left, atY: y, cursor: &sweep.left, leftmost: true)
        let r = Self.x(on: right, atY: y, cursor: &sweep.right, leftmost: false)
        return r >= l ? (l, r) : nil
    }

    /// Where `chain` crosses `y`, moving `cursor` down to the edge that
    /// holds it; on a horizontal edge, its outer end.
    @inline(__always)
    private static func x(on chain: [CGPoint], atY y: CGFloat, cursor: inout Int, leftmost: Bool) -> CGFloat {
        let last = chain.count - 1
        while cursor < last - 1, chain[cursor + 1].y < y { cursor += 1 }
        guard cursor < last else { return chain[last].x }
        let a = chain[cursor], b = chain[cursor + 1]
        let height = b.y - a.y
        guard height > 0 else { return leftmost ? min(a.x, b.x) : max(a.x, b.x) }
        let t = min(1, max(0, (y - a.y) / height))
        return a.x + (b.x - a.x) * t
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
