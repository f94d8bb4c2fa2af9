/// The value of a `CAKeyframeAnimation` at a fraction of its duration, for
/// every calculation mode. Built once when the animation is added (it
/// precomputes key times, tangents and arc lengths) and then evaluated every
/// frame; pure and `Sendable`, so the render thread can own it.
///
/// Behaviour follows Apple's documentation and, where that is silent, values
/// measured on Apple's QuartzCore by a public conformance test (four values
/// 0, 1, 0.5, 0.7 over one second, see `KeyframeEvaluatorTests`):
/// - without `keyTimes` the values are spaced evenly; with them each value
///   falls at its key time, and a key time list of another length than
///   `values` pairs up the common prefix (the extra values are never
///   reached);
/// - `discrete` holds each value from its key time until the next: it takes
///   `values.count + 1` key times (the documented form), or `values.count`
///   (the last value then only shows at the end), and without key times gives
///   each value an equal share, `1 / values.count`;
/// - `paced` and `cubicPaced` ignore `keyTimes` and `timingFunctions` and
///   space the keyframes by distance (for `cubicPaced`, arc length along
///   the curve);
/// - `cubic` is a Catmull-Rom spline shaped by Kochanek-Bartels tension,
///   continuity and bias (missing entries are 0); its end tangents reach
///   straight for the neighbouring value and interior tangents are scaled for
///   unevenly spaced key times, which reproduces Apple's numbers exactly.
///
/// `keyTimes` that are not finite, leave 0...1 or decrease are "invalid" and,
/// as Apple documents, ignored: the keyframes are spaced evenly and
/// `problems` says why. Fewer than two values, or values of different kinds,
/// make the initializer fail: Apple applies nothing for a lone value (measured:
/// the model value shows), and mixed kinds cannot be interpolated.
struct KeyframeEvaluator: Sendable {
    /// Apple's `CAAnimationCalculationMode`, with its raw strings.
    enum CalculationMode: String, Sendable, CaseIterable {
        case linear, discrete, paced, cubic, cubicPaced
    }

    /// A segment's timing curve: maps the fraction of the segment elapsed to
    /// the fraction of the way between its two values.
    typealias TimingFunction = @Sendable (Double) -> Double

    /// The calculation mode the values are evaluated in.
    let calculationMode: CalculationMode
    /// The values in use (the common prefix when `keyTimes` was shorter).
    let values: [AnimatableValue]
    /// The fraction of the duration each value starts at, as used: given,
    /// evenly spaced, or paced. Discrete mode may have one more entry, the end
    /// of the last value. `cubicPaced` goes by arc length instead whenever
    /// its curve has a length.
    let keyTimes: [Double]
    /// True when `keyTimes` were given but had to be ignored as invalid.
    let keyTimesWereIgnored: Bool
    /// What is wrong or surprising about the inputs, for the caller to log;
    /// the same list `validate` gives.
    let problems: [String]

    /// Each segment's timing curve, nil for linear (read by
    /// `CompiledKeyframes`, which evaluates the same segments).
    let timingFunctions: [TimingFunction?]
    /// The spline through the values in the cubic modes, nil otherwise.
    let spline: KeyframeSpline?

    /// Prepares `values` for evaluation, or nil when there are fewer than two
    /// or they are not all of one kind (arrays of one length). Every problem is
    /// also listed in `problems`.
    ///
    /// `timingFunctions` has one entry per segment; a segment without one is
    /// linear and extra entries are ignored (Apple: "should contain n-1").
    init?(values: [AnimatableValue], keyTimes: [Double]? = nil, timingFunctions: [TimingFunction]? = nil,
          calculationMode: CalculationMode = .linear,
          tensionValues: [Double]? = nil, continuityValues: [Double]? = nil, biasValues: [Double]? = nil) {
        problems = KeyframeEvaluator.validate(values: values, keyTimes: keyTimes,
                                              timingFunctionCount: timingFunctions?.count,
                                              calculationMode: calculationMode)
        guard values.count >= 2, values.allSatisfy({ $0.hasSameShape(as: values[0]) }) else { return nil }
        self.calculationMode = calculationMode

        let n = values.count
        let usable = keyTimes.flatMap { KeyframeEvaluator.keyTimesAreUsable($0) && $0.count >= 2 ? $0 : nil }
        keyTimesWereIgnored = keyTimes != nil && usable == nil
            && calculationMode != .paced && calculationMode != .cubicPaced

        switch calculationMode {
        case .linear, .cubic:
            let count = min(n, usable?.count ?? n)
            self.values = Array(values.prefix(count))
            self.keyTimes = usable.map { Array($0.prefix(count)) } ?? KeyframeEvaluator.evenlySpaced(count)
        case .discrete:
            let count = min(n, usable?.count ?? n)
            self.values = Array(values.prefix(count))
            // Without key times each value gets an equal share: n + 1 even stops.
            self.keyTimes = usable.map { Array($0.prefix(count + 1)) }
                ?? (0...n).map { Double($0) / Double(n) }
        case .paced:
            self.values = values
            self.keyTimes = KeyframeEvaluator.pacedKeyTimes(values)
        case .cubicPaced:
            // Paced by arc length along the spline; these key times serve
            // transforms (which cannot be splined) and curves with no length.
            self.values = values
            self.keyTimes = KeyframeEvaluator.pacedKeyTimes(values)
        }

        let splined = (calculationMode == .cubic || calculationMode == .cubicPaced) && !values[0].containsTransform
        spline = splined
            ? KeyframeSpline(points: self.values.map(\.components),
                             keyTimes: calculationMode == .cubic ? self.keyTimes : KeyframeEvaluator.evenlySpaced(n),
                             tension: tensionValues, continuity: continuityValues, bias: biasValues,
                             arcLengthParameterized: calculationMode == .cubicPaced)
            : nil

        let segments = self.values.count - 1
        let usesTiming = calculationMode == .linear || calculationMode == .cubic
        self.timingFunctions = (0..<segments).map { i in
            guard usesTiming, let functions = timingFunctions, i < functions.count else { return nil }
            return functions[i]
        }
    }

    /// The value at `fraction` of the duration, clamped to 0...1.
    func value(at fraction: Double) -> AnimatableValue {
        let f = fraction.isNaN ? 0 : min(max(fraction, 0), 1)
        switch calculationMode {
        case .discrete:
            // The last value whose key time has been reached; the first before any.
            var index = 0
            for i in values.indices where keyTimes[i] <= f { index = i }
            return values[index]
        case .cubicPaced:
            if let spline, let location = spline.location(atArcFraction: f) {
                return values[0].rebuilt(from: spline.evaluate(segment: location.segment, at: location.s))
            }
            return interpolated(at: f, timed: false)
        case .linear, .paced, .cubic:
            return interpolated(at: f, timed: true)
        }
    }

    /// Finds the segment `f` falls in by key time and blends it, by spline
    /// when there is one.
    private func interpolated(at f: Double, timed: Bool) -> AnimatableValue {
        let last = values.count - 1
        if f < keyTimes[0] { return values[0] }
        if f >= keyTimes[last] { return values[last] }
        // The first segment ending after f; f >= its start, so it has length.
        var i = 0
        while f >= keyTimes[i + 1] { i += 1 }
        var s = (f - keyTimes[i]) / (keyTimes[i + 1] - keyTimes[i])
        if timed, let timing = timingFunctions[i] { s = timing(s) }
        if let spline { return values[0].rebuilt(from: spline.evaluate(segment: i, at: s)) }
        return AnimatableValue.interpolate(values[i], values[i + 1], fraction: s) ?? values[i]
    }

    // MARK: Key times

    /// `count` stops from 0 to 1.
    static func evenlySpaced(_ count: Int) -> [Double] {
        count < 2 ? [0] : (0..<count).map { Double($0) / Double(count - 1) }
    }

    /// Key times placing each value by its distance along the way, so the
    /// value moves at one speed; evenly spaced when the values cannot be
    /// measured or do not move.
    static func pacedKeyTimes(_ values: [AnimatableValue]) -> [Double] {
        var running = [0.0]
        for i in 1..<values.count {
            guard let d = values[i - 1].distance(to: values[i]), d.isFinite else { return evenlySpaced(values.count) }
            running.append(running[i - 1] + d)
        }
        guard let total = running.last, total > 0 else { return evenlySpaced(values.count) }
        return running.map { $0 / total }
    }

    /// Finite, within 0...1 and never decreasing.
    static func keyTimesAreUsable(_ keyTimes: [Double]) -> Bool {
        keyTimes.allSatisfy { $0.isFinite && $0 >= 0 && $0 <= 1 }
            && zip(keyTimes, keyTimes.dropFirst()).allSatisfy { $0 <= $1 }
    }
}
