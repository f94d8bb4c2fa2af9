/// Display: the needs-display flag and `display()`.
extension CALayer {
    func markNeedsDisplay() {
        guard !isPresentation else { return }
        needsDisplayFlag = true
        CATransaction.current.layerChanged(self)
    }

    /// Apple's `display()`: the delegate's `display(_:)` when it implements
    /// it. Drawing into a backing store through `draw(in:)` comes with the
    /// renderer and `CGContext`.
    func defaultDisplay() {
        needsDisplayFlag = false
        _ = delegateImplemented { $0.display(self) }
    }
}
