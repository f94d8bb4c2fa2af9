import CPixman

/// The fourth phase of a frame: the damaged pixels cleared and repainted,
/// layers back to front, each through its matrix, groups through a scratch.
extension Compositor {
    /// Repaints `frame.damage` in `target` (which must be `width` x `height`).
    func draw(_ frame: Frame, into target: RasterBuffer) {
        guard let destination = targetImage(for: target) else { return }
        defer { particleRenderer.endFrame() }
        if let root = frame.root, let leaf = frame.changingLeaf, let rect = backdropArea(of: frame, leaf: leaf) {
            return drawOverBackdrop(leaf, root: root, area: rect, into: destination, target: target)
        }
        for rect in frame.damage {
            guard let rect = rect.intersection(targetRect) else { continue }
            repaint(rect, of: frame.root, into: destination, target: target)
        }
    }

    /// `rect` cleared (unless the root paints it opaque) and `root`'s list
    /// drawn there.
    func repaint(_ rect: PixelRect, of root: DrawNode?, into destination: PixmanImage, target: RasterBuffer) {
        if !(root.map { rootPaintsOpaque($0, over: rect) } ?? false) { target.clear(rect) }
        if let root { drawSubtree(root, into: destination, clip: rect) }
    }

    /// Whether the root layer's own drawing, the first thing drawn, is an
    /// opaque colour over all of `rect` at whole pixels: then it overwrites
    /// every pixel there (pixman fills it), and clearing `rect` first would
    /// write the window twice (a window's background layer).
    private func rootPaintsOpaque(_ root: DrawNode, over rect: PixelRect) -> Bool {
        let state = root.state
        guard !root.isGroup, root.rasterized == nil, root.clipPolygon == nil, root.transition == nil,
              root.opacity >= 1, root.tint == .white, root.isFrontFacing, state.shadowOpacity == 0,
              state.backgroundFilters.isEmpty, root.clip.map({ $0.intersection(rect) == rect }) ?? true,
              let content = contentCache.content(for: root), let color = content.uniformColor, color >> 24 == 0xFF,
              let placed = content.wholePixelPlacement(for: root)
        else { return false }
        return placed.intersection(rect) == rect
    }

    /// Paints `node` and everything under it into `destination` within `clip`.
    func drawSubtree(_ node: DrawNode, into destination: PixmanImage, clip: PixelRect) {
        guard node !== nodeLeftOut, let coverage = node.subtreeCoverage ?? node.coverage, coverage.intersection(clip) != nil else { return }
        // Debug hook (`lamina-inspect hot`): what each layer costs, when asked.
        let costs = layerCosts
        if let costs {
            let own = node.coverage.flatMap { $0.intersection(clip) }.flatMap { own in node.clip.map { own.intersection($0) } ?? own }
            costs.enter(node, pixels: own?.area ?? 0)
        }
        defer { costs?.exit() }
        if let outline = node.clipPolygon { return drawPiece(node, outline: outline, into: destination, clip: clip) }
        var clip = clip
        if let nodeClip = node.clip {
            guard let clipped = clip.intersection(nodeClip) else { return }
            clip = clipped
        }
        if let rasterized = node.rasterized {
            let fade = node.state.opacity < 1 ? opacityMasks.mask(for: Double(max(0, node.state.opacity))) : nil
            if let area = node.subtreeCoverage?.intersection(clip) {
                rasterized.composite(node: node, into: destination, mask: fade, clip: area)
            }
            return
        }
        if node.isGroup {
            GroupRenderer(compositor: self).draw(node, into: destination, clip: clip)
            return
        }
        drawOwnContent(node, into: destination, clip: clip, opacity: node.opacity, includeShadow: true)
        for child in node.children { drawSubtree(child, into: destination, clip: clip) }
    }

    /// What a layer's drawing is multiplied by: its opacity, and a
    /// replicator copy's tint (per channel, through pixman's component alpha).
    static func fadeMask(opacity: Float, tint: Tint) -> PixmanImage? {
        if tint == .white { return opacity < 1 ? PixmanImage(red: 0, green: 0, blue: 0, alpha: Double(opacity)) : nil }
        guard let mask = PixmanImage(red: tint.red, green: tint.green, blue: tint.blue, alpha: tint.alpha * Double(opacity))
        else { return nil }
        mask.useComponentAlpha()
        return mask
    }

    /// Background, contents and border (and a shadow under them) of one
    /// layer, composited through its matrix.
    func drawOwnContent(_ node: DrawNode, into destination: PixmanImage, clip: PixelRect, opacity: Float,
                        includeShadow: Bool) {
        let state = node.state
        guard opacity > 0, node.isFrontFacing || state.isDoubleSided else { return }
        guard let coverage = node.coverage, let area = coverage.intersection(clip) else { return }
        if !state.backgroundFilters.isEmpty, let buffer = destination.buffer,
           let box = PixelRect(covering: node.homography.apply(state.bounds))?.intersection(area) {
            // What is behind the layer, filtered before the layer draws.
            ImageFilterRenderer.applyInPlace(state.presentedBackgroundFilters, to: buffer, area: box)
        }
        if includeShadow, state.shadowOpacity > 0 {
            ShadowRenderer.drawShadow(of: node, content: contentCache.content(for: node), into: destination,
                                      clip: area, opacity: opacity, compositor: self)
        }
        if let content = contentCache.content(for: node) { drawContent(content, of: node, into: destination, clip: area, opacity: opacity) }
        if let tiled = state.tiled {
            tileRenderer.draw(tiled, node: node, into: destination, clip: area, opacity: opacity, mediaTime: frameTime)
        }
        // An emitter's particles: above its background and border, below its sublayers.
        if let particles = node.particles {
            particleRenderer.draw(particles, tint: node.tint, opacity: opacity, into: destination, clip: area)
        }
    }

    /// The layer's own bitmap, faded by `opacity` and tinted by a replicator
    /// copy's colour, sampled with its contents filter and edge antialiasing.
    private func drawContent(_ content: LayerContent, of node: DrawNode, into destination: PixmanImage, clip area: PixelRect,
                             opacity: Float) {
        let tint = node.tint
        let sampling = ContentSampling(key: content.key, state: node.state)
        if tint != .white, tint.red != tint.alpha || tint.green != tint.alpha || tint.blue != tint.alpha,
           let coverage = PixmanImage(red: 0, green: 0, blue: 0, alpha: tint.alpha * Double(opacity)) {
            // A tint is a colour multiply, not a per-channel coverage: pixman's
            // component-alpha OVER would let what is behind show through a
            // channel the tint dims. So: clear behind by the plain alpha, then
            // add the tinted colour.
            content.composite(node: node, into: destination, mask: coverage, operation: PIXMAN_OP_OUT_REVERSE, clip: area,
                              sampling: sampling)
            content.composite(node: node, into: destination, mask: Self.fadeMask(opacity: opacity, tint: tint),
                              operation: PIXMAN_OP_ADD, clip: area, sampling: sampling)
            return
        }
        let fade = tint == .white ? opacityMasks.mask(for: Double(opacity)) : Self.fadeMask(opacity: opacity, tint: tint)
        content.composite(node: node, into: destination, mask: fade, clip: area, sampling: sampling, bandMemory: scratchPool)
    }
}
