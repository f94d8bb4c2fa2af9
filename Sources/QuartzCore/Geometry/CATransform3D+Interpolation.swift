extension CATransform3D {
    /// The transform `fraction` of the way from `from` to `to`, as Apple
    /// animates transforms: by decomposition (CSS Transforms Level 2), not
    /// entry by entry, so a quarter turn passes through an eighth turn rather
    /// than a shrunken, skewed matrix, and a turn by 2π (the identity matrix)
    /// shows no motion at all.
    ///
    /// Translation, scale, skew and perspective are blended linearly, rotation
    /// along the shorter great arc. A fraction outside [0, 1] (spring
    /// overshoot, cubic keyframes) extrapolates along the same paths. When
    /// either end is singular or non-finite there is nothing to blend, and the
    /// value switches from `from` to `to` at 0.5, as CSS does; Apple documents
    /// no rule, but also cannot animate singular transforms smoothly.
    static func interpolate(from: CATransform3D, to: CATransform3D, fraction: Double) -> CATransform3D {
        // Exact ends, so a finished animation lands on the very value set.
        if fraction == 0 || from == to || !fraction.isFinite { return from }
        if fraction == 1 { return to }
        guard let start = DecomposedTransform(from), let end = DecomposedTransform(to) else {
            return fraction < 0.5 ? from : to
        }
        let blended = start.interpolated(to: end, fraction: fraction).transform
        return blended.isFinite ? blended : (fraction < 0.5 ? from : to)
    }
}

extension DecomposedTransform {
    /// The factors `fraction` of the way to `other`.
    func interpolated(to other: DecomposedTransform, fraction t: Double) -> DecomposedTransform {
        func lerp(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
        var result = DecomposedTransform()
        result.translation = translation + (other.translation - translation) * t
        result.scale = scale + (other.scale - scale) * t
        result.skew = Skew(xy: lerp(skew.xy, other.skew.xy), xz: lerp(skew.xz, other.skew.xz),
                           yz: lerp(skew.yz, other.skew.yz))
        result.perspective = perspective + (other.perspective - perspective) * t
        result.rotation = rotation.slerp(to: other.rotation, fraction: t)
        return result
    }
}

extension TransformQuaternion {
    /// Spherical interpolation along the shorter arc; valid for any finite
    /// `fraction`, which extrapolates around the same great circle.
    func slerp(to other: TransformQuaternion, fraction t: Double) -> TransformQuaternion {
        let a = vector
        var b = other.vector
        var cosine = (a * b).sum()
        // q and -q are the same rotation; the one on a's side is the short way.
        if cosine < 0 { b = -b; cosine = -cosine }
        cosine = min(cosine, 1)
        let angle = acos(cosine)
        let sine = sin(angle)
        let blended: SIMD4<Double>
        if sine < 1e-6 {
            // Nearly parallel: sin(θ) → 0 makes the weights 0/0; the chord is
            // indistinguishable from the arc there.
            blended = a + (b - a) * t
        } else {
            blended = a * (sin((1 - t) * angle) / sine) + b * (sin(t * angle) / sine)
        }
        let length = (blended * blended).sum().squareRoot()
        return length > 0 ? TransformQuaternion(blended / length) : self
    }
}
