import CPixman

/// Draws a layer that needs an offscreen group (see `DrawNode.needsGroup`):
/// the layer and its sublayers are painted into a scratch surface, the
/// group's filters and mask and clip are applied there, and the result is
/// composited once with the layer's opacity and compositing filter.
struct GroupRenderer {
    let compositor: Compositor

    func draw(_ node: DrawNode, into destination: PixmanImage, clip: PixelRect) {
        guard let plan = Plan(node, clip: clip, compositor: compositor) else { return }
        let state = node.state
        let (bloom, area, operation, staysInArea, opacity) = (plan.bloom, plan.area, plan.operation, plan.staysInArea, plan.opacity)
        let drawGroup = groupDrawer(for: node)
        if let bloom, plan.goesInOnePass(compositor: compositor, destination: destination) {
            // Nothing else to apply between the glow and the composite: both
            // in one pass (the kiosk's selection, every frame).
            guard let drawn = clip.intersection(area) else { return }
            return drawGlowingInOnePass(node, bloom: bloom, into: destination, area: area, drawn: drawn, drawGroup: drawGroup,
                                        over: nil)
        }
        let scratch = staysInArea ? compositor.scratchPool.acquire(window: area) : compositor.scratchPool.acquire()
        defer { compositor.scratchPool.release(scratch) }
        guard let scratchImage = PixmanImage(buffer: scratch) else { return }
        scratch.clear(area)
        drawGroupContent(node, into: scratchImage, area: area)
        if let bloom {
            compositor.bloomCache.addGlow(bloom, of: node, to: scratchImage, area: area, targetRect: compositor.targetRect,
                                          drawGroup: drawGroup, scratchPool: compositor.scratchPool)
        } else {
            ImageFilterRenderer.apply(state.presentedFilters, to: scratch, area: area)
        }
        if let mask = node.mask { applyMask(mask, scratch: scratchImage, area: area) }
        if state.shadowOpacity > 0 {
            ShadowRenderer.drawShadow(of: node, alpha: scratch, area: area, into: destination, clip: clip,
                                      opacity: max(0, min(1, state.opacity)), compositor: compositor)
        }
        if let transition = node.transition {
            return TransitionRenderer.draw(transition, node: node, newDrawing: scratchImage, area: area,
                                           into: destination, clip: clip, opacity: Double(opacity))
        }
        let opacityMask = opacity < 1 ? compositor.opacityMasks.mask(for: Double(opacity)) : nil
        // Read only where the scratch has pixels (all of `clip` unless the
        // area was cut to the group's coverage, outside which this changes nothing).
        guard let drawn = staysInArea ? clip.intersection(area) : clip else { return }
        destination.composite(scratchImage, mask: opacityMask, operation: operation, rect: drawn)
    }

    /// Draws `node` within `clip` of the target (`destination`, over
    /// `backdrop`'s buffer) as `draw` does, over the pixels `backdrop` kept
    /// there rather than over what the target holds, when the group goes
    /// through the one pass (which reads them from `backdrop`): true then,
    /// every pixel of `clip` written. False, nothing written, otherwise.
    func drawOverBackdrop(_ node: DrawNode, into destination: PixmanImage, clip: PixelRect, backdrop: LeafBackdrop) -> Bool {
        guard let buffer = destination.buffer, let plan = Plan(node, clip: clip, compositor: compositor), let bloom = plan.bloom,
              plan.goesInOnePass(compositor: compositor, destination: destination), let drawn = clip.intersection(plan.area)
        else { return false }
        // Outside its area the group changes nothing.
        for piece in clip.subtracting(drawn) { backdrop.restore(piece, into: buffer) }
        let drawGroup = groupDrawer(for: node)
        drawGlowingInOnePass(node, bloom: bloom, into: destination, area: plan.area, drawn: drawn, drawGroup: drawGroup,
                             over: backdrop)
        return true
    }

    /// Draws `node`'s group content into a buffer within an extent (what the
    /// bloom's glow is made from).
    private func groupDrawer(for node: DrawNode) -> (RasterBuffer, PixelRect) -> Void {
        { buffer, extent in
            guard let image = PixmanImage(buffer: buffer) else { return }
            drawGroupContent(node, into: image, area: extent)
        }
    }

    /// What a group's drawing is worked out from: its lone bloom, the area
    /// it is drawn in, how it is composited. Nil when there is nothing to draw.
    private struct Plan {
        let bloom: BloomCache.Bloom?
        let area: PixelRect
        let operation: pixman_op_t
        let hasMask: Bool
        /// Whether the group's drawing stays inside `area` (see `init`).
        let staysInArea: Bool
        let opacity: Float

        init?(_ node: DrawNode, clip: PixelRect, compositor: Compositor) {
            let state = node.state
            // A lone bloom adds a cached glow made over the whole group, so it
            // needs no margin of neighbours around the clip; other filters do.
            bloom = BloomCache.loneBloom(of: state)
            let filterSpread = bloom == nil ? ImageFilterRenderer.outset(of: state, memo: compositor.blurOutsets) : 0
            let spread = filterSpread + ShadowRenderer.spread(of: node)
            guard var area = clip.insetBy(-spread).intersection(compositor.targetRect) else { return nil }
            operation = state.compositingFilter.flatMap(BlendModes.operation(forFilterName:)) ?? PIXMAN_OP_OVER
            // A shadow and a transition read the group's drawing outside the
            // area (offset); everything else stays inside it, and so can draw
            // in a scratch that holds only the area.
            staysInArea = node.transition == nil && state.shadowOpacity <= 0
            if staysInArea, GroupRenderer.leavesDestinationWhereTransparent(operation) {
                // Outside its coverage (which holds its filters' spread) the
                // group is transparent, and compositing it there changes nothing:
                // the first frame's damage is the whole target, and a group's
                // scratch need not be.
                guard let covered = node.coverage.flatMap(area.intersection) else { return nil }
                area = covered
            }
            self.area = area
            hasMask = node.mask != nil
            opacity = max(0, min(1, state.opacity))
        }

        /// Whether the group and its lone bloom are composited in one pass
        /// (`drawGlowingInOnePass`): nothing else to apply between them.
        func goesInOnePass(compositor: Compositor, destination: PixmanImage) -> Bool {
            bloom != nil && compositor.compositesBloomInOnePass && staysInArea && !hasMask && operation == PIXMAN_OP_OVER
                && opacity == 1 && destination.buffer != nil
        }
    }

    /// A group with a lone bloom composited with its glow in one pass
    /// (`BloomCache.compositeGlowing`). When the group is only the layer's
    /// own bitmap (the kiosk's selection), the pass reads the bitmap
    /// itself: at whole pixels as it is, moved by a fraction of one
    /// blended a row at a time; otherwise the group is drawn in a scratch
    /// first, as for any group.
    /// With a `backdrop`, the group is composited over its pixels rather
    /// than the destination's, and every pixel of `drawn` is written.
    private func drawGlowingInOnePass(_ node: DrawNode, bloom: BloomCache.Bloom, into destination: PixmanImage, area: PixelRect,
                                      drawn: PixelRect, drawGroup: (RasterBuffer, PixelRect) -> Void, over backdrop: LeafBackdrop?) {
        let cache = compositor.bloomCache, targetRect = compositor.targetRect, pool = compositor.scratchPool
        if let bitmap = ownBitmap(of: node) {
            cache.onePassCompositesFromBitmap += 1
            return cache.compositeGlowing(bloom, of: node, group: bitmap, onto: destination, rect: drawn, targetRect: targetRect,
                                          drawGroup: drawGroup, scratchPool: pool, over: backdrop)
        }
        let scratch = pool.acquire(window: area)
        defer { pool.release(scratch) }
        guard let scratchImage = PixmanImage(buffer: scratch), let group = BloomCache.GroupPixels(scratch: scratchImage, area: area)
        else {
            // Nothing of the group to draw: what is under it is all there is.
            if let backdrop, let buffer = destination.buffer { backdrop.restore(drawn, into: buffer) }
            return
        }
        scratch.clear(area)
        drawGroupContent(node, into: scratchImage, area: area)
        cache.compositeGlowing(bloom, of: node, group: group, onto: destination, rect: drawn, targetRect: targetRect,
                               drawGroup: drawGroup, scratchPool: pool, over: backdrop)
    }

    /// The layer's own bitmap when it is all its group draws: drawn into a
    /// cleared scratch it would be copied as it is (`OVER` onto
    /// transparent) at whole pixels, and blended bilinearly moved by a
    /// fraction of one, so it can stand for the scratch. Nil when anything
    /// else draws: sublayers, a clip to its shape, a background filter,
    /// tiles, particles, a tint, a back turned away, a solid colour or a
    /// rounded background drawn as a fill; or when it is scaled, turned,
    /// or sampled other than bilinearly with soft edges.
    private func ownBitmap(of node: DrawNode) -> BloomCache.GroupPixels? {
        let state = node.state
        guard node.children.isEmpty, !state.masksToBounds, state.backgroundFilters.isEmpty, state.tiled == nil,
              node.particles == nil, node.tint == .white, node.isFrontFacing || state.isDoubleSided,
              let content = compositor.contentCache.content(for: node), content.uniformColor == nil
        else { return nil }
        if let placed = content.wholePixelPlacement(for: node) {
            return BloomCache.GroupPixels(bitmap: content, placed: placed)
        }
        guard content.outlineFill == nil, ContentSampling(key: content.key, state: state).isStandard else { return nil }
        let cache = compositor.bloomCache
        let row = cache.resampledRow(holding: BloomCache.GroupPixels.rowCapacity(for: content))
        guard let moved = BloomCache.GroupPixels(content: content, node: node, row: row, wide: cache.onePassUsesWideVectors)
        else { return nil }
        cache.onePassCompositesFromMovedBitmap += 1
        return moved
    }

    /// Whether compositing a transparent pixel with `operation` leaves the
    /// destination pixel as it is (not so for `SRC`, `IN`, `OUT` and the
    /// like, which clear or cut it).
    static func leavesDestinationWhereTransparent(_ operation: pixman_op_t) -> Bool {
        switch operation {
        case PIXMAN_OP_SRC, PIXMAN_OP_CLEAR, PIXMAN_OP_IN, PIXMAN_OP_IN_REVERSE, PIXMAN_OP_OUT, PIXMAN_OP_ATOP_REVERSE: false
        default: true
        }
    }

    /// The layer's own drawing and its sublayers at full opacity, clipped to
    /// its shape when it masks to bounds: what its filters apply to.
    private func drawGroupContent(_ node: DrawNode, into scratch: PixmanImage, area: PixelRect) {
        compositor.drawOwnContent(node, into: scratch, clip: area, opacity: 1, includeShadow: false)
        for child in node.children { compositor.drawSubtree(child, into: scratch, clip: area) }
        if node.state.masksToBounds { clipToShape(node, scratch: scratch, area: area) }
    }

    /// Keeps only the pixels inside the layer's (rounded) bounds.
    private func clipToShape(_ node: DrawNode, scratch: PixmanImage, area: PixelRect) {
        var key = LayerContent.Key(node.state, scale: LayerContentCache.rasterScale(for: node))
        key = key.asOpaqueShape()
        guard let shape = LayerContentRenderer.render(key: key) else { return }
        // Edges the layer draws hard clip hard too.
        let sampling = ContentSampling(nearest: false, hardEdges: CAEdgeAntialiasingMask.all.subtracting(node.state.antialiasedEdges))
        shape.composite(node: node, into: scratch, mask: nil, operation: PIXMAN_OP_IN_REVERSE, clip: area, sampling: sampling)
    }

    /// Multiplies the group by the mask layer's alpha.
    private func applyMask(_ mask: DrawNode, scratch: PixmanImage, area: PixelRect) {
        let maskBuffer = compositor.scratchPool.acquire()
        defer { compositor.scratchPool.release(maskBuffer) }
        guard let maskImage = PixmanImage(buffer: maskBuffer) else { return }
        maskBuffer.clear(area)
        compositor.drawSubtree(mask, into: maskImage, clip: area)
        scratch.composite(maskImage, mask: nil, operation: PIXMAN_OP_IN_REVERSE, rect: area)
    }
}

extension LayerContent.Key {
    /// The layer's bounds shape filled opaque, for clipping.
    func asOpaqueShape() -> LayerContent.Key {
        LayerContent.Key(bounds: bounds, scale: scale, backgroundColor: CGColor(gray: 1, alpha: 1),
                         cornerRadius: cornerRadius, maskedCorners: maskedCorners, cornerCurve: cornerCurve)
    }

    init(bounds: CGRect, scale: CGFloat, backgroundColor: CGColor, cornerRadius: CGFloat, maskedCorners: CACornerMask,
         cornerCurve: RoundedRectPath.Curve = .circular) {
        var state = LayerState()
        state.bounds = bounds
        state.backgroundColor = LayerColor(backgroundColor)
        state.cornerRadius = cornerRadius
        state.maskedCorners = maskedCorners
        state.cornerCurve = cornerCurve
        state.borderWidth = 0
        state.masksToBounds = true
        self.init(state, scale: scale)
    }
}
