/// A keyframe animation's values and key times as components, for
/// `CompiledAnimation`: the linear, discrete and paced calculation modes of
/// `KeyframeEvaluator.value(at:)`, step for step. The cubic modes (splines)
/// stay with the general evaluator.
///
/// A final class with immutable `Sendable` properties (so `Sendable`), held
/// by reference so that a frame copies none of its arrays. The key times and
/// values share one buffer, and the rarely used arrays are read only when
/// they hold something: a frame touches two allocations, not five.
///
/// What every frame reads comes first, on the cache line of the object's
/// header; the arrays read only when they hold something come after.
final class CompiledKeyframes: Sendable {
    /// The key times, then each value's four components.
    private let table: [Double]
    /// How many keyframes.
    private let count: Int
    let discrete: Bool
    private let hasColors: Bool
    /// Whether any segment has a timing function.
    private let hasTimingFunctions: Bool
    /// The values as given when they are colours (written as they are when
    /// a keyframe shows unblended); empty otherwise.
    private let colors: [CGColor]
    private let timingFunctions: [KeyframeEvaluator.TimingFunction?]
    /// The last value minus the first: what each finished repeat of a
    /// cumulative animation adds.
    let step: SIMD4<Double>

    /// `evaluator`'s keyframes, or nil when they are splined or not all of `kind`.
    init?(_ evaluator: KeyframeEvaluator, kind: CompiledValueKind) {
        guard evaluator.spline == nil else { return nil }
        switch evaluator.calculationMode {
        case .linear, .paced: discrete = false
        case .discrete: discrete = true
        case .cubic, .cubicPaced: return nil
        }
        var values: [SIMD4<Double>] = []
        var colors: [CGColor] = []
        for value in evaluator.values {
            guard let components = kind.components(of: value) else { return nil }
            values.append(components)
            if case .color(let color) = value { colors.append(color) }
        }
        guard let first = values.first, let last = values.last,
              evaluator.keyTimes.count >= values.count, evaluator.timingFunctions.count >= values.count - 1
        else { return nil }
        count = values.count
        table = Array(evaluator.keyTimes.prefix(values.count)) + values.flatMap { [$0.x, $0.y, $0.z, $0.w] }
        self.colors = colors
        hasColors = !colors.isEmpty
        timingFunctions = evaluator.timingFunctions
        hasTimingFunctions = timingFunctions.contains { $0 != nil }
        step = kind.subtracting(last, first)
    }

    /// The value at `fraction` of the duration, as `KeyframeEvaluator.value(at:)`.
    func value(at fraction: Double, kind: CompiledValueKind) -> CompiledSample {
        table.withUnsafeBufferPointer { table in
            let keyTimes = UnsafeBufferPointer(rebasing: table[0..<count])
            func value(_ i: Int) -> SIMD4<Double> {
                let base = count + 4 * i
                return SIMD4(table[base], table[base + 1], table[base + 2], table[base + 3])
            }
            func exact(_ index: Int) -> CompiledSample {
                CompiledSample(value(index), original: hasColors ? colors[index] : nil)
            }
            let f = fraction.isNaN ? 0 : min(max(fraction, 0), 1)
            if discrete {
                // The last value whose key time has been reached; the first before any.
                var index = 0
                for i in 0..<count where keyTimes[i] <= f { index = i }
                return exact(index)
            }
            let last = count - 1
            if f < keyTimes[0] { return exact(0) }
            if f >= keyTimes[last] { return exact(last) }
            var i = 0
            while f >= keyTimes[i + 1] { i += 1 }
            var s = (f - keyTimes[i]) / (keyTimes[i + 1] - keyTimes[i])
            if hasTimingFunctions, let timing = timingFunctions[i] { s = timing(s) }
            return CompiledSample(kind.interpolate(value(i), value(i + 1), s))
        }
    }
}
