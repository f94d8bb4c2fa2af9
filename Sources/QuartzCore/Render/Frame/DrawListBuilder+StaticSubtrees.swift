/// Subtrees nothing changes until the next commit (`StaticSubtreeCache`):
/// taken as an earlier frame built them, or, for a layer static itself
/// above sublayers that change, made from its shell.
extension DrawListBuilder {
    /// What the cache gave for a layer.
    struct Kept {
        /// The subtree's node (nil: the layer is hidden).
        let node: DrawNode?
    }

    /// The subtree of `id` as kept for these inputs, if it was; a shell's
    /// layer is built from the shell, with its sublayers built again.
    mutating func takeKept(_ id: UInt64, node: RenderTree.NodeView, inherited: Inherited) -> Kept? {
        if let kept = compositor.staticSubtrees.entry(for: id, parentMatrix: inherited.matrix,
                                                      parentOpacity: inherited.opacity, clip: inherited.clip) {
            layerCount += kept.layerCount
            return Kept(node: kept.node)
        }
        if let shell = compositor.staticSubtrees.shell(for: id, parentMatrix: inherited.matrix,
                                                       parentOpacity: inherited.opacity, clip: inherited.clip) {
            return Kept(node: self.node(from: shell, of: node, parentTime: inherited.parentTime))
        }
        return nil
    }

    /// Keeps a hidden layer (with no animation that could show it) as a
    /// subtree of one layer and no node.
    mutating func keepHidden(_ id: UInt64, inherited: Inherited) {
        compositor.staticSubtrees.keep(.init(node: nil, layerCount: 1, parentMatrix: inherited.matrix,
                                             parentOpacity: inherited.opacity, clip: inherited.clip), for: id)
    }

    /// Keeps `drawNode`'s subtree when nothing in it changes until the next
    /// commit; otherwise, when the layer alone is static (not a group,
    /// nothing of its own changing with time), keeps its shell.
    mutating func keepIfStatic(_ drawNode: DrawNode, id: UInt64, node: RenderTree.NodeView, isStatic: Bool,
                               inherited: Inherited, sublayers: Sublayers?,
                               ordered: [(UInt64, RenderTree.NodeView)], layersBuilt: Int) {
        if isStatic, drawNode.transition == nil, drawNode.particles == nil {
            drawNode.isStatic = true
            compositor.staticSubtrees.keep(.init(node: drawNode, layerCount: layersBuilt, parentMatrix: inherited.matrix,
                                                 parentOpacity: inherited.opacity, clip: inherited.clip), for: id)
        } else if let sublayers, inherited.mayKeep, !drawNode.isGroup, StaticSubtreeCache.isStatic(node, state: drawNode.state),
                  drawNode.transition == nil, drawNode.particles == nil, drawNode.tileFadeTime == nil {
            let record = drawNode.record
            drawNode.adopt(record)
            compositor.staticSubtrees.keepShell(.init(node: drawNode, record: record, parentMatrix: inherited.matrix,
                                                      parentOpacity: inherited.opacity, clip: inherited.clip,
                                                      childMatrix: sublayers.matrix, childContext: sublayers.context,
                                                      childClip: sublayers.clip, sublayers: ordered.map(\.0)),
                                            for: id)
        }
    }

    /// A layer static itself, above sublayers that change (`StaticSubtreeCache.Shell`):
    /// its draw node made from the shell's, its sublayers built again.
    private mutating func node(from shell: StaticSubtreeCache.Shell, of node: RenderTree.NodeView,
                               parentTime: CFTimeInterval) -> DrawNode {
        layerCount += 1
        let localTime = node.localTime(fromParent: parentTime)
        let drawNode = DrawNode(sameAs: shell.node)
        drawNode.madeFromShell = true
        drawNode.children.reserveCapacity(shell.sublayers.count)
        timings.append(node.timing)
        defer { timings.removeLast() }
        for childID in shell.sublayers {
            let inherited = Inherited(parentTime: localTime, matrix: shell.childMatrix, opacity: drawNode.opacity,
                                      clip: shell.childClip, context: shell.childContext)
            guard let view = tree.view(of: childID) else { continue }
            let child = self.node(childID, view: view, inherited: inherited)
            noteChild(child, view: view, id: childID, of: drawNode, at: drawNode.children.count, inherited: inherited)
            guard let child else { continue }
            drawNode.children.append(child)
        }
        if drawNode.children.elementsEqual(shell.node.children, by: { $0.id == $1.id }) { drawNode.adopt(shell.record) }
        return drawNode
    }
}
