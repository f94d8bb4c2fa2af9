/// What kind of Swift value a declared layer property holds, so that values
/// set through key-value coding (any number type, `NSNumber`, `NSValue`) are
/// converted to the property's type, and wrong types are refused.
enum LayerValueKind: Sendable {
    case cgFloat, float, double, bool, int
    case point, size, rect, transform
    case color, string, gravity, fillMode, autoresizing, cornerMask, contentsFormat
    case cornerCurve, contentsFilter, edgeMask
    /// Any value, stored as given (contents, mask, filters, delegate-like values).
    case object
    /// Geometry whose NaN or infinite components are refused, as Apple refuses them.
    var isGeometry: Bool {
        switch self {
        case .cgFloat, .point, .size, .rect, .transform: return true
        default: return false
        }
    }
}

/// One declared property of a layer class: its key-value coding key, Apple's
/// default, and whether a change runs an action (an implicit animation).
struct LayerProperty: Sendable {
    let key: String
    let kind: LayerValueKind
    let defaultValue: (any Sendable)?
    let isAnimatable: Bool

    init(_ key: String, _ kind: LayerValueKind, _ defaultValue: (any Sendable)?, animatable: Bool) {
        self.key = key
        self.kind = kind
        self.defaultValue = defaultValue
        self.isAnimatable = animatable
    }

    /// Converts `value` to this property's type, or returns nil when it is of
    /// the wrong type. A nil `value` converts to nil (the property is reset).
    func coerce(_ value: Any?) -> Coerced {
        guard let value, !isNSNull(value) else { return .value(nil) }
        switch kind {
        case .object:
            return .value(value)
        case .cgFloat:
            return LayerProperty.number(value).map { .value(CGFloat($0)) } ?? .wrongType
        case .float:
            return LayerProperty.number(value).map { .value(Float($0)) } ?? .wrongType
        case .double:
            return LayerProperty.number(value).map { .value($0) } ?? .wrongType
        case .int:
            guard let number = LayerProperty.number(value), number.isFinite else { return .wrongType }
            return .value(Int(clampedFrom: number.rounded()))
        case .bool:
            if let flag = value as? Bool { return .value(flag) }
            return LayerProperty.number(value).map { .value($0 != 0) } ?? .wrongType
        case .point, .size, .rect, .transform:
            guard let normalized = AnimatableValue(value) else { return .wrongType }
            switch (kind, normalized) {
            case (.point, .point(let point)): return .value(point)
            case (.size, .size(let size)): return .value(size)
            case (.rect, .rect(let rect)): return .value(rect)
            case (.transform, .transform(let transform)): return .value(transform)
            default: return .wrongType
            }
        case .color:
            return value is CGColor ? .value(value) : .wrongType
        case .string:
            return value is String ? .value(value) : .wrongType
        case .gravity:
            if let gravity = value as? CALayerContentsGravity { return .value(gravity) }
            if let raw = value as? String { return .value(CALayerContentsGravity(rawValue: raw)) }
            return .wrongType
        case .contentsFormat:
            if let format = value as? CALayerContentsFormat { return .value(format) }
            if let raw = value as? String { return .value(CALayerContentsFormat(rawValue: raw)) }
            return .wrongType
        case .fillMode:
            if let mode = value as? CAMediaTimingFillMode { return .value(mode) }
            if let raw = value as? String { return .value(CAMediaTimingFillMode(rawValue: raw)) }
            return .wrongType
        case .autoresizing:
            if let mask = value as? CAAutoresizingMask { return .value(mask) }
            return LayerProperty.bits(value, limit: Double(UInt32.max)).map { .value(CAAutoresizingMask(rawValue: UInt32($0))) } ?? .wrongType
        case .cornerMask:
            if let mask = value as? CACornerMask { return .value(mask) }
            return LayerProperty.bits(value, limit: Double(UInt32.max)).map { .value(CACornerMask(rawValue: UInt($0))) } ?? .wrongType
        case .edgeMask:
            if let mask = value as? CAEdgeAntialiasingMask { return .value(mask) }
            return LayerProperty.bits(value, limit: Double(UInt32.max)).map { .value(CAEdgeAntialiasingMask(rawValue: UInt32($0))) } ?? .wrongType
        case .cornerCurve:
            if let curve = value as? CALayerCornerCurve { return .value(curve) }
            if let raw = value as? String { return .value(CALayerCornerCurve(rawValue: raw)) }
            return .wrongType
        case .contentsFilter:
            if let filter = value as? CALayerContentsFilter { return .value(filter) }
            if let raw = value as? String { return .value(CALayerContentsFilter(rawValue: raw)) }
            return .wrongType
        }
    }

    enum Coerced {
        case value(Any?)
        case wrongType
    }

    /// Any Swift number, `NSNumber` or `Bool` as a `Double`.
    static func number(_ value: Any) -> Double? {
        if case .number(let number)? = AnimatableValue(value) { return number }
        return nil
    }

    /// A number given for an option set's bits, or nil (refused and
    /// reported as the wrong type) when it is not a whole number in
    /// 0...`limit`: NaN, infinities and huge values must not trap.
    static func bits(_ value: Any, limit: Double) -> Double? {
        guard let number = number(value), number >= 0, number <= limit, number == number.rounded() else { return nil }
        return number
    }

    /// True when every component of a geometry value is finite.
    static func isFinite(_ value: Any?) -> Bool {
        switch value {
        case let number as CGFloat: return number.isFinite
        case let point as CGPoint: return point.x.isFinite && point.y.isFinite
        case let size as CGSize: return size.width.isFinite && size.height.isFinite
        case let rect as CGRect:
            return rect.origin.x.isFinite && rect.origin.y.isFinite && rect.size.width.isFinite && rect.size.height.isFinite
        case let transform as CATransform3D: return transform.isFinite
        default: return true
        }
    }
}

/// The properties `CALayer` declares, with Apple's defaults.
enum CALayerProperties {
    static let black = CGColor(red: 0, green: 0, blue: 0, alpha: 1)

    static let all: [String: LayerProperty] = table([
        // Geometry
        LayerProperty("bounds", .rect, CGRect.zero, animatable: true),
        LayerProperty("position", .point, CGPoint.zero, animatable: true),
        LayerProperty("zPosition", .cgFloat, CGFloat(0), animatable: true),
        LayerProperty("anchorPoint", .point, CGPoint(x: 0.5, y: 0.5), animatable: true),
        LayerProperty("anchorPointZ", .cgFloat, CGFloat(0), animatable: true),
        LayerProperty("transform", .transform, CATransform3DIdentity, animatable: true),
        LayerProperty("sublayerTransform", .transform, CATransform3DIdentity, animatable: true),
        LayerProperty("hidden", .bool, false, animatable: true),
        LayerProperty("doubleSided", .bool, true, animatable: false),
        LayerProperty("geometryFlipped", .bool, false, animatable: false),
        LayerProperty("masksToBounds", .bool, false, animatable: true),
        LayerProperty("mask", .object, nil, animatable: false),
        // Contents
        LayerProperty("contents", .object, nil, animatable: true),
        LayerProperty("contentsRect", .rect, CGRect(x: 0, y: 0, width: 1, height: 1), animatable: true),
        LayerProperty("contentsCenter", .rect, CGRect(x: 0, y: 0, width: 1, height: 1), animatable: true),
        LayerProperty("contentsGravity", .gravity, CALayerContentsGravity.resize, animatable: false),
        LayerProperty("contentsScale", .cgFloat, CGFloat(1), animatable: false),
        LayerProperty("contentsFormat", .contentsFormat, CALayerContentsFormat.RGBA8Uint, animatable: false),
        LayerProperty("wantsExtendedDynamicRangeContent", .bool, false, animatable: false),
        LayerProperty("opaque", .bool, false, animatable: false),
        LayerProperty("needsDisplayOnBoundsChange", .bool, false, animatable: false),
        LayerProperty("drawsAsynchronously", .bool, false, animatable: false),
        LayerProperty("minificationFilter", .contentsFilter, CALayerContentsFilter.linear, animatable: false),
        LayerProperty("magnificationFilter", .contentsFilter, CALayerContentsFilter.linear, animatable: false),
        // Apple's header: "Animatable" (it changes nothing drawn here).
        LayerProperty("minificationFilterBias", .float, Float(0), animatable: true),
        // Style
        LayerProperty("backgroundColor", .color, nil, animatable: true),
        LayerProperty("cornerRadius", .cgFloat, CGFloat(0), animatable: true),
        LayerProperty("maskedCorners", .cornerMask, CACornerMask.all, animatable: false),
        LayerProperty("cornerCurve", .cornerCurve, CALayerCornerCurve.circular, animatable: false),
        LayerProperty("borderWidth", .cgFloat, CGFloat(0), animatable: true),
        LayerProperty("borderColor", .color, black, animatable: true),
        LayerProperty("opacity", .float, Float(1), animatable: true),
        LayerProperty("allowsGroupOpacity", .bool, true, animatable: false),
        LayerProperty("allowsEdgeAntialiasing", .bool, true, animatable: false),
        LayerProperty("edgeAntialiasingMask", .edgeMask, CAEdgeAntialiasingMask.all, animatable: false),
        LayerProperty("shouldRasterize", .bool, false, animatable: false),
        LayerProperty("rasterizationScale", .cgFloat, CGFloat(1), animatable: false),
        LayerProperty("shadowColor", .color, black, animatable: true),
        LayerProperty("shadowOpacity", .float, Float(0), animatable: true),
        LayerProperty("shadowOffset", .size, CGSize(width: 0, height: -3), animatable: true),
        LayerProperty("shadowRadius", .cgFloat, CGFloat(3), animatable: true),
        LayerProperty("shadowPath", .object, nil, animatable: true),
        LayerProperty("filters", .object, nil, animatable: true),
        LayerProperty("backgroundFilters", .object, nil, animatable: true),
        LayerProperty("compositingFilter", .object, nil, animatable: true),
        // Identity, actions, layout
        LayerProperty("name", .string, nil, animatable: false),
        LayerProperty("actions", .object, nil, animatable: false),
        LayerProperty("style", .object, nil, animatable: false),
        LayerProperty("autoresizingMask", .autoresizing, CAAutoresizingMask(), animatable: false),
        LayerProperty("layoutManager", .object, nil, animatable: false),
        LayerProperty("constraints", .object, nil, animatable: false),
    ] + mediaTiming)

    /// `CAMediaTiming`'s properties with Apple's defaults, for every adopter
    /// that stores them as properties (layers, emitter cells).
    static let mediaTiming: [LayerProperty] = [
        LayerProperty("beginTime", .double, Double(0), animatable: false),
        LayerProperty("duration", .double, Double(0), animatable: false),
        LayerProperty("speed", .float, Float(1), animatable: false),
        LayerProperty("timeOffset", .double, Double(0), animatable: false),
        LayerProperty("repeatCount", .float, Float(0), animatable: false),
        LayerProperty("repeatDuration", .double, Double(0), animatable: false),
        LayerProperty("autoreverses", .bool, false, animatable: false),
        LayerProperty("fillMode", .fillMode, CAMediaTimingFillMode.removed, animatable: false),
    ]

    /// Key-value coding accepts Swift's `is` spellings for Boolean properties too.
    static let aliases: [String: String] = [
        "isHidden": "hidden", "isDoubleSided": "doubleSided",
        "isGeometryFlipped": "geometryFlipped", "isOpaque": "opaque",
    ]

    static func table(_ properties: [LayerProperty]) -> [String: LayerProperty] {
        Dictionary(uniqueKeysWithValues: properties.map { ($0.key, $0) })
    }
}
