/// Layout: the needs-layout flag, the layout pass, and autoresizing masks.
extension CALayer {
    func markNeedsLayout() {
        guard !needsLayoutFlag else { return }
        needsLayoutFlag = true
        layoutManager?.invalidateLayout(of: self)
        CATransaction.current.layerChanged(self)
        // A layer needing layout makes its superlayer's pass visit it.
        superlayerReference?.descendantNeedsLayout = true
        var ancestor = superlayerReference?.superlayerReference
        while let layer = ancestor, !layer.descendantNeedsLayout {
            layer.descendantNeedsLayout = true
            ancestor = layer.superlayerReference
        }
    }

    /// Apple's order: the delegate's `layoutSublayers(of:)` when it has one,
    /// else the layout manager's.
    func defaultLayoutSublayers() {
        if delegateImplemented({ $0.layoutSublayers(of: self) }) { return }
        layoutManager?.layoutSublayers(of: self)
    }

    /// Lays out, top down, every layer in this subtree that needs it.
    func performLayoutIfNeeded() {
        if needsLayoutFlag {
            needsLayoutFlag = false
            layoutSublayers()
        }
        guard descendantNeedsLayout || sublayerList?.contains(where: \.needsLayoutFlag) == true else { return }
        descendantNeedsLayout = false
        for sublayer in sublayerList ?? [] { sublayer.performLayoutIfNeeded() }
    }

    func defaultPreferredFrameSize() -> CGSize {
        layoutManager?.preferredSize(of: self) ?? bounds.size
    }

    func autoresizeSublayers(oldSize: CGSize) {
        for sublayer in sublayerList ?? [] { sublayer.resize(withOldSuperlayerSize: oldSize) }
    }

    /// Applies the autoresizing mask: the superlayer's change of size is
    /// shared among the flexible margins and dimensions of each axis, as
    /// AppKit's autoresizing does.
    func autoresize(oldSuperlayerSize oldSize: CGSize) {
        let mask = autoresizingMask
        guard !mask.isEmpty, let parentSize = superlayerReference?.bounds.size else { return }
        var frame = self.frame
        let x = Self.distribute(delta: parentSize.width - oldSize.width,
                                origin: frame.minX, length: frame.width,
                                flexibleMin: mask.contains(.layerMinXMargin),
                                flexibleLength: mask.contains(.layerWidthSizable),
                                flexibleMax: mask.contains(.layerMaxXMargin),
                                oldParentLength: oldSize.width)
        let y = Self.distribute(delta: parentSize.height - oldSize.height,
                                origin: frame.minY, length: frame.height,
                                flexibleMin: mask.contains(.layerMinYMargin),
                                flexibleLength: mask.contains(.layerHeightSizable),
                                flexibleMax: mask.contains(.layerMaxYMargin),
                                oldParentLength: oldSize.height)
        frame = CGRect(x: x.origin, y: y.origin, width: x.length, height: y.length)
        self.frame = frame
    }

    /// Shares `delta` among the flexible parts of one axis in proportion to
    /// their current sizes (equally when they are all zero).
    static func distribute(delta: CGFloat, origin: CGFloat, length: CGFloat,
                           flexibleMin: Bool, flexibleLength: Bool, flexibleMax: Bool,
                           oldParentLength: CGFloat) -> (origin: CGFloat, length: CGFloat) {
        let maxMargin = oldParentLength - origin - length
        let parts: [(flexible: Bool, size: CGFloat)] = [(flexibleMin, origin), (flexibleLength, length), (flexibleMax, maxMargin)]
        let flexible = parts.filter(\.flexible)
        guard !flexible.isEmpty, delta != 0 else { return (origin, length) }
        let total = flexible.reduce(0) { $0 + max($1.size, 0) }
        func share(_ part: (flexible: Bool, size: CGFloat)) -> CGFloat {
            guard part.flexible else { return 0 }
            return total > 0 ? delta * max(part.size, 0) / total : delta / CGFloat(flexible.count)
        }
        return (origin + share(parts[0]), max(0, length + share(parts[1])))
    }
}
