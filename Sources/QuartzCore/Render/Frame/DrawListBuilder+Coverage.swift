/// Which target pixels a drawing may touch, worked out as the draw list is
/// built: damage is the coverage of what changed.
extension DrawListBuilder {
    /// The target pixels a layer's own drawing (background, contents,
    /// border, shadow) may touch.
    func ownCoverage(of node: DrawNode) -> PixelRect? {
        let state = node.state
        let hasContent = state.backgroundColor != nil || state.contents != nil || state.borderWidth > 0
            || !state.backgroundFilters.isEmpty || state.gradient?.colors.isEmpty == false
            || state.shape.map { $0.fills || $0.strokes } == true || state.tiled?.tiles.isEmpty == false
        let shapeBounds = state.masksToBounds ? CGRect.null : state.shape?.drawnBounds ?? .null
        guard hasContent || node.isGroup || state.shadowOpacity > 0 else { return nil }
        // A shape layer draws outside its bounds unless it masks to them.
        let box = node.homography.apply(shapeBounds.isNull ? state.bounds : state.bounds.union(shapeBounds))
        guard var rect = PixelRect(covering: box) else { return nil }
        if state.shadowOpacity > 0 {
            rect = rect.union(rect.insetBy(-ShadowRenderer.spread(of: node)))
        }
        return rect
    }

    /// The node's coverage once its sublayers are built: a group's is cut
    /// to its bounds when it masks to them and grown by how far its filters
    /// and shadow spread it; every node's is cut to its clip.
    func finalCoverage(_ coverage: PixelRect?, of node: DrawNode, state: LayerState, clip: PixelRect?) -> PixelRect? {
        var coverage = coverage
        if node.isGroup {
            if state.masksToBounds, let box = PixelRect(covering: node.homography.apply(state.bounds)) {
                coverage = coverage.flatMap { $0.intersection(box) }
            }
            let spread = ImageFilterRenderer.outset(of: state, memo: compositor.blurOutsets) + ShadowRenderer.spread(of: node)
            if spread > 0 { coverage = coverage?.insetBy(-spread) }
        }
        return coverage.flatMap { rect in clip.map { rect.intersection($0) } ?? rect }
    }
}
