/// Draws one layer and its sublayers alone, in the layer's own space (its
/// bounds at `scale` pixels a point): transition snapshots and
/// `shouldRasterize` bitmaps.
enum SubtreeRenderer {
    static func render(_ id: UInt64, in tree: RenderTree, mediaTime: CFTimeInterval, scale: CGFloat) -> LayerContent? {
        guard var node = tree.nodes[id] else { return nil }
        let bounds = node.state.bounds.standardized
        let scale = scale.isFinite && scale > 0 ? min(scale, 8) : 1
        let width = Int(clampedFrom: (bounds.width * scale).rounded(.up), limit: 1_048_576)
        let height = Int(clampedFrom: (bounds.height * scale).rounded(.up), limit: 1_048_576)
        guard width > 0, height > 0, width * height <= 16 << 20 else { return nil }
        // The layer placed at the bitmap's origin, scaled to its pixels.
        node.state.anchorPoint = .zero
        node.state.position = .zero
        node.state.transform = CATransform3DMakeScale(scale, scale, 1)
        node.state.opacity = 1
        node.state.shouldRasterize = false
        node.animations = node.animations.filter { if case .transition = $0.kind { return false } else { return true } }
        let subtree = RenderTree(nodes: tree.nodes.merging([id: node]) { $1 }, rootID: id)
        let compositor = Compositor(width: width, height: height)
        let key = LayerContent.Key(node.state, scale: scale)
        return LayerContent(key: key, extent: bounds) { buffer in
            compositor.draw(compositor.prepare(subtree, mediaTime: mediaTime), into: buffer)
        }
    }
}
