/// What the compositor needs of a `CAReplicatorLayer`, as plain values.
struct ReplicatorState: Sendable, Equatable {
    /// At most this many copies are drawn, whatever `instanceCount` says.
    static let maximumCount = 4096

    var count: Int
    var delay: Double
    var transform: CATransform3D
    /// Red, green, blue, alpha of the first copy's tint (0...1).
    var color: [Double]
    /// Added per copy to red, green, blue, alpha.
    var offsets: [Double]
    /// Copies are depth-sorted in 3D, as a transform layer's sublayers are.
    var preservesDepth: Bool

    init(_ layer: CAReplicatorLayer) {
        preservesDepth = layer.preservesDepth
        count = max(0, min(layer.instanceCount, Self.maximumCount))
        delay = layer.instanceDelay.isFinite ? layer.instanceDelay : 0
        transform = layer.instanceTransform
        let rgba = layer.instanceColor?.rgba ?? (red: 1, green: 1, blue: 1, alpha: 1)
        color = [rgba.red, rgba.green, rgba.blue, rgba.alpha].map(Double.init)
        offsets = [layer.instanceRedOffset, layer.instanceGreenOffset, layer.instanceBlueOffset, layer.instanceAlphaOffset]
            .map { $0.isFinite ? Double($0) : 0 }
    }

    /// The tint of copy `index`, each channel clamped to 0...1.
    func tint(ofInstance index: Int) -> Tint {
        let channels = (0..<4).map { min(1, max(0, color[$0] + Double(index) * offsets[$0])) }
        return Tint(red: channels[0], green: channels[1], blue: channels[2], alpha: channels[3])
    }

    func animatableValue(forKey key: String) -> AnimatableValue? {
        switch key {
        case "instanceDelay": return .number(delay)
        case "instanceTransform": return .transform(transform)
        case "instanceColor": return .color(CGColor(red: color[0], green: color[1], blue: color[2], alpha: color[3]))
        case "instanceRedOffset": return .number(offsets[0])
        case "instanceGreenOffset": return .number(offsets[1])
        case "instanceBlueOffset": return .number(offsets[2])
        case "instanceAlphaOffset": return .number(offsets[3])
        default: return nil
        }
    }

    mutating func setAnimatedValue(_ value: AnimatableValue, forKey key: String) {
        switch (key, value) {
        case ("instanceDelay", .number(let number)) where number.isFinite: delay = number
        case ("instanceTransform", .transform(let matrix)): transform = matrix
        case ("instanceColor", .color(let rgb)):
            let rgba = rgb.rgba
            color = [rgba.red, rgba.green, rgba.blue, rgba.alpha].map(Double.init)
        case ("instanceRedOffset", .number(let number)) where number.isFinite: offsets[0] = number
        case ("instanceGreenOffset", .number(let number)) where number.isFinite: offsets[1] = number
        case ("instanceBlueOffset", .number(let number)) where number.isFinite: offsets[2] = number
        case ("instanceAlphaOffset", .number(let number)) where number.isFinite: offsets[3] = number
        default: break
        }
    }
}
