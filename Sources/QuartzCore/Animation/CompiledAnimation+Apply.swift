/// A compiled animation's work at each frame.
extension CompiledAnimation {
    /// Applies the animation to `state` at its layer's local time
    /// `layerTime`, as `AnimationEvaluator.apply` applies the snapshot it was
    /// compiled from.
    func apply(to state: inout LayerState, layerTime: Double) {
        guard case .active(let iteration, let fraction) = timing.phase(at: layerTime) else { return }
        // Components only, not a `CompiledSample`: its optional colour
        // object cost a release call per animation (issue 7).
        var value: SIMD4<Double>
        switch source {
        case .basic(let range):
            guard let (from, to) = resolve(range, in: &state) else { return }
            value = kind.interpolate(from, to, curve?.evaluate(fraction) ?? fraction)
            if isCumulative, iteration > 0 {
                value = kind.adding(value, kind.scaled(kind.subtracting(to, from), by: Double(iteration)))
            }
        case .spring(let range, let solver, let duration):
            // A spring runs in real seconds; its own motion is the easing.
            guard let (from, to) = resolve(range, in: &state) else { return }
            value = kind.interpolate(from, to, solver.value(at: fraction * duration))
            if isCumulative, iteration > 0 {
                value = kind.adding(value, kind.scaled(kind.subtracting(to, from), by: Double(iteration)))
            }
        case .keyframes:
            guard let keyframes = keyframes.map(Unmanaged.passUnretained) else { return }
            // Unretained: this animation keeps its keyframes alive.
            let sample = keyframes._withUnsafeGuaranteedRef { $0.value(at: curve?.evaluate(fraction) ?? fraction, kind: kind) }
            let repeated = isCumulative && iteration > 0
            if let original = sample.original, !repeated, !isAdditive {
                // A keyframe colour shown unblended: the very object given, as the general path writes it.
                return target.write(original, to: &state)
            }
            value = sample.components
            if repeated {
                let step = keyframes._withUnsafeGuaranteedRef { $0.step }
                value = kind.adding(value, kind.scaled(step, by: Double(iteration)))
            }
        }
        if isAdditive {
            guard let base = target.read(from: &state) else { return }
            value = kind.adding(base, value)
        }
        target.write(value, to: &state)
    }

    /// The two values to interpolate between at this frame: the current
    /// value (with earlier animations applied) fills in what was not given,
    /// zero standing in where there is none (no colour), as in
    /// `AnimationEvaluator.applyBasic`. Nil when nothing was given and
    /// there is no current value: nothing is applied. `state` is only read;
    /// it is `inout` because passing the caller's `inout` state on as a
    /// plain argument copied all of it (a kilobyte) on every call.
    @inline(__always)
    private func resolve(_ range: Range, in state: inout LayerState) -> (SIMD4<Double>, SIMD4<Double>)? {
        switch range {
        case .fixed(let from, let to):
            return (from, to)
        case .fromCurrent(let from):
            return (from, target.read(from: &state) ?? kind.zero)
        case .currentTo(let to):
            return (target.read(from: &state) ?? kind.zero, to)
        case .currentBy(let by):
            let current = target.read(from: &state) ?? kind.zero
            return (current, kind.adding(current, by))
        case .current:
            guard let current = target.read(from: &state) else { return nil }
            return (current, current)
        }
    }
}
