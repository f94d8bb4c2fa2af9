/// The fourth phase for a frame whose only change is one glowing leaf
/// (`LeafBackdrop`): the leaf composited over the pixels kept under it,
/// instead of those pixels painted again first.
extension Compositor {
    /// The target pixels a frame's lone changing leaf is drawn in over its
    /// backdrop, or nil when the frame is drawn as any other: the frame's
    /// damage must be just the leaf's coverage (it changed where it is, and
    /// nothing else did), nothing may be painted over it there, and the
    /// leaf must be a group with a lone bloom (whose one pass reads the
    /// backdrop; for anything else keeping it would save nothing).
    func backdropArea(of frame: Frame, leaf: ChangingLeaf) -> PixelRect? {
        let node = leaf.node
        guard drawsOverLeafBackdrops, layerCosts == nil, frame.damage.count == 1, node.isGroup, node.clipPolygon == nil,
              BloomCache.loneBloom(of: node.state) != nil,
              let area = frame.damage[0].intersection(targetRect), node.coverage?.intersection(targetRect) == area,
              node.clip.map({ $0.intersection(area) == area }) ?? true,
              let above = leaf.reuse.coverageAboveLeaf, !above.contains(where: { $0.intersection(area) != nil })
        else { return nil }
        return area
    }

    /// Draws `leaf` over what lies under it in `area`: kept from an earlier
    /// frame, or painted now (`root`'s list without the leaf) and kept
    /// when the leaf is still.
    func drawOverBackdrop(_ leaf: ChangingLeaf, root: DrawNode, area: PixelRect, into destination: PixmanImage,
                          target: RasterBuffer) {
        let node = leaf.node
        if leafBackdrop.holds(for: leaf.reuse, leaf: node.id, area: area) {
            // Drawn over the copy below.
        } else if !leaf.isStill {
            // Moving by less than a pixel (the end of a move): its area may
            // change next frame, and the backdrop kept now would go unused.
            return repaint(area, of: root, into: destination, target: target)
        } else {
            nodeLeftOut = node
            repaint(area, of: root, into: destination, target: target)
            nodeLeftOut = nil
            leafBackdrop.keep(area, of: target, for: leaf.reuse, leaf: node.id)
            // Not kept (the area is not all in the target): drawn over what is there.
            guard leafBackdrop.holds(for: leaf.reuse, leaf: node.id, area: area) else {
                return drawSubtree(node, into: destination, clip: area)
            }
            backdropsKept += 1
        }
        if GroupRenderer(compositor: self).drawOverBackdrop(node, into: destination, clip: area, backdrop: leafBackdrop) {
            framesDrawnOverBackdrop += 1
            return
        }
        // Not through the one pass (the group faded, or casting a shadow):
        // drawn as any group, over the backdrop put back.
        leafBackdrop.restore(area, into: target)
        drawSubtree(node, into: destination, clip: area)
    }
}
