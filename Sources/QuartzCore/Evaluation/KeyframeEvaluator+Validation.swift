extension KeyframeEvaluator {
    /// Human-readable problems with a keyframe animation's inputs, for the
    /// caller to log once when the animation is added; empty when all is well.
    /// Each message says what the evaluator does about it.
    static func validate(values: [AnimatableValue], keyTimes: [Double]?, timingFunctionCount: Int?,
                         calculationMode mode: CalculationMode) -> [String] {
        var problems: [String] = []
        let n = values.count
        if n == 0 { problems.append("values is empty: there is nothing to animate") }
        if n == 1 { problems.append("values has a single value: Core Animation applies nothing") }
        if let index = values.firstIndex(where: { !$0.hasSameShape(as: values[0]) }) {
            problems.append("values[\(index)] is not the same kind as values[0]: the values cannot be interpolated")
        }

        if let keyTimes {
            problems += keyTimeProblems(keyTimes, valueCount: n, mode: mode)
        }

        if let count = timingFunctionCount {
            switch mode {
            case .discrete, .paced, .cubicPaced:
                problems.append("timingFunctions are ignored in \(mode.rawValue) mode")
            case .linear, .cubic:
                let segments = max(n - 1, 0)
                if count != segments {
                    problems.append("timingFunctions has \(count) entries but there are \(segments) segments "
                        + "between \(n) values: a segment without one is linear, extra ones are ignored")
                }
            }
        }
        return problems
    }

    private static func keyTimeProblems(_ keyTimes: [Double], valueCount n: Int, mode: CalculationMode) -> [String] {
        if mode == .paced || mode == .cubicPaced {
            return ["keyTimes are ignored in \(mode.rawValue) mode: keyframes are spaced by distance"]
        }
        var problems: [String] = []
        let ignored = "keyTimes are ignored and the keyframes spaced evenly"
        if let i = keyTimes.firstIndex(where: { !$0.isFinite }) {
            problems.append("keyTimes[\(i)] is not a finite number: \(ignored)")
        } else if let i = keyTimes.firstIndex(where: { $0 < 0 || $0 > 1 }) {
            problems.append("keyTimes[\(i)] = \(keyTimes[i]) is outside 0...1: \(ignored)")
        } else if let i = keyTimes.indices.dropFirst().first(where: { keyTimes[$0] < keyTimes[$0 - 1] }) {
            problems.append("keyTimes decrease at index \(i) (\(keyTimes[i]) after \(keyTimes[i - 1])): \(ignored)")
        } else if keyTimes.count < 2 {
            problems.append("keyTimes has \(keyTimes.count) entries, too few to place two values: \(ignored)")
        } else {
            if keyTimes.first != 0 {
                problems.append("keyTimes should start at 0 (starts at \(keyTimes[0])): the first value is held until then")
            }
            if keyTimes.last != 1 {
                problems.append("keyTimes should end at 1 (ends at \(keyTimes[keyTimes.count - 1])): "
                    + "the last value is held from then on")
            }
        }

        let expected = mode == .discrete ? n + 1 : n
        if keyTimes.count != expected {
            let rule = mode == .discrete ? "values.count + 1 (\(expected))" : "values.count (\(expected))"
            var message = "keyTimes has \(keyTimes.count) entries; \(mode.rawValue) mode expects \(rule)"
            if mode == .discrete && keyTimes.count == n {
                message += ": the last value is reached only at keyTimes[\(n - 1)]"
            } else if keyTimes.count < n {
                message += ": only the first \(keyTimes.count) values are used"
            } else {
                message += ": the extra key times are ignored"
            }
            problems.append(message)
        }
        return problems
    }
}
