/// Orders the layers of a 3D rendering context back to front.
///
/// A transform layer (or a replicator with `preservesDepth`) does not
/// flatten its sublayers: they, and the sublayers of transform layers nested
/// in it, form one 3D context. Each of them is a planar quad (its bounds
/// after its accumulated transform) and is still drawn with its own full
/// projective matrix; only the order changes. The context's space is the
/// nearest flattening ancestor's sublayer space, after that ancestor's
/// `sublayerTransform` (so after the perspective of its `m34`); after the
/// perspective divide, the view there looks straight down -z.
///
/// The order: for each pair of quads that overlap on screen, plane tests
/// decide which is behind (all of one on the far side of the other's plane,
/// or all of the other on the near side of the one's); the quads are then
/// drawn in an order that respects every decided pair, nearest-centre-last
/// among the free choices. That is exact for planes that do not intersect.
/// Planes that intersect leave their pair undecided here; the context's
/// root then cuts them apart with a BSP tree (`DepthSplit`). Pairs that
/// overlap cyclically without intersecting are ordered by centre depth.
/// Contexts of more than `maximumPairwise` layers use the centre depths
/// alone and are not split.
enum DepthSort {
    static let maximumPairwise = 64

    /// A layer's bounds in its 3D context, after the perspective divide.
    struct Quad {
        /// Corners in order around the quad: x, y (screen-like), z (toward the viewer).
        let corners: [SIMD3<Double>]
        let minX: Double, maxX: Double, minY: Double, maxY: Double
        /// Unit normal facing the viewer (+z); nil when seen edge-on.
        let normal: SIMD3<Double>?
        /// Distances smaller than this count as on the plane.
        let tolerance: Double

        /// Nil when a corner is behind the viewer or not finite.
        init?(_ bounds: CGRect, through m: CATransform3D) {
            let points = [CGPoint(x: bounds.minX, y: bounds.minY), CGPoint(x: bounds.maxX, y: bounds.minY),
                          CGPoint(x: bounds.maxX, y: bounds.maxY), CGPoint(x: bounds.minX, y: bounds.maxY)]
            var corners: [SIMD3<Double>] = []
            for p in points {
                let x = p.x * m.m11 + p.y * m.m21 + m.m41, y = p.x * m.m12 + p.y * m.m22 + m.m42
                let z = p.x * m.m13 + p.y * m.m23 + m.m43, w = p.x * m.m14 + p.y * m.m24 + m.m44
                guard w > 0 else { return nil }
                let corner = SIMD3(Double(x / w), Double(y / w), Double(z / w))
                guard corner.x.isFinite, corner.y.isFinite, corner.z.isFinite else { return nil }
                corners.append(corner)
            }
            self.corners = corners
            let xs = corners.map(\.x), ys = corners.map(\.y)
            (minX, maxX, minY, maxY) = (xs.min()!, xs.max()!, ys.min()!, ys.max()!)
            let extent = corners.map { max(abs($0.x), abs($0.y), abs($0.z)) }.max()!
            tolerance = 1e-7 * (1 + extent)
            let a = corners[1] - corners[0], b = corners[3] - corners[0]
            var n = SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
            let length = (n * n).sum().squareRoot()
            if length > 0, length.isFinite, abs(n.z) > 1e-9 * length {
                n /= length
                normal = n.z < 0 ? -n : n
            } else {
                normal = nil
            }
        }

        /// Signed distances of `points` from this plane, positive toward the viewer.
        func sides(of points: [SIMD3<Double>]) -> [Double]? {
            guard let normal else { return nil }
            return points.map { (($0 - corners[0]) * normal).sum() }
        }

        func overlapsOnScreen(_ other: Quad) -> Bool {
            minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
        }
    }

    /// The depth of `bounds`' centre mapped by `matrix` (layer space to the
    /// context's space): z / w, which grows toward the viewer and keeps its
    /// order under the perspective divide. A centre behind the viewer (w <= 0)
    /// or a degenerate matrix sorts first (farthest).
    static func depth(of bounds: CGRect, through matrix: CATransform3D) -> CGFloat {
        let x = bounds.midX, y = bounds.midY
        let z = x * matrix.m13 + y * matrix.m23 + matrix.m43
        let w = x * matrix.m14 + y * matrix.m24 + matrix.m44
        guard w > 0, z.isFinite, w.isFinite else { return -.greatestFiniteMagnitude }
        let depth = z / w
        return depth.isFinite ? depth : -.greatestFiniteMagnitude
    }

    /// True when `a` must be drawn before `b`, false when after, nil when
    /// the planes do not decide (no overlap on screen, coplanar,
    /// intersecting).
    static func isBehind(_ a: Quad, _ b: Quad) -> Bool? {
        guard a.overlapsOnScreen(b) else { return nil }
        if let sides = b.sides(of: a.corners), let decided = decide(sides, tolerance: b.tolerance) {
            return !decided  // a in front of b's plane: a after b
        }
        if let sides = a.sides(of: b.corners), let decided = decide(sides, tolerance: a.tolerance) {
            return decided  // b in front of a's plane: a before b
        }
        return nil
    }

    /// True when every point is on the near side (or on the plane), false
    /// when every one is on the far side; nil when they straddle it or all
    /// lie on it.
    private static func decide(_ sides: [Double], tolerance: Double) -> Bool? {
        if sides.allSatisfy({ abs($0) <= tolerance }) { return nil }
        if sides.allSatisfy({ $0 >= -tolerance }) { return true }
        if sides.allSatisfy({ $0 <= tolerance }) { return false }
        return nil
    }

    /// `nodes` back to front (see the type's comment); equal depths keep
    /// their order (zPosition, then sublayer order, as the caller built them).
    static func backToFront(_ nodes: [DrawNode]) -> [DrawNode] {
        guard nodes.count > 1 else { return nodes }
        return order(depths: nodes.map { $0.depthPlacement?.depth ?? 0 }, quads: nodes.map { $0.depthPlacement?.quad })
            .map { nodes[$0] }
    }

    /// The indices of layers with these centre depths and quads, back to
    /// front: decided pairs first, then centre depth, then index.
    static func order(depths: [CGFloat], quads: [Quad?]) -> [Int] {
        let count = depths.count
        let byDepth = depths.indices.sorted { depths[$0] != depths[$1] ? depths[$0] < depths[$1] : $0 < $1 }
        guard count > 1, count <= maximumPairwise else { return byDepth }
        // before[i]: how many undrawn layers must be drawn before layer i.
        var before = [Int](repeating: 0, count: count)
        var after = [[Int]](repeating: [], count: count)
        for i in 0..<count {
            guard let a = quads[i] else { continue }
            for j in (i + 1)..<count {
                guard let b = quads[j], let aFirst = isBehind(a, b) else { continue }
                let (first, second) = aFirst ? (i, j) : (j, i)
                after[first].append(second)
                before[second] += 1
            }
        }
        var result: [Int] = []
        var done = [Bool](repeating: false, count: count)
        for _ in 0..<count {
            // The farthest layer nothing else must precede; in a cycle, the farthest left.
            let next = byDepth.first { !done[$0] && before[$0] <= 0 } ?? byDepth.first { !done[$0] }!
            done[next] = true
            result.append(next)
            for later in after[next] { before[later] -= 1 }
        }
        return result
    }

    /// Lifts the sublayers of nested 3D layers into one list, so they are
    /// sorted with their cousins. The nested layer stays (childless) for
    /// what it draws itself: nothing for a transform layer, its own
    /// background for a replicator.
    static func spliced(_ nodes: [DrawNode]) -> [DrawNode] {
        guard nodes.contains(where: { $0.state.preserves3D }) else { return nodes }
        var result: [DrawNode] = []
        for node in nodes {
            result.append(node)
            guard node.state.preserves3D else { continue }
            result.append(contentsOf: node.children)
            node.children = []
        }
        return result
    }
}

extension CATransform3D {
    /// The map with the input's z ignored: what a layer applies to points
    /// its sublayers have already flattened into its plane (z = 0).
    var flattened: CATransform3D {
        var matrix = self
        (matrix.m31, matrix.m32, matrix.m33, matrix.m34) = (0, 0, 0, 0)
        return matrix
    }
}
