/// A transform split into the factors Core Animation interpolates and exposes
/// through key paths: scale, skew, rotation, translation and perspective.
///
/// The algorithm is CSS Transforms Level 2 "unmatrix" (Graphics Gems II), which
/// is already written for row vectors, so it maps onto Apple's convention:
///
///     M = Scale · Skew · Rotation · Translation · Perspective
///
/// read left to right in the order the factors act on a point. Two deliberate
/// departures from the CSS pseudo-code, both so key-path readings match what a
/// developer built with the `CATransform3D…` functions:
/// - The matrix is not first divided by `m44`: perspective keeps its own
///   `w`, so `CATransform3DTranslate(perspective, 0, 0, 100)` reads a
///   translation of exactly 100 (CSS would report 100 / m44), and recomposing
///   reproduces the matrix exactly, not just up to a homogeneous factor.
/// - A mirror negates one scale factor (the axis with the smallest diagonal,
///   as the CSS 2D decomposition does), not all three, so
///   `CATransform3DMakeScale(-1, 1, 1)` reads `scale.x == -1`, not a half turn.
struct DecomposedTransform: Sendable, Equatable {
    /// The shear factors, as the unit lower-triangular matrix between scale and
    /// rotation: row y gains `xy`·x, row z gains `xz`·x + `yz`·y.
    struct Skew: Sendable, Equatable {
        var xy: Double
        var xz: Double
        var yz: Double
        static let zero = Skew(xy: 0, xz: 0, yz: 0)
    }

    var translation: SIMD3<Double> = .zero
    var scale: SIMD3<Double> = .one
    var skew: Skew = .zero
    /// The last column of the perspective factor `[I p; 0 w]`: `(p.x, p.y, p.z, w)`.
    var perspective = SIMD4<Double>(0, 0, 0, 1)
    var rotation: TransformQuaternion = .identity

    static let identity = DecomposedTransform()

    init() {}

    /// Decomposes `transform`, or returns nil when it is non-finite or singular
    /// (`m44 == 0`, or an upper 3x3 with zero determinant), as CSS does.
    init?(_ transform: CATransform3D) {
        self.init(transform, allowingZeroScale: false)
    }

    /// As `init?(_:)`, but with `allowingZeroScale` a matrix whose only
    /// singularity is whole rows of zeros (a layer scaled to 0 on some axes,
    /// without perspective) decomposes too, with those scale factors 0. Key-path
    /// access needs this so `transform.scale` can be set back from 0.
    init?(_ transform: CATransform3D, allowingZeroScale: Bool) {
        let t = transform
        guard t.isFinite, t.m44 != 0 else { return nil }
        func vector(_ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> SIMD3<Double> {
            SIMD3(Double(x), Double(y), Double(z))
        }
        var rows = [vector(t.m11, t.m12, t.m13), vector(t.m21, t.m22, t.m23), vector(t.m31, t.m32, t.m33)]
        let lastColumn = vector(t.m14, t.m24, t.m34)
        translation = vector(t.m41, t.m42, t.m43)

        var zeroRows: [Int] = []
        var determinant = rows[0].dot(rows[1].cross(rows[2]))
        if determinant == 0 || !determinant.isFinite {
            // Perspective needs the inverse of the 3x3, which a zero row lacks.
            guard allowingZeroScale, lastColumn == .zero,
                  let filled = Self.fillingZeroRows(rows) else { return nil }
            (rows, zeroRows) = filled
            determinant = rows[0].dot(rows[1].cross(rows[2]))
        }

        // Perspective: solve rows · p = lastColumn, then w from m44 (M = N · P).
        if lastColumn != .zero {
            let p = (lastColumn.x * rows[1].cross(rows[2]) + lastColumn.y * rows[2].cross(rows[0])
                + lastColumn.z * rows[0].cross(rows[1])) / determinant
            perspective = SIMD4(p.x, p.y, p.z, Double(t.m44) - translation.dot(p))
        } else {
            perspective = SIMD4(0, 0, 0, Double(t.m44))
        }

        // Gram-Schmidt on the rows: scale is each row's length once the earlier
        // rows' directions (the skew) are removed.
        var u0 = rows[0], u1 = rows[1], u2 = rows[2]
        scale.x = u0.length; u0 /= scale.x
        var xy = u0.dot(u1); u1 -= xy * u0
        scale.y = u1.length; u1 /= scale.y; xy /= scale.y
        var xz = u0.dot(u2); u2 -= xz * u0
        var yz = u1.dot(u2); u2 -= yz * u1
        scale.z = u2.length; u2 /= scale.z; xz /= scale.z; yz /= scale.z
        var u = [u0, u1, u2]

        // A mirror: flip the axis that points most backwards, so the rest is a
        // proper rotation. Skews between the flipped axis and another change sign.
        if u[0].dot(u[1].cross(u[2])) < 0 {
            let diagonal = [u[0].x, u[1].y, u[2].z]
            let k = diagonal.indices.min { diagonal[$0] < diagonal[$1] }!
            u[k] = -u[k]
            scale[k] = -scale[k]
            if k != 2 { xy = -xy }
            if k != 1 { xz = -xz }
            if k != 0 { yz = -yz }
        }
        skew = Skew(xy: xy, xz: xz, yz: yz)
        rotation = TransformQuaternion(rotationRows: u)
        for k in zeroRows { scale[k] = 0 }

        let values = [translation.x, translation.y, translation.z, scale.x, scale.y, scale.z,
                      xy, xz, yz, perspective.x, perspective.y, perspective.z, perspective.w,
                      rotation.x, rotation.y, rotation.z, rotation.w]
        guard values.allSatisfy(\.isFinite) else { return nil }
    }

    /// The recomposed matrix.
    var transform: CATransform3D { transform(rotationRows: rotation.rotationRows) }

    /// The recomposed matrix with `rotationRows` (a row-form rotation matrix)
    /// in place of `rotation`; key-path writes pass Euler-angle rows directly
    /// so simple cases come out exact, without a round trip through a quaternion.
    func transform(rotationRows r: [SIMD3<Double>]) -> CATransform3D {
        let a0 = scale.x * r[0]
        let a1 = scale.y * (skew.xy * r[0] + r[1])
        let a2 = scale.z * (skew.xz * r[0] + skew.yz * r[1] + r[2])
        let p = SIMD3<Double>(perspective.x, perspective.y, perspective.z)
        let t = translation
        func g(_ value: Double) -> CGFloat { CGFloat(value) }
        return CATransform3D(
            m11: g(a0.x), m12: g(a0.y), m13: g(a0.z), m14: g(a0.dot(p)),
            m21: g(a1.x), m22: g(a1.y), m23: g(a1.z), m24: g(a1.dot(p)),
            m31: g(a2.x), m32: g(a2.y), m33: g(a2.z), m34: g(a2.dot(p)),
            m41: g(t.x), m42: g(t.y), m43: g(t.z), m44: g(t.dot(p) + perspective.w))
    }

    /// Replaces (near-)zero rows of a singular 3x3 with unit vectors orthogonal
    /// to the other rows and to each other, oriented so the determinant is
    /// positive: the rotation is then the one the layer had before it was
    /// scaled to 0, and no skew is invented. Returns the filled rows and the
    /// indices filled, or nil when the non-zero rows are themselves dependent.
    private static func fillingZeroRows(_ rows: [SIMD3<Double>]) -> ([SIMD3<Double>], [Int])? {
        let longest = rows.map(\.length).max()!
        let zero = rows.indices.filter { rows[$0].length <= longest * 1e-12 }
        guard !zero.isEmpty else { return nil }
        if zero.count == 3 { return ([SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1)], zero) }
        var filled = rows
        var remaining = zero
        if zero.count == 2 {
            // One row left: the first zero row becomes the basis vector least
            // aligned with it (its own axis when possible), made orthogonal.
            let kept = rows[rows.indices.first { !zero.contains($0) }!].normalized
            for axis in zero + [3 - zero[0] - zero[1]] {
                var e = SIMD3<Double>.zero
                e[axis] = 1
                let v = e - e.dot(kept) * kept
                if v.length > 0.5 { filled[zero[0]] = v.normalized; break }
            }
            remaining = [zero[1]]
        }
        let k = remaining[0]
        let normal = filled[(k + 1) % 3].cross(filled[(k + 2) % 3])
        guard normal.length > 0 else { return nil }
        filled[k] = normal.normalized
        return (filled, zero)
    }
}

/// A unit quaternion `(x, y, z, w)` for a rotation by `2·acos(w)` about `(x, y, z)`,
/// matching `CATransform3DMakeRotation(angle, x, y, z)`.
struct TransformQuaternion: Sendable, Equatable {
    var x: Double, y: Double, z: Double, w: Double

    static let identity = TransformQuaternion(x: 0, y: 0, z: 0, w: 1)

    init(x: Double, y: Double, z: Double, w: Double) {
        self.x = x; self.y = y; self.z = z; self.w = w
    }

    /// The quaternion of a row-form rotation matrix (rows of
    /// `CATransform3DMakeRotation`), by Shepperd's method: it divides by the
    /// largest component, so half turns keep their axis signs (the CSS
    /// sqrt-and-compare extraction loses them).
    init(rotationRows r: [SIMD3<Double>]) {
        // Column form (the usual textbook matrix) is the transpose.
        func c(_ i: Int, _ j: Int) -> Double { r[j][i] }
        let trace = c(0, 0) + c(1, 1) + c(2, 2)
        var q: SIMD4<Double>
        if trace > 0 {
            let s = (trace + 1).squareRoot() * 2
            q = SIMD4((c(2, 1) - c(1, 2)) / s, (c(0, 2) - c(2, 0)) / s, (c(1, 0) - c(0, 1)) / s, s / 4)
        } else if c(0, 0) > c(1, 1), c(0, 0) > c(2, 2) {
            let s = (1 + c(0, 0) - c(1, 1) - c(2, 2)).squareRoot() * 2
            q = SIMD4(s / 4, (c(0, 1) + c(1, 0)) / s, (c(0, 2) + c(2, 0)) / s, (c(2, 1) - c(1, 2)) / s)
        } else if c(1, 1) > c(2, 2) {
            let s = (1 + c(1, 1) - c(0, 0) - c(2, 2)).squareRoot() * 2
            q = SIMD4((c(0, 1) + c(1, 0)) / s, s / 4, (c(1, 2) + c(2, 1)) / s, (c(0, 2) - c(2, 0)) / s)
        } else {
            let s = (1 + c(2, 2) - c(0, 0) - c(1, 1)).squareRoot() * 2
            q = SIMD4((c(0, 2) + c(2, 0)) / s, (c(1, 2) + c(2, 1)) / s, s / 4, (c(1, 0) - c(0, 1)) / s)
        }
        // Canonical sign (w ≥ 0) so equal rotations compare equal.
        if q.w < 0 { q = -q }
        q /= (q * q).sum().squareRoot()
        self.init(x: q.x, y: q.y, z: q.z, w: q.w)
    }

    var vector: SIMD4<Double> { SIMD4(x, y, z, w) }

    init(_ v: SIMD4<Double>) { self.init(x: v.x, y: v.y, z: v.z, w: v.w) }

    /// The row-form rotation matrix (the transpose of the textbook column form).
    var rotationRows: [SIMD3<Double>] {
        [SIMD3(1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)),
         SIMD3(2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w)),
         SIMD3(2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y))]
    }
}

// File-private so other files (and branches) can define their own vector helpers.
fileprivate extension SIMD3 where Scalar == Double {
    func dot(_ other: Self) -> Double { (self * other).sum() }
    func cross(_ o: Self) -> Self { Self(y * o.z - z * o.y, z * o.x - x * o.z, x * o.y - y * o.x) }
    var length: Double { dot(self).squareRoot() }
    var normalized: Self { self / length }
}
