/// How property values are stored, defaulted and changed. Every setter, typed
/// or key-value coding, ends in `setProperty(_:forKey:)`, which validates the
/// value, records the change in the current transaction and runs the action.
extension CALayer {
    /// The value of `key`: set explicitly, else the class's default.
    func propertyValue(forKey key: String) -> Any? {
        if let value = storage[key] { return isNSNull(value) ? nil : value }
        let fallback = styleValue(forKey: key) ?? type(of: self).defaultValue(forKey: key)
        guard let fallback, let property = type(of: self).declaredProperties[key] else { return fallback }
        // A subclass's default may be any number type; give it the property's type.
        if case .value(let converted) = property.coerce(fallback) { return converted }
        return property.defaultValue
    }

    /// The value `style` (or a style nested in it) gives `key`.
    func styleValue(forKey key: String) -> Any? { StyleLookup.value(forKey: key, in: storage) }

    /// Typed read with a fallback for a missing or mistyped value.
    func get<T>(_ key: String, _ fallback: T) -> T {
        propertyValue(forKey: key) as? T ?? fallback
    }

    /// The base of `defaultValue(forKey:)`: Apple's default for declared
    /// properties; for others, the value in `style`, which is searched for any
    /// key that was never set, as Apple documents.
    class func baseDefaultValue(forKey key: String) -> Any? {
        if let property = declaredProperties[key] { return property.defaultValue }
        return nil
    }

    /// Sets `key` after validating the value, recording the change and running
    /// the key's action in a visible tree.
    func setProperty(_ value: Any?, forKey key: String) {
        var newValue = value
        if let property = type(of: self).declaredProperties[key] {
            switch property.coerce(value) {
            case .wrongType:
                CADiagnostics.report(layer: self, keyPath: key,
                    "a value of type \(Swift.type(of: value!)) does not fit this property; ignored")
                return
            case .value(let converted):
                newValue = converted
            }
            if property.kind.isGeometry, !LayerProperty.isFinite(newValue) {
                CADiagnostics.report(layer: self, keyPath: key, "non-finite geometry \(newValue!); ignored")
                return
            }
            if key == "bounds", let rect = newValue as? CGRect, rect.size.width < 0 || rect.size.height < 0 {
                // Apple keeps negative sizes in bounds but draws nothing; keep it too.
                CADiagnostics.report(layer: self, keyPath: key, "negative size \(rect.size)")
            }
        }
        if isPresentation {
            storage[key] = newValue ?? NSNull()
            return
        }
        let oldValue = propertyValue(forKey: key)
        // nil is stored as NSNull, so that it overrides a non-nil default
        // (`borderColor = nil` must read back nil, not black).
        storage[key] = newValue ?? NSNull()
        noteKeySetForCommit(key)
        didChangeProperty(key, oldValue: oldValue)
        runActionForChange(ofKey: key)
    }

    private func newValue(forKey key: String) -> Any? { storage[key] }

    /// Sets a value the layer computed itself (a backing store), recording the
    /// change without running an action.
    func setComputedProperty(_ value: Any?, forKey key: String) {
        storage[key] = value ?? NSNull()
        noteKeySetForCommit(key)
        CATransaction.current.layerChanged(self)
    }

    /// Side effects of a property change: the transaction learns of it, layout
    /// and display are invalidated where Apple invalidates them.
    func didChangeProperty(_ key: String, oldValue: Any?) {
        CATransaction.current.layerChanged(self)
        switch key {
        case "bounds":
            let oldBounds = oldValue as? CGRect ?? .zero
            if oldBounds.size != bounds.size {
                setNeedsLayout()
                if needsDisplayOnBoundsChange { setNeedsDisplay() }
                if sublayerList?.contains(where: { !$0.autoresizingMask.isEmpty }) == true {
                    resizeSublayers(withOldSize: oldBounds.size)
                }
            }
        case "mask":
            (oldValue as? CALayer)?.maskOwnerReference = nil
            (newValue(forKey: key) as? CALayer)?.maskOwnerReference = self
        case "layoutManager", "sublayerTransform":
            setNeedsLayout()
        case "constraints":
            superlayerReference?.setNeedsLayout()
        default:
            break
        }
        if type(of: self).needsDisplay(forKey: key) { setNeedsDisplay() }
    }
}
