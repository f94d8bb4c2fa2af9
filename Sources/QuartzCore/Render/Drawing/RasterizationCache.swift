/// `shouldRasterize`: a layer and its sublayers kept as one bitmap (at
/// `rasterizationScale`) and re-composited while only the layer's own
/// position, transform or opacity change, as Apple's rasterization does.
/// The bitmap is redrawn when anything inside the subtree changes.
final class RasterizationCache {
    /// What the bitmap was drawn from: every layer under the rasterized one,
    /// with its matrix relative to it.
    struct Key: Equatable {
        struct Part: Equatable {
            let id: DrawID
            let state: LayerState
            let matrix: CATransform3D
        }
        let root: LayerContent.Key
        let parts: [Part]
    }

    private var entries: [DrawID: (key: Key, content: LayerContent)] = [:]

    /// The cached bitmap of layer `id`, if any (for tests).
    func contentForTesting(_ id: DrawID) -> LayerContent? { entries[id]?.content }

    /// The bitmap for `node`, redrawn when its subtree changed.
    func content(for node: DrawNode, in tree: RenderTree, mediaTime: CFTimeInterval) -> LayerContent? {
        let scale = node.state.rasterizationScale
        let key = Key(root: LayerContent.Key(node.state, scale: scale), parts: Self.parts(of: node))
        if let entry = entries[node.id], entry.key == key { return entry.content }
        guard let content = SubtreeRenderer.render(node.id.layer, in: tree, mediaTime: mediaTime, scale: scale) else {
            entries[node.id] = nil
            return nil
        }
        entries[node.id] = (key, content)
        return content
    }

    /// Every layer under `node` with its matrix relative to `node`, built
    /// from the layers' own values (not by inverting `node`'s matrix, which
    /// would differ in the last bits as `node` moves and miss the cache).
    private static func parts(of node: DrawNode) -> [Key.Part] {
        var parts: [Key.Part] = []
        func visit(_ parent: DrawNode, parentMatrix: CATransform3D) {
            let space = CATransform3DConcat(parent.state.sublayerSpace, parentMatrix)
            for child in parent.children {
                let matrix = CATransform3DConcat(child.state.toSuperlayer, space)
                parts.append(Key.Part(id: child.id, state: child.state, matrix: matrix))
                visit(child, parentMatrix: matrix)
            }
            if let mask = parent.mask {
                let matrix = CATransform3DConcat(mask.state.toSuperlayer, parentMatrix)
                parts.append(Key.Part(id: mask.id, state: mask.state, matrix: matrix))
                visit(mask, parentMatrix: matrix)
            }
        }
        visit(node, parentMatrix: CATransform3DIdentity)
        return parts
    }
}
