/// Applies animations to a target at a time: the pure evaluation shared by
/// `presentation()` and the render server. No clock is read here.
enum AnimationEvaluator {
    /// Applies `animations` (in the order added) to `target` at its layer's
    /// local time `layerTime`.
    static func apply<Target: AnimationTarget>(_ animations: [AnimationSnapshot], to target: inout Target,
                                               layerTime: CFTimeInterval) {
        // By index: the element is passed borrowed rather than copied out.
        for index in animations.indices {
            apply(animations[index], to: &target, parentTime: layerTime, fillsForwards: false)
        }
    }

    /// Applies one animation whose parent time is `parentTime` (the layer's
    /// time, or a group's). `fillsForwards` extends a group's forward fill
    /// to its children.
    static func apply<Target: AnimationTarget>(_ animation: AnimationSnapshot, to target: inout Target,
                                               parentTime: CFTimeInterval, fillsForwards: Bool) {
        var timing = animation.timing
        if fillsForwards {
            timing.fillMode = timing.fillMode.fillsBackwards ? .both : .forwards
        }
        guard case .active(let iteration, let fraction) = timing.phase(atParentTime: parentTime) else { return }
        let eased = animation.timingFunction?.evaluate(fraction) ?? fraction
        switch animation.kind {
        case .group(let children):
            // A group is a node of the timing hierarchy: its children run in
            // its local time, after its begin time, speed, offset, repeats,
            // autoreverse and its timing function (Core Animation Cookbook,
            // "Timing": the group's timing function and duration take
            // precedence over a keyframe animation's own).
            let groupTime = eased * timing.basicDuration()
            let filling = parentTime >= timing.endTime() && timing.fillMode.fillsForwards
            for child in children {
                apply(child, to: &target, parentTime: groupTime, fillsForwards: filling)
            }
        case .spring(let from, let to, let by, let solver):
            // A spring runs in real seconds; its own motion is the easing.
            let progress = solver.value(at: fraction * timing.basicDuration())
            applyBasic(animation, from: from, to: to, by: by, to: &target, iteration: iteration, progress: progress)
        case .basic(let from, let to, let by):
            applyBasic(animation, from: from, to: to, by: by, to: &target, iteration: iteration, progress: eased)
        case .keyframes(let evaluator):
            guard let evaluator else { return }
            var value = evaluator.value(at: eased)
            if animation.isCumulative, iteration > 0, let first = evaluator.values.first,
               let last = evaluator.values.last, let step = last.subtracting(first),
               let sum = value.adding(step.scaled(by: Double(iteration))) {
                value = sum
            }
            set(value, of: animation, on: &target)
        case .path(let points, let elementEnds, let paced, let rotationMode, let elementTiming):
            applyPath(animation, points: points, elementEnds: elementEnds, paced: paced, rotationMode: rotationMode,
                      elementTiming: elementTiming,
                      to: &target, iteration: iteration, progress: eased)
        case .transition, .inert:
            break
        }
    }

    private static func applyBasic<Target: AnimationTarget>(
        _ animation: AnimationSnapshot, from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?,
        to target: inout Target, iteration: Int, progress: Double
    ) {
        guard let path = animation.path else { return }
        let range: (from: AnimatableValue, to: AnimatableValue)
        if let from, let to {
            // Apple's table with both ends given, as resolveBasic answers it,
            // without reading the current value (a key path lookup, for a
            // transform field a matrix decomposition) and without resolveBasic's
            // optional tuple, copied through generic value witnesses: the
            // render server does this for every running animation every frame.
            guard from.hasSameShape(as: to) else { return }
            range = (from, to)
        } else {
            // With a value function or an additive animation there is no current
            // value to start from; the zero of the value's kind stands in.
            let current = animation.valueFunction == nil && !animation.isAdditive ? target.animatableValue(at: path) : nil
            let base = current ?? (from ?? to ?? by).map(AnimatableValue.zero(like:))
            guard let base, let resolved = AnimatableValue.resolveBasic(from: from, to: to, by: by, current: base)
            else { return }
            range = resolved
        }
        guard var value = AnimatableValue.interpolate(range.from, range.to, fraction: progress) else { return }
        if animation.isCumulative, iteration > 0, let step = range.to.subtracting(range.from),
           let sum = value.adding(step.scaled(by: Double(iteration))) {
            value = sum
        }
        set(value, of: animation, on: &target)
    }

    private static func applyPath<Target: AnimationTarget>(
        _ animation: AnimationSnapshot, points: [CGPoint], elementEnds: [Int], paced: Bool,
        rotationMode: CAAnimationRotationMode?, elementTiming: KeyframeEvaluator?, to target: inout Target,
        iteration: Int, progress: Double
    ) {
        // Keyframe timing counts in elements; the polyline walk takes a
        // fraction in which every element has an equal share.
        var progress = progress
        if let elementTiming, case .number(let position) = elementTiming.value(at: progress), !elementEnds.isEmpty {
            progress = min(max(position / Double(elementEnds.count), 0), 1)
        }
        guard points.count > 1 else {
            if let point = points.first { set(.point(point), of: animation, on: &target) }
            return
        }
        let location = KeyframeEvaluator.evaluateAlongPolyline(
            points: points, cumulativeLengths: KeyframeEvaluator.cumulativeLengths(of: points),
            fraction: progress, paced: paced, keyframeIndices: elementEnds)
        var point = location.point
        if animation.isCumulative, iteration > 0, let first = points.first, let last = points.last {
            point.x += CGFloat(iteration) * (last.x - first.x)
            point.y += CGFloat(iteration) * (last.y - first.y)
        }
        set(.point(point), of: animation, on: &target)
        if let rotationMode, case .transform(let transform)? = target.animatableValue(at: .transform) {
            let angle = KeyframeEvaluator.autoRotationAngle(tangentAngle: location.tangentAngle,
                                                           reversed: rotationMode == .rotateAutoReverse)
            let rotation = CATransform3DMakeRotation(CGFloat(angle), 0, 0, 1)
            target.setAnimatedValue(.transform(CATransform3DConcat(rotation, transform)), at: .transform)
        }
    }

    /// Sets an animated value: through the value function, added to the
    /// current value for additive animations.
    private static func set<Target: AnimationTarget>(_ animated: AnimatableValue, of animation: AnimationSnapshot,
                                                     on target: inout Target) {
        guard let path = animation.path else { return }
        var value = animated
        if let function = animation.valueFunction {
            guard let transform = function.transform(for: value) else { return }
            value = .transform(transform)
        }
        // Values with no addition (a path of another structure, or no current
        // value to add to) take the animated value as it is: Apple never
        // drops an additive animation, it shows what it can.
        if animation.isAdditive, let base = target.animatableValue(at: path), let sum = base.adding(value) {
            value = sum
        }
        target.setAnimatedValue(value, at: path)
    }
}
