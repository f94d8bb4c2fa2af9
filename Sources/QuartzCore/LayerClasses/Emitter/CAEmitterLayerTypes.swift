/// The shape particles are emitted from (`CAEmitterLayer.emitterShape`),
/// with Apple's string constants as raw values.
public struct CAEmitterLayerEmitterShape: RawRepresentable, Hashable, Sendable {
    /// The shape's name, as Apple's string constants spell it.
    public var rawValue: String
    /// The shape named `rawValue`; unknown names emit from a point.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A single point at (`emitterPosition`, `emitterZPosition`). The default.
    public static let point = CAEmitterLayerEmitterShape(rawValue: "point")
    /// A horizontal line `emitterSize.width` long, centred on `emitterPosition`.
    public static let line = CAEmitterLayerEmitterShape(rawValue: "line")
    /// A rectangle of `emitterSize`, centred on `emitterPosition`.
    public static let rectangle = CAEmitterLayerEmitterShape(rawValue: "rectangle")
    /// A box of `emitterSize` and `emitterDepth`, centred on the emitter's position.
    public static let cuboid = CAEmitterLayerEmitterShape(rawValue: "cuboid")
    /// A circle of radius `emitterSize.width` around `emitterPosition`.
    public static let circle = CAEmitterLayerEmitterShape(rawValue: "circle")
    /// A sphere of radius `emitterSize.width` around the emitter's position.
    public static let sphere = CAEmitterLayerEmitterShape(rawValue: "sphere")

    static let all: Set<String> = ["point", "line", "rectangle", "cuboid", "circle", "sphere"]
}

/// Where on the emission shape particles start (`CAEmitterLayer.emitterMode`).
public struct CAEmitterLayerEmitterMode: RawRepresentable, Hashable, Sendable {
    /// The mode's name, as Apple's string constants spell it.
    public var rawValue: String
    /// The mode named `rawValue`; unknown names emit from the volume.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// From the shape's points: its centre, a line's ends, a rectangle's or cuboid's corners.
    public static let points = CAEmitterLayerEmitterMode(rawValue: "points")
    /// From the shape's outline.
    public static let outline = CAEmitterLayerEmitterMode(rawValue: "outline")
    /// From the shape's surface.
    public static let surface = CAEmitterLayerEmitterMode(rawValue: "surface")
    /// From anywhere within the shape. The default.
    public static let volume = CAEmitterLayerEmitterMode(rawValue: "volume")

    static let all: Set<String> = ["points", "outline", "surface", "volume"]
}

/// How particles are composited into the layer (`CAEmitterLayer.renderMode`).
public struct CAEmitterLayerRenderMode: RawRepresentable, Hashable, Sendable {
    /// The mode's name, as Apple's string constants spell it.
    public var rawValue: String
    /// The mode named `rawValue`; unknown names draw unordered.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Source-over, in Lamina's evaluation order (cell by cell, oldest first). The default.
    public static let unordered = CAEmitterLayerRenderMode(rawValue: "unordered")
    /// Source-over, oldest particles drawn first (underneath).
    public static let oldestFirst = CAEmitterLayerRenderMode(rawValue: "oldestFirst")
    /// Source-over, oldest particles drawn last (on top).
    public static let oldestLast = CAEmitterLayerRenderMode(rawValue: "oldestLast")
    /// Source-over, sorted by z, farthest (smallest z) first.
    public static let backToFront = CAEmitterLayerRenderMode(rawValue: "backToFront")
    /// Particles are added to what is under them (pixman's ADD operator).
    public static let additive = CAEmitterLayerRenderMode(rawValue: "additive")

    static let all: Set<String> = ["unordered", "oldestFirst", "oldestLast", "backToFront", "additive"]
}
