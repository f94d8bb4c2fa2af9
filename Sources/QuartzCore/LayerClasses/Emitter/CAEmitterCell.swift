/// One kind of particle an emitter creates, and how it moves, changes and
/// looks: Apple's `CAEmitterCell`.
///
/// A cell is a key-value container like a layer: its properties live in a
/// key-value store, `defaultValue(forKey:)` answers for keys never set, and
/// arbitrary keys are kept. Values with a mean and a range are drawn per
/// particle uniformly from `[mean - range/2, mean + range/2]`, as Apple's
/// header says. A cell's `emitterCells` are emitted by each of its
/// particles, from where the particle is, at angles relative to its heading.
///
/// As `CAMediaTiming`, a top-level cell's time is the emitter layer's local
/// time and a sub-cell's is the age of the particle emitting it; a cell
/// emits while that time is inside its active duration (a `duration` of 0,
/// the default, emits forever).
open class CAEmitterCell: NSObject, NSSecureCoding, CAMediaTiming {
    /// Values set on this cell, by key.
    var storage: [String: Any] = [:]

    /// A cell with every property at its default.
    public required override init() { super.init() }

    /// Cells archive securely, with every key set on them and their sub-cells.
    public class var supportsSecureCoding: Bool { true }

    /// A cell read from an archive.
    public required init?(coder: NSCoder) {
        super.init()
        storage = ArchivedStorage.decode(from: coder)
    }

    /// Archives every key set on the cell (its `emitterCells` with it).
    open func encode(with coder: NSCoder) {
        ArchivedStorage.encode(storage, with: coder) { key, message in
            CADiagnostics.report("CAEmitterCell at \(key): \(message)")
        }
    }

    /// Apple's `+emitterCell`: a new cell with every property at its default.
    open class func emitterCell() -> Self { self.init() }

    /// A copy sharing nothing mutable with this cell (its sub-cells are copied too).
    func copiedCell() -> CAEmitterCell {
        let copy = type(of: self).init()
        copy.storage = storage
        if let children = emitterCells { copy.storage["emitterCells"] = children.map { $0.copiedCell() } }
        return copy
    }

    /// Apple's default for `key`, or nil for keys the cell does not declare.
    open class func defaultValue(forKey key: String) -> Any? { CAEmitterCellProperties.all[key]?.defaultValue }

    /// Whether `key`'s value should be archived. Always true.
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    /// The value for `key`: set before, else `defaultValue(forKey:)`.
    open func value(forKey key: String) -> Any? {
        let key = CAEmitterCellProperties.aliases[key] ?? key
        if let value = storage[key] { return isNSNull(value) ? nil : value }
        let fallback = styleValue(forKey: key) ?? type(of: self).defaultValue(forKey: key)
        guard let fallback, let property = CAEmitterCellProperties.all[key] else { return fallback }
        if case .value(let converted) = property.coerce(fallback) { return converted }
        return property.defaultValue
    }

    /// Sets any key; declared properties convert the value to their type
    /// and refuse wrong types and NaN with a reported message.
    open func setValue(_ value: Any?, forKey key: String) { setCellProperty(value, forKey: key) }

    /// Reads `key`, or `emitterCells.NAME.key` in a sub-cell.
    open func value(forKeyPath keyPath: String) -> Any? {
        guard let path = EmitterCellPath(keyPath) else { return value(forKey: keyPath) }
        return path.cell(in: emitterCells)?.value(forKey: path.key)
    }

    /// Writes `key`, or `emitterCells.NAME.key` in a sub-cell.
    open func setValue(_ value: Any?, forKeyPath keyPath: String) {
        guard let path = EmitterCellPath(keyPath) else { return setValue(value, forKey: keyPath) }
        guard let cell = path.cell(in: emitterCells) else {
            return CADiagnostics.report("emitter cell \(label), key path \"\(keyPath)\": no such cell; ignored")
        }
        cell.setValue(value, forKey: path.key)
    }

    /// Typed read with a fallback for a missing or mistyped value.
    func get<T>(_ key: String, _ fallback: T) -> T { value(forKey: key) as? T ?? fallback }

    /// How diagnostics name the cell.
    var label: String { name.map { "\"\($0)\"" } ?? "<CAEmitterCell>" }

    // MARK: - Identity

    /// The cell's name, used in key paths such as `emitterCells.NAME.birthRate`. Defaults to nil.
    open var name: String? { get { get("name", nil) } set { setCellProperty(newValue, forKey: "name") } }
    /// Whether the cell emits and its particles are drawn. Defaults to true.
    open var isEnabled: Bool { get { get("enabled", true) } set { setCellProperty(newValue, forKey: "enabled") } }

    // MARK: - Emission

    /// Particles created per second (times the layer's `birthRate` for top-level cells). Defaults to 0. Animatable.
    open var birthRate: Float { get { get("birthRate", 0) } set { setCellProperty(newValue, forKey: "birthRate") } }
    /// A particle's mean lifetime in seconds. Defaults to 0. Animatable.
    open var lifetime: Float { get { get("lifetime", 0) } set { setCellProperty(newValue, forKey: "lifetime") } }
    /// How far a particle's lifetime may differ from `lifetime`. Defaults to 0. Animatable.
    open var lifetimeRange: Float { get { get("lifetimeRange", 0) } set { setCellProperty(newValue, forKey: "lifetimeRange") } }
    /// The emission direction's angle out of the xy-plane, in radians. Defaults to 0. Animatable.
    open var emissionLatitude: CGFloat {
        get { get("emissionLatitude", 0) }
        set { setCellProperty(newValue, forKey: "emissionLatitude") }
    }
    /// The emission direction's angle in the xy-plane from the x-axis, in radians. Defaults to 0. Animatable.
    open var emissionLongitude: CGFloat {
        get { get("emissionLongitude", 0) }
        set { setCellProperty(newValue, forKey: "emissionLongitude") }
    }
    /// The full angle of the cone particles are emitted in, around the emission direction. Defaults to 0. Animatable.
    open var emissionRange: CGFloat { get { get("emissionRange", 0) } set { setCellProperty(newValue, forKey: "emissionRange") } }
    /// A particle's mean initial speed, in points per second. Defaults to 0. Animatable.
    open var velocity: CGFloat { get { get("velocity", 0) } set { setCellProperty(newValue, forKey: "velocity") } }
    /// How far a particle's speed may differ from `velocity`. Defaults to 0. Animatable.
    open var velocityRange: CGFloat { get { get("velocityRange", 0) } set { setCellProperty(newValue, forKey: "velocityRange") } }
    /// Acceleration along x, in points per second squared. Defaults to 0. Animatable.
    open var xAcceleration: CGFloat { get { get("xAcceleration", 0) } set { setCellProperty(newValue, forKey: "xAcceleration") } }
    /// Acceleration along y (down on screen), in points per second squared. Defaults to 0. Animatable.
    open var yAcceleration: CGFloat { get { get("yAcceleration", 0) } set { setCellProperty(newValue, forKey: "yAcceleration") } }
    /// Acceleration along z, in points per second squared. Defaults to 0. Animatable.
    open var zAcceleration: CGFloat { get { get("zAcceleration", 0) } set { setCellProperty(newValue, forKey: "zAcceleration") } }

    // MARK: - Scale and spin

    /// A particle's mean scale. Defaults to 1. Animatable.
    open var scale: CGFloat { get { get("scale", 1) } set { setCellProperty(newValue, forKey: "scale") } }
    /// How far a particle's scale may differ from `scale`. Defaults to 0. Animatable.
    open var scaleRange: CGFloat { get { get("scaleRange", 0) } set { setCellProperty(newValue, forKey: "scaleRange") } }
    /// How fast a particle's scale changes, per second. Defaults to 0. Animatable.
    open var scaleSpeed: CGFloat { get { get("scaleSpeed", 0) } set { setCellProperty(newValue, forKey: "scaleSpeed") } }
    /// A particle's mean rotation speed, in radians per second. Defaults to 0. Animatable.
    open var spin: CGFloat { get { get("spin", 0) } set { setCellProperty(newValue, forKey: "spin") } }
    /// How far a particle's rotation speed may differ from `spin`. Defaults to 0. Animatable.
    open var spinRange: CGFloat { get { get("spinRange", 0) } set { setCellProperty(newValue, forKey: "spinRange") } }

    // MARK: - Colour

    /// The mean colour multiplied into a particle's image. Defaults to opaque white. Animatable.
    open var color: CGColor? { get { get("color", nil) } set { setCellProperty(newValue, forKey: "color") } }
    /// How far a particle's red may differ from `color`'s. Defaults to 0. Animatable.
    open var redRange: Float { get { get("redRange", 0) } set { setCellProperty(newValue, forKey: "redRange") } }
    /// How far a particle's green may differ from `color`'s. Defaults to 0. Animatable.
    open var greenRange: Float { get { get("greenRange", 0) } set { setCellProperty(newValue, forKey: "greenRange") } }
    /// How far a particle's blue may differ from `color`'s. Defaults to 0. Animatable.
    open var blueRange: Float { get { get("blueRange", 0) } set { setCellProperty(newValue, forKey: "blueRange") } }
    /// How far a particle's alpha may differ from `color`'s. Defaults to 0. Animatable.
    open var alphaRange: Float { get { get("alphaRange", 0) } set { setCellProperty(newValue, forKey: "alphaRange") } }
    /// How fast a particle's red changes, per second (clamped to 0...1). Defaults to 0. Animatable.
    open var redSpeed: Float { get { get("redSpeed", 0) } set { setCellProperty(newValue, forKey: "redSpeed") } }
    /// How fast a particle's green changes, per second. Defaults to 0. Animatable.
    open var greenSpeed: Float { get { get("greenSpeed", 0) } set { setCellProperty(newValue, forKey: "greenSpeed") } }
    /// How fast a particle's blue changes, per second. Defaults to 0. Animatable.
    open var blueSpeed: Float { get { get("blueSpeed", 0) } set { setCellProperty(newValue, forKey: "blueSpeed") } }
    /// How fast a particle's alpha changes, per second. Defaults to 0. Animatable.
    open var alphaSpeed: Float { get { get("alphaSpeed", 0) } set { setCellProperty(newValue, forKey: "alphaSpeed") } }

    // MARK: - Contents

    /// The particle's image (a `CGImage`); without one nothing is drawn, as
    /// on Apple. Defaults to nil. Animatable.
    open var contents: Any? { get { value(forKey: "contents") } set { setCellProperty(newValue, forKey: "contents") } }
    /// The part of `contents` drawn, in unit coordinates. Defaults to (0, 0, 1, 1). Animatable.
    open var contentsRect: CGRect {
        get { get("contentsRect", LayerState.unitRect) }
        set { setCellProperty(newValue, forKey: "contentsRect") }
    }
    /// Image pixels per point: a particle's size in points is its image's
    /// pixel size divided by this. Defaults to 1.
    open var contentsScale: CGFloat { get { get("contentsScale", 1) } set { setCellProperty(newValue, forKey: "contentsScale") } }
    /// The filter used when the image is drawn smaller. Defaults to linear.
    open var minificationFilter: String {
        get { get("minificationFilter", "linear") }
        set { setCellProperty(newValue, forKey: "minificationFilter") }
    }
    /// The filter used when the image is drawn larger (`"nearest"` draws hard pixels). Defaults to linear.
    open var magnificationFilter: String {
        get { get("magnificationFilter", "linear") }
        set { setCellProperty(newValue, forKey: "magnificationFilter") }
    }
    /// Kept for Apple's spelling; Lamina does not use mipmaps. Defaults to 0.
    open var minificationFilterBias: Float {
        get { get("minificationFilterBias", 0) }
        set { setCellProperty(newValue, forKey: "minificationFilterBias") }
    }
    /// Cells each particle of this cell emits. Defaults to nil. Animatable (their properties, by key path).
    open var emitterCells: [CAEmitterCell]? {
        get { value(forKey: "emitterCells") as? [CAEmitterCell] }
        set { setCellProperty(newValue, forKey: "emitterCells") }
    }
    /// Default values for keys never set, as on layers. Defaults to nil.
    open var style: [AnyHashable: Any]? {
        get { value(forKey: "style") as? [AnyHashable: Any] }
        set { setCellProperty(newValue, forKey: "style") }
    }

    // MARK: - CAMediaTiming

    /// When the cell starts emitting, in its parent's time. Defaults to 0.
    open var beginTime: CFTimeInterval { get { get("beginTime", 0) } set { setCellProperty(newValue, forKey: "beginTime") } }
    /// How long one pass of emission lasts; 0 (the default) emits forever.
    open var duration: CFTimeInterval { get { get("duration", 0) } set { setCellProperty(newValue, forKey: "duration") } }
    /// How fast the cell's time (emission and its particles' ageing) runs. Defaults to 1.
    open var speed: Float { get { get("speed", 1) } set { setCellProperty(newValue, forKey: "speed") } }
    /// An offset added to the cell's time. Defaults to 0.
    open var timeOffset: CFTimeInterval { get { get("timeOffset", 0) } set { setCellProperty(newValue, forKey: "timeOffset") } }
    /// How many times `duration` repeats. Defaults to 0 (once).
    open var repeatCount: Float { get { get("repeatCount", 0) } set { setCellProperty(newValue, forKey: "repeatCount") } }
    /// How long the cell repeats for. Defaults to 0 (unused).
    open var repeatDuration: CFTimeInterval {
        get { get("repeatDuration", 0) }
        set { setCellProperty(newValue, forKey: "repeatDuration") }
    }
    /// Whether each pass plays forwards then backwards (doubling the active time). Defaults to false.
    open var autoreverses: Bool { get { get("autoreverses", false) } set { setCellProperty(newValue, forKey: "autoreverses") } }
    /// Kept for `CAMediaTiming`; emission has no fill. Defaults to `.removed`.
    open var fillMode: CAMediaTimingFillMode {
        get { get("fillMode", .removed) }
        set { setCellProperty(newValue, forKey: "fillMode") }
    }
}
