/// A compiled animation's work at each frame.
extension CompiledAnimation {
    /// Applies the animation to `state` at its layer's local time
    /// `layerTime`, as `AnimationEvaluator.apply` applies the snapshot it was
    /// compiled from.
    func apply(to state: inout LayerState, layerTime: Double) {
        let sample = self.sample(at: layerTime)
        guard sample.isApplied else { return }
        let iteration = sample.iteration
        // Components only, not a `CompiledSample`: its optional colour
        // object cost a release call per animation.
        var value: SIMD4<Double>
        if let keyframes {
            // Unretained: this animation keeps its keyframes alive.
            let keyframe = keyframes._withUnsafeGuaranteedRef { $0.value(at: sample.progress, kind: kind) }
            let repeated = isCumulative && iteration > 0
            if let original = keyframe.original, !repeated, !isAdditive {
                // A keyframe colour shown unblended: the very object given, as the general path writes it.
                return target.write(original, to: &state)
            }
            value = keyframe.components
            if repeated {
                let step = keyframes._withUnsafeGuaranteedRef { $0.step }
                value = kind.adding(value, kind.scaled(step, by: Double(iteration)))
            }
        } else {
            guard let (from, to) = resolve(in: &state) else { return }
            value = kind.interpolate(from, to, sample.progress)
            if isCumulative, iteration > 0 {
                value = kind.adding(value, kind.scaled(kind.subtracting(to, from), by: Double(iteration)))
            }
        }
        // With no current value to add to (no colour), the value as it is,
        // as `AnimationEvaluator.set` does.
        if isAdditive, let base = target.read(from: &state) {
            value = kind.adding(base, value)
        }
        target.write(value, to: &state)
    }

    /// Where the animation is at `layerTime`: from the curve it shares
    /// with other animations, or worked out from its own timing.
    @inline(__always)
    private func sample(at layerTime: Double) -> TimingCurve.Sample {
        if sharing == .undecided { sharing = curve.users > 1 ? .shared : .alone }
        guard sharing == .shared else { return evaluateSample(at: layerTime) }
        // Unretained: this animation keeps its curve alive.
        return Unmanaged.passUnretained(curve)._withUnsafeGuaranteedRef { $0.sample(at: layerTime) }
    }

    /// The two values to interpolate between at this frame: the current
    /// value (with earlier animations applied) fills in what was not given,
    /// zero standing in where there is none (no colour), as in
    /// `AnimationEvaluator.applyBasic`. Nil when nothing was given and
    /// there is no current value: nothing is applied. `state` is only read;
    /// it is `inout` because passing the caller's `inout` state on as a
    /// plain argument copied all of it (a kilobyte) on every call.
    @inline(__always)
    private func resolve(in state: inout LayerState) -> (SIMD4<Double>, SIMD4<Double>)? {
        switch rangeKind {
        case .fixed:
            return (first, second)
        case .fromCurrent:
            return (first, target.read(from: &state) ?? kind.zero)
        case .currentTo:
            return (target.read(from: &state) ?? kind.zero, second)
        case .currentBy:
            let current = target.read(from: &state) ?? kind.zero
            return (current, kind.adding(current, first))
        case .current:
            guard let current = target.read(from: &state) else { return nil }
            return (current, current)
        }
    }
}
