/// A layer that emits, animates and draws particles: Apple's `CAEmitterLayer`.
///
/// Each of `emitterCells` creates particles at its `birthRate` (times the
/// layer's `birthRate`) from a point of the emission shape; particles move,
/// scale, spin and change colour as the cells say, and are drawn above the
/// layer's background and border, below its sublayers, in the layer's
/// coordinate space (not clipped to its bounds unless it masks to them).
///
/// The particle field is a pure function of the layer's local time and
/// `seed` (see docs/architecture.md, "Particles"): as Apple's header says,
/// the simulation starts at the layer's `beginTime`, so an emitter added
/// with the default `beginTime` of 0 shows a field that has been running
/// since media time 0; set `beginTime = CACurrentMediaTime()` to start it
/// empty. A commit that changes what the layer emits affects only particles
/// born after it. At most `maximumParticleCount` particles are evaluated per
/// emitter and frame.
///
/// Change cells already in the layer through key paths such as
/// `emitterCells.NAME.birthRate` (or assign `emitterCells` again): as on
/// Apple, changing a cell object directly does not reach the screen until
/// the layer next commits a change.
///
/// `birthRate`, `lifetime`, `emitterPosition`, `emitterZPosition`,
/// `emitterSize`, `emitterDepth`, `velocity`, `scale` and `spin` are
/// animatable.
open class CAEmitterLayer: CALayer {
    /// The most particles evaluated for one emitter in one frame (the newest
    /// are kept); a cap so that huge birth rates or lifetimes cannot stall a frame.
    public static let maximumParticleCount = ParticleField.maximumParticleCount

    override class var declaredProperties: [String: LayerProperty] { CAEmitterLayerProperties.all }

    /// The cells that emit particles. Defaults to nil.
    open var emitterCells: [CAEmitterCell]? {
        get { propertyValue(forKey: "emitterCells") as? [CAEmitterCell] }
        set { setProperty(newValue, forKey: "emitterCells") }
    }
    /// Multiplies every top-level cell's birth rate. Defaults to 1. Animatable.
    open var birthRate: Float { get { get("birthRate", 1) } set { setEmitterNumber(newValue, forKey: "birthRate") } }
    /// Multiplies every particle's lifetime when it is born. Defaults to 1. Animatable.
    open var lifetime: Float { get { get("lifetime", 1) } set { setEmitterNumber(newValue, forKey: "lifetime") } }
    /// The centre of the emission shape, in the layer's coordinates. Defaults to (0, 0). Animatable.
    open var emitterPosition: CGPoint {
        get { get("emitterPosition", .zero) }
        set { setProperty(newValue, forKey: "emitterPosition") }
    }
    /// The z coordinate of the emission shape's centre. Defaults to 0. Animatable.
    open var emitterZPosition: CGFloat {
        get { get("emitterZPosition", 0) }
        set { setProperty(newValue, forKey: "emitterZPosition") }
    }
    /// The emission shape's size; how it applies depends on `emitterShape`. Defaults to zero. Animatable.
    open var emitterSize: CGSize { get { get("emitterSize", .zero) } set { setProperty(newValue, forKey: "emitterSize") } }
    /// The emission shape's depth (cuboid). Defaults to 0. Animatable.
    open var emitterDepth: CGFloat { get { get("emitterDepth", 0) } set { setProperty(newValue, forKey: "emitterDepth") } }
    /// The emission shape. Defaults to `.point`.
    open var emitterShape: CAEmitterLayerEmitterShape {
        get { CAEmitterLayerEmitterShape(rawValue: get("emitterShape", "point")) }
        set { setEmitterName(newValue.rawValue, forKey: "emitterShape") }
    }
    /// Where on the shape particles start. Defaults to `.volume`.
    open var emitterMode: CAEmitterLayerEmitterMode {
        get { CAEmitterLayerEmitterMode(rawValue: get("emitterMode", "volume")) }
        set { setEmitterName(newValue.rawValue, forKey: "emitterMode") }
    }
    /// How particles are composited. Defaults to `.unordered`.
    open var renderMode: CAEmitterLayerRenderMode {
        get { CAEmitterLayerRenderMode(rawValue: get("renderMode", "unordered")) }
        set { setEmitterName(newValue.rawValue, forKey: "renderMode") }
    }
    /// Whether particles keep their depth in the superlayer's 3D space.
    /// Defaults to false. Lamina always flattens them into the layer's plane.
    open var preservesDepth: Bool { get { get("preservesDepth", false) } set { setProperty(newValue, forKey: "preservesDepth") } }
    /// Multiplies every particle's velocity. Defaults to 1. Animatable.
    open var velocity: Float { get { get("velocity", 1) } set { setEmitterNumber(newValue, forKey: "velocity") } }
    /// Multiplies every particle's scale. Defaults to 1. Animatable.
    open var scale: Float { get { get("scale", 1) } set { setEmitterNumber(newValue, forKey: "scale") } }
    /// Multiplies every particle's spin. Defaults to 1. Animatable.
    open var spin: Float { get { get("spin", 1) } set { setEmitterNumber(newValue, forKey: "spin") } }
    /// Seeds the layer's random numbers: the same seed gives the same
    /// particles at the same times. Defaults to 0.
    open var seed: UInt32 {
        get { UInt32(clamping: get("seed", 0) as Int) }
        set { setProperty(Int(newValue), forKey: "seed") }
    }

    /// Sets `value` for `key`, converting the emitter's typed names to
    /// strings and checking cells and numbers.
    open override func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "emitterShape", "emitterMode", "renderMode":
            setEmitterName(value, forKey: key)
        case "emitterCells":
            setEmitterCells(value)
        case "birthRate", "lifetime", "velocity", "scale", "spin":
            setEmitterNumber(value, forKey: key)
        default:
            super.setValue(value, forKey: key)
        }
    }

    /// Reads `emitterCells.NAME.key` (a cell's property, cells found by
    /// `name`, nesting allowed) as well as every `CALayer` key path.
    open override func value(forKeyPath keyPath: String) -> Any? {
        guard let path = EmitterCellPath(keyPath) else { return super.value(forKeyPath: keyPath) }
        guard let cell = path.cell(in: emitterCells) else {
            CADiagnostics.report(layer: self, keyPath: keyPath, "no emitter cell at this path; reads as nil")
            return nil
        }
        return cell.value(forKey: path.key)
    }

    /// Writes `emitterCells.NAME.key` (the change is committed like any of
    /// the layer's own, and runs the key path's action) as well as every
    /// `CALayer` key path.
    open override func setValue(_ value: Any?, forKeyPath keyPath: String) {
        guard let path = EmitterCellPath(keyPath) else { return super.setValue(value, forKeyPath: keyPath) }
        setCellValue(value, at: path, keyPath: keyPath)
    }
}

/// The properties `CAEmitterLayer` declares, with Apple's defaults.
enum CAEmitterLayerProperties {
    static let all = CALayerProperties.all.merging(CALayerProperties.table([
        LayerProperty("emitterCells", .object, nil, animatable: false),
        LayerProperty("birthRate", .float, Float(1), animatable: true),
        LayerProperty("lifetime", .float, Float(1), animatable: true),
        LayerProperty("emitterPosition", .point, CGPoint.zero, animatable: true),
        LayerProperty("emitterZPosition", .cgFloat, CGFloat(0), animatable: true),
        LayerProperty("emitterSize", .size, CGSize.zero, animatable: true),
        LayerProperty("emitterDepth", .cgFloat, CGFloat(0), animatable: true),
        LayerProperty("emitterShape", .string, "point", animatable: false),
        LayerProperty("emitterMode", .string, "volume", animatable: false),
        LayerProperty("renderMode", .string, "unordered", animatable: false),
        LayerProperty("preservesDepth", .bool, false, animatable: false),
        LayerProperty("velocity", .float, Float(1), animatable: true),
        LayerProperty("scale", .float, Float(1), animatable: true),
        LayerProperty("spin", .float, Float(1), animatable: true),
        LayerProperty("seed", .int, 0, animatable: false),
    ])) { $1 }

    /// The valid names of each string-valued emitter property.
    static let names: [String: Set<String>] = [
        "emitterShape": CAEmitterLayerEmitterShape.all,
        "emitterMode": CAEmitterLayerEmitterMode.all,
        "renderMode": CAEmitterLayerRenderMode.all,
    ]
}
