/// One `CAEmitterCell` (and its sub-cells) as plain, finite values.
struct EmitterCellState: Sendable, Equatable {
    /// Sub-cells deeper than this are dropped (a cell that contains itself
    /// would otherwise nest forever).
    static let maximumDepth = 8

    var name: String?
    var isEnabled: Bool
    var birthRate: Double
    var lifetime: Double
    var lifetimeRange: Double
    var latitude: Double
    var longitude: Double
    var range: Double
    var velocity: Double
    var velocityRange: Double
    var acceleration: (x: Double, y: Double, z: Double)
    var scale: Double
    var scaleRange: Double
    var scaleSpeed: Double
    var spin: Double
    var spinRange: Double
    /// Red, green, blue, alpha of `color`, its ranges and speeds.
    var color: [Double]
    var colorRange: [Double]
    var colorSpeed: [Double]
    var contents: CGImage?
    var contentsRect: CGRect
    var contentsScale: Double
    var magnifiesNearest: Bool
    var timing: MediaTiming
    var children: [EmitterCellState]

    init(_ cell: CAEmitterCell, depth: Int) {
        let f: (Double) -> Double = { EmitterState.finite($0) }
        name = cell.name
        isEnabled = cell.isEnabled
        birthRate = max(0, f(Double(cell.birthRate)))
        lifetime = f(Double(cell.lifetime))
        lifetimeRange = f(Double(cell.lifetimeRange))
        latitude = f(Double(cell.emissionLatitude))
        longitude = f(Double(cell.emissionLongitude))
        range = f(Double(cell.emissionRange))
        velocity = f(Double(cell.velocity))
        velocityRange = f(Double(cell.velocityRange))
        acceleration = (f(Double(cell.xAcceleration)), f(Double(cell.yAcceleration)), f(Double(cell.zAcceleration)))
        scale = f(Double(cell.scale))
        scaleRange = f(Double(cell.scaleRange))
        scaleSpeed = f(Double(cell.scaleSpeed))
        spin = f(Double(cell.spin))
        spinRange = f(Double(cell.spinRange))
        let rgba = cell.color?.rgba ?? (red: 1, green: 1, blue: 1, alpha: 1)
        color = [rgba.red, rgba.green, rgba.blue, rgba.alpha].map { f(Double($0)) }
        colorRange = [cell.redRange, cell.greenRange, cell.blueRange, cell.alphaRange].map { f(Double($0)) }
        colorSpeed = [cell.redSpeed, cell.greenSpeed, cell.blueSpeed, cell.alphaSpeed].map { f(Double($0)) }
        contents = cell.contents as? CGImage
        contentsRect = LayerProperty.isFinite(cell.contentsRect) ? cell.contentsRect : LayerState.unitRect
        let pixelsPerPoint = f(Double(cell.contentsScale))
        contentsScale = pixelsPerPoint > 0 ? pixelsPerPoint : 1
        magnifiesNearest = cell.magnificationFilter == "nearest"
        timing = MediaTiming(cell)
        if depth + 1 < EmitterCellState.maximumDepth {
            children = (cell.emitterCells ?? []).map { EmitterCellState($0, depth: depth + 1) }
        } else {
            if cell.emitterCells?.isEmpty == false {
                CADiagnostics.report("emitter cell \(cell.label): sub-cells nested deeper than "
                    + "\(EmitterCellState.maximumDepth) levels are not drawn")
            }
            children = []
        }
    }

    static func == (a: EmitterCellState, b: EmitterCellState) -> Bool {
        a.name == b.name && a.isEnabled == b.isEnabled && a.birthRate == b.birthRate && a.lifetime == b.lifetime
            && a.lifetimeRange == b.lifetimeRange && a.latitude == b.latitude && a.longitude == b.longitude
            && a.range == b.range && a.velocity == b.velocity && a.velocityRange == b.velocityRange
            && a.acceleration == b.acceleration && a.scale == b.scale && a.scaleRange == b.scaleRange
            && a.scaleSpeed == b.scaleSpeed && a.spin == b.spin && a.spinRange == b.spinRange && a.color == b.color
            && a.colorRange == b.colorRange && a.colorSpeed == b.colorSpeed && a.contents == b.contents
            && a.contentsRect == b.contentsRect && a.contentsScale == b.contentsScale
            && a.magnifiesNearest == b.magnifiesNearest && a.timing == b.timing && a.children == b.children
    }

    /// The longest a particle of this cell lives, in the cell's parent's
    /// time: `(lifetime + lifetimeRange/2) × multiplier`, slowed by `speed`.
    func maximumLifetime(multiplier: Double = 1) -> Double {
        let cellTime = max(0, lifetime + abs(lifetimeRange) / 2) * multiplier
        let speed = timing.effectiveSpeed
        return speed > 0 ? cellTime / speed : 0
    }

    var maximumLifetime: Double { maximumLifetime() }

    /// How long after a particle's birth it or anything it emits may still
    /// be alive, in the parent's time.
    func span(lifetimeMultiplier: Double) -> Double {
        guard isEnabled else { return 0 }
        let own = maximumLifetime(multiplier: lifetimeMultiplier)
        let speed = timing.effectiveSpeed
        let childSpan = children.map { $0.span(lifetimeMultiplier: lifetimeMultiplier) }.max() ?? 0
        return own + (speed > 0 ? childSpan / speed : 0)
    }

    func animatableValue(forKey key: String) -> AnimatableValue? {
        switch key {
        case "birthRate": return .number(birthRate)
        case "lifetime": return .number(lifetime)
        case "lifetimeRange": return .number(lifetimeRange)
        case "emissionLatitude": return .number(latitude)
        case "emissionLongitude": return .number(longitude)
        case "emissionRange": return .number(range)
        case "velocity": return .number(velocity)
        case "velocityRange": return .number(velocityRange)
        case "xAcceleration": return .number(acceleration.x)
        case "yAcceleration": return .number(acceleration.y)
        case "zAcceleration": return .number(acceleration.z)
        case "scale": return .number(scale)
        case "scaleRange": return .number(scaleRange)
        case "scaleSpeed": return .number(scaleSpeed)
        case "spin": return .number(spin)
        case "spinRange": return .number(spinRange)
        case "color": return .color(CGColor(red: color[0], green: color[1], blue: color[2], alpha: color[3]))
        case "contentsRect": return .rect(contentsRect)
        default:
            return EmitterCellState.channelKeys[key].map { .number($0.speed ? colorSpeed[$0.index] : colorRange[$0.index]) }
        }
    }

    mutating func setAnimatedValue(_ value: AnimatableValue, forKey key: String) {
        if case .color(let rgb) = value, key == "color" {
            let rgba = rgb.rgba
            color = [rgba.red, rgba.green, rgba.blue, rgba.alpha].map { EmitterState.finite(Double($0)) }
            return
        }
        if case .rect(let rect) = value, key == "contentsRect", LayerProperty.isFinite(rect) { contentsRect = rect; return }
        guard case .number(let raw) = value else { return }
        let number = EmitterState.finite(raw)
        switch key {
        case "birthRate": birthRate = max(0, number)
        case "lifetime": lifetime = number
        case "lifetimeRange": lifetimeRange = number
        case "emissionLatitude": latitude = number
        case "emissionLongitude": longitude = number
        case "emissionRange": range = number
        case "velocity": velocity = number
        case "velocityRange": velocityRange = number
        case "xAcceleration": acceleration.x = number
        case "yAcceleration": acceleration.y = number
        case "zAcceleration": acceleration.z = number
        case "scale": scale = number
        case "scaleRange": scaleRange = number
        case "scaleSpeed": scaleSpeed = number
        case "spin": spin = number
        case "spinRange": spinRange = number
        default:
            guard let channel = EmitterCellState.channelKeys[key] else { return }
            if channel.speed { colorSpeed[channel.index] = number } else { colorRange[channel.index] = number }
        }
    }

    /// `redRange` … `alphaSpeed`: which channel, range or speed.
    private static let channelKeys: [String: (index: Int, speed: Bool)] = [
        "redRange": (0, false), "greenRange": (1, false), "blueRange": (2, false), "alphaRange": (3, false),
        "redSpeed": (0, true), "greenSpeed": (1, true), "blueSpeed": (2, true), "alphaSpeed": (3, true),
    ]
}
