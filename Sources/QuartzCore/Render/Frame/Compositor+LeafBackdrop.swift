/// The fourth phase for a frame whose only change is one glowing leaf
/// (`LeafBackdrop`): the leaf composited over the pixels kept under it,
/// instead of those pixels painted again first.
extension Compositor {
    /// The target pixels a frame's lone changing leaf is drawn in over its
    /// backdrop, or nil when the frame is drawn as any other: the frame's
    /// damage must be one rectangle (only the leaf changed, so it is where
    /// the leaf was and is), nothing may be painted over the leaf there,
    /// and the leaf must be a group with a lone bloom (whose one pass reads
    /// the backdrop; for anything else keeping it would save nothing).
    func backdropArea(of frame: Frame, leaf: ChangingLeaf) -> PixelRect? {
        let node = leaf.node
        guard drawsOverLeafBackdrops, layerCosts == nil, frame.damage.count == 1, node.isGroup, node.clipPolygon == nil,
              BloomCache.loneBloom(of: node.state) != nil,
              let area = frame.damage[0].intersection(targetRect),
              node.clip.map({ $0.intersection(area) == area }) ?? true,
              let above = leaf.reuse.coverageAboveLeaf, !above.contains(where: { $0.intersection(area) != nil })
        else { return nil }
        return area
    }

    /// Draws `leaf` over what lies under it in `area`: kept from an earlier
    /// frame, or painted now (`root`'s list without the leaf) and kept,
    /// reaching ahead of a moving leaf.
    func drawOverBackdrop(_ leaf: ChangingLeaf, root: DrawNode, area: PixelRect, into destination: PixmanImage,
                          target: RasterBuffer) {
        let node = leaf.node
        leafBackdrop.noteLeaf(isStill: leaf.isStill)
        if leafBackdrop.holds(for: leaf.reuse, leaf: node.id, area: area) {
            leafBackdrop.noteDrawnOver()
        } else if let kept = areaToKeep(under: leaf, damage: area) {
            // Painted without the leaf: outside the damage, as it is already
            // (the leaf was and is inside it, and nothing else changed).
            nodeLeftOut = node
            repaint(kept, of: root, into: destination, target: target)
            nodeLeftOut = nil
            leafBackdrop.keep(kept, of: target, for: leaf.reuse, leaf: node.id)
            // Not kept (the area is not all in the target): drawn over what is there.
            guard leafBackdrop.holds(for: leaf.reuse, leaf: node.id, area: area) else {
                return drawSubtree(node, into: destination, clip: area)
            }
            backdropsKept += 1
        } else {
            return repaint(area, of: root, into: destination, target: target)
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

    /// The pixels to keep under `leaf`, whose frame damaged `damage`: just
    /// those at rest; reaching ahead of it when it moves. None (nil) when
    /// it left its last copy too soon and has not been at rest since (a
    /// glow growing by a pixel every other frame would keep one at each
    /// frame it stays), or its coverage is unknown.
    private func areaToKeep(under leaf: ChangingLeaf, damage: PixelRect) -> PixelRect? {
        leafBackdrop.restartIfAtRest()
        guard !leafBackdrop.isOutrun(for: leaf.reuse, leaf: leaf.node.id) else { return nil }
        if leaf.isStill { return damage }
        guard let coverage = leaf.node.coverage, let last = leaf.lastCoverage else { return nil }
        let shift = (x: Double(leaf.node.matrix.m41) - leaf.lastTranslation.x,
                     y: Double(leaf.node.matrix.m42) - leaf.lastTranslation.y)
        var bounds = targetRect
        // Beyond its clip the leaf never draws.
        if let clip = leaf.node.clip { bounds = bounds.intersection(clip) ?? damage }
        return LeafBackdrop.area(ahead: damage, coverage: coverage, last: last, shift: shift, bounds: bounds)
    }
}
