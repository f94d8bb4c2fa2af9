/// A layer that draws a colour gradient over its background: Apple's
/// `CAGradientLayer`. The gradient is the layer's content: over the
/// background colour, under the border, rounded by `cornerRadius` only when
/// the layer masks to bounds.
///
/// Points are in the unit coordinate space of the bounds: (0, 0) is the
/// top-left corner in Lamina's y-down layer space (Apple's iOS convention),
/// (1, 1) the bottom-right. `colors`, `locations`, `startPoint` and
/// `endPoint` are animatable.
open class CAGradientLayer: CALayer {
    override class var declaredProperties: [String: LayerProperty] { CAGradientLayerProperties.all }

    /// The gradient's colours (`CGColor`s). Defaults to nil (nothing drawn). Animatable.
    open var colors: [Any]? {
        get { propertyValue(forKey: "colors") as? [Any] }
        set { setGradientProperty(newValue, forKey: "colors") }
    }

    /// Where each colour stop lies, in 0...1 increasing, one per colour.
    /// Defaults to nil: the stops are spread evenly. Animatable.
    open var locations: [NSNumber]? {
        get { propertyValue(forKey: "locations") as? [NSNumber] }
        set { setGradientProperty(newValue, forKey: "locations") }
    }

    /// Where the gradient starts (location 0), in the unit space of the
    /// bounds; the centre of a radial or conic gradient. Defaults to (0.5, 0),
    /// the middle of the top edge. Animatable.
    open var startPoint: CGPoint {
        get { get("startPoint", CGPoint(x: 0.5, y: 0)) }
        set { setProperty(newValue, forKey: "startPoint") }
    }

    /// Where the gradient ends (location 1), in the unit space of the
    /// bounds. Defaults to (0.5, 1), the middle of the bottom edge. For a
    /// radial gradient its offset from `startPoint` gives the ellipse's
    /// radii; for a conic one, the direction of location 0. Animatable.
    open var endPoint: CGPoint {
        get { get("endPoint", CGPoint(x: 0.5, y: 1)) }
        set { setProperty(newValue, forKey: "endPoint") }
    }

    /// The gradient's geometry. Defaults to `.axial`.
    open var type: CAGradientLayerType {
        get { get("type", .axial) }
        set { setGradientProperty(newValue, forKey: "type") }
    }

    /// Sets `value` for `key`, converting the gradient keys.
    open override func setValue(_ value: Any?, forKey key: String) {
        guard CAGradientLayerProperties.checkedKeys.contains(key) else { return super.setValue(value, forKey: key) }
        setGradientProperty(value, forKey: key)
    }
}

/// The geometry of a `CAGradientLayer`'s gradient.
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
    /// The type's name, as Apple's string constants spell it.
    public var rawValue: String
    /// The type named `rawValue`; the layer accepts only the names below.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Colours vary along the line from `startPoint` to `endPoint`.
    public static let axial = CAGradientLayerType(rawValue: "axial")
    /// Colours vary outwards from `startPoint` to an ellipse through `endPoint`.
    public static let radial = CAGradientLayerType(rawValue: "radial")
    /// Colours vary around `startPoint`, starting towards `endPoint`.
    public static let conic = CAGradientLayerType(rawValue: "conic")
}

/// The gradient layer's declared properties and the checks its setters make.
enum CAGradientLayerProperties {
    /// Apple's defaults (CAGradientLayer.h).
    static let gradient: [LayerProperty] = [
        LayerProperty("colors", .object, nil, animatable: true),
        LayerProperty("locations", .object, nil, animatable: true),
        LayerProperty("startPoint", .point, CGPoint(x: 0.5, y: 0), animatable: true),
        LayerProperty("endPoint", .point, CGPoint(x: 0.5, y: 1), animatable: true),
        LayerProperty("type", .object, CAGradientLayerType.axial, animatable: false),
    ]

    static let all: [String: LayerProperty] = CALayerProperties.all.merging(CALayerProperties.table(gradient)) { $1 }

    /// Keys whose values `setGradientProperty` checks and converts.
    static let checkedKeys: Set<String> = ["colors", "locations", "type"]
}

extension CAGradientLayer {
    /// Checks and converts a value for one of `CAGradientLayerProperties.checkedKeys`,
    /// then sets it; a value of the wrong type is reported and ignored.
    func setGradientProperty(_ value: Any?, forKey key: String) {
        guard let value, !isNSNull(value) else { return setProperty(nil, forKey: key) }
        let converted: Any?
        switch key {
        case "colors":
            converted = (value as? [Any]).flatMap { $0.allSatisfy { $0 is CGColor } ? $0 : nil }
        case "locations":
            if let values = value as? [Any] {
                let numbers = values.compactMap { LayerProperty.number($0) }
                converted = numbers.count == values.count ? numbers.map { NSNumber(value: $0) } : nil
            } else {
                converted = nil
            }
        case "type":
            converted = (value as? CAGradientLayerType ?? (value as? String).map(CAGradientLayerType.init))
                .flatMap { [.axial, .radial, .conic].contains($0) ? $0 : nil }
        default:
            converted = value
        }
        guard let converted else {
            let expected = ["colors": "an array of CGColors", "locations": "an array of numbers",
                            "type": "axial, radial or conic"][key] ?? "another type"
            return CADiagnostics.report(layer: self, keyPath: key, "a value of type \(Swift.type(of: value)) is not \(expected); ignored")
        }
        setProperty(converted, forKey: key)
    }
}
