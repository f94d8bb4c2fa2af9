/// Turning animation objects into `Sendable` snapshots. Bad inputs are
/// reported here, once, naming the layer.
extension CAAnimation {
    /// This animation as a snapshot; problems are reported against `layer`.
    func snapshot(reportingOn layer: CALayer?) -> AnimationSnapshot {
        var snapshot = snapshotWithoutGroupDurations(reportingOn: layer).spanningGroups()
        snapshot.preferredFrameRate = preferredFrameRateRange.requestedRate
        return snapshot
    }

    private func snapshotWithoutGroupDurations(reportingOn layer: CALayer?) -> AnimationSnapshot {
        let property = self as? CAPropertyAnimation
        return AnimationSnapshot(kind: snapshotKind(reportingOn: layer), keyPath: property?.keyPath,
                                 timing: MediaTiming(self), timingFunction: timingFunction,
                                 isAdditive: property?.isAdditive ?? false, isCumulative: property?.isCumulative ?? false,
                                 valueFunction: property?.valueFunction)
    }

    private func snapshotKind(reportingOn layer: CALayer?) -> AnimationSnapshot.Kind {
        switch self {
        case let spring as CASpringAnimation:
            let values = spring.convertedValues(reportingOn: layer)
            return .spring(from: values.from, to: values.to, by: values.by, solver: spring.solver)
        case let basic as CABasicAnimation:
            let values = basic.convertedValues(reportingOn: layer)
            return .basic(from: values.from, to: values.to, by: values.by)
        case let keyframe as CAKeyframeAnimation:
            if let path = keyframe.path {
                let (points, ends) = Self.polyline(of: path.snapshot)
                let paced = keyframe.calculationMode == .paced || keyframe.calculationMode == .cubicPaced
                return .path(points: points, elementEnds: ends, paced: paced, rotationMode: keyframe.rotationMode,
                             elementTiming: paced ? nil : keyframe.pathElementTiming(elementCount: ends.count))
            }
            return .keyframes(keyframe.evaluator(reportingOn: layer))
        case let group as CAAnimationGroup:
            return .group((group.animations ?? []).map { $0.snapshotWithoutGroupDurations(reportingOn: layer) })
        case let transition as CATransition:
            return .transition(type: transition.type, subtype: transition.subtype,
                               startProgress: Double(transition.startProgress), endProgress: Double(transition.endProgress))
        default:
            return .inert
        }
    }

    /// The path as one polyline, with the vertex index where each drawn
    /// element ends (Apple gives each path element an equal share of time).
    static func polyline(of path: CGPathSnapshot) -> (points: [CGPoint], elementEnds: [Int]) {
        var points: [CGPoint] = []
        var ends: [Int] = []
        for segment in path.segments {
            let piece = segment.flattened(tolerance: 0.25)
            points += points.last == piece.first ? Array(piece.dropFirst()) : piece
            ends.append(points.count - 1)
        }
        return (points, ends)
    }
}

extension CABasicAnimation {
    /// `fromValue`, `toValue` and `byValue` in animatable form; a value that
    /// cannot animate is reported and dropped.
    func convertedValues(reportingOn layer: CALayer?) -> (from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?) {
        func convert(_ value: Any?, _ name: String) -> AnimatableValue? {
            guard let value else { return nil }
            if let converted = AnimatableValue(value) { return converted }
            CADiagnostics.report(layer: layer, keyPath: keyPath ?? "<nil>",
                                 "\(name) of type \(type(of: value)) cannot be animated; ignored")
            return nil
        }
        return (convert(fromValue, "fromValue"), convert(toValue, "toValue"), convert(byValue, "byValue"))
    }
}

extension CAKeyframeAnimation {
    /// The evaluator for `values`, or nil (reported once) when they cannot animate.
    func evaluator(reportingOn layer: CALayer?) -> KeyframeEvaluator? {
        let converted = (values ?? []).map(AnimatableValue.init)
        guard converted.allSatisfy({ $0 != nil }) else {
            CADiagnostics.report(layer: layer, keyPath: keyPath ?? "<nil>",
                                 "values holds something that cannot be animated; not animated")
            return nil
        }
        let mode = KeyframeEvaluator.CalculationMode(rawValue: calculationMode.rawValue) ?? .linear
        let functions = timingFunctions?.map { function -> KeyframeEvaluator.TimingFunction in
            { function.evaluate($0) }
        }
        if let problem = validationProblem {
            CADiagnostics.report(layer: layer, keyPath: keyPath ?? "<nil>", problem)
        }
        return KeyframeEvaluator(
            values: converted.compactMap { $0 }, keyTimes: keyTimes?.map(\.doubleValue),
            timingFunctions: functions, calculationMode: mode,
            tensionValues: tensionValues?.map(\.doubleValue), continuityValues: continuityValues?.map(\.doubleValue),
            biasValues: biasValues?.map(\.doubleValue))
    }

    /// Apple: "Any timing values you specify for the animation are applied
    /// to the points used to create the path": the end point of each path
    /// element is a keyframe (the start point the first), so `keyTimes`,
    /// `timingFunctions` and `discrete` act on the elements. The result maps
    /// the animation's progress to a position in elements (0 at the start,
    /// `elementCount` at the end): an evaluator over the keyframe indices
    /// 0...elementCount. `cubic` moves along the path itself, so its indices
    /// are timed linearly. Nil when nothing changes the even split.
    func pathElementTiming(elementCount: Int) -> KeyframeEvaluator? {
        guard elementCount >= 1, keyTimes != nil || timingFunctions != nil || calculationMode == .discrete else { return nil }
        let functions = timingFunctions?.map { function -> KeyframeEvaluator.TimingFunction in
            { function.evaluate($0) }
        }
        return KeyframeEvaluator(values: (0...elementCount).map { .number(Double($0)) },
                                 keyTimes: keyTimes?.map(\.doubleValue), timingFunctions: functions,
                                 calculationMode: calculationMode == .discrete ? .discrete : .linear)
    }

    /// What is wrong with the keyframe inputs, if anything.
    var validationProblem: String? {
        guard path == nil else { return nil }
        let converted = (values ?? []).compactMap(AnimatableValue.init)
        let mode = KeyframeEvaluator.CalculationMode(rawValue: calculationMode.rawValue) ?? .linear
        let problems = KeyframeEvaluator.validate(values: converted, keyTimes: keyTimes?.map(\.doubleValue),
                                                  timingFunctionCount: timingFunctions?.count, calculationMode: mode)
        return problems.isEmpty ? nil : problems.joined(separator: "; ")
    }
}
