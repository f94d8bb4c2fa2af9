/// The `LayerState` field a compiled animation reads and writes, resolved
/// from its key path once when the commit is applied. Each case reads and
/// writes exactly what `LayerState`'s `AnimationTarget` conformance does for
/// that key path (`LayerState+AnimationTarget.swift`), without going through
/// `AnimatableValue`. Key paths not listed here are left to the general path.
enum CompiledTarget: Sendable {
    case opacity, zPosition, anchorPointZ, cornerRadius, borderWidth, shadowOpacity, shadowRadius
    case hidden, masksToBounds
    case position, anchorPoint
    /// `position.x`, `position.y`.
    case positionX, positionY
    case shadowOffset
    case bounds, contentsRect, contentsCenter
    case backgroundColor, borderColor, shadowColor
    /// A numeric field of `transform` (`transform.scale`, `transform.rotation.z`, …).
    case transformField(TransformField)
    /// A numeric field of `sublayerTransform`.
    case sublayerTransformField(TransformField)
    /// A numeric filter input (`filters.NAME.inputKey`), written inline
    /// (`AnimatedFilterInput`). By reference, so that the case takes no
    /// more room in a `CompiledAnimation` than the others.
    case filterInput(FilterInputPath)

    /// The field `path` names, or nil when the general path must handle it.
    init?(_ path: AnimationKeyPath) {
        guard let key = path.layerKey else { return nil }
        if path.rest.isEmpty {
            switch key {
            case .opacity: self = .opacity
            case .zPosition: self = .zPosition
            case .anchorPointZ: self = .anchorPointZ
            case .cornerRadius: self = .cornerRadius
            case .borderWidth: self = .borderWidth
            case .shadowOpacity: self = .shadowOpacity
            case .shadowRadius: self = .shadowRadius
            case .hidden: self = .hidden
            case .masksToBounds: self = .masksToBounds
            case .position: self = .position
            case .anchorPoint: self = .anchorPoint
            case .shadowOffset: self = .shadowOffset
            case .bounds: self = .bounds
            case .contentsRect: self = .contentsRect
            case .contentsCenter: self = .contentsCenter
            case .backgroundColor: self = .backgroundColor
            case .borderColor: self = .borderColor
            case .shadowColor: self = .shadowColor
            case .transform, .sublayerTransform, .filters, .backgroundFilters: return nil
            }
            return
        }
        switch (key, path.restJoined) {
        case (.position, "x"): self = .positionX
        case (.position, "y"): self = .positionY
        case (.filters, _), (.backgroundFilters, _):
            guard path.rest.count == 2 else { return nil }
            self = .filterInput(FilterInputPath(list: key == .filters ? .filters : .backgroundFilters,
                                                name: path.rest[0], key: path.rest[1]))
        case (.transform, _), (.sublayerTransform, _):
            // `translation` takes a size; the other fields are numbers.
            guard let field = path.transformField, field != .translation else { return nil }
            self = key == .transform ? .transformField(field) : .sublayerTransformField(field)
        default:
            return nil
        }
    }

    /// The kind of value the field holds.
    var kind: CompiledValueKind {
        switch self {
        case .opacity, .zPosition, .anchorPointZ, .cornerRadius, .borderWidth, .shadowOpacity, .shadowRadius,
             .hidden, .masksToBounds, .positionX, .positionY, .transformField, .sublayerTransformField, .filterInput:
            return .number
        case .position, .anchorPoint: return .point
        case .shadowOffset: return .size
        case .bounds, .contentsRect, .contentsCenter: return .rect
        case .backgroundColor, .borderColor, .shadowColor: return .color
        }
    }

    /// The field's current value in `state`, as `animatableValue(at:)` reads
    /// it; nil where that is nil (no colour, a transform that cannot be
    /// decomposed). `state` is only read; it is `inout` so that the
    /// compiled path's own `inout` state is passed without being copied.
    func read(from state: inout LayerState) -> SIMD4<Double>? {
        func number(_ x: Double) -> SIMD4<Double> { SIMD4(x, 0, 0, 0) }
        func pair(_ x: CGFloat, _ y: CGFloat) -> SIMD4<Double> { SIMD4(Double(x), Double(y), 0, 0) }
        func rect(_ r: CGRect) -> SIMD4<Double> {
            SIMD4(Double(r.origin.x), Double(r.origin.y), Double(r.size.width), Double(r.size.height))
        }
        switch self {
        case .opacity: return number(Double(state.opacity))
        case .zPosition: return number(Double(state.zPosition))
        case .anchorPointZ: return number(Double(state.anchorPointZ))
        case .cornerRadius: return number(Double(state.cornerRadius))
        case .borderWidth: return number(Double(state.borderWidth))
        case .shadowOpacity: return number(Double(state.shadowOpacity))
        case .shadowRadius: return number(Double(state.shadowRadius))
        case .hidden: return number(state.isHidden ? 1 : 0)
        case .masksToBounds: return number(state.masksToBounds ? 1 : 0)
        case .position: return pair(state.position.x, state.position.y)
        case .anchorPoint: return pair(state.anchorPoint.x, state.anchorPoint.y)
        case .positionX: return number(Double(state.position.x))
        case .positionY: return number(Double(state.position.y))
        case .shadowOffset: return pair(state.shadowOffset.width, state.shadowOffset.height)
        case .bounds: return rect(state.bounds)
        case .contentsRect: return rect(state.contentsRect)
        case .contentsCenter: return rect(state.contentsCenter)
        case .backgroundColor: return state.backgroundColor?.rgba
        case .borderColor: return state.borderColor?.rgba
        case .shadowColor: return state.shadowColor?.rgba
        case .transformField(let field):
            return state.transform.animatableFieldValue(field)?.number.map(number)
        case .sublayerTransformField(let field):
            return state.sublayerTransform.animatableFieldValue(field)?.number.map(number)
        case .filterInput(let input):
            return state.filterNumber(input.key, ofFilterNamed: input.name, in: input.list).map(number)
        }
    }

    /// Writes a keyframe's colour as given into a colour field, as
    /// `setAnimatedValue(_:at:)` writes a colour value (any other field
    /// never holds a colour, and is left alone).
    func write(_ color: CGColor, to state: inout LayerState) {
        switch self {
        case .backgroundColor: state.backgroundColor = LayerColor(color)
        case .borderColor: state.borderColor = LayerColor(color)
        case .shadowColor: state.shadowColor = LayerColor(color)
        default: return
        }
    }

    /// Writes the value with components `v` into the field, as
    /// `setAnimatedValue(_:at:)` does.
    func write(_ v: SIMD4<Double>, to state: inout LayerState) {
        // Components rather than a new `CGColor`: no allocation per frame (`LayerColor`).
        func color() -> LayerColor { LayerColor(genericRGB: v) }
        switch self {
        case .opacity: state.opacity = Float(v.x)
        case .zPosition: state.zPosition = CGFloat(v.x)
        case .anchorPointZ: state.anchorPointZ = CGFloat(v.x)
        case .cornerRadius: state.cornerRadius = CGFloat(v.x)
        case .borderWidth: state.borderWidth = CGFloat(v.x)
        case .shadowOpacity: state.shadowOpacity = Float(v.x)
        case .shadowRadius: state.shadowRadius = CGFloat(v.x)
        case .hidden: state.isHidden = v.x >= 0.5
        case .masksToBounds: state.masksToBounds = v.x >= 0.5
        case .position: state.position = CGPoint(x: CGFloat(v.x), y: CGFloat(v.y))
        case .anchorPoint: state.anchorPoint = CGPoint(x: CGFloat(v.x), y: CGFloat(v.y))
        case .positionX: state.position.x = CGFloat(v.x)
        case .positionY: state.position.y = CGFloat(v.x)
        case .shadowOffset: state.shadowOffset = CGSize(width: CGFloat(v.x), height: CGFloat(v.y))
        case .bounds: state.bounds = CGRect(x: CGFloat(v.x), y: CGFloat(v.y), width: CGFloat(v.z), height: CGFloat(v.w))
        case .contentsRect:
            state.contentsRect = CGRect(x: CGFloat(v.x), y: CGFloat(v.y), width: CGFloat(v.z), height: CGFloat(v.w))
        case .contentsCenter:
            state.contentsCenter = CGRect(x: CGFloat(v.x), y: CGFloat(v.y), width: CGFloat(v.z), height: CGFloat(v.w))
        case .backgroundColor: state.backgroundColor = color()
        case .borderColor: state.borderColor = color()
        case .shadowColor: state.shadowColor = color()
        case .transformField(let field):
            // In place when the transform is the identity (the usual case).
            guard !state.transform.setFieldOfIdentity(field, to: v.x) else { return }
            if let updated = state.transform.settingField(field, to: .number(v.x)) { state.transform = updated }
        case .sublayerTransformField(let field):
            guard !state.sublayerTransform.setFieldOfIdentity(field, to: v.x) else { return }
            if let updated = state.sublayerTransform.settingField(field, to: .number(v.x)) {
                state.sublayerTransform = updated
            }
        case .filterInput(let input):
            state.setFilterNumber(v.x, forKey: input.key, ofFilterNamed: input.name, in: input.list)
        }
    }
}

/// Where a compiled filter-input animation writes: the list, the filter's
/// name and the input's key of `filters.NAME.inputKey`.
final class FilterInputPath: Sendable {
    let list: AnimatedFilterInput.List
    let name: String
    let key: String

    init(list: AnimatedFilterInput.List, name: String, key: String) {
        self.list = list
        self.name = name
        self.key = key
    }
}
