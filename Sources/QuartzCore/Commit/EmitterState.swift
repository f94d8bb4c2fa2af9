/// What the render server needs of a `CAEmitterLayer`, as plain values
/// (part of `LayerState`): the layer's emission parameters and a snapshot
/// of its cell tree. Every number is made finite here, so particle
/// evaluation never meets NaN.
struct EmitterState: Sendable, Equatable {
    var cells: [EmitterCellState]
    var birthRate: Double
    var lifetime: Double
    var position: CGPoint
    var zPosition: Double
    var size: CGSize
    var depth: Double
    var shape: String
    var mode: String
    var renderMode: String
    var velocity: Double
    var scale: Double
    var spin: Double
    var seed: UInt32

    init(_ layer: CAEmitterLayer) {
        cells = (layer.emitterCells ?? []).map { EmitterCellState($0, depth: 0) }
        birthRate = EmitterState.finite(layer.birthRate)
        lifetime = EmitterState.finite(layer.lifetime)
        position = layer.emitterPosition
        zPosition = Double(layer.emitterZPosition)
        size = layer.emitterSize
        depth = Double(layer.emitterDepth)
        shape = layer.emitterShape.rawValue
        mode = layer.emitterMode.rawValue
        renderMode = layer.renderMode.rawValue
        velocity = EmitterState.finite(layer.velocity)
        scale = EmitterState.finite(layer.scale)
        spin = EmitterState.finite(layer.spin)
        seed = layer.seed
    }

    /// A finite value: NaN reads as 0, infinities as ±`Float.greatestFiniteMagnitude`.
    static func finite<T: BinaryFloatingPoint>(_ value: T) -> Double {
        let number = Double(value)
        if number.isNaN { return 0 }
        return max(-Double(Float.greatestFiniteMagnitude), min(Double(Float.greatestFiniteMagnitude), number))
    }

    /// True when some enabled cell creates particles that live.
    var emits: Bool {
        birthRate > 0 && cells.contains { $0.isEnabled && $0.birthRate > 0 && $0.maximumLifetime > 0 }
    }

    /// How long after its birth a top-level particle or anything it emits
    /// may still be alive, in the layer's time (the longest over all cells).
    var span: Double {
        cells.map { $0.span(lifetimeMultiplier: max(0, lifetime)) }.max() ?? 0
    }

    /// The layer keys Apple documents as animatable.
    static let animatableKeys: Set<String> = ["birthRate", "lifetime", "emitterPosition", "emitterZPosition",
                                              "emitterSize", "emitterDepth", "velocity", "scale", "spin"]

    func animatableValue(forKey key: String) -> AnimatableValue? {
        switch key {
        case "birthRate": return .number(birthRate)
        case "lifetime": return .number(lifetime)
        case "emitterPosition": return .point(position)
        case "emitterZPosition": return .number(zPosition)
        case "emitterSize": return .size(size)
        case "emitterDepth": return .number(depth)
        case "velocity": return .number(velocity)
        case "scale": return .number(scale)
        case "spin": return .number(spin)
        default: return nil
        }
    }

    mutating func setAnimatedValue(_ value: AnimatableValue, forKey key: String) {
        switch (key, value) {
        case ("birthRate", .number(let number)): birthRate = EmitterState.finite(number)
        case ("lifetime", .number(let number)): lifetime = EmitterState.finite(number)
        case ("emitterPosition", .point(let point)) where point.x.isFinite && point.y.isFinite: position = point
        case ("emitterZPosition", .number(let number)) where number.isFinite: zPosition = number
        case ("emitterSize", .size(let size)) where size.width.isFinite && size.height.isFinite: self.size = size
        case ("emitterDepth", .number(let number)) where number.isFinite: depth = number
        case ("velocity", .number(let number)): velocity = EmitterState.finite(number)
        case ("scale", .number(let number)): scale = EmitterState.finite(number)
        case ("spin", .number(let number)): spin = EmitterState.finite(number)
        default: break
        }
    }

    /// `emitterCells.NAME[.emitterCells.NAME…].key` on the render side.
    func animatableCellValue(path: ArraySlice<String>) -> AnimatableValue? {
        guard let (names, key) = EmitterState.split(path) else { return nil }
        var level = cells
        var cell: EmitterCellState?
        for name in names {
            cell = level.first { $0.name == name }
            level = cell?.children ?? []
        }
        return cell?.animatableValue(forKey: key)
    }

    mutating func setAnimatedCellValue(_ value: AnimatableValue, path: ArraySlice<String>) {
        guard let (names, key) = EmitterState.split(path) else { return }
        func update(_ level: inout [EmitterCellState], _ depth: Int) {
            guard let index = level.firstIndex(where: { $0.name == names[depth] }) else { return }
            if depth == names.count - 1 {
                level[index].setAnimatedValue(value, forKey: key)
            } else {
                update(&level[index].children, depth + 1)
            }
        }
        update(&cells, 0)
    }

    /// `NAME.emitterCells.NAME.key` (after the first `emitterCells`) as names and a key.
    private static func split(_ path: ArraySlice<String>) -> (names: [String], key: String)? {
        let parts = Array(path)
        guard parts.count >= 2, parts.count % 2 == 0 else { return nil }
        var names = [parts[0]]
        var index = 1
        while index + 1 < parts.count {
            guard parts[index] == "emitterCells" else { return nil }
            names.append(parts[index + 1])
            index += 2
        }
        return (names, parts[index])
    }
}
