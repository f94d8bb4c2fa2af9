/// One animation prepared for the render server's per-frame evaluation:
/// made once when a commit is applied (`AnimationProgram`), from the
/// animation's `AnimationSnapshot`, with its key path resolved to a
/// `LayerState` field, its timing resolved, its timing function's curve
/// built and its from/to/by values reduced to components. A frame then
/// evaluates it with Double arithmetic and writes the field directly, where
/// the general evaluator (`AnimationEvaluator`) copies snapshots and
/// `AnimatableValue`s through generic value witnesses, matches key paths and
/// re-resolves timing for every animation every frame (issue 7,
/// docs/performance.md).
///
/// It covers basic and spring animations and keyframe animations in the
/// linear, discrete and paced modes, of numbers, points, sizes, rects and
/// colours on the fields `CompiledTarget` lists; `init?` returns nil for
/// anything else (groups, paths, cubic keyframes, value functions, whole
/// transforms, unknown keys), which stays with the general evaluator. The
/// results are the general evaluator's exactly: `CompiledAnimationTests`
/// compares the two on every kind, at many times.
///
/// A final class with only immutable, `Sendable` stored properties, so it is
/// `Sendable` and a render tree node holds each one by reference: evaluating
/// it copies nothing.
final class CompiledAnimation: Sendable {
    /// Where the from and to values come from at each frame, after Apple's
    /// from/to/by table (`AnimatableValue.resolveBasic`).
    enum Range: Sendable {
        /// Both ends known when compiled (from and to; from and by; by and
        /// to; or any for an additive animation, which starts from zero).
        case fixed(from: SIMD4<Double>, to: SIMD4<Double>)
        /// `fromValue` alone: from ... the current value.
        case fromCurrent(from: SIMD4<Double>)
        /// `toValue` alone: the current value ... to.
        case currentTo(to: SIMD4<Double>)
        /// `byValue` alone: current ... current + by.
        case currentBy(by: SIMD4<Double>)
        /// None given: current ... current.
        case current
    }

    /// What the animation's values are.
    enum Source: Sendable {
        /// A basic animation, eased by its timing function.
        case basic(Range)
        /// A spring: the solver's motion is the progress.
        case spring(Range, SpringSolver, duration: Double)
        /// A keyframe animation (linear, discrete or paced): `keyframes`.
        /// Held outside the enum so that the enum holds no reference and
        /// reading it at each frame retains and releases nothing.
        case keyframes
    }

    let target: CompiledTarget
    let kind: CompiledValueKind
    let source: Source
    /// The keyframes of a `.keyframes` source; nil for the others.
    let keyframes: CompiledKeyframes?
    let timing: Resolved
    /// The timing function's curve; nil when there is none (linear progress).
    let curve: UnitBezier?
    let isAdditive: Bool
    let isCumulative: Bool

    /// `animation` compiled, or nil when the general evaluator must handle it.
    init?(_ animation: AnimationSnapshot) {
        guard animation.valueFunction == nil, let path = animation.path, let target = CompiledTarget(path) else {
            return nil
        }
        let kind = target.kind
        switch animation.kind {
        case .basic(let from, let to, let by):
            guard let range = Self.range(from: from, to: to, by: by, kind: kind, additive: animation.isAdditive)
            else { return nil }
            source = .basic(range)
            keyframes = nil
        case .spring(let from, let to, let by, let solver):
            guard let range = Self.range(from: from, to: to, by: by, kind: kind, additive: animation.isAdditive)
            else { return nil }
            source = .spring(range, solver, duration: animation.timing.basicDuration())
            keyframes = nil
        case .keyframes(let evaluator):
            guard let evaluator, let keyframes = CompiledKeyframes(evaluator, kind: kind) else { return nil }
            source = .keyframes
            self.keyframes = keyframes
        case .path, .group, .transition, .inert:
            return nil
        }
        self.target = target
        self.kind = kind
        timing = Resolved(animation.timing, defaultDuration: MediaTiming.defaultAnimationDuration)
        curve = animation.timingFunction?.curve
        isAdditive = animation.isAdditive
        isCumulative = animation.isCumulative
    }

    /// The range for the given values, or nil when one is of another kind
    /// than the field (the general path then applies nothing, or something
    /// odd; it keeps those cases).
    private static func range(from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?,
                              kind: CompiledValueKind, additive: Bool) -> Range? {
        func convert(_ value: AnimatableValue?) -> SIMD4<Double>?? {
            guard let value else { return .some(nil) }
            return kind.components(of: value).map { .some($0) }
        }
        guard let from = convert(from), let to = convert(to), let by = convert(by) else { return nil }
        // An additive animation resolves against zero rather than the current value.
        let current: SIMD4<Double>? = additive ? kind.zero : nil
        switch (from, to, by, current) {
        case let (from?, to?, _, _): return .fixed(from: from, to: to)
        case let (from?, nil, by?, _): return .fixed(from: from, to: kind.adding(from, by))
        case let (from?, nil, nil, current?): return .fixed(from: from, to: current)
        case let (from?, nil, nil, nil): return .fromCurrent(from: from)
        case let (nil, to?, by?, _): return .fixed(from: kind.subtracting(to, by), to: to)
        case let (nil, to?, nil, current?): return .fixed(from: current, to: to)
        case let (nil, to?, nil, nil): return .currentTo(to: to)
        case let (nil, nil, by?, current?): return .fixed(from: current, to: kind.adding(current, by))
        case let (nil, nil, by?, nil): return .currentBy(by: by)
        case (nil, nil, nil, nil):
            return .current
        case (nil, nil, nil, _?):
            // Additive with nothing given: the general path has no base and
            // applies nothing; that rare case stays with it.
            return nil
        }
    }
}
