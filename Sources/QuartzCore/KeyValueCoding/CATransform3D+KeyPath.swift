/// The sub-keys Apple documents for `CATransform3D` properties ("Core
/// Animation Extensions To Key-Value Coding", table "Transform field value key
/// paths"), as in `layer.value(forKeyPath: "transform.rotation.z")`.
enum TransformField: String, CaseIterable, Sendable {
    /// Rotation in radians about x; with y and z applied after it.
    case rotationX = "rotation.x"
    case rotationY = "rotation.y"
    case rotationZ = "rotation.z"
    /// Apple: identical to `rotation.z`.
    case rotation
    case scaleX = "scale.x"
    case scaleY = "scale.y"
    case scaleZ = "scale.z"
    /// Apple: reads the average of the three scale factors; writing sets all three.
    case scale
    case translationX = "translation.x"
    case translationY = "translation.y"
    case translationZ = "translation.z"
    /// Apple: an `NSSize`/`CGSize` of the x and y translation.
    case translation
}

extension CATransform3D {
    /// Every supported sub-key of a transform key path (`"rotation.z"`, `"scale"`, …).
    static let transformFieldKeys: Set<String> = Set(TransformField.allCases.map(\.rawValue))

    /// The value of `field` boxed as Apple's KVC hands it out: a `CGFloat` for
    /// the scalar fields, a `CGSize` for `translation`; nil for an unknown field
    /// or a transform that cannot be decomposed.
    func fieldValue(_ field: String) -> Any? {
        switch animatableFieldValue(field) {
        case .number(let value)?: return CGFloat(value)
        case .size(let size)?: return size
        default: return nil
        }
    }

    /// The value of `field` (`.number`, or `.size` for `translation`), read from
    /// the decomposition: rotations are Euler angles in radians for
    /// `M = S · Rx · Ry · Rz · T`, each in (-π, π] (y in [-π/2, π/2] unless
    /// the turn reads more simply beyond it; see `eulerAngles`).
    func animatableFieldValue(_ field: String) -> AnimatableValue? {
        TransformField(rawValue: field).flatMap(animatableFieldValue)
    }

    /// `animatableFieldValue(_:)` for a field already parsed.
    func animatableFieldValue(_ field: TransformField) -> AnimatableValue? {
        if self == CATransform3DIdentity {
            // Nothing to decompose: no rotation, unit scale, no translation.
            switch field {
            case .scaleX, .scaleY, .scaleZ, .scale: return .number(1)
            case .translation: return .size(.zero)
            default: return .number(0)
            }
        }
        guard let parts = DecomposedTransform(self, allowingZeroScale: true) else { return nil }
        let t = parts.translation, s = parts.scale
        switch field {
        case .rotationX: return .number(Self.eulerAngles(parts.rotation.rotationRows).x)
        case .rotationY: return .number(Self.eulerAngles(parts.rotation.rotationRows).y)
        case .rotationZ, .rotation: return .number(Self.eulerAngles(parts.rotation.rotationRows).z)
        case .scaleX: return .number(s.x)
        case .scaleY: return .number(s.y)
        case .scaleZ: return .number(s.z)
        case .scale: return .number(s.sum() / 3)
        case .translationX: return .number(t.x)
        case .translationY: return .number(t.y)
        case .translationZ: return .number(t.z)
        case .translation: return .size(CGSize(width: t.x, height: t.y))
        }
    }

    /// This transform with `field` set to `value`, as `setValue(_:forKeyPath:)`
    /// does: decompose, replace the one factor, recompose in the order scale,
    /// rotation x, y, z, translation (skew and perspective kept). Nil for an
    /// unknown field, a value of the wrong shape (`translation` takes a
    /// size, or a point; the rest a number), a non-finite value, or a
    /// transform that cannot be decomposed.
    func settingField(_ field: String, to value: AnimatableValue) -> CATransform3D? {
        TransformField(rawValue: field).flatMap { settingField($0, to: value) }
    }

    /// `settingField(_:to:)` for a field already parsed.
    func settingField(_ field: TransformField, to value: AnimatableValue) -> CATransform3D? {
        if case .number(let v) = value {
            var result = self
            if result.setFieldOfIdentity(field, to: v) { return result }
        }
        guard var parts = DecomposedTransform(self, allowingZeroScale: true) else { return nil }
        var rows = parts.rotation.rotationRows
        var euler: SIMD3<Double>?
        func setEuler(_ axis: Int, _ angle: Double) {
            var angles = Self.eulerAngles(rows)
            angles[axis] = angle
            euler = angles
        }
        switch (field, value) {
        case (.rotationX, .number(let v)): setEuler(0, v)
        case (.rotationY, .number(let v)): setEuler(1, v)
        case (.rotationZ, .number(let v)), (.rotation, .number(let v)): setEuler(2, v)
        case (.scaleX, .number(let v)): parts.scale.x = v
        case (.scaleY, .number(let v)): parts.scale.y = v
        case (.scaleZ, .number(let v)): parts.scale.z = v
        case (.scale, .number(let v)): parts.scale = SIMD3(repeating: v)
        case (.translationX, .number(let v)): parts.translation.x = v
        case (.translationY, .number(let v)): parts.translation.y = v
        case (.translationZ, .number(let v)): parts.translation.z = v
        case (.translation, .size(let size)):
            parts.translation.x = Double(size.width); parts.translation.y = Double(size.height)
        case (.translation, .point(let point)):
            parts.translation.x = Double(point.x); parts.translation.y = Double(point.y)
        default: return nil
        }
        // Rows are rebuilt from the angles only when a rotation changed, so an
        // unrelated write does not pass the rotation through Euler angles.
        if let euler { rows = Self.rotationRows(euler: euler) }
        let result = parts.transform(rotationRows: rows)
        return result.isFinite ? result : nil
    }

    /// `settingField(field, to: .number(v))` done in place, when this is
    /// the identity and `v` is finite, for a scale or translation field:
    /// the identity's factors are known, so the result is that matrix
    /// alone, as the recomposition would build it. Returns false, changing
    /// nothing, in every other case. The compiled animation path calls it
    /// directly: it skips building an `AnimatableValue` and
    /// copying the matrix in and out.
    @inline(__always)
    mutating func setFieldOfIdentity(_ field: TransformField, to v: Double) -> Bool {
        // `self == CATransform3DIdentity`, field by field.
        guard v.isFinite,
              m11 == 1, m12 == 0, m13 == 0, m14 == 0, m21 == 0, m22 == 1, m23 == 0, m24 == 0,
              m31 == 0, m32 == 0, m33 == 1, m34 == 0, m41 == 0, m42 == 0, m43 == 0, m44 == 1 else { return false }
        switch field {
        case .scaleX: m11 = CGFloat(v)
        case .scaleY: m22 = CGFloat(v)
        case .scaleZ: m33 = CGFloat(v)
        case .scale: (m11, m22, m33) = (CGFloat(v), CGFloat(v), CGFloat(v))
        case .translationX: m41 = CGFloat(v)
        case .translationY: m42 = CGFloat(v)
        case .translationZ: m43 = CGFloat(v)
        default: return false
        }
        return true
    }

    /// `settingField(_:to:)` for the scalar fields.
    func settingField(_ field: String, to value: CGFloat) -> CATransform3D? {
        settingField(field, to: .number(Double(value)))
    }

    /// `settingField(_:to:)` for `translation`.
    func settingField(_ field: String, to value: CGSize) -> CATransform3D? {
        settingField(field, to: .size(value))
    }

    /// This transform as the base of an animation on `transform.<field>` shows
    /// it at the animated `value`: the field is rebuilt from the value (a
    /// rotation from its angle), never blended as a matrix, so animating
    /// `rotation.z` from 0 to 2π turns a full circle and scale and translation
    /// of the base are kept. Additive animations add to `animatableFieldValue`
    /// first. Never fails: when the field cannot be set (unknown field, wrong
    /// value shape, singular base with perspective) the base is returned.
    func applyingField(_ field: String, value: AnimatableValue) -> CATransform3D {
        settingField(field, to: value) ?? self
    }

    /// Euler angles (x, y, z) with `rows == Rx(x) · Ry(y) · Rz(z)` (row form).
    /// Of the two solutions, the usual one has y in [-π/2, π/2]; the other
    /// (x + π, π - y, z + π) is taken only when more of its angles are zero, so
    /// a turn built from one or two axes (a card flip of 2.5 about y) reads
    /// back as built rather than as a mix of half turns.
    static func eulerAngles(_ r: [SIMD3<Double>]) -> SIMD3<Double> {
        // Rx·Ry·Rz has r[0][2] = -sin y, r[0][0..1] = cos y (cos z, sin z),
        // r[1..2][2] = cos y (sin x, cos x).
        let sinY = min(max(-r[0][2], -1), 1)
        let y = asin(sinY)
        if abs(sinY) > 1 - 1e-12 {
            // Gimbal lock: only x ∓ z is defined; give it all to z, the 2D turn.
            return SIMD3(0, y, atan2(-r[1][0], r[1][1]))
        }
        let primary = SIMD3(atan2(r[1][2], r[2][2]), y, atan2(r[0][1], r[0][0]))
        let other = SIMD3(wrap(primary.x + .pi), wrap(.pi - y), wrap(primary.z + .pi))
        let zeros = { (e: SIMD3<Double>) in [e.x, e.y, e.z].filter { abs($0) < 1e-12 }.count }
        return zeros(other) > zeros(primary) ? other : primary
    }

    /// Row-form `Rx(x) · Ry(y) · Rz(z)`: x applied first, as Apple's
    /// `CATransform3DMakeRotation` about each axis in turn.
    static func rotationRows(euler e: SIMD3<Double>) -> [SIMD3<Double>] {
        let (sx, cx) = (sin(e.x), cos(e.x))
        let (sy, cy) = (sin(e.y), cos(e.y))
        let (sz, cz) = (sin(e.z), cos(e.z))
        return [SIMD3(cy * cz, cy * sz, -sy),
                SIMD3(sx * sy * cz - cx * sz, sx * sy * sz + cx * cz, sx * cy),
                SIMD3(cx * sy * cz + sx * sz, cx * sy * sz - sx * cz, cx * cy)]
    }

    /// `angle` in (-π, π].
    private static func wrap(_ angle: Double) -> Double {
        var a = angle.remainder(dividingBy: 2 * .pi)
        if a <= -.pi { a += 2 * .pi }
        return a
    }
}
