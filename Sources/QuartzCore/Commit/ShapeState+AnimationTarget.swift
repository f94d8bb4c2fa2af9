/// The animatable keys of shape and gradient layers on the render side,
/// with the same key names as their key-value coding.
extension ShapeState {
    func animatableValue(forKey key: String) -> AnimatableValue? {
        switch key {
        case "path": return path.map(AnimatableValue.path)
        case "fillColor": return fillColor.map(AnimatableValue.color)
        case "strokeColor": return strokeColor.map(AnimatableValue.color)
        case "lineWidth": return .number(Double(lineWidth))
        case "miterLimit": return .number(Double(miterLimit))
        case "lineDashPhase": return .number(Double(lineDashPhase))
        case "strokeStart": return .number(Double(strokeStart))
        case "strokeEnd": return .number(Double(strokeEnd))
        default: return nil
        }
    }

    mutating func setAnimatedValue(_ value: AnimatableValue, forKey key: String) {
        switch (key, value) {
        case ("path", .path(let snapshot)): path = snapshot
        case ("fillColor", .color(let color)): fillColor = color
        case ("strokeColor", .color(let color)): strokeColor = color
        case ("lineWidth", .number(let number)): lineWidth = CGFloat(number)
        case ("miterLimit", .number(let number)): miterLimit = CGFloat(number)
        case ("lineDashPhase", .number(let number)): lineDashPhase = CGFloat(number)
        case ("strokeStart", .number(let number)): strokeStart = CGFloat(number)
        case ("strokeEnd", .number(let number)): strokeEnd = CGFloat(number)
        default: break
        }
    }
}

extension GradientState {
    func animatableValue(forKey key: String) -> AnimatableValue? {
        switch key {
        case "colors": return .array(colors.map(AnimatableValue.color))
        case "locations": return locations.map { .array($0.map { .number(Double($0)) }) }
        case "startPoint": return .point(startPoint)
        case "endPoint": return .point(endPoint)
        default: return nil
        }
    }

    mutating func setAnimatedValue(_ value: AnimatableValue, forKey key: String) {
        switch (key, value) {
        case ("colors", .array(let values)):
            let converted = values.compactMap { value -> CGColor? in
                if case .color(let color) = value { return color }
                return nil
            }
            if converted.count == values.count { colors = converted }
        case ("locations", .array(let values)):
            let numbers = values.compactMap(\.number)
            if numbers.count == values.count { locations = numbers.map { CGFloat($0) } }
        case ("startPoint", .point(let point)): startPoint = point
        case ("endPoint", .point(let point)): endPoint = point
        default: break
        }
    }
}
