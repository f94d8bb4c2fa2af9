/// Key-value coding: declared properties by key, arbitrary keys, and Apple's
/// key-path extensions (structure fields, transform fields, filter inputs).
extension CALayer {
    func kvcValue(forKey key: String) -> Any? {
        let key = CALayerProperties.aliases[key] ?? key
        switch key {
        case "sublayers": return sublayers
        case "superlayer": return superlayer
        case "frame": return frame
        case "delegate": return delegate
        default: return propertyValue(forKey: key)
        }
    }

    func kvcSetValue(_ value: Any?, forKey key: String) {
        let key = CALayerProperties.aliases[key] ?? key
        switch key {
        case "sublayers":
            guard value == nil || value is [CALayer] else {
                return CADiagnostics.report(layer: self, keyPath: key, "expected [CALayer]; ignored")
            }
            sublayers = value as? [CALayer]
        case "frame":
            guard case .rect(let rect)? = AnimatableValue(value) else {
                return CADiagnostics.report(layer: self, keyPath: key, "expected a CGRect; ignored")
            }
            frame = rect
        case "delegate":
            delegate = value as? CALayerDelegate
        case "superlayer":
            CADiagnostics.report(layer: self, keyPath: key, "superlayer is read-only; use addSublayer(_:)")
        default:
            setProperty(value, forKey: key)
        }
    }

    func kvcValue(forKeyPath keyPath: String) -> Any? {
        let path = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        // Single keys and the base of a path go through the overridable
        // `value(forKey:)`, so subclasses that convert their keys see them.
        guard path.count > 1 else { return value(forKey: keyPath) }
        let base = value(forKey: path[0])
        let rest = path[1...]
        if let result = Self.subvalue(of: base, baseKey: path[0], path: rest) { return result }
        CADiagnostics.report(layer: self, keyPath: keyPath, "no such key path; reads as nil")
        return nil
    }

    func kvcSetValue(_ value: Any?, forKeyPath keyPath: String) {
        let path = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard path.count > 1 else { return setValue(value, forKey: keyPath) }
        let baseKey = CALayerProperties.aliases[path[0]] ?? path[0]
        let rest = path[1...]
        let base = self.value(forKey: baseKey)
        switch base {
        case let layer as CALayer:
            layer.setValue(value, forKeyPath: rest.joined(separator: "."))
        case is CIFilter where rest.count == 1:
            setFilterInput(value, filterPath: [baseKey], input: rest.last!, keyPath: keyPath)
        case is [Any] where baseKey == "filters" || baseKey == "backgroundFilters":
            guard rest.count == 2 else {
                return CADiagnostics.report(layer: self, keyPath: keyPath, "expected filters.NAME.inputKey; ignored")
            }
            setFilterInput(value, filterPath: [baseKey, rest.first!], input: rest.last!, keyPath: keyPath)
        default:
            guard let value else {
                return CADiagnostics.report(layer: self, keyPath: keyPath, "cannot set a structure field to nil; ignored")
            }
            let updated: Any?
            if let transform = base as? CATransform3D {
                updated = AnimatableValue(value).flatMap { transform.settingField(rest.joined(separator: "."), to: $0) }
            } else if let base {
                updated = StructField.set(base, path: rest, to: value)
            } else {
                updated = nil
            }
            guard let updated else {
                return CADiagnostics.report(layer: self, keyPath: keyPath,
                    "no such key path, or a value of type \(type(of: value)) that does not fit it; ignored")
            }
            setValue(updated, forKey: baseKey)
        }
    }

    /// The value at `path` inside `base`: a structure or transform field, a
    /// filter's input, or a key path of a layer-valued property.
    static func subvalue(of base: Any?, baseKey: String, path: ArraySlice<String>) -> Any? {
        switch base {
        case let layer as CALayer:
            return layer.value(forKeyPath: path.joined(separator: "."))
        case let transform as CATransform3D:
            return transform.fieldValue(path.joined(separator: "."))
        case let filter as CIFilter where path.count == 1:
            return filter.value(forKey: path.first!)
        case let filters as [Any] where path.count == 2:
            return filters.lazy.compactMap { $0 as? CIFilter }.first { $0.name == path.first! }?.value(forKey: path.last!)
        case let base?:
            return StructField.get(base, path: path)
        case nil:
            return nil
        }
    }

    /// Sets `input` on the filter named by `filterPath` (`["filters", NAME]`
    /// or `["compositingFilter"]`). A presentation layer copies the filter
    /// first, so animating an input never changes the model's filter object.
    private func setFilterInput(_ value: Any?, filterPath: [String], input: String, keyPath: String) {
        let key = filterPath[0]
        if filterPath.count == 1 {
            guard let filter = propertyValue(forKey: key) as? CIFilter else { return }
            let target = isPresentation ? filter.copy() : filter
            target.setValue(value, forKey: input)
            setProperty(target, forKey: key)
            return
        }
        guard var filters = propertyValue(forKey: key) as? [Any],
              let index = filters.firstIndex(where: { ($0 as? CIFilter)?.name == filterPath[1] }),
              let filter = filters[index] as? CIFilter
        else {
            return CADiagnostics.report(layer: self, keyPath: keyPath, "no filter named \"\(filterPath[1])\"; ignored")
        }
        if isPresentation {
            let copy = filter.copy()
            copy.setValue(value, forKey: input)
            filters[index] = copy
            storage[key] = filters
        } else {
            filter.setValue(value, forKey: input)
            forgetCommittedState()  // the filter changed in place: no key was set
            CATransaction.current.layerChanged(self)
            runActionForChange(ofKey: keyPath)
        }
    }
}
