/// Animations on the render thread read and write a layer's state by key
/// path, with the same key paths as `CALayer` key-value coding. Key paths
/// that do not affect drawing (custom keys) are ignored here.
extension LayerState: AnimationTarget {
    func animatableValue(at path: AnimationKeyPath) -> AnimatableValue? {
        if path.key == "emitterCells" { return emitter?.animatableCellValue(path: path.rest[...]) }
        guard let base = baseValue(forKey: path.key, known: path.layerKey) else { return nil }
        if path.rest.isEmpty { return base }
        switch (path.layerKey, base) {
        case (.filters?, _), (.backgroundFilters?, _):
            return filterInput(key: path.layerKey!, path: path.rest)
        case (_, .transform(let transform)):
            return path.transformField.flatMap(transform.animatableFieldValue)
        default:
            return StructField.get(base.boxed(like: nil), path: path.rest[...]).flatMap(AnimatableValue.init)
        }
    }

    mutating func setAnimatedValue(_ value: AnimatableValue, at path: AnimationKeyPath) {
        if path.rest.isEmpty { return setBaseValue(value, forKey: path.key, known: path.layerKey) }
        if path.key == "emitterCells" {
            emitter?.setAnimatedCellValue(value, path: path.rest[...])
            return
        }
        if path.layerKey == .filters || path.layerKey == .backgroundFilters {
            return setFilterInput(value, key: path.layerKey!, path: path.rest)
        }
        guard let base = baseValue(forKey: path.key, known: path.layerKey) else { return }
        if case .transform(let transform) = base {
            if let field = path.transformField, let updated = transform.settingField(field, to: value) {
                setBaseValue(.transform(updated), forKey: path.key, known: path.layerKey)
            }
            return
        }
        if let updated = StructField.set(base.boxed(like: nil), path: path.rest[...], to: value.boxed(like: nil)),
           let converted = AnimatableValue(updated) {
            setBaseValue(converted, forKey: path.key, known: path.layerKey)
        }
    }

    /// The value of the layer property `known`, or else of a shape's,
    /// gradient's or replicator's property `key`.
    private func baseValue(forKey key: String, known: LayerStateKey?) -> AnimatableValue? {
        guard let known else {
            return shape?.animatableValue(forKey: key) ?? gradient?.animatableValue(forKey: key)
                ?? replicator?.animatableValue(forKey: key) ?? emitter?.animatableValue(forKey: key)
        }
        switch known {
        case .bounds: return .rect(bounds)
        case .position: return .point(position)
        case .zPosition: return .number(Double(zPosition))
        case .anchorPoint: return .point(anchorPoint)
        case .anchorPointZ: return .number(Double(anchorPointZ))
        case .transform: return .transform(transform)
        case .sublayerTransform: return .transform(sublayerTransform)
        case .hidden: return .number(isHidden ? 1 : 0)
        case .masksToBounds: return .number(masksToBounds ? 1 : 0)
        case .contentsRect: return .rect(contentsRect)
        case .contentsCenter: return .rect(contentsCenter)
        case .backgroundColor: return backgroundColor.map { .color($0.cgColor) }
        case .cornerRadius: return .number(Double(cornerRadius))
        case .borderWidth: return .number(Double(borderWidth))
        case .borderColor: return borderColor.map { .color($0.cgColor) }
        case .opacity: return .number(Double(opacity))
        case .shadowColor: return shadowColor.map { .color($0.cgColor) }
        case .shadowOpacity: return .number(Double(shadowOpacity))
        case .shadowOffset: return .size(shadowOffset)
        case .shadowRadius: return .number(Double(shadowRadius))
        case .filters, .backgroundFilters: return .array([])
        }
    }

    private mutating func setBaseValue(_ value: AnimatableValue, forKey key: String, known: LayerStateKey?) {
        switch (known, value) {
        case (.bounds?, .rect(let rect)): bounds = rect
        case (.position?, .point(let point)): position = point
        case (.zPosition?, .number(let number)): zPosition = CGFloat(number)
        case (.anchorPoint?, .point(let point)): anchorPoint = point
        case (.anchorPointZ?, .number(let number)): anchorPointZ = CGFloat(number)
        case (.transform?, .transform(let matrix)): transform = matrix
        case (.sublayerTransform?, .transform(let matrix)): sublayerTransform = matrix
        case (.hidden?, .number(let number)): isHidden = number >= 0.5
        case (.masksToBounds?, .number(let number)): masksToBounds = number >= 0.5
        case (.contentsRect?, .rect(let rect)): contentsRect = rect
        case (.contentsCenter?, .rect(let rect)): contentsCenter = rect
        case (.backgroundColor?, .color(let color)): backgroundColor = LayerColor(color)
        case (.cornerRadius?, .number(let number)): cornerRadius = CGFloat(number)
        case (.borderWidth?, .number(let number)): borderWidth = CGFloat(number)
        case (.borderColor?, .color(let color)): borderColor = LayerColor(color)
        case (.opacity?, .number(let number)): opacity = Float(number)
        case (.shadowColor?, .color(let color)): shadowColor = LayerColor(color)
        case (.shadowOpacity?, .number(let number)): shadowOpacity = Float(number)
        case (.shadowOffset?, .size(let size)): shadowOffset = size
        case (.shadowRadius?, .number(let number)): shadowRadius = CGFloat(number)
        default:
            shape?.setAnimatedValue(value, forKey: key)
            gradient?.setAnimatedValue(value, forKey: key)
            replicator?.setAnimatedValue(value, forKey: key)
            emitter?.setAnimatedValue(value, forKey: key)
        }
    }

    /// `filters.NAME.inputKey`: a numeric filter input.
    private func filterInput(key: LayerStateKey, path: [String]) -> AnimatableValue? {
        guard path.count == 2, let name = path.first, let input = path.last else { return nil }
        return filterNumber(input, ofFilterNamed: name, in: key == .filters ? .filters : .backgroundFilters)
            .map(AnimatableValue.number)
    }

    private mutating func setFilterInput(_ value: AnimatableValue, key: LayerStateKey, path: [String]) {
        guard path.count == 2, let name = path.first, let input = path.last, let number = value.number else { return }
        setFilterNumber(number, forKey: input, ofFilterNamed: name, in: key == .filters ? .filters : .backgroundFilters)
    }
}
