import Synchronization

/// The state a layer's last commit sent, and the keys set on the layer
/// since: the next commit brings only those fields up to date instead of
/// reading every property again through key-value coding. A full
/// `LayerState(layer:)` reads some forty properties, each a dictionary miss,
/// a `style` lookup, the class's `defaultValue(forKey:)` and a conversion:
/// about 26 µs a layer on the development machine, most of a commit
/// (`render-benchmark commits`).
///
/// Kept for `CALayer` and the Lamina subclasses that have no state of
/// their own (text, scroll and transform layers). A whole read goes through
/// the layer's getters, so an app's subclass that overrides one, or
/// `defaultValue(forKey:)`, may answer differently with no key set: its
/// layers are read whole at every commit, as they always were.
///
/// A class, so that a layer that never commits pays one reference for it.
/// App thread only, like the layer that keeps it.
package final class CommittedLayerState {
    /// Set: every commit builds each changed layer's state whole, as before
    /// this existed (`render-benchmark commits` measures both in one run).
    package static let buildsWholeStates = Atomic<Bool>(false)

    /// The classes whose layers keep their committed state (above).
    static let classesUpdatedByKey: Set<ObjectIdentifier> = [
        ObjectIdentifier(CALayer.self), ObjectIdentifier(CATextLayer.self),
        ObjectIdentifier(CAScrollLayer.self), ObjectIdentifier(CATransformLayer.self),
    ]

    /// More keys set than this between two commits (a layer out of every
    /// hosted tree, set again and again): the state is read whole next time
    /// rather than the list kept growing.
    static let mostKeysKept = 64

    /// The model state as of the last commit.
    var state: LayerState
    /// Keys set since, in order, repeats included (a few a commit).
    var keysSet: [String] = []

    init(_ state: LayerState) { self.state = state }

    /// The state now: `state` with the fields of `keysSet` read again from
    /// `layer`, or nil when one of them is not a field this can update
    /// alone, or when `state` holds what a set key does not track (filter
    /// objects and paths that can change in place): the caller then builds
    /// the whole state.
    func updated(from layer: CALayer) -> LayerState? {
        guard state.isUpdatableByKey, !Self.buildsWholeStates.load(ordering: .relaxed) else { return nil }
        var updated = state
        for key in keysSet {
            guard updated.update(forKey: key, from: layer) else { return nil }
        }
        return updated
    }
}

extension CALayer {
    /// This layer's model state for a commit: the last commit's, brought
    /// up to date for the keys set since, or built whole the first time and
    /// whenever that is not enough. Keeps what it returns for the next one,
    /// for the classes `CommittedLayerState` is kept for.
    func stateForCommit() -> LayerState {
        guard CommittedLayerState.classesUpdatedByKey.contains(ObjectIdentifier(type(of: self))) else {
            return LayerState(layer: self)
        }
        let state = committedState?.updated(from: self) ?? LayerState(layer: self)
        if let committedState {
            committedState.state = state
            committedState.keysSet.removeAll(keepingCapacity: true)
        } else {
            committedState = CommittedLayerState(state)
        }
        return state
    }

    /// Notes that `key` was set, for the next commit's state.
    func noteKeySetForCommit(_ key: String) {
        guard let committedState else { return }
        guard committedState.keysSet.count < CommittedLayerState.mostKeysKept else { return forgetCommittedState() }
        committedState.keysSet.append(key)
        // The next commit reads the contents again: let the old image go now
        // (a layer out of the tree may not commit for a long time).
        if key == "contents" { committedState.state.contents = nil }
    }

    /// Makes the next commit build this layer's state whole: something
    /// changed that a key set does not say (a filter changed in place).
    func forgetCommittedState() {
        committedState = nil
    }
}

extension LayerState {
    /// Whether keys set on the layer say everything that can change in this
    /// state. Not when it holds filters or a shadow path: objects a key path
    /// or their owner may change in place. (Layers with state of their own,
    /// shape, gradient, replicator, emitter and tiled, never keep theirs:
    /// `CommittedLayerState.classesUpdatedByKey`.)
    var isUpdatableByKey: Bool {
        filters.isEmpty && backgroundFilters.isEmpty && compositingFilter == nil && shadowPath == nil
    }
}
