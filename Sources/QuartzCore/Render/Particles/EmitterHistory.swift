/// The epochs of one emitter on the render server: a new one begins at
/// each commit that changes what the emitter emits, so particles already
/// born keep their parameters (and their places) when, say, the birth rate
/// or the emitter's position changes. The first epoch reaches back to the
/// layer's time 0, where Apple's simulation starts.
struct EmitterHistory: Sendable, Equatable {
    /// At most this many epochs are kept (the oldest are dropped): an app
    /// that changes its emitter in every commit still costs a bounded list.
    static let maximumEpochs = 256

    private(set) var epochs: [EmitterEpoch] = []

    /// Records the emitter's committed state at layer time `time` (NaN
    /// when unknown: the change then counts from the last epoch's start).
    mutating func record(_ state: EmitterState, at time: Double) {
        guard let last = epochs.last else {
            epochs = [EmitterEpoch(start: -.infinity, state: state)]
            return
        }
        guard last.state != state else { return }
        let start = time.isFinite ? max(time, last.start) : last.start
        if start == last.start {
            epochs[epochs.count - 1].state = state
        } else {
            epochs.append(EmitterEpoch(start: start, state: state))
        }
        prune(at: start)
    }

    /// Drops epochs none of whose particles (or sub-particles) can still be alive.
    private mutating func prune(at time: Double) {
        var kept: [EmitterEpoch] = []
        for (index, epoch) in epochs.enumerated() {
            let end = index + 1 < epochs.count ? epochs[index + 1].start : .infinity
            if end + epoch.state.span >= time { kept.append(epoch) }
        }
        if kept.count > Self.maximumEpochs { kept.removeFirst(kept.count - Self.maximumEpochs) }
        epochs = kept
    }

    /// The epochs with the last one's state replaced by `presented` (the
    /// committed state with the layer's animations applied this frame).
    func epochs(presenting presented: EmitterState) -> [EmitterEpoch] {
        guard !epochs.isEmpty else { return [EmitterEpoch(start: -.infinity, state: presented)] }
        var result = epochs
        result[result.count - 1].state = presented
        return result
    }

    /// True when particles may be alive at layer time `time`: the current
    /// epoch emits, or an earlier one's particles have not all died yet.
    func mayHaveParticles(at time: Double) -> Bool {
        for (index, epoch) in epochs.enumerated() {
            let end = index + 1 < epochs.count ? epochs[index + 1].start : .infinity
            if epoch.state.emits, end == .infinity || end + epoch.state.span > time {
                return true
            }
        }
        return false
    }
}

extension RenderTree {
    /// The local time of layer `id` at media time `mediaTime`, through its
    /// ancestors' timing; nil when it is not in the tree.
    func localTime(of id: UInt64, at mediaTime: CFTimeInterval) -> CFTimeInterval? {
        guard let rootID else { return nil }
        var stack: [(UInt64, CFTimeInterval)] = [(rootID, mediaTime)]
        var visited: Set<UInt64> = []
        while let (current, parentTime) = stack.popLast() {
            guard visited.insert(current).inserted, let node = nodes[current] else { continue }
            let local = node.state.timing.localTime(fromParent: parentTime)
            if current == id { return local }
            for child in node.sublayers { stack.append((child, local)) }
            if let mask = node.mask { stack.append((mask, local)) }
        }
        return nil
    }
}

/// What an emitter emitted during one stretch of its time: the state a
/// commit gave it, from `start` (layer local time) until the next epoch's
/// start. Particles keep the parameters of the epoch they were born in.
struct EmitterEpoch: Sendable, Equatable {
    var start: Double
    var state: EmitterState
}
