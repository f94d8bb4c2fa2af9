extension DrawListBuilder {
    /// An emitter layer's particles at its local time, placed through the
    /// node's matrix; nil for other layers and when none is visible. The
    /// field is a pure function of the time and the emitter's epochs
    /// (`ParticleField`), the last epoch taking the presented (animated) state.
    func particleFrame(of node: DrawNode, id: UInt64, localTime: CFTimeInterval) -> ParticleFrame? {
        guard let emitter = node.state.emitter else { return nil }
        let epochs = tree.emitterHistories[id]?.epochs(presenting: emitter)
            ?? [EmitterEpoch(start: -.infinity, state: emitter)]
        // With animations, particles of the current epoch take the state
        // the emitter had when they were born.
        var stateAt: ((Double) -> EmitterState)?
        if let committed = tree.nodes[id] {
            let animations = committed.animations.filter(\.affectsEmission)
            if !animations.isEmpty {
                stateAt = { time in
                    var state = committed.state
                    AnimationEvaluator.apply(animations, to: &state, layerTime: time)
                    return state.emitter ?? emitter
                }
            }
        }
        let particles = ParticleField.particles(epochs: epochs, at: localTime, stateAt: stateAt)
        guard !particles.isEmpty else { return nil }
        return ParticleFrame(particles, time: localTime, renderMode: emitter.renderMode, node: node)
    }
}

extension AnimationSnapshot {
    /// Whether the animation changes what an emitter emits (its emitter
    /// keys or a cell key path), so its particles must sample it at birth.
    var affectsEmission: Bool {
        if case .group(let children) = kind { return children.contains(where: \.affectsEmission) }
        guard let keyPath, let key = keyPath.split(separator: ".").first else { return false }
        return key == "emitterCells" || EmitterState.animatableKeys.contains(String(key))
    }
}
