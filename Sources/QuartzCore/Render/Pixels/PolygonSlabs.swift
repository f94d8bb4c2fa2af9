import CPixman

/// A convex polygon in pixman's 16.16 fixed point as trapezoids stacked
/// between its corners' heights, for `PixmanImage.fillPolygon`.
///
/// pixman rasterizes an a8 trapezoid fifteen sample rows a pixel row,
/// stepping its two edges down each: its cost is the trapezoids' total
/// height. A fan of triangles (how the outline was given before) makes two
/// trapezoids of each triangle, and a cover's two triangles each reach
/// over nearly all of its height: twice its rows. Stacked slabs cover each
/// row once, bounded by the polygon's own edges, given by the same
/// endpoints, so pixman steps each edge to the same positions; where the
/// fan's inner edge split a row's samples between two triangles, a slab
/// counts them whole, which is their sum. `PolygonSlabsTests` compares
/// the bytes with the fan's.
enum PolygonSlabs {
    /// `points` in 16.16 fixed point, kept within its range (as the fan
    /// converts them).
    static func fixed(_ points: [CGPoint]) -> [pixman_point_fixed] {
        func value(_ v: CGFloat) -> pixman_fixed_t { pixman_fixed_t(max(-32000, min(32000, v)) * 65536) }
        return points.map { pixman_point_fixed(x: value($0.x), y: value($0.y)) }
    }

    /// The convex polygon `points` as a fan of triangles: pixman sums the
    /// triangles' coverage, so inner edges leave no seam.
    static func fan(_ points: [CGPoint]) -> [pixman_triangle] {
        let corners = fixed(points)
        return (1..<(corners.count - 1)).map { pixman_triangle(p1: corners[0], p2: corners[$0], p3: corners[$0 + 1]) }
    }

    /// The polygon as slabs between consecutive corner heights, each
    /// bounded by the two edges that span it; nil when `points` are not a
    /// convex polygon in either winding (the fan then), or not finite.
    static func trapezoids(_ points: [CGPoint]) -> [pixman_trapezoid]? {
        guard points.count >= 3, isConvex(points) else { return nil }
        let corners = fixed(points)
        let edges = corners.indices.map { (corners[$0], corners[($0 + 1) % corners.count]) }.filter { $0.0.y != $0.1.y }
        let heights = Set(corners.map(\.y)).sorted()
        var slabs: [pixman_trapezoid] = []
        slabs.reserveCapacity(heights.count - 1)
        for (top, bottom) in zip(heights, heights.dropFirst()) {
            let spanning = edges.filter { min($0.0.y, $0.1.y) <= top && max($0.0.y, $0.1.y) >= bottom }
            guard spanning.count == 2 else { return nil }
            // Which is on the left: their x halfway down the slab.
            let middle = (Double(top) + Double(bottom)) / 2
            func x(_ edge: (pixman_point_fixed, pixman_point_fixed)) -> Double {
                let (a, b) = edge
                return Double(a.x) + (middle - Double(a.y)) * (Double(b.x) - Double(a.x)) / (Double(b.y) - Double(a.y))
            }
            let (left, right) = x(spanning[0]) <= x(spanning[1]) ? (spanning[0], spanning[1]) : (spanning[1], spanning[0])
            slabs.append(pixman_trapezoid(top: top, bottom: bottom,
                                          left: pixman_line_fixed(p1: left.0, p2: left.1),
                                          right: pixman_line_fixed(p1: right.0, p2: right.1)))
        }
        return slabs
    }

    /// Whether every turn along `points` goes the same way (straight
    /// runs allowed), and the points are finite.
    static func isConvex(_ points: [CGPoint]) -> Bool {
        guard points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return false }
        var sign = 0.0
        for index in points.indices {
            let a = points[index], b = points[(index + 1) % points.count], c = points[(index + 2) % points.count]
            let turn = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
            guard turn != 0 else { continue }
            if sign == 0 { sign = turn } else if (sign > 0) != (turn > 0) { return false }
        }
        return sign != 0
    }
}
