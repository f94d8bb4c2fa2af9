/// An object that lays out a layer's sublayers: Apple's `CALayoutManager`.
/// Every method has a default, so an adopter implements only what it needs.
public protocol CALayoutManager: AnyObject {
    /// The size `layer` would like to be; the default is its frame's size
    /// (the bounds mapped into the superlayer), as `preferredFrameSize()`.
    func preferredSize(of layer: CALayer) -> CGSize
    /// Drops any cached layout of `layer`.
    func invalidateLayout(of layer: CALayer)
    /// Sets the geometry of `layer`'s sublayers.
    func layoutSublayers(of layer: CALayer)
}

extension CALayoutManager {
    public func preferredSize(of layer: CALayer) -> CGSize { layer.frame.size }
    public func invalidateLayout(of layer: CALayer) {}
    public func layoutSublayers(of layer: CALayer) {}
}
