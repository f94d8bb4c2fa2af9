/// A projective map of the plane (a 3x3 matrix, row-vector convention):
/// what a `CATransform3D` does to points of a layer's z = 0 plane once the
/// result is flattened into its superlayer's plane, as layers are.
struct Homography: Equatable, Sendable {
    /// Row-major 3x3, kept inline (no heap) since this runs per layer per frame.
    var m: Matrix3

    struct Matrix3: Equatable, Sendable {
        var a0: CGFloat, a1: CGFloat, a2: CGFloat, a3: CGFloat, a4: CGFloat, a5: CGFloat, a6: CGFloat, a7: CGFloat, a8: CGFloat
        subscript(index: Int) -> CGFloat {
            switch index {
            case 0: return a0
            case 1: return a1
            case 2: return a2
            case 3: return a3
            case 4: return a4
            case 5: return a5
            case 6: return a6
            case 7: return a7
            default: return a8
            }
        }
        init(_ v: [CGFloat]) {
            (a0, a1, a2, a3, a4, a5, a6, a7, a8) = (v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8])
        }
        init(_ a0: CGFloat, _ a1: CGFloat, _ a2: CGFloat, _ a3: CGFloat, _ a4: CGFloat, _ a5: CGFloat,
             _ a6: CGFloat, _ a7: CGFloat, _ a8: CGFloat) {
            (self.a0, self.a1, self.a2, self.a3, self.a4, self.a5, self.a6, self.a7, self.a8) = (a0, a1, a2, a3, a4, a5, a6, a7, a8)
        }
    }

    static let identity = Homography(m: [1, 0, 0, 0, 1, 0, 0, 0, 1])

    /// The plane-to-plane part of `t`: rows and columns x, y and w.
    ///
    /// A map without perspective whose w is a constant other than 1 (a
    /// layer moved along z under its superlayer's perspective, as cover
    /// flow's middle cover is at rest) is divided through by it: the same
    /// map, an affine one in form. pixman takes a matrix whose last row is
    /// not (0, 0, 1) for a projective one, through its general path: cover
    /// flow's middle cover and reflection cost 10-26 ms a frame at rest,
    /// against about 1 ms turned. A negative w is left as it is, so that
    /// `depth(of:)` keeps its sign.
    init(_ t: CATransform3D) {
        if let w = t.constantDepth {
            m = Matrix3(t.m11 / w, t.m12 / w, 0, t.m21 / w, t.m22 / w, 0, t.m41 / w, t.m42 / w, 1)
        } else {
            m = Matrix3(t.m11, t.m12, t.m14, t.m21, t.m22, t.m24, t.m41, t.m42, t.m44)
        }
    }

    init(m: [CGFloat]) { self.m = Matrix3(m) }

    /// `self` then `other`.
    func concatenating(_ other: Homography) -> Homography {
        var r = [CGFloat](repeating: 0, count: 9)
        for row in 0..<3 {
            for column in 0..<3 {
                r[row * 3 + column] = (0..<3).reduce(0) { $0 + m[row * 3 + $1] * other.m[$1 * 3 + column] }
            }
        }
        return Homography(m: r)
    }

    /// The inverse, or nil when the map collapses the plane (a layer seen edge-on).
    func inverted() -> Homography? {
        let a = m
        let c0 = a[4] * a[8] - a[5] * a[7]
        let c1 = a[5] * a[6] - a[3] * a[8]
        let c2 = a[3] * a[7] - a[4] * a[6]
        let determinant = a[0] * c0 + a[1] * c1 + a[2] * c2
        guard determinant != 0, determinant.isFinite else { return nil }
        let inverse: [CGFloat] = [
            c0, a[2] * a[7] - a[1] * a[8], a[1] * a[5] - a[2] * a[4],
            c1, a[0] * a[8] - a[2] * a[6], a[2] * a[3] - a[0] * a[5],
            c2, a[1] * a[6] - a[0] * a[7], a[0] * a[4] - a[1] * a[3],
        ]
        return Homography(m: inverse.map { $0 / determinant })
    }

    /// Whether the map has perspective (its w varies across the plane).
    var isProjective: Bool { m[2] != 0 || m[5] != 0 }

    /// The w `p` maps to: positive in front of the eye.
    func depth(of p: CGPoint) -> CGFloat { p.x * m[2] + p.y * m[5] + m[8] }

    /// Maps `p`; a point sent to infinity comes back non-finite.
    func apply(_ p: CGPoint) -> CGPoint {
        let x = p.x * m[0] + p.y * m[3] + m[6]
        let y = p.x * m[1] + p.y * m[4] + m[7]
        let w = p.x * m[2] + p.y * m[5] + m[8]
        return w == 1 ? CGPoint(x: x, y: y) : CGPoint(x: x / w, y: y / w)
    }

    /// The bounding box of `rect`'s mapped corners.
    func apply(_ rect: CGRect) -> CGRect {
        if rect.isNull { return rect }
        // No arrays: every layer's bounds are mapped every frame.
        var box = BoundingBox(apply(CGPoint(x: rect.minX, y: rect.minY)))
        box.add(apply(CGPoint(x: rect.maxX, y: rect.minY)))
        box.add(apply(CGPoint(x: rect.minX, y: rect.maxY)))
        box.add(apply(CGPoint(x: rect.maxX, y: rect.maxY)))
        return box.rect
    }
}
