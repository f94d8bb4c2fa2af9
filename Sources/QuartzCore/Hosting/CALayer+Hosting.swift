/// Attaching a layer tree to something that shows it.
extension CALayer {
    /// Makes this layer the root of a tree shown by `host`: the tree becomes
    /// visible (implicit actions run) and its commits go to `host`. The
    /// whole tree is sent with the next commit.
    package func attach(to host: RenderHost) {
        hostConnection = RenderHostConnection(host: host)
        isHostRoot = true
        CATransaction.current.layerChanged(self)
    }

    /// Stops showing this tree.
    package func detachFromHost() {
        hostConnection = nil
        isHostRoot = false
    }
}
