// The arithmetic the animation engine does on property values: interpolation,
// the additive/cumulative operators, the distance paced keyframes are spaced
// by, and CABasicAnimation's from/to/by resolution. Everything here is pure.

extension AnimatableValue {
    // MARK: Interpolation

    /// The value `fraction` of the way from `a` to `b`; `fraction` outside
    /// 0...1 extrapolates (a spring overshoots this way).
    ///
    /// Numbers, points, sizes and rects blend component by component (a
    /// rect's origin and size, as Apple animates `bounds`). Transforms go
    /// through `CATransform3D.interpolate(from:to:fraction:)`, which takes
    /// them apart rather than blending matrix entries. Colours blend their
    /// unpremultiplied red, green, blue and alpha and come back in device RGB;
    /// Apple's red (1,0,0,1) to blue (0,0,1,0.5) is (0.5,0,0.5,0.75) half way,
    /// which premultiplied blending would not give. `CGColor` clamps its
    /// components, so an overshooting colour stops at 0 and 1.
    ///
    /// Returns nil when the kinds differ or two arrays differ in length.
    static func interpolate(_ a: AnimatableValue, _ b: AnimatableValue, fraction: Double) -> AnimatableValue? {
        let t = fraction
        // The common kinds directly, as `combined` would compute them but
        // without its component arrays: the render server interpolates every
        // running animation every frame.
        func mix(_ x: CGFloat, _ y: CGFloat) -> CGFloat { CGFloat(Double(x) + (Double(y) - Double(x)) * t) }
        switch (a, b) {
        case let (.number(x), .number(y)):
            return .number(x + (y - x) * t)
        case let (.point(p), .point(q)):
            return .point(CGPoint(x: mix(p.x, q.x), y: mix(p.y, q.y)))
        case let (.size(p), .size(q)):
            return .size(CGSize(width: mix(p.width, q.width), height: mix(p.height, q.height)))
        case let (.rect(p), .rect(q)):
            return .rect(CGRect(x: mix(p.origin.x, q.origin.x), y: mix(p.origin.y, q.origin.y),
                                width: mix(p.size.width, q.size.width), height: mix(p.size.height, q.size.height)))
        case let (.color(p), .color(q)):
            let (c, d) = (p.rgba, q.rgba)
            return .color(CGColor(red: mix(c.red, d.red), green: mix(c.green, d.green), blue: mix(c.blue, d.blue),
                                  alpha: mix(c.alpha, d.alpha)))
        default:
            break
        }
        return a.combined(with: b,
                          transform: { CATransform3D.interpolate(from: $0, to: $1, fraction: t) },
                          scalar: { $0 + ($1 - $0) * t })
    }

    // MARK: Additive and cumulative arithmetic

    /// `self + other`: what `isAdditive` adds to the render value and what
    /// `fromValue + byValue` means.
    ///
    /// Apple: "The addition function is type-dependent, e.g. for affine
    /// transforms the two matrices are concatenated." Transforms therefore
    /// give `CATransform3DConcat(self, other)`: `self` applied first, then
    /// `other`, in Apple's row-vector convention. Apple does not document
    /// the order; this one makes `a.adding(b).subtracting(b) == a`. Colours
    /// add their RGBA components and clamp.
    func adding(_ other: AnimatableValue) -> AnimatableValue? {
        combined(with: other, transform: { CATransform3DConcat($0, $1) }, scalar: +)
    }

    /// `self - other`, the inverse of `adding(_:)`: `toValue - byValue`.
    /// Transforms give `self` followed by the inverse of `other` (a singular
    /// `other` is not inverted, as `CATransform3DInvert` does).
    func subtracting(_ other: AnimatableValue) -> AnimatableValue? {
        combined(with: other, transform: { CATransform3DConcat($0, CATransform3DInvert($1)) }, scalar: -)
    }

    /// `self` taken `factor` times, for cumulative repeats, which add the end
    /// value once per finished cycle (Apple: position.x by 10 from 100,
    /// cumulative, is 215 half way through the second cycle).
    ///
    /// Numbers and geometry multiply each component. A transform is not
    /// multiplied entry by entry (that would not be a rotation any more): it is
    /// concatenated with itself `factor` times, its inverse for a negative
    /// factor, and a fractional remainder is the interpolation from identity.
    /// A non-finite factor gives `zero(like:)`.
    func scaled(by factor: Double) -> AnimatableValue {
        guard factor.isFinite else { return AnimatableValue.zero(like: self) }
        switch self {
        case .transform(let t): return .transform(AnimatableValue.power(t, factor))
        case .array(let elements): return .array(elements.map { $0.scaled(by: factor) })
        default: return rebuilt(from: components.map { $0 * factor })
        }
    }

    /// The identity of `adding(_:)` shaped like `value`: zero numbers and
    /// geometry, the identity transform, transparent black (in device RGB, so
    /// it blends like any other colour).
    static func zero(like value: AnimatableValue) -> AnimatableValue {
        switch value {
        case .number: return .number(0)
        case .point: return .point(.zero)
        case .size: return .size(.zero)
        case .rect: return .rect(.zero)
        case .color: return .color(CGColor(red: 0, green: 0, blue: 0, alpha: 0))
        case .transform: return .transform(CATransform3DIdentity)
        case .array(let elements): return .array(elements.map { zero(like: $0) })
        default: return value.rebuilt(from: [Double](repeating: 0, count: value.components.count))
        }
    }

    // MARK: Distance

    /// The Euclidean distance over all components, which paced keyframes are
    /// spaced by: |a - b| for numbers, the straight line for points, the four
    /// RGBA components for colours, the sixteen entries for a transform (a
    /// proxy; Apple does not document how it paces transforms). Nil when the
    /// kinds or array lengths differ.
    func distance(to other: AnimatableValue) -> Double? {
        guard hasSameShape(as: other) else { return nil }
        var sum = 0.0
        for (a, b) in zip(components, other.components) { sum += (a - b) * (a - b) }
        return sum.squareRoot()
    }

    // MARK: CABasicAnimation from/to/by

    /// The two values a `CABasicAnimation` interpolates between, from its
    /// optional `fromValue`, `toValue` and `byValue` and `current`, the
    /// presentation value of the property without this animation. Apple's
    /// table (CABasicAnimation, "Setting Interpolation Values"):
    ///
    /// | set           | interpolates                   |
    /// |---------------|--------------------------------|
    /// | from, to      | from ... to                    |
    /// | from, by      | from ... from + by             |
    /// | by, to        | to - by ... to                 |
    /// | from          | from ... current               |
    /// | to            | current ... to                 |
    /// | by            | current ... current + by       |
    /// | none          | current ... current            |
    ///
    /// With none set Apple interpolates "between the previous value of keyPath
    /// in the target layer's presentation layer and the current value";
    /// without a previous value here that is current ... current (measured on
    /// Apple: an opacity of 0.5 stays 0.5). Implicit animations should pass
    /// the old value as `from`. All three set is undefined ("no more than two
    /// should be non-nil"); from ... to is used. Nil when the kinds don't
    /// match.
    static func resolveBasic(from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?,
                             current: AnimatableValue) -> (from: AnimatableValue, to: AnimatableValue)? {
        // Tested one optional at a time rather than as a tuple, which would
        // copy all three values on every frame of every animation.
        let pair: (AnimatableValue, AnimatableValue)?
        if let from {
            if let to {
                pair = (from, to)
            } else if let by {
                pair = from.adding(by).map { (from, $0) }
            } else {
                pair = (from, current)
            }
        } else if let to {
            pair = by.map { to.subtracting($0).map { ($0, to) } } ?? (current, to)
        } else if let by {
            pair = current.adding(by).map { (current, $0) }
        } else {
            pair = (current, current)
        }
        guard let (start, end) = pair, start.hasSameShape(as: end) else { return nil }
        return (start, end)
    }
}

// MARK: - Components

extension AnimatableValue {
    /// Every scalar in the value, in a fixed order: a rect is x, y, width,
    /// height; a transform its sixteen entries row by row; a colour its
    /// unpremultiplied red, green, blue, alpha; an array its elements' in turn.
    /// Splines and distances work on these so that intermediate results (a
    /// colour tangent can be negative) are not clamped on the way.
    var components: [Double] {
        switch self {
        case .number(let v): return [v]
        case .point(let p): return [Double(p.x), Double(p.y)]
        case .size(let s): return [Double(s.width), Double(s.height)]
        case .rect(let r): return [Double(r.origin.x), Double(r.origin.y), Double(r.size.width), Double(r.size.height)]
        case .transform(let t): return t.entries.map { Double($0) }
        case .color(let c):
            let rgba = c.rgba
            return [Double(rgba.red), Double(rgba.green), Double(rgba.blue), Double(rgba.alpha)]
        case .array(let elements): return elements.flatMap(\.components)
        case .path(let path): return path.pointComponents
        }
    }

    /// A value shaped like `self` holding `values`, which must have as many
    /// entries as `components`. Colours come back in device RGB, clamped.
    func rebuilt(from values: [Double]) -> AnimatableValue {
        var index = 0
        return rebuilt(consuming: values, at: &index)
    }

    private func rebuilt(consuming v: [Double], at i: inout Int) -> AnimatableValue {
        func next() -> CGFloat { defer { i += 1 }; return CGFloat(v[i]) }
        switch self {
        case .number: return .number(Double(next()))
        case .point: return .point(CGPoint(x: next(), y: next()))
        case .size: return .size(CGSize(width: next(), height: next()))
        case .rect: return .rect(CGRect(x: next(), y: next(), width: next(), height: next()))
        case .transform: return .transform(CATransform3D(entries: (0..<16).map { _ in next() }))
        case .color: return .color(CGColor(red: next(), green: next(), blue: next(), alpha: next()))
        case .array(let elements): return .array(elements.map { $0.rebuilt(consuming: v, at: &i) })
        case .path(let path): return .path(path.rebuilt(consuming: v, at: &i))
        }
    }

    /// True when both are the same kind and, for arrays, the same length with
    /// elements of the same shapes, so that they can be combined.
    func hasSameShape(as other: AnimatableValue) -> Bool {
        switch (self, other) {
        case (.number, .number), (.point, .point), (.size, .size), (.rect, .rect),
             (.transform, .transform), (.color, .color):
            return true
        case let (.array(a), .array(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.hasSameShape(as: $1) }
        case let (.path(a), .path(b)):
            return a.hasSameStructure(as: b)
        default:
            return false
        }
    }

    /// True when a transform is anywhere inside: such values cannot be
    /// splined component by component.
    var containsTransform: Bool {
        switch self {
        case .transform: return true
        case .array(let elements): return elements.contains { $0.containsTransform }
        default: return false
        }
    }

    /// Pairs up two values of the same shape, transforms with `transform` and
    /// every other scalar with `scalar`.
    private func combined(with other: AnimatableValue,
                          transform: (CATransform3D, CATransform3D) -> CATransform3D,
                          scalar: (Double, Double) -> Double) -> AnimatableValue? {
        switch (self, other) {
        case let (.transform(a), .transform(b)):
            return .transform(transform(a, b))
        case let (.array(a), .array(b)):
            guard a.count == b.count else { return nil }
            var result: [AnimatableValue] = []
            result.reserveCapacity(a.count)
            for (x, y) in zip(a, b) {
                guard let z = x.combined(with: y, transform: transform, scalar: scalar) else { return nil }
                result.append(z)
            }
            return .array(result)
        default:
            guard hasSameShape(as: other) else { return nil }
            return rebuilt(from: zip(components, other.components).map { scalar($0, $1) })
        }
    }

    /// `t` concatenated with itself `factor` times (see `scaled(by:)`), by
    /// repeated squaring so a large repeat count stays cheap.
    private static func power(_ t: CATransform3D, _ factor: Double) -> CATransform3D {
        let whole = factor.rounded(.towardZero)
        let remainder = factor - whole
        var base = whole < 0 ? CATransform3DInvert(t) : t
        var n = abs(whole)
        var result = CATransform3DIdentity
        while n >= 1 {
            if n.truncatingRemainder(dividingBy: 2) == 1 { result = CATransform3DConcat(result, base) }
            base = CATransform3DConcat(base, base)
            n = (n / 2).rounded(.towardZero)
        }
        guard remainder != 0 else { return result }
        let partial = remainder > 0
            ? CATransform3D.interpolate(from: CATransform3DIdentity, to: t, fraction: remainder)
            : CATransform3D.interpolate(from: CATransform3DIdentity, to: CATransform3DInvert(t), fraction: -remainder)
        return CATransform3DConcat(result, partial)
    }
}
