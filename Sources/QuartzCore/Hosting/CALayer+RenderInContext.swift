/// `render(in:)`: the model tree drawn synchronously by the compositor.
extension CALayer {
    /// Draws the model tree as it stands (no animations) at the context's
    /// resolution into `ctx`, layer coordinates as the context's user space.
    /// Layers that need display are displayed first, as a commit would
    /// display them: a text layer shows its text though it was never
    /// committed or shown.
    func renderModel(in ctx: CGContext) {
        let bounds = self.bounds.standardized
        let ctm = ctx.ctm
        let scale = max(1, min(8, (abs(ctm.a * ctm.d - ctm.b * ctm.c)).squareRoot()))
        let width = Int(clampedFrom: (bounds.width * scale).rounded(.up), limit: 1_048_576)
        let height = Int(clampedFrom: (bounds.height * scale).rounded(.up), limit: 1_048_576)
        guard width > 0, height > 0, width <= 16384, height <= 16384 else { return }
        let tree = RenderTree()
        tree.apply(RenderCommit(sequence: 1, mediaTime: 0, rootID: layerID, updates: modelSnapshot(scale: scale)))
        let compositor = Compositor(width: width, height: height)
        let buffer = RasterBuffer(width: width, height: height)
        compositor.draw(compositor.prepare(tree, mediaTime: 0), into: buffer)
        ctx.saveGState()
        // Layer point (x, y) lands on user point (x, y), as on Apple: upright
        // in a flipped (UIKit-style) context, upside down in a raw y-up one.
        ctx.translateBy(x: 0, y: bounds.minY + bounds.maxY)
        ctx.scaleBy(x: 1, y: -1)
        ctx.draw(buffer.makeImage(), in: bounds)
        ctx.restoreGState()
    }

    /// Snapshots of this layer (placed so its bounds fill the target at
    /// `scale`) and everything under it, without animations.
    private func modelSnapshot(scale: CGFloat) -> [RenderCommit.LayerUpdate] {
        var updates: [RenderCommit.LayerUpdate] = []
        var stack: [CALayer] = [self]
        while let layer = stack.popLast() {
            layer.displayIfNeeded()
            var state = LayerState(layer: layer)
            if layer === self {
                // The root draws at the target's origin, scaled to its pixels.
                state.transform = CATransform3DMakeScale(scale, scale, 1)
                state.anchorPoint = .zero
                state.position = .zero
                state.bounds = layer.bounds
            }
            let sublayers = layer.sublayerList ?? []
            updates.append(RenderCommit.LayerUpdate(id: layer.layerID, state: state, sublayers: sublayers.map(\.layerID),
                                                    mask: layer.mask?.layerID, animations: []))
            stack.append(contentsOf: sublayers)
            if let mask = layer.mask { stack.append(mask) }
        }
        return updates
    }
}
