import CPixman

/// Layer shadows: the layer's alpha (or its `shadowPath`), offset, blurred
/// and tinted, drawn under the layer.
enum ShadowRenderer {
    /// The shadow's spread around the layer, in target pixels.
    static func spread(of node: DrawNode) -> Int {
        let state = node.state
        guard state.shadowOpacity > 0 else { return 0 }
        let offset = targetOffset(of: node)
        // Clamped before converting: an absurd offset must not trap (the
        // spread only grows damage, and the target is far smaller).
        let shift = max(abs(offset.x), abs(offset.y))
        return ImageEffects.shadowOutset(forRadius: Double(state.shadowRadius * scale(of: node)))
            + (shift.isFinite ? Int(min(shift, 1_048_576).rounded(.up)) : 0)
    }

    /// A non-group layer's shadow, from its own drawing or `shadowPath`.
    static func drawShadow(of node: DrawNode, content: LayerContent?, into destination: PixmanImage,
                           clip: PixelRect, opacity: Float, compositor: Compositor) {
        let spread = spread(of: node)
        guard let area = clip.insetBy(-spread).intersection(compositor.targetRect) else { return }
        let mask = compositor.scratchPool.acquire()
        defer { compositor.scratchPool.release(mask) }
        guard let maskImage = PixmanImage(buffer: mask) else { return }
        mask.clear(area)
        if let path = node.state.shadowPath {
            pathContent(path, node: node)?.composite(node: node, into: maskImage, mask: nil, clip: area)
        } else {
            content?.composite(node: node, into: maskImage, mask: nil, clip: area)
        }
        drawShadow(of: node, alpha: mask, area: area, into: destination, clip: clip, opacity: opacity, compositor: compositor)
    }

    /// A shadow cast by `alpha`'s pixels in `area` (a group's drawing).
    static func drawShadow(of node: DrawNode, alpha: RasterBuffer, area: PixelRect, into destination: PixmanImage,
                           clip: PixelRect, opacity: Float, compositor: Compositor) {
        let state = node.state
        let shadow = compositor.scratchPool.acquire()
        defer { compositor.scratchPool.release(shadow) }
        let offset = targetOffset(of: node)
        ImageEffects.renderShadow(alphaMask: PixelBufferView(alpha, area: area), into: PixelBufferView(shadow, area: area),
                                  color: state.shadowColor.map(EffectColor.init) ?? .black,
                                  opacity: Double(state.shadowOpacity),
                                  radius: Double(state.shadowRadius * scale(of: node)),
                                  offset: (Double(offset.x), Double(offset.y)))
        guard let shadowImage = PixmanImage(buffer: shadow), let drawn = clip.intersection(area) else { return }
        let fade = opacity < 1 ? compositor.opacityMasks.mask(for: Double(opacity)) : nil
        destination.composite(shadowImage, mask: fade, rect: drawn)
    }

    /// `shadowOffset` (layer space) in target pixels, through the layer's
    /// linear transform (divided by a constant w: a layer moved along z
    /// under perspective shows its shadow at the scale it shows at).
    static func targetOffset(of node: DrawNode) -> CGPoint {
        let m = node.matrix, offset = node.state.shadowOffset, depth = m.constantDepth ?? 1
        return CGPoint(x: (offset.width * m.m11 + offset.height * m.m21) / depth,
                       y: (offset.width * m.m12 + offset.height * m.m22) / depth)
    }

    /// The layer's scale on screen (for the blur radius).
    static func scale(of node: DrawNode) -> CGFloat {
        let m = node.matrix
        return max((m.m11 * m.m11 + m.m12 * m.m12).squareRoot(), (m.m21 * m.m21 + m.m22 * m.m22).squareRoot())
            / (m.constantDepth ?? 1)
    }

    /// `shadowPath` filled opaque in the layer's space.
    private static func pathContent(_ path: CGPathSnapshot, node: DrawNode) -> LayerContent? {
        let extent = path.boundingBox
        guard !extent.isNull, extent.width > 0, extent.height > 0 else { return nil }
        let key = LayerContent.Key(node.state, scale: LayerContentCache.rasterScale(for: node))
        return LayerContent(key: key, extent: extent) { buffer in
            guard let context = LayerDrawingContext.make(over: buffer, origin: extent.origin, scale: key.scale) else { return }
            context.setFillColor(CGColor(gray: 0, alpha: 1))
            context.addPath(CGPath(path))
            context.fillPath()
        }
    }
}
