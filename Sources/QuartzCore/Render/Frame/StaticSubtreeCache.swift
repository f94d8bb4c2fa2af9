/// Draw nodes of subtrees that nothing changes until the next commit, kept
/// from the frame that built them so later frames take them as they are
/// (the kiosk menu rebuilt its five text items, which never change, every
/// frame the selection pulsed).
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
    /// Classes, so that taking one each frame retains one reference
    /// instead of copying every field and retaining each of theirs.
    final class Entry {
        /// Nil for a hidden layer.
        let node: DrawNode?
        /// Layers the subtree counted (`Frame.layerCount`).
        let layerCount: Int
        let parentMatrix: CATransform3D
        let parentOpacity: Float
        let clip: PixelRect?

        init(node: DrawNode?, layerCount: Int, parentMatrix: CATransform3D, parentOpacity: Float, clip: PixelRect?) {
            self.node = node
            self.layerCount = layerCount
            self.parentMatrix = parentMatrix
            self.parentOpacity = parentOpacity
            self.clip = clip
        }
    }

    /// A layer that is static itself while something under it changes (the
    /// kiosk's root, above the pulsing selection): what building it worked
    /// out, so that later frames make its draw node from this one and build
    /// only its sublayers again.
    final class Shell {
        /// The node as first built (its children are that frame's).
        let node: DrawNode
        /// Its record then: taken again while its sublayers' ids are the same.
        let record: DrawRecord
        let parentMatrix: CATransform3D
        let parentOpacity: Float
        let clip: PixelRect?
        /// What its sublayers are built with.
        let childMatrix: CATransform3D
        let childContext: CATransform3D
        let childClip: PixelRect?
        /// Its sublayers in drawing order (by `zPosition`, then as added).
        let sublayers: [UInt64]

        init(node: DrawNode, record: DrawRecord, parentMatrix: CATransform3D, parentOpacity: Float, clip: PixelRect?,
             childMatrix: CATransform3D, childContext: CATransform3D, childClip: PixelRect?, sublayers: [UInt64]) {
            self.node = node
            self.record = record
            self.parentMatrix = parentMatrix
            self.parentOpacity = parentOpacity
            self.clip = clip
            self.childMatrix = childMatrix
            self.childContext = childContext
            self.childClip = childClip
            self.sublayers = sublayers
        }
    }

    private var entries: [UInt64: Entry] = [:]
    private var shells: [UInt64: Shell] = [:]
    /// Draw nodes made from a shell (tests).
    private(set) var shellsTaken = 0
    private var tree: ObjectIdentifier?
    private var generation: UInt64 = 0

    /// Forgets every kept subtree unless `tree` is the one they were built
    /// from, unchanged since.
    mutating func begin(_ tree: RenderTree) {
        let identity = ObjectIdentifier(tree)
        guard identity != self.tree || tree.generation != generation else { return }
        if !entries.isEmpty { entries.removeAll(keepingCapacity: true) }
        if !shells.isEmpty { shells.removeAll(keepingCapacity: true) }
        self.tree = identity
        generation = tree.generation
    }

    mutating func removeAll() {
        entries.removeAll()
        shells.removeAll()
        tree = nil
    }

    /// The shell kept for `id`, if it was built with the same inputs;
    /// counted as taken.
    mutating func shell(for id: UInt64, parentMatrix: CATransform3D, parentOpacity: Float, clip: PixelRect?) -> Shell? {
        guard let shell = shells[id], shell.parentOpacity == parentOpacity, shell.clip == clip,
              shell.parentMatrix == parentMatrix
        else { return nil }
        shellsTaken += 1
        return shell
    }

    mutating func keepShell(_ shell: Shell, for id: UInt64) { shells[id] = shell }

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
    static func isStatic(_ node: RenderTree.NodeView, state: LayerState) -> Bool {
        !node.hasAnimations && node.mask == nil && state.replicator == nil && state.emitter == nil
            && state.tiled == nil && !state.shouldRasterize && !state.preserves3D
    }
}
