/// Draw nodes of subtrees that nothing changes until the next commit, kept
/// from the frame that built them so later frames take them as they are
/// (issue 7, target 1: the kiosk rebuilt its five text items, which never
/// change, every frame the selection pulsed).
///
/// A subtree is static when none of its layers has an animation (running,
/// waiting or filling), nor anything else that changes with time: a
/// particle emitter, a transition, tiles fading in, a replicator, a
/// rasterization cache, a mask or a 3D context (these keep their usual
/// per-frame path). Its draw nodes then depend only on the committed tree
/// and on what its superlayer hands it: the matrix, opacity and clip. The
/// kept nodes are dropped whenever the tree changes (any commit), and a
/// node is taken only for the same inputs, compared exactly.
///
/// Render thread only, with its compositor.
struct StaticSubtreeCache {
    struct Entry {
        /// Nil for a hidden layer.
        let node: DrawNode?
        /// Layers the subtree counted (`Frame.layerCount`).
        let layerCount: Int
        let parentMatrix: CATransform3D
        let parentOpacity: Float
        let clip: PixelRect?
    }

    private var entries: [UInt64: Entry] = [:]
    private var tree: ObjectIdentifier?
    private var generation: UInt64 = 0

    /// Forgets every kept subtree unless `tree` is the one they were built
    /// from, unchanged since.
    mutating func begin(_ tree: RenderTree) {
        let identity = ObjectIdentifier(tree)
        guard identity != self.tree || tree.generation != generation else { return }
        if !entries.isEmpty { entries.removeAll(keepingCapacity: true) }
        self.tree = identity
        generation = tree.generation
    }

    mutating func removeAll() {
        entries.removeAll()
        tree = nil
    }

    /// The subtree kept for `id`, if it was built with the same inputs.
    func entry(for id: UInt64, parentMatrix: CATransform3D, parentOpacity: Float, clip: PixelRect?) -> Entry? {
        guard let entry = entries[id], entry.parentOpacity == parentOpacity, entry.clip == clip,
              entry.parentMatrix == parentMatrix
        else { return nil }
        return entry
    }

    mutating func keep(_ entry: Entry, for id: UInt64) { entries[id] = entry }

    /// Subtrees kept (for tests).
    var count: Int { entries.count }

    /// Whether a layer, apart from its sublayers, can be part of a static
    /// subtree: see the type's description.
    static func isStatic(_ node: RenderTree.Node, state: LayerState) -> Bool {
        node.animations.isEmpty && node.mask == nil && state.replicator == nil && state.emitter == nil
            && state.tiled == nil && !state.shouldRasterize && !state.preserves3D
    }
}
