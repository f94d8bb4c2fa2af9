/// `LayerState`'s fields that rarely change, kept out of line: strings,
/// arrays and the optional state of shape, gradient, replicator, emitter and
/// tiled layers. Every frame copies each animated layer's `LayerState` (its
/// presented state) and destroys it again; with these inline that meant a
/// kilobyte and some thirty reference counts per layer, for fields no
/// compiled animation writes (docs/performance.md).
struct LayerStateExtras: Sendable, Equatable {
    var contentsGravity: CALayerContentsGravity = CALayerContentsGravity.resize
    var shadowPath: CGPathSnapshot?
    var filters: [CIFilterSnapshot] = []
    var backgroundFilters: [CIFilterSnapshot] = []
    var compositingFilter: String?
    var magnificationFilter = CALayerContentsFilter.linear
    var minificationFilter = CALayerContentsFilter.linear
    var cornerCurve = RoundedRectPath.Curve.circular
    /// The edges drawn antialiased: `edgeAntialiasingMask` when
    /// `allowsEdgeAntialiasing` is set, else none.
    var antialiasedEdges = CAEdgeAntialiasingMask.all
    /// For the render-tree dump (`RenderTree+Dump.swift`): the layer's
    /// class and `name`. Not drawn.
    var className: String = "CALayer"
    var name: String?
    /// A `CAShapeLayer`'s path and how it is painted; nil for other layers.
    var shape: ShapeState?
    /// A `CAGradientLayer`'s gradient; nil for other layers.
    var gradient: GradientState?
    /// For a `CAReplicatorLayer`: its copies.
    var replicator: ReplicatorState?
    /// For a `CAEmitterLayer`: what it emits.
    var emitter: EmitterState?
    /// A `CATiledLayer`'s tiles drawn so far; nil for other layers.
    var tiled: TiledState?
}

/// A `LayerStateExtras` shared by the copies of a `LayerState` until one of
/// them changes it (copy on write).
struct SharedLayerStateExtras: Sendable, Equatable {
    /// `@unchecked Sendable`: `value` is written only through `value`'s
    /// `_modify`, which first replaces a box that is not uniquely referenced
    /// with a copy. A box reachable from more than one `LayerState` (and so
    /// possibly from another thread) is therefore never written, and a
    /// uniquely referenced one is reachable only through the `inout` access
    /// doing the write.
    private final class Box: @unchecked Sendable {
        var value: LayerStateExtras
        init(_ value: LayerStateExtras) { self.value = value }
    }

    /// The defaults, shared by every state that never changed them.
    private static let defaults = Box(LayerStateExtras())

    private var box = SharedLayerStateExtras.defaults

    init() {}

    var value: LayerStateExtras {
        _read { yield box.value }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.value) }
            yield &box.value
        }
    }

    /// Takes `other`'s extras, unless these already are the same storage:
    /// then nothing is retained or released.
    mutating func restore(from other: SharedLayerStateExtras) {
        if !sharesStorage(with: other) { box = other.box }
    }

    /// Whether these and `other` are the same storage (not merely equal).
    func sharesStorage(with other: SharedLayerStateExtras) -> Bool { box === other.box }

    static func == (lhs: SharedLayerStateExtras, rhs: SharedLayerStateExtras) -> Bool {
        lhs.box === rhs.box || lhs.box.value == rhs.box.value
    }
}

/// The extras as `LayerState` properties, under their old names.
extension LayerState {
    var contentsGravity: CALayerContentsGravity {
        get { extras.value.contentsGravity }
        _modify { yield &extras.value.contentsGravity }
    }

    var shadowPath: CGPathSnapshot? {
        get { extras.value.shadowPath }
        _modify { yield &extras.value.shadowPath }
    }

    var filters: [CIFilterSnapshot] {
        get { extras.value.filters }
        _modify { yield &extras.value.filters }
    }

    var backgroundFilters: [CIFilterSnapshot] {
        get { extras.value.backgroundFilters }
        _modify { yield &extras.value.backgroundFilters }
    }

    var compositingFilter: String? {
        get { extras.value.compositingFilter }
        _modify { yield &extras.value.compositingFilter }
    }

    var magnificationFilter: CALayerContentsFilter {
        get { extras.value.magnificationFilter }
        _modify { yield &extras.value.magnificationFilter }
    }

    var minificationFilter: CALayerContentsFilter {
        get { extras.value.minificationFilter }
        _modify { yield &extras.value.minificationFilter }
    }

    var cornerCurve: RoundedRectPath.Curve {
        get { extras.value.cornerCurve }
        _modify { yield &extras.value.cornerCurve }
    }

    /// The edges drawn antialiased: `edgeAntialiasingMask` when
    /// `allowsEdgeAntialiasing` is set, else none.
    var antialiasedEdges: CAEdgeAntialiasingMask {
        get { extras.value.antialiasedEdges }
        _modify { yield &extras.value.antialiasedEdges }
    }

    /// For the render-tree dump (`RenderTree+Dump.swift`): the layer's
    /// class and `name`. Not drawn.
    var className: String {
        get { extras.value.className }
        _modify { yield &extras.value.className }
    }

    var name: String? {
        get { extras.value.name }
        _modify { yield &extras.value.name }
    }

    /// A `CAShapeLayer`'s path and how it is painted; nil for other layers.
    var shape: ShapeState? {
        get { extras.value.shape }
        _modify { yield &extras.value.shape }
    }

    /// A `CAGradientLayer`'s gradient; nil for other layers.
    var gradient: GradientState? {
        get { extras.value.gradient }
        _modify { yield &extras.value.gradient }
    }

    /// For a `CAReplicatorLayer`: its copies.
    var replicator: ReplicatorState? {
        get { extras.value.replicator }
        _modify { yield &extras.value.replicator }
    }

    /// For a `CAEmitterLayer`: what it emits.
    var emitter: EmitterState? {
        get { extras.value.emitter }
        _modify { yield &extras.value.emitter }
    }

    /// A `CATiledLayer`'s tiles drawn so far; nil for other layers.
    var tiled: TiledState? {
        get { extras.value.tiled }
        _modify { yield &extras.value.tiled }
    }
}
