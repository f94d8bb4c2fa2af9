/// Hit testing through transform layers. Apple: a transform layer has no 2D
/// space of its own to map a point into, so it is never hit itself; Lamina
/// tests the layers of its 3D context (its sublayers and those of nested
/// transform layers) front to back, in the order the compositor draws them
/// reversed, each through its own unflattened 3D map.
extension CALayer {
    /// `p` is in the superlayer's space.
    func hitTest3D(_ p: CGPoint) -> CALayer? {
        var members: [(layer: CALayer, matrix: CATransform3D, depth: CGFloat)] = []
        // Each member's map from its bounds to this layer's superlayer space.
        func collect(_ layer: CALayer, toContext: CATransform3D) {
            for sublayer in Self.zOrdered(layer.sublayers ?? []) where !sublayer.isHidden {
                let matrix = CATransform3DConcat(sublayer.transformToSuperlayer(), toContext)
                if sublayer.preserves3D {
                    if !(sublayer is CATransformLayer) {
                        members.append((sublayer, matrix, DepthSort.depth(of: sublayer.bounds, through: matrix)))
                    }
                    collect(sublayer, toContext: matrix)
                } else {
                    members.append((sublayer, matrix, DepthSort.depth(of: sublayer.bounds, through: matrix)))
                }
            }
        }
        collect(self, toContext: transformToSuperlayer())
        // Front to back: the reverse of the compositor's drawing order.
        let quads = members.map { DepthSort.Quad($0.layer.bounds, through: $0.matrix) }
        let frontToBack = DepthSort.order(depths: members.map(\.depth), quads: quads).reversed().map { members[$0] }
        for member in frontToBack {
            guard let inverse = Homography(member.matrix).inverted() else { continue }
            let local = inverse.apply(p)
            guard local.x.isFinite, local.y.isFinite else { continue }
            if member.layer.preserves3D {
                // A replicator keeping depth: only its own bounds here; its sublayers are members.
                if member.layer.contains(local) { return member.layer }
            } else if let hit = member.layer.hitTest(local: local) {
                return hit
            }
        }
        // A replicator keeping depth still has bounds of its own, behind its copies.
        guard !(self is CATransformLayer), let inverse = Homography(transformToSuperlayer()).inverted() else { return nil }
        let local = inverse.apply(p)
        return local.x.isFinite && local.y.isFinite && contains(local) ? self : nil
    }

    /// Back to front by zPosition, then sublayer order.
    static func zOrdered(_ layers: [CALayer]) -> [CALayer] {
        layers.enumerated().sorted {
            $0.element.zPosition != $1.element.zPosition
                ? $0.element.zPosition < $1.element.zPosition : $0.offset < $1.offset
        }.map(\.element)
    }
}
