/// The draw list of a frame for a tree no commit has changed since the
/// last frame, made from the last one: only the layers built afresh last
/// time (animated leaves under static layers: the kiosk's pulsing
/// selection) are built again, put in their places, and only their records
/// compared. Building the whole list (its static layers taken from
/// `StaticSubtreeCache` one by one, the layers above them made again from
/// their shells) and collecting and comparing every record cost half of
/// `prepare` in the kiosk at rest.
///
/// A reuse is recorded while a whole list is built (`DrawListBuilder`),
/// and only when every node of it is static, made from a shell, or such a
/// leaf under a node made from a shell (`Volatile`). It holds while the
/// tree is the same, with the same generation, and each leaf built again
/// is still a leaf that is shown; otherwise the whole list is built.
/// Render thread only, with its compositor.
final class DrawListReuse {
    /// A leaf built afresh at every frame, and where it goes.
    struct Volatile {
        /// The node made from a shell whose child it is.
        let parent: DrawNode
        /// Its index among the parent's children.
        let index: Int
        let id: UInt64
        let view: RenderTree.NodeView
        /// What the parent hands it (`parentTime` aside, which is worked out
        /// from the frame's time through `timings`).
        let inherited: DrawListBuilder.Inherited
        /// The timings of the layers above it, the root first.
        let timings: [MediaTiming]
    }

    /// Kept alive with the reuse, so that its identity is not a new tree's.
    private let tree: RenderTree
    private let generation: UInt64
    let root: DrawNode
    let volatiles: [Volatile]
    /// Layers the whole list counted (`Compositor.Frame.layerCount`).
    let layerCount: Int

    /// With a lone volatile leaf: the coverage of everything painted after
    /// it (its later siblings', and its ancestors' later siblings'), which
    /// the reuse keeps as it is; nil with more leaves, or when an ancestor
    /// does not paint the leaf straight into the target. `LeafBackdrop`
    /// needs to know that nothing is painted over the leaf.
    let coverageAboveLeaf: [PixelRect]?

    init(tree: RenderTree, root: DrawNode, volatiles: [Volatile], layerCount: Int) {
        self.tree = tree
        generation = tree.generation
        self.root = root
        self.volatiles = volatiles
        self.layerCount = layerCount
        coverageAboveLeaf = volatiles.count == 1 ? Self.coverageAbove(volatiles[0], in: root) : nil
    }

    /// What is painted after `leaf` and where, or nil when an ancestor draws
    /// it otherwise than straight into the target (nodes made from shells,
    /// which all its ancestors are, never do: checked all the same).
    private static func coverageAbove(_ leaf: Volatile, in root: DrawNode) -> [PixelRect]? {
        guard let path = path(from: root, to: leaf.parent) else { return nil }
        var above: [PixelRect] = []
        for (depth, ancestor) in path.enumerated() {
            guard !ancestor.isGroup, ancestor.rasterized == nil, ancestor.clipPolygon == nil, ancestor.transition == nil
            else { return nil }
            let next = depth + 1 < path.count ? ancestor.children.firstIndex { $0 === path[depth + 1] } : leaf.index
            guard let next else { return nil }
            above += ancestor.children[(next + 1)...].compactMap(\.subtreeCoverage)
        }
        return above
    }

    /// The nodes from `node` down to `target`, both included. Static
    /// subtrees are not searched: no volatile leaf's parent is in one.
    private static func path(from node: DrawNode, to target: DrawNode) -> [DrawNode]? {
        if node === target { return [node] }
        for child in node.children where !child.isStatic {
            if let below = path(from: child, to: target) { return [node] + below }
        }
        return nil
    }

    /// Whether the reuse stands for `tree` as it is now.
    func holds(for tree: RenderTree) -> Bool { self.tree === tree && tree.generation == generation }

    /// Each volatile leaf built again at `mediaTime`, or nil when one of them
    /// is no longer a shown leaf of the same kind (the whole list is then
    /// built). Nothing is changed here: `place` puts them in.
    func rebuild(with builder: inout DrawListBuilder, at mediaTime: CFTimeInterval) -> [DrawNode]? {
        var nodes: [DrawNode] = []
        nodes.reserveCapacity(volatiles.count)
        for volatile in volatiles {
            var inherited = volatile.inherited
            inherited.parentTime = MediaTiming.localTime(mediaTime, through: volatile.timings)
            // Animated: never kept, nor a shell, until the next commit.
            guard let node = builder.node(volatile.id, view: volatile.view, inherited: inherited, mayBeKept: false),
                  DrawListBuilder.isVolatileLeaf(node) else { return nil }
            nodes.append(node)
        }
        return nodes
    }

    /// Whether `node` lies where `placed` does and covers the same pixels:
    /// the same matrix and coverage (a glow whose radius grows stays put
    /// but not in its pixels).
    static func staysPut(_ node: DrawNode, placed: DrawNode) -> Bool {
        placed.matrix == node.matrix && placed.coverage == node.coverage
    }

    /// The node in the place of volatile leaf `index`: last frame's until
    /// `place` puts this frame's there.
    func placedLeaf(_ index: Int) -> DrawNode { volatiles[index].parent.children[volatiles[index].index] }

    /// Puts `nodes` (from `rebuild`) in their places in `root`'s list.
    func place(_ nodes: [DrawNode]) {
        for (volatile, node) in zip(volatiles, nodes) { volatile.parent.children[volatile.index] = node }
    }
}
