/// Everything the render server needs to draw one layer, as plain
/// `Sendable` values: what a commit carries for each changed layer, and what
/// animations are evaluated on at frame time. Coordinates as on `CALayer`.
struct LayerState: Sendable, Equatable {
    static let unitRect = CGRect(x: 0, y: 0, width: 1, height: 1)

    // The fields animations most often write come first and together:
    // a frame restores and rewrites them in every animated layer's
    // presented state, so the fewer cache lines they span the better.
    var position = CGPoint.zero
    var opacity: Float = 1
    var backgroundColor: LayerColor?
    var bounds = CGRect.zero
    var transform = CATransform3DIdentity
    /// The layer's own `CAMediaTiming`, for the time hierarchy (read for every
    /// layer at every frame, so next to the animated fields).
    var timing = MediaTiming()
    var zPosition: CGFloat = 0
    var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    var anchorPointZ: CGFloat = 0
    var sublayerTransform = CATransform3DIdentity
    var isHidden = false
    var isDoubleSided = true
    var isGeometryFlipped = false
    var masksToBounds = false
    var contents: CGImage?
    var contentsRect = LayerState.unitRect
    var contentsCenter = LayerState.unitRect
    var contentsScale: CGFloat = 1
    var cornerRadius: CGFloat = 0
    var maskedCorners = CACornerMask.all
    var borderWidth: CGFloat = 0
    var borderColor: LayerColor? = LayerColor(CALayerProperties.black)
    var allowsGroupOpacity = true
    var shadowColor: LayerColor? = LayerColor(CALayerProperties.black)
    var shadowOpacity: Float = 0
    var shadowOffset = CGSize(width: 0, height: -3)
    var shadowRadius: CGFloat = 3
    var shouldRasterize = false
    var rasterizationScale: CGFloat = 1
    /// A `CATransformLayer`: draws nothing itself, and its sublayers are
    /// depth-sorted in 3D with those of the transform layers around it.
    var isTransformLayer = false
    /// A filter input an animation wrote, inline (presented states only;
    /// `LayerState+FilterInputs.swift`).
    var animatedFilterInput: AnimatedFilterInput?
    /// The fields that rarely change and that no compiled animation
    /// writes, shared between copies (`LayerState+Extras.swift`).
    var extras = SharedLayerStateExtras()

    init() {}
}

extension LayerState {
    /// The model values of `layer`, as the commit sends them: every field of
    /// `fieldReaders`, then what no single key names.
    init(layer: CALayer) {
        for reader in LayerState.fieldReaders { reader.read(&self, layer) }
        shadowPath = (layer.propertyValue(forKey: "shadowPath") as? CGPath)?.snapshot
        filters = LayerState.filterSnapshots(layer.filters)
        backgroundFilters = LayerState.filterSnapshots(layer.backgroundFilters)
        compositingFilter = LayerState.compositingFilterName(layer.compositingFilter)
        // The class's own name, as `String(describing:)` gives it, without
        // the printing machinery's conformance checks (39 K instructions a
        // layer, a commit's every layer).
        className = _typeName(type(of: layer), qualified: false)
        shape = (layer as? CAShapeLayer).map(ShapeState.init)
        gradient = (layer as? CAGradientLayer).map(GradientState.init)
        replicator = (layer as? CAReplicatorLayer).map(ReplicatorState.init)
        emitter = (layer as? CAEmitterLayer).map(EmitterState.init)
        isTransformLayer = layer is CATransformLayer
        tiled = (layer as? CATiledLayer)?.tiledState
    }

    /// Whether the layer's sublayers keep their 3D positions (a transform
    /// layer, or a replicator with `preservesDepth`) instead of being
    /// flattened into its plane.
    var preserves3D: Bool { isTransformLayer || replicator?.preservesDepth == true }

    /// The state a transform layer is drawn with: Apple ignores everything
    /// it would render itself or process in 2D.
    var withoutOwnRendering: LayerState {
        var state = self
        state.backgroundColor = nil
        state.contents = nil
        state.borderWidth = 0
        state.cornerRadius = 0
        state.masksToBounds = false
        state.shadowOpacity = 0
        state.filters = []
        state.backgroundFilters = []
        state.animatedFilterInput = nil
        state.compositingFilter = nil
        state.shouldRasterize = false
        state.shape = nil
        state.gradient = nil
        return state
    }

    static func filterSnapshots(_ filters: [Any]?) -> [CIFilterSnapshot] {
        (filters ?? []).compactMap { ($0 as? CIFilter)?.snapshot }
    }

    /// Apple accepts a `CIFilter` or a filter name string.
    static func compositingFilterName(_ value: Any?) -> String? {
        if let filter = value as? CIFilter { return filter.filterName }
        return value as? String
    }
}
