/// Display: the needs-display flag and `display()`.
extension CALayer {
    func markNeedsDisplay() {
        guard !isPresentation else { return }
        needsDisplayFlag = true
        CATransaction.current.layerChanged(self)
    }

    /// Apple's `display()`: the delegate's `display(_:)` when it implements
    /// it; otherwise, when the layer or its delegate draws, a backing store
    /// of the bounds' size at `contentsScale`, drawn by `draw(in:)` with the
    /// origin at the top left, becomes `contents`.
    func defaultDisplay() {
        needsDisplayFlag = false
        if delegateImplemented({ $0.display(self) }) { return }
        let bounds = self.bounds.standardized
        let scale = contentsScale > 0 && contentsScale.isFinite ? contentsScale : 1
        let width = Int(clampedFrom: (bounds.width * scale).rounded(.up), limit: 1_048_576)
        let height = Int(clampedFrom: (bounds.height * scale).rounded(.up), limit: 1_048_576)
        guard width > 0, height > 0 else { return }
        guard width <= 16384, height <= 16384 else {
            return CADiagnostics.report(layer: self, keyPath: "bounds",
                                        "a backing store of \(width)x\(height) pixels is too large; not drawn")
        }
        guard let context = CGContext.makeLayerContext(width: width, height: height, scale: scale) else { return }
        context.translateBy(x: -bounds.minX, y: -bounds.minY)
        _ = delegateImplemented { $0.layerWillDraw(self) }
        draw(in: context)
        setComputedProperty(context.makeImage(), forKey: "contents")
    }

    /// Apple's `draw(in:)`: the delegate's `draw(_:in:)`.
    func defaultDraw(in ctx: CGContext) {
        _ = delegateImplemented { $0.draw(self, in: ctx) }
    }
}
