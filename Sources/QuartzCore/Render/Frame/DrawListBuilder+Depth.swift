/// 3D rendering contexts in the draw list. A transform layer (or a
/// replicator preserving depth) hands its sublayers its matrix unflattened;
/// they are placed in its context's space and, once built, ordered back to
/// front among themselves (`DepthSort`), the nodes of nested 3D layers
/// lifted into the outermost context's list; that context's root cuts the
/// layers that intersect into pieces (`DepthSplit`).
extension DrawListBuilder {
    /// Records where `drawNode`'s layer sits in its superlayer's 3D context.
    func placeInContext(_ drawNode: DrawNode, inherited: Inherited) {
        let toContext = CATransform3DConcat(drawNode.state.toSuperlayer, inherited.context)
        drawNode.depthPlacement = DepthPlacement(bounds: drawNode.state.bounds, toContext: toContext)
    }

    /// Orders the sublayers of a layer that keeps depth back to front; the
    /// context's root (not itself in a context) also splits intersecting ones.
    func orderInContext(_ drawNode: DrawNode, isContextRoot: Bool) {
        drawNode.children = DepthSort.backToFront(DepthSort.spliced(drawNode.children))
        if isContextRoot { drawNode.children = DepthSplit.split(drawNode.children) }
    }
}
