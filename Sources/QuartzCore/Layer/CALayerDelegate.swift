/// The object a layer asks for its contents, layout and actions: Apple's
/// `CALayerDelegate`. Every method has a default implementation, so an
/// adopter implements only what it needs.
///
public protocol CALayerDelegate: AnyObject {
    /// Supplies the layer's contents itself (sets `layer.contents`).
    func display(_ layer: CALayer)
    /// Draws the layer's content into `ctx` (layer coordinates, top-left origin).
    func draw(_ layer: CALayer, in ctx: CGContext)
    /// Called before the layer draws.
    func layerWillDraw(_ layer: CALayer)
    /// Lays out the layer's sublayers.
    func layoutSublayers(of layer: CALayer)
    /// The action for `event`: an action, `NSNull` to stop the search with
    /// no action, or nil to continue the search.
    func action(for layer: CALayer, forKey event: String) -> CAAction?
}

// Objective-C layers ask `respondsToSelector:` whether a delegate implements
// `displayLayer:` or `layoutSublayersOfLayer:`. Swift cannot ask, so the
// default implementations leave a mark on the layer instead: when the mark is
// there after the call, the delegate did not implement the method and the
// layer does its own work, as Apple's does.
extension CALayerDelegate {
    public func display(_ layer: CALayer) { layer.delegateFellBackToDefault = true }
    // No mark: nothing asks whether `draw` was implemented, and a tiled
    // layer calls it on background threads, where the mark would race.
    public func draw(_ layer: CALayer, in ctx: CGContext) {}
    public func layerWillDraw(_ layer: CALayer) {}
    public func layoutSublayers(of layer: CALayer) { layer.delegateFellBackToDefault = true }
    public func action(for layer: CALayer, forKey event: String) -> CAAction? { nil }
}

extension CALayer {
    /// Calls `body` on the delegate and reports whether the delegate really
    /// implemented the method (false also when there is no delegate).
    func delegateImplemented(_ body: (CALayerDelegate) -> Void) -> Bool {
        guard let delegate = delegateReference else { return false }
        delegateFellBackToDefault = false
        body(delegate)
        defer { delegateFellBackToDefault = false }
        return !delegateFellBackToDefault
    }
}
