/// A keyframe animation's values and key times as components, for
/// `CompiledAnimation`: the linear, discrete and paced calculation modes of
/// `KeyframeEvaluator.value(at:)`, step for step. The cubic modes (splines)
/// stay with the general evaluator.
///
/// A final class with immutable `Sendable` properties (so `Sendable`), held
/// by reference so that a frame copies none of its arrays.
final class CompiledKeyframes: Sendable {
    let discrete: Bool
    let keyTimes: [Double]
    let values: [SIMD4<Double>]
    /// The values as given when they are colours (written as they are when
    /// a keyframe shows unblended); empty otherwise.
    let colors: [CGColor]
    let timingFunctions: [KeyframeEvaluator.TimingFunction?]
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
        self.values = values
        self.colors = colors
        keyTimes = evaluator.keyTimes
        timingFunctions = evaluator.timingFunctions
        step = kind.subtracting(last, first)
    }

    /// The value at `fraction` of the duration, as `KeyframeEvaluator.value(at:)`.
    func value(at fraction: Double, kind: CompiledValueKind) -> CompiledSample {
        let f = fraction.isNaN ? 0 : min(max(fraction, 0), 1)
        if discrete {
            // The last value whose key time has been reached; the first before any.
            var index = 0
            for i in values.indices where keyTimes[i] <= f { index = i }
            return exact(index)
        }
        let last = values.count - 1
        if f < keyTimes[0] { return exact(0) }
        if f >= keyTimes[last] { return exact(last) }
        var i = 0
        while f >= keyTimes[i + 1] { i += 1 }
        var s = (f - keyTimes[i]) / (keyTimes[i + 1] - keyTimes[i])
        if let timing = timingFunctions[i] { s = timing(s) }
        return CompiledSample(kind.interpolate(values[i], values[i + 1], s))
    }

    /// Keyframe `index` as given.
    private func exact(_ index: Int) -> CompiledSample {
        CompiledSample(values[index], original: colors.isEmpty ? nil : colors[index])
    }
}
