/// Keyframe animations: values through `KeyframeEvaluator`, paths through
/// their flattened polyline, with `rotationMode` turning the layer.
extension AnimationApplier {
    static func keyframeValue(_ animation: CAKeyframeAnimation, iteration: Int, progress: Double,
                              layer: CALayer) -> AnimatableValue? {
        if let path = animation.path {
            return pathValue(animation, path: path, iteration: iteration, progress: progress, layer: layer)
        }
        guard let evaluator = animation.evaluator(reportingOn: layer) else { return nil }
        var value = evaluator.value(at: progress)
        if animation.isCumulative, iteration > 0, let first = evaluator.values.first, let last = evaluator.values.last,
           let step = last.subtracting(first), let sum = value.adding(step.scaled(by: Double(iteration))) {
            value = sum
        }
        return value
    }

    /// A point along the path. Apple gives each path element an equal share
    /// of the time (paced modes: an equal share of the length); with a
    /// `rotationMode` the layer turns to the path's tangent.
    static func pathValue(_ animation: CAKeyframeAnimation, path: CGPath, iteration: Int, progress: Double,
                          layer: CALayer) -> AnimatableValue? {
        let (points, elementEnds) = polyline(of: path.snapshot)
        guard points.count > 1 else {
            return points.first.map { .point($0) }
        }
        let paced = animation.calculationMode == .paced || animation.calculationMode == .cubicPaced
        let location = KeyframeEvaluator.evaluateAlongPolyline(
            points: points, cumulativeLengths: KeyframeEvaluator.cumulativeLengths(of: points),
            fraction: progress, paced: paced, keyframeIndices: elementEnds)
        if let mode = animation.rotationMode {
            let angle = KeyframeEvaluator.autoRotationAngle(tangentAngle: location.tangentAngle,
                                                           reversed: mode == .rotateAutoReverse)
            let rotation = CATransform3DMakeRotation(CGFloat(angle), 0, 0, 1)
            layer.transform = CATransform3DConcat(rotation, layer.transform)
        }
        var point = location.point
        if animation.isCumulative, iteration > 0, let first = points.first, let last = points.last {
            point.x += CGFloat(iteration) * (last.x - first.x)
            point.y += CGFloat(iteration) * (last.y - first.y)
        }
        return .point(point)
    }

    /// The path as one polyline, with the vertex index where each drawn
    /// element ends.
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

extension CAKeyframeAnimation {
    /// The evaluator for `values`, or nil (reported once) when they cannot animate.
    func evaluator(reportingOn layer: CALayer) -> KeyframeEvaluator? {
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
        let evaluator = KeyframeEvaluator(
            values: converted.compactMap { $0 }, keyTimes: keyTimes?.map(\.doubleValue),
            timingFunctions: functions, calculationMode: mode,
            tensionValues: tensionValues?.map(\.doubleValue), continuityValues: continuityValues?.map(\.doubleValue),
            biasValues: biasValues?.map(\.doubleValue))
        if let problem = validationProblem {
            CADiagnostics.report(layer: layer, keyPath: keyPath ?? "<nil>", problem)
        }
        return evaluator
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
