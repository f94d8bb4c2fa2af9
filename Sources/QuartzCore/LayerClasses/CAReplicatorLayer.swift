/// A layer that draws its sublayers `instanceCount` times, each copy moved
/// by one more `instanceTransform`, tinted by `instanceColor` plus the
/// colour offsets, and with its animations delayed by one more
/// `instanceDelay`: Apple's `CAReplicatorLayer`.
///
/// Instance `i` (0 is the sublayers themselves) is drawn through
/// `instanceTransform` applied `i` times about the centre of the
/// replicator's bounds (as Apple's: "relative to the center of this layer"),
/// tinted by `instanceColor` + `i` × the offsets (each clamped to 0...1),
/// and runs its animations `i` × `instanceDelay` seconds later.
open class CAReplicatorLayer: CALayer {
    override class var declaredProperties: [String: LayerProperty] { CAReplicatorLayer.properties }

    private static let properties = CALayerProperties.all.merging(CALayerProperties.table([
        LayerProperty("instanceCount", .int, 1, animatable: false),
        LayerProperty("preservesDepth", .bool, false, animatable: false),
        LayerProperty("instanceDelay", .double, Double(0), animatable: true),
        LayerProperty("instanceTransform", .transform, CATransform3DIdentity, animatable: true),
        LayerProperty("instanceColor", .color, CGColor(red: 1, green: 1, blue: 1, alpha: 1), animatable: true),
        LayerProperty("instanceRedOffset", .float, Float(0), animatable: true),
        LayerProperty("instanceGreenOffset", .float, Float(0), animatable: true),
        LayerProperty("instanceBlueOffset", .float, Float(0), animatable: true),
        LayerProperty("instanceAlphaOffset", .float, Float(0), animatable: true),
    ])) { $1 }

    /// How many copies are drawn, the sublayers themselves included (default 1).
    open var instanceCount: Int { get { get("instanceCount", 1) } set { setProperty(newValue, forKey: "instanceCount") } }
    /// Whether the copies keep their 3D positions and are depth-sorted
    /// together, as a `CATransformLayer`'s sublayers are, instead of being
    /// flattened into the replicator's plane (default false).
    open var preservesDepth: Bool { get { get("preservesDepth", false) } set { setProperty(newValue, forKey: "preservesDepth") } }
    /// How much later each copy's animations run, in seconds. Animatable.
    open var instanceDelay: CFTimeInterval { get { get("instanceDelay", 0) } set { setProperty(newValue, forKey: "instanceDelay") } }
    /// Applied once more to each copy, in the replicator's sublayer space. Animatable.
    open var instanceTransform: CATransform3D {
        get { get("instanceTransform", CATransform3DIdentity) }
        set { setProperty(newValue, forKey: "instanceTransform") }
    }
    /// Multiplies the first copy's colours (default opaque white). Animatable.
    open var instanceColor: CGColor? { get { get("instanceColor", nil) } set { setProperty(newValue, forKey: "instanceColor") } }
    /// Added to the tint's red for each further copy. Animatable.
    open var instanceRedOffset: Float { get { get("instanceRedOffset", 0) } set { setProperty(newValue, forKey: "instanceRedOffset") } }
    /// Added to the tint's green for each further copy. Animatable.
    open var instanceGreenOffset: Float { get { get("instanceGreenOffset", 0) } set { setProperty(newValue, forKey: "instanceGreenOffset") } }
    /// Added to the tint's blue for each further copy. Animatable.
    open var instanceBlueOffset: Float { get { get("instanceBlueOffset", 0) } set { setProperty(newValue, forKey: "instanceBlueOffset") } }
    /// Added to the tint's alpha for each further copy. Animatable.
    open var instanceAlphaOffset: Float { get { get("instanceAlphaOffset", 0) } set { setProperty(newValue, forKey: "instanceAlphaOffset") } }
}
