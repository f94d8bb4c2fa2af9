/// `CATransition` on the render side: when a commit adds a transition to a
/// layer, the layer's old appearance is captured before the commit applies
/// (`TransitionSnapshots.capture`); while the transition runs, the layer is
/// drawn as a group and combined with that snapshot by type, subtype and
/// progress (`TransitionRenderer`).
final class TransitionSnapshots {
    struct Snapshot {
        let animationID: UInt64
        let content: LayerContent
    }

    private(set) var byLayer: [UInt64: Snapshot] = [:]

    /// Captures the old appearance of every layer `commit` adds a new
    /// transition to. Call before applying the commit to `tree`.
    func capture(before commit: RenderCommit, in tree: RenderTree) {
        for update in commit.updates {
            guard let old = tree.nodes[update.id] else { continue }
            let existing = Set(old.animations.map(\.id))
            guard let transition = update.animations.last(where: {
                if case .transition = $0.kind { return !existing.contains($0.id) }
                return false
            }) else { continue }
            if let content = render(update.id, in: tree, mediaTime: commit.mediaTime) {
                byLayer[update.id] = Snapshot(animationID: transition.id, content: content)
            }
        }
    }

    /// Forgets snapshots whose transition is no longer running.
    func retain(active: Set<UInt64>) {
        byLayer = byLayer.filter { active.contains($0.value.animationID) }
    }

    private func render(_ id: UInt64, in tree: RenderTree, mediaTime: CFTimeInterval) -> LayerContent? {
        SubtreeRenderer.render(id, in: tree, mediaTime: mediaTime, scale: 1)
    }
}
