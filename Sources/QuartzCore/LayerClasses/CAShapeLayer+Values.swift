/// The shape layer's declared properties and the checks its setters make.
enum CAShapeLayerProperties {
    /// Apple's defaults (CAShapeLayer.h): no path, opaque black fill with
    /// the non-zero rule, no stroke, width 1, butt caps, miter joins with
    /// limit 10, no dashes, the whole path stroked.
    static let shape: [LayerProperty] = [
        LayerProperty("path", .object, nil, animatable: true),
        LayerProperty("fillColor", .color, CALayerProperties.black, animatable: true),
        LayerProperty("fillRule", .object, CAShapeLayerFillRule.nonZero, animatable: false),
        LayerProperty("strokeColor", .color, nil, animatable: true),
        LayerProperty("lineWidth", .cgFloat, CGFloat(1), animatable: true),
        LayerProperty("lineCap", .object, CAShapeLayerLineCap.butt, animatable: false),
        LayerProperty("lineJoin", .object, CAShapeLayerLineJoin.miter, animatable: false),
        LayerProperty("miterLimit", .cgFloat, CGFloat(10), animatable: true),
        LayerProperty("lineDashPattern", .object, nil, animatable: false),
        LayerProperty("lineDashPhase", .cgFloat, CGFloat(0), animatable: true),
        LayerProperty("strokeStart", .cgFloat, CGFloat(0), animatable: true),
        LayerProperty("strokeEnd", .cgFloat, CGFloat(1), animatable: true),
    ]

    static let all: [String: LayerProperty] = CALayerProperties.all.merging(CALayerProperties.table(shape)) { $1 }

    /// Keys whose values `setShapeProperty` checks and converts.
    static let checkedKeys: Set<String> = ["path", "fillRule", "lineCap", "lineJoin", "lineDashPattern"]
}

extension CAShapeLayer {
    /// Checks and converts a value for one of `CAShapeLayerProperties.checkedKeys`,
    /// then sets it; a value of the wrong type is reported and ignored.
    func setShapeProperty(_ value: Any?, forKey key: String) {
        guard let value, !isNSNull(value) else { return setProperty(nil, forKey: key) }
        let converted: Any?
        switch key {
        case "path":
            converted = (value as? CGPath).map { CGPath($0.snapshot) }
        case "fillRule":
            converted = (value as? CAShapeLayerFillRule ?? (value as? String).map(CAShapeLayerFillRule.init))
                .flatMap { [.nonZero, .evenOdd].contains($0) ? $0 : nil }
        case "lineCap":
            converted = (value as? CAShapeLayerLineCap ?? (value as? String).map(CAShapeLayerLineCap.init))
                .flatMap { [.butt, .round, .square].contains($0) ? $0 : nil }
        case "lineJoin":
            converted = (value as? CAShapeLayerLineJoin ?? (value as? String).map(CAShapeLayerLineJoin.init))
                .flatMap { [.miter, .round, .bevel].contains($0) ? $0 : nil }
        case "lineDashPattern":
            if let numbers = value as? [NSNumber] {
                converted = numbers
            } else if let values = value as? [Any] {
                let numbers = values.compactMap { LayerProperty.number($0) }
                converted = numbers.count == values.count ? numbers.map { NSNumber(value: $0) } : nil
            } else {
                converted = nil
            }
        default:
            converted = value
        }
        guard let converted else {
            let expected = [
                "path": "a CGPath", "fillRule": "non-zero or even-odd", "lineCap": "butt, round or square",
                "lineJoin": "miter, round or bevel", "lineDashPattern": "an array of numbers",
            ][key] ?? "another type"
            return CADiagnostics.report(layer: self, keyPath: key, "a value of type \(type(of: value)) is not \(expected); ignored")
        }
        setProperty(converted, forKey: key)
    }
}
