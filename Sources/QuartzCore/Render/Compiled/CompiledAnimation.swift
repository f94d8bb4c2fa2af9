/// One animation prepared for the render server's per-frame evaluation:
/// made once when a commit is applied (`AnimationProgram`), from the
/// animation's `AnimationSnapshot`, with its key path resolved to a
/// `LayerState` field, its timing resolved, its timing function's curve
/// built and its from/to/by values reduced to components. A frame then
/// evaluates it with Double arithmetic and writes the field directly, where
/// the general evaluator (`AnimationEvaluator`) copies snapshots and
/// `AnimatableValue`s through generic value witnesses, matches key paths and
/// re-resolves timing for every animation every frame
/// (docs/performance.md).
///
/// It covers basic and spring animations and keyframe animations in the
/// linear, discrete and paced modes, of numbers, points, sizes, rects and
/// colours on the fields `CompiledTarget` lists; `init?` returns nil for
/// anything else (groups, paths, cubic keyframes, value functions, whole
/// transforms, unknown keys), which stays with the general evaluator. The
/// results are the general evaluator's exactly: `CompiledAnimationTests`
/// compares the two on every kind, at many times.
///
/// A final class which a render tree node holds by reference: evaluating
/// it copies nothing. When other animations of the tree have the same
/// timing and easing (animations committed together do), it reads its
/// progress from the `TimingCurve` they share, which works it out once a
/// frame; alone, it works it out from its own timing and easing, held
/// inline so that a frame reads no other object. Not `Sendable`, as its
/// curve is not: like the render tree, it stays on the thread that renders.
/// Its fields are laid out to take few bytes, since a frame reads every
/// running animation's fields from memory and at 10,000 animations the
/// caches miss them. In order: the values first, then the timing, the
/// easing (a curve or a spring, never both) and the small fields.
final class CompiledAnimation: TimedEasing {
    /// Where the from and to values come from at each frame, after Apple's
    /// from/to/by table (`AnimatableValue.resolveBasic`); the values given
    /// are in `first` and `second`.
    enum RangeKind: UInt8, Sendable {
        /// Both ends known when compiled (from and to; from and by; by and
        /// to; or any for an additive animation, which starts from zero).
        case fixed
        /// `fromValue` alone: from ... the current value.
        case fromCurrent
        /// `toValue` alone: the current value ... to.
        case currentTo
        /// `byValue` alone: current ... current + by.
        case currentBy
        /// None given: current ... current.
        case current
    }

    /// A range as compiled: its kind and the values `first` and `second` hold.
    private typealias Range = (kind: RangeKind, first: SIMD4<Double>, second: SIMD4<Double>)

    /// How progress through a cycle becomes progress between the values.
    enum Easing: Sendable {
        /// As it is (no timing function).
        case linear
        /// Through the timing function's curve.
        case curve(UnitBezier)
        /// A spring's own motion, at the real seconds elapsed.
        case spring(SpringSolver)
    }

    /// The range's values: from (`.fixed`, `.fromCurrent`) or by
    /// (`.currentBy`) in `first`, to (`.fixed`, `.currentTo`) in `second`.
    /// Unused for keyframes.
    let first: SIMD4<Double>, second: SIMD4<Double>
    let timing: ResolvedTiming
    let easing: Easing
    /// A keyframe animation's keyframes (linear, discrete or paced); nil
    /// for basic and spring animations. Unmanaged, so that reading them on
    /// every frame retains and releases nothing: `keyframesOwner` keeps
    /// them alive as long as this animation.
    let keyframes: Unmanaged<CompiledKeyframes>?
    let target: CompiledTarget
    let kind: CompiledValueKind
    let rangeKind: RangeKind
    let isAdditive: Bool
    let isCumulative: Bool
    private let keyframesOwner: CompiledKeyframes?
    /// The timing and easing, shared with the tree's other animations that
    /// have the same (the animation's own when compiled without a table).
    let curve: TimingCurve
    /// Whether to read the progress from `curve`: decided at the first
    /// frame, once the commit that compiled it has compiled every animation
    /// that could share it. Exempt from exclusivity checks as `TimingCurve`'s
    /// memory is, and for the same reasons.
    @exclusivity(unchecked) var sharing = Sharing.undecided

    enum Sharing: UInt8 {
        case undecided, shared, alone
    }

    /// The cache lines an instance spans (its header and stored
    /// properties, about 220 bytes), for `AnimationProgram.prefetchAnimations`.
    static let lines = 4

    /// `animation` compiled, or nil when the general evaluator must handle
    /// it. Its curve comes from `curves` (shared with the animations
    /// compiled before it that have the same timing and easing), or is its
    /// own without a table.
    init?(_ animation: AnimationSnapshot, curves: TimingCurveTable? = nil) {
        guard animation.valueFunction == nil, let path = animation.path, let target = CompiledTarget(path) else {
            return nil
        }
        let kind = target.kind
        let range: Range
        switch animation.kind {
        case .basic(let from, let to, let by):
            guard let resolved = Self.range(from: from, to: to, by: by, kind: kind, additive: animation.isAdditive)
            else { return nil }
            range = resolved
            easing = animation.timingFunction.map { .curve($0.curve) } ?? .linear
            keyframesOwner = nil
        case .spring(let from, let to, let by, let solver):
            guard let resolved = Self.range(from: from, to: to, by: by, kind: kind, additive: animation.isAdditive)
            else { return nil }
            range = resolved
            easing = .spring(solver)
            keyframesOwner = nil
        case .keyframes(let evaluator):
            guard let evaluator, let keyframes = CompiledKeyframes(evaluator, kind: kind) else { return nil }
            range = (.current, .zero, .zero)  // unused: the keyframes hold the values
            easing = animation.timingFunction.map { .curve($0.curve) } ?? .linear
            keyframesOwner = keyframes
        case .path, .group, .transition, .inert:
            return nil
        }
        (rangeKind, first, second) = range
        keyframes = keyframesOwner.map(Unmanaged.passUnretained)
        self.target = target
        self.kind = kind
        timing = ResolvedTiming(animation.timing, defaultDuration: MediaTiming.defaultAnimationDuration)
        curve = curves?.curve(for: timing, easing: easing) ?? TimingCurve(timing: timing, easing: easing)
        curve.addUser()
        isAdditive = animation.isAdditive
        isCumulative = animation.isCumulative
    }

    deinit {
        curve.removeUser()
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
        case let (from?, to?, _, _): return (.fixed, from, to)
        case let (from?, nil, by?, _): return (.fixed, from, kind.adding(from, by))
        case let (from?, nil, nil, current?): return (.fixed, from, current)
        case let (from?, nil, nil, nil): return (.fromCurrent, from, .zero)
        case let (nil, to?, by?, _): return (.fixed, kind.subtracting(to, by), to)
        case let (nil, to?, nil, current?): return (.fixed, current, to)
        case let (nil, to?, nil, nil): return (.currentTo, .zero, to)
        case let (nil, nil, by?, current?): return (.fixed, current, kind.adding(current, by))
        case let (nil, nil, by?, nil): return (.currentBy, by, .zero)
        case (nil, nil, nil, nil):
            return (.current, .zero, .zero)
        case (nil, nil, nil, _?):
            // Additive with nothing given: the general path has no base and
            // applies nothing; that rare case stays with it.
            return nil
        }
    }
}
