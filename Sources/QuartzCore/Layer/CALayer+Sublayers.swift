/// Tree edits. Each is recorded in the current transaction; in a visible tree
/// a layer joining runs its `kCAOnOrderIn` action, a layer leaving its
/// `kCAOnOrderOut` action, and the superlayer its `"sublayers"` action.
extension CALayer {
    func insert(_ layer: CALayer, at index: Int) {
        guard !isPresentation, !layer.isPresentation else { return }
        guard layer !== self, !isDescendant(of: layer) else {
            return CADiagnostics.report(layer: self, keyPath: "sublayers",
                "adding a layer to itself or its own descendant would make a cycle; ignored")
        }
        let wasVisible = layer.isInVisibleTree
        if layer.superlayerReference === self, let current = sublayerList?.firstIndex(where: { $0 === layer }) {
            sublayerList?.remove(at: current)
        } else {
            layer.detachFromSuperlayer(runningActions: false)
        }
        var list = sublayerList ?? []
        list.insert(layer, at: max(0, min(index, list.count)))
        sublayerList = list
        layer.superlayerReference = self
        treeChanged()
        if !wasVisible && layer.isInVisibleTree { layer.runAction(forEvent: kCAOnOrderIn) }
    }

    func insert(_ layer: CALayer, relativeTo sibling: CALayer?, offset: Int) {
        // Remove first so the sibling's index is measured without `layer`.
        if layer.superlayerReference === self, sibling !== layer {
            sublayerList?.removeAll { $0 === layer }
            layer.superlayerReference = nil
        }
        let count = sublayerList?.count ?? 0
        guard let sibling, let index = sublayerList?.firstIndex(where: { $0 === sibling }) else {
            return insert(layer, at: offset == 0 ? 0 : count)
        }
        insert(layer, at: index + offset)
    }

    func replace(_ oldLayer: CALayer, with newLayer: CALayer) {
        guard let index = sublayerList?.firstIndex(where: { $0 === oldLayer }) else {
            return CADiagnostics.report(layer: self, keyPath: "sublayers",
                "replaceSublayer: the layer to replace is not a sublayer; ignored")
        }
        guard oldLayer !== newLayer else { return }
        oldLayer.detachFromSuperlayer()
        insert(newLayer, at: index)
        newLayer.runAction(forEvent: kCATransition)
    }

    func detachFromSuperlayer(runningActions: Bool = true) {
        guard let parent = superlayerReference else { return }
        if runningActions { runAction(forEvent: kCAOnOrderOut) }
        parent.sublayerList?.removeAll { $0 === self }
        if parent.sublayerList?.isEmpty == true { parent.sublayerList = nil }
        superlayerReference = nil
        parent.treeChanged()
        CATransaction.current.layerChanged(self)
    }

    func setSublayers(_ newValue: [CALayer]?) {
        guard !isPresentation else { return }
        for old in sublayerList ?? [] where !(newValue ?? []).contains(where: { $0 === old }) {
            old.detachFromSuperlayer()
        }
        var seen = Set<ObjectIdentifier>()
        let unique = (newValue ?? []).filter { seen.insert(ObjectIdentifier($0)).inserted }
        for (index, layer) in unique.enumerated() { insert(layer, at: index) }
    }

    /// True when `ancestor` is above this layer in its tree.
    func isDescendant(of ancestor: CALayer) -> Bool {
        var layer = superlayerReference
        while let current = layer {
            if current === ancestor { return true }
            layer = current.superlayerReference
        }
        return false
    }

    private func treeChanged() {
        CATransaction.current.layerChanged(self)
        setNeedsLayout()
        runAction(forEvent: "sublayers")
    }

    /// The named animation keys (anonymous animations are not listed, as on Apple).
    func visibleAnimationKeys() -> [String]? {
        let keys = animationEntries.compactMap { $0.isAnonymous ? nil : $0.key }
        return keys.isEmpty ? nil : keys
    }
}
