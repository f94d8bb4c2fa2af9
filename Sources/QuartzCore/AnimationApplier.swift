/// Applies animations to a presentation layer at a layer time: the pure
/// evaluation `presentation()` uses, and that the render server will use on
/// its own tree. No clock is read here; the time is an argument.
enum AnimationApplier {
    /// Applies `entries` (committed, in the order added) to `layer` at its
    /// local time `layerTime`.
    static func apply(_ entries: [AnimationEntry], to layer: CALayer, layerTime: CFTimeInterval) {
        for entry in entries where entry.isCommitted {
            apply(entry.animation, to: layer, parentTime: layerTime, fillsForwards: false)
        }
    }

    /// Applies one animation whose parent time is `parentTime` (the layer's
    /// time, or a group's). `fillsForwards` extends a group's forward fill
    /// to its children.
    static func apply(_ animation: CAAnimation, to layer: CALayer, parentTime: CFTimeInterval, fillsForwards: Bool) {
        var timing = MediaTiming(animation)
        if fillsForwards {
            timing.fillMode = timing.fillMode.fillsBackwards ? .both : .forwards
        }
        guard case .active(let iteration, let fraction) = timing.phase(atParentTime: parentTime) else { return }
        switch animation {
        case let group as CAAnimationGroup:
            let groupTime = fraction * timing.basicDuration()
            let filling = parentTime >= timing.endTime() && timing.fillMode.fillsForwards
            for child in group.animations ?? [] {
                apply(child, to: layer, parentTime: groupTime, fillsForwards: filling)
            }
        case let spring as CASpringAnimation:
            let time = fraction * timing.basicDuration()
            applyProperty(spring, to: layer, iteration: iteration, progress: spring.solver.value(at: time))
        case let property as CAPropertyAnimation:
            let progress = animation.timingFunction?.evaluate(fraction) ?? fraction
            applyProperty(property, to: layer, iteration: iteration, progress: progress)
        default:
            break  // CATransition: drawn by the render server, changes no property.
        }
    }

    /// Sets the animated value of a property animation's key path.
    static func applyProperty(_ animation: CAPropertyAnimation, to layer: CALayer, iteration: Int, progress: Double) {
        guard let keyPath = animation.keyPath else { return }
        let currentValue = layer.value(forKeyPath: keyPath)
        let usesValueFunction = animation.valueFunction != nil
        let current = usesValueFunction ? nil : AnimatableValue(currentValue)
        guard var value = animatedValue(animation, current: current, iteration: iteration, progress: progress, layer: layer)
        else { return }
        if let function = animation.valueFunction {
            guard let transform = function.transform(for: value) else { return }
            value = .transform(transform)
        }
        if animation.isAdditive {
            let base = usesValueFunction ? AnimatableValue(currentValue) : current
            guard let base, let sum = base.adding(value) else { return }
            value = sum
        }
        layer.setValue(value.boxed(like: currentValue), forKeyPath: keyPath)
    }

    /// The value an animation gives at `progress` in repetition `iteration`.
    /// For additive animations this is the amount added.
    static func animatedValue(_ animation: CAPropertyAnimation, current: AnimatableValue?, iteration: Int,
                              progress: Double, layer: CALayer) -> AnimatableValue? {
        switch animation {
        case let basic as CABasicAnimation:
            return basicValue(basic, current: current, iteration: iteration, progress: progress, layer: layer)
        case let keyframe as CAKeyframeAnimation:
            return keyframeValue(keyframe, iteration: iteration, progress: progress, layer: layer)
        default:
            return nil
        }
    }

    static func basicValue(_ animation: CABasicAnimation, current: AnimatableValue?, iteration: Int,
                           progress: Double, layer: CALayer) -> AnimatableValue? {
        let from = AnimatableValue(animation.fromValue)
        let to = AnimatableValue(animation.toValue)
        let by = AnimatableValue(animation.byValue)
        // With a value function or an additive animation there is no current
        // value to start from; the identity of the value's kind stands in.
        let base = current ?? (from ?? to ?? by).map(AnimatableValue.zero(like:))
        guard let base, let range = AnimatableValue.resolveBasic(from: from, to: to, by: by, current: base) else {
            CADiagnostics.report(layer: layer, keyPath: animation.keyPath ?? "<nil>",
                                 "fromValue, toValue and byValue do not fit the property; not animated")
            return nil
        }
        guard var value = AnimatableValue.interpolate(range.from, range.to, fraction: progress) else {
            CADiagnostics.report(layer: layer, keyPath: animation.keyPath ?? "<nil>",
                                 "fromValue and toValue are of different kinds; not animated")
            return nil
        }
        if animation.isCumulative, iteration > 0, let step = range.to.subtracting(range.from),
           let sum = value.adding(step.scaled(by: Double(iteration))) {
            value = sum
        }
        return value
    }
}
