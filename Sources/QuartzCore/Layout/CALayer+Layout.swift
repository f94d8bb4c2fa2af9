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

    /// Apple's `layoutIfNeeded`: "Traverse upwards from the layer while the
    /// superlayer requires layout. Then layout the entire tree beneath that
    /// ancestor." (CALayer.h) — a marked superlayer may resize this layer, so
    /// laying out this layer alone first would be wasted or wrong.
    func performLayoutIfNeeded() {
        var top = self
        while let parent = top.superlayerReference, parent.needsLayoutFlag { top = parent }
        top.layoutSubtreeIfNeeded()
    }

    /// Lays out, top down, every layer in this subtree that needs it.
    private func layoutSubtreeIfNeeded() {
        if needsLayoutFlag {
            needsLayoutFlag = false
            layoutSublayers()
        }
        // A sublayer's own `descendantNeedsLayout` counts too: a subtree
        // marked while detached did not mark its new superlayer's flag.
        guard descendantNeedsLayout
            || sublayerList?.contains(where: { $0.needsLayoutFlag || $0.descendantNeedsLayout }) == true
        else { return }
        descendantNeedsLayout = false
        for sublayer in sublayerList ?? [] { sublayer.layoutSubtreeIfNeeded() }
    }

    /// Apple: the layout manager's preferred size, else "the size of the
    /// bounds rect mapped into the superlayer" — the frame's size, which
    /// includes `transform`.
    func defaultPreferredFrameSize() -> CGSize {
        layoutManager?.preferredSize(of: self) ?? computedFrame.size
    }

    func autoresizeSublayers(oldSize: CGSize) {
        for sublayer in sublayerList ?? [] { sublayer.resize(withOldSuperlayerSize: oldSize) }
    }

    /// Applies the autoresizing mask: the superlayer's change of size on each
    /// axis is shared among that axis's flexible margins and dimension.
    func autoresize(oldSuperlayerSize oldSize: CGSize) {
        let mask = autoresizingMask
        guard !mask.isEmpty, let parentSize = superlayerReference?.bounds.size else { return }
        let frame = self.frame
        let x = Self.distribute(delta: parentSize.width - oldSize.width,
                                origin: frame.minX, length: frame.width,
                                flexibleMin: mask.contains(.layerMinXMargin),
                                flexibleLength: mask.contains(.layerWidthSizable),
                                flexibleMax: mask.contains(.layerMaxXMargin))
        let y = Self.distribute(delta: parentSize.height - oldSize.height,
                                origin: frame.minY, length: frame.height,
                                flexibleMin: mask.contains(.layerMinYMargin),
                                flexibleLength: mask.contains(.layerHeightSizable),
                                flexibleMax: mask.contains(.layerMaxYMargin))
        self.frame = CGRect(x: x.origin, y: y.origin, width: x.length, height: y.length)
    }

    /// Shares `delta` equally among the flexible parts of one axis, as
    /// AppKit's autoresizing does ("distributes the size difference as evenly
    /// as possible among the flexible portions": width and right margin
    /// flexible, 10 points more, each gets 5). CALayer's mask is the macOS
    /// one, so it follows AppKit, not UIKit's proportional sharing. A flexible
    /// max margin takes its share by not moving anything.
    static func distribute(delta: CGFloat, origin: CGFloat, length: CGFloat,
                           flexibleMin: Bool, flexibleLength: Bool,
                           flexibleMax: Bool) -> (origin: CGFloat, length: CGFloat) {
        let count = [flexibleMin, flexibleLength, flexibleMax].filter { $0 }.count
        guard count > 0, delta != 0 else { return (origin, length) }
        let share = delta / CGFloat(count)
        return (origin + (flexibleMin ? share : 0), max(0, length + (flexibleLength ? share : 0)))
    }
}
