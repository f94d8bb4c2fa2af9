/// The properties `CAEmitterCell` declares, with Apple's defaults (from
/// Apple's `CAEmitterCell.h`), and how values set on a cell are checked.
enum CAEmitterCellProperties {
    static let white = CGColor(red: 1, green: 1, blue: 1, alpha: 1)

    static let all: [String: LayerProperty] = CALayerProperties.table([
        LayerProperty("name", .string, nil, animatable: false),
        LayerProperty("enabled", .bool, true, animatable: false),
        LayerProperty("birthRate", .float, Float(0), animatable: true),
        LayerProperty("lifetime", .float, Float(0), animatable: true),
        LayerProperty("lifetimeRange", .float, Float(0), animatable: true),
        LayerProperty("emissionLatitude", .cgFloat, CGFloat(0), animatable: true),
        LayerProperty("emissionLongitude", .cgFloat, CGFloat(0), animatable: true),
        LayerProperty("emissionRange", .cgFloat, CGFloat(0), animatable: true),
        LayerProperty("velocity", .cgFloat, CGFloat(0), animatable: true),
        LayerProperty("velocityRange", .cgFloat, CGFloat(0), animatable: true),
        LayerProperty("xAcceleration", .cgFloat, CGFloat(0), animatable: true),
        LayerProperty("yAcceleration", .cgFloat, CGFloat(0), animatable: true),
        LayerProperty("zAcceleration", .cgFloat, CGFloat(0), animatable: true),
        LayerProperty("scale", .cgFloat, CGFloat(1), animatable: true),
        LayerProperty("scaleRange", .cgFloat, CGFloat(0), animatable: true),
        LayerProperty("scaleSpeed", .cgFloat, CGFloat(0), animatable: true),
        LayerProperty("spin", .cgFloat, CGFloat(0), animatable: true),
        LayerProperty("spinRange", .cgFloat, CGFloat(0), animatable: true),
        LayerProperty("color", .color, white, animatable: true),
        LayerProperty("redRange", .float, Float(0), animatable: true),
        LayerProperty("greenRange", .float, Float(0), animatable: true),
        LayerProperty("blueRange", .float, Float(0), animatable: true),
        LayerProperty("alphaRange", .float, Float(0), animatable: true),
        LayerProperty("redSpeed", .float, Float(0), animatable: true),
        LayerProperty("greenSpeed", .float, Float(0), animatable: true),
        LayerProperty("blueSpeed", .float, Float(0), animatable: true),
        LayerProperty("alphaSpeed", .float, Float(0), animatable: true),
        LayerProperty("contents", .object, nil, animatable: true),
        LayerProperty("contentsRect", .rect, LayerState.unitRect, animatable: true),
        LayerProperty("contentsScale", .cgFloat, CGFloat(1), animatable: false),
        LayerProperty("minificationFilter", .string, "linear", animatable: false),
        LayerProperty("magnificationFilter", .string, "linear", animatable: false),
        LayerProperty("minificationFilterBias", .float, Float(0), animatable: false),
        LayerProperty("emitterCells", .object, nil, animatable: true),
        LayerProperty("style", .object, nil, animatable: false),
    ] + CALayerProperties.mediaTiming)

    /// Key-value coding accepts Swift's `is` spelling too.
    static let aliases = ["isEnabled": "enabled"]

    /// Numbers that may be infinite (Apple's "forever").
    static let mayBeInfinite: Set<String> = ["repeatCount", "repeatDuration", "duration"]
    /// Numbers that make no sense below 0; kept, reported, and drawn as 0.
    static let nonNegative: Set<String> = ["birthRate", "lifetime", "contentsScale"]
}

extension CAEmitterCell {
    /// Validates and stores `value` for `key`: declared properties are
    /// converted to their type; wrong types, NaN and (for most numbers)
    /// infinities are refused; negative rates and lifetimes are reported.
    func setCellProperty(_ value: Any?, forKey key: String) {
        let key = CAEmitterCellProperties.aliases[key] ?? key
        var newValue = value
        if let property = CAEmitterCellProperties.all[key] {
            switch property.coerce(value) {
            case .wrongType:
                return CADiagnostics.report("emitter cell \(label), key \"\(key)\": a value of type "
                    + "\(type(of: value!)) does not fit this property; ignored")
            case .value(let converted):
                newValue = converted
            }
            if key == "emitterCells", let list = newValue, !(list is [CAEmitterCell]) {
                return CADiagnostics.report("emitter cell \(label), key \"emitterCells\": expected [CAEmitterCell]; ignored")
            }
            if let number = newValue.flatMap({ LayerProperty.number($0) }), !(newValue is Bool) {
                if number.isNaN || (number.isInfinite && !CAEmitterCellProperties.mayBeInfinite.contains(key)) {
                    return CADiagnostics.report("emitter cell \(label), key \"\(key)\": \(number); ignored")
                }
                if number < 0, CAEmitterCellProperties.nonNegative.contains(key) {
                    CADiagnostics.report("emitter cell \(label), key \"\(key)\": \(number) is negative; drawn as 0")
                }
            }
            if property.kind == .rect, !LayerProperty.isFinite(newValue) {
                return CADiagnostics.report("emitter cell \(label), key \"\(key)\": non-finite \(newValue!); ignored")
            }
        }
        storage[key] = newValue ?? NSNull()
    }

    /// The value `style` (or a style nested in it) gives `key`.
    func styleValue(forKey key: String) -> Any? { StyleLookup.value(forKey: key, in: storage) }
}
