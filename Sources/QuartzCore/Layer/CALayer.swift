import Synchronization

/// An object that manages image-based content and animates it: Apple's `CALayer`.
///
/// A layer belongs to the thread that changes it (normally the main thread);
/// changes are grouped by `CATransaction` and reach the render server as
/// `Sendable` snapshots when the transaction commits. The layer itself never
/// crosses threads.
///
/// Properties live in a key-value store, so a layer is a key-value container
/// for arbitrary keys as on Apple, and a subclass's
/// `class func defaultValue(forKey:)` supplies the value of any key that was
/// never set.
///
/// Subclasses that declare designated initializers must override
/// `init(layer:)` (Apple's documentation asks this of every subclass with
/// state of its own); Lamina creates presentation copies through it.
open class CALayer: NSObject, NSSecureCoding, CAMediaTiming {
    /// Values set on this layer, by key-value coding key.
    var storage: [String: Any] = [:] {
        didSet { cachedMediaTiming = nil }
    }
    /// `CAMediaTiming` as read from the properties, kept until `storage`
    /// (which holds them and `style`) changes: converting times walks the
    /// ancestors on every presented frame (see `mediaTiming`).
    var cachedMediaTiming: MediaTiming?
    /// What the last commit saw: the presentation layer starts from these.
    /// Nil until the layer is first committed.
    var committedStorage: [String: Any]?
    /// The state the last commit sent and the keys set since
    /// (`CommittedLayerState`); nil until the first commit.
    var committedState: CommittedLayerState?
    var sublayerList: [CALayer]?
    weak var superlayerReference: CALayer?
    weak var delegateReference: CALayerDelegate?
    /// Animations in the order they were added.
    var animationEntries: [AnimationEntry] = []
    /// Set on presentation copies: the model layer they were copied from.
    private(set) var modelReference: CALayer?
    /// True for the root of a tree shown by a renderer or a window (tests
    /// may also set it to make a tree visible without one).
    var isHostRoot = false
    /// The renderer or window showing this tree, when this is its root.
    var hostConnection: RenderHostConnection?
    /// Set on a layer used as another layer's `mask`: the layer it masks.
    weak var maskOwnerReference: CALayer?
    var needsLayoutFlag = false
    /// Some layer below this one needs layout; lets the pass skip clean subtrees.
    var descendantNeedsLayout = false
    var needsDisplayFlag = false
    /// Set by `CALayerDelegate`'s default implementations (see there).
    var delegateFellBackToDefault = false
    /// The stable identity the render server knows this layer by.
    package let layerID: UInt64

    private static let nextLayerID = Atomic<UInt64>(1)

    /// A layer with Apple's default property values.
    public override init() {
        layerID = CALayer.nextLayerID.add(1, ordering: .relaxed).oldValue
        super.init()
        CATransaction.current.layerChanged(self)
    }

    /// Layers archive securely (`NSKeyedArchiver`), their sublayers, mask
    /// and animations with them (`CALayer+SecureCoding.swift`).
    public class var supportsSecureCoding: Bool { true }

    /// A layer read from an archive: its properties, sublayers, mask and
    /// animations as they were archived. Subclasses that declare designated
    /// initializers must provide this one too, as on Apple.
    public required init?(coder: NSCoder) {
        layerID = CALayer.nextLayerID.add(1, ordering: .relaxed).oldValue
        super.init()
        CATransaction.current.layerChanged(self)
        decodeArchivedState(from: coder)
    }

    /// Archives the layer's properties (those `shouldArchiveValue(forKey:)`
    /// allows), sublayers, mask and animations.
    open func encode(with coder: NSCoder) { encodeArchivedState(with: coder) }

    /// A copy of `layer`'s properties, as Apple makes presentation layers.
    /// Subclasses with state of their own override this and copy it.
    public init(layer: Any) {
        layerID = CALayer.nextLayerID.add(1, ordering: .relaxed).oldValue
        super.init()
        guard let other = layer as? CALayer else { return }
        if CATransaction.current.presentationCopiesInProgress > 0 {
            // A presentation copy: mark it before a subclass's init(layer:)
            // sets anything, so those sets record nothing and run no action.
            modelReference = other
        }
        storage = other.storage
        delegateReference = other.delegateReference
    }

    /// Lamina's own: makes a presentation copy of the model's dynamic type
    /// through its `init(layer:)`; call `presentation()` instead. Being a
    /// required convenience initializer, every subclass inherits it once it
    /// overrides `init(layer:)` or declares no initializer at all.
    public required convenience init(_presentationCopyOf model: CALayer) {
        let state = CATransaction.current
        state.presentationCopiesInProgress += 1
        defer { state.presentationCopiesInProgress -= 1 }
        self.init(layer: model)
        modelReference = model
    }

    /// True for a presentation copy.
    var isPresentation: Bool { modelReference != nil }

    // MARK: - Hierarchy

    /// The layer's sublayers, back to front.
    open var sublayers: [CALayer]? {
        get {
            guard let model = modelReference else { return sublayerList }
            return model.sublayerList?.map { $0.presentation() ?? $0 }
        }
        set { setSublayers(newValue) }
    }

    /// The layer this one is a sublayer of.
    open var superlayer: CALayer? {
        guard let model = modelReference else { return superlayerReference }
        return model.superlayerReference.map { $0.presentation() ?? $0 }
    }

    /// The layer's delegate (held weakly).
    open weak var delegate: CALayerDelegate? {
        get { delegateReference }
        set { delegateReference = newValue }
    }

    /// The root of this layer's tree.
    var rootLayer: CALayer {
        var layer = self
        while let parent = layer.superlayerReference ?? layer.maskOwnerReference { layer = parent }
        return layer
    }

    /// True when the layer belongs to a tree that a renderer or window shows;
    /// only such layers run implicit actions, as on Apple.
    var isInVisibleTree: Bool { rootLayer.isHostRoot }

    /// True when the layer is in a visible tree and the render server has
    /// had it from an earlier commit. A layer added (or first shown) in the
    /// transaction that changes it is not connected to the render server
    /// yet, and on Apple its changes do not animate implicitly: it appears
    /// as set. A tree made visible without a host (tests) counts a layer as
    /// shown once it has been committed.
    final var isShownByRenderServer: Bool {
        let root = rootLayer
        guard root.isHostRoot else { return false }
        if let connection = root.hostConnection { return connection.knows(layerID) }
        return committedStorage != nil
    }

    // MARK: - Presentation and model

    /// A copy of the layer as it is currently shown: its committed values with
    /// every running animation applied at the current media time. Nil until
    /// the layer has been committed, as on Apple.
    open func presentation() -> Self? { presentationCopy { _ in true } }

    /// The model layer of a presentation copy; a model layer returns itself.
    open func model() -> Self {
        guard let model = modelReference else { return self }
        return model as? Self ?? self
    }

    // MARK: - Declared properties
    //
    // Swift lets subclasses override only what the class body declares, so
    // every property and method Apple lets a subclass override is declared
    // here and forwards to the aspect files (`CALayer+*.swift`).

    /// The properties this class declares, with Apple's defaults. Layer
    /// subclasses in this module add theirs.
    class var declaredProperties: [String: LayerProperty] { CALayerProperties.all }

    open var bounds: CGRect { get { get("bounds", .zero) } set { setProperty(newValue, forKey: "bounds") } }
    open var position: CGPoint { get { get("position", .zero) } set { setProperty(newValue, forKey: "position") } }
    open var zPosition: CGFloat { get { get("zPosition", 0) } set { setProperty(newValue, forKey: "zPosition") } }
    open var anchorPoint: CGPoint { get { get("anchorPoint", CGPoint(x: 0.5, y: 0.5)) } set { setProperty(newValue, forKey: "anchorPoint") } }
    open var anchorPointZ: CGFloat { get { get("anchorPointZ", 0) } set { setProperty(newValue, forKey: "anchorPointZ") } }
    open var transform: CATransform3D { get { get("transform", CATransform3DIdentity) } set { setProperty(newValue, forKey: "transform") } }
    open var sublayerTransform: CATransform3D { get { get("sublayerTransform", CATransform3DIdentity) } set { setProperty(newValue, forKey: "sublayerTransform") } }
    /// The layer's frame in its superlayer's coordinates: derived from
    /// `bounds`, `position`, `anchorPoint` and `transform` (the bounding box of
    /// the transformed bounds), never stored.
    open var frame: CGRect { get { computedFrame } set { setFrame(newValue) } }
    open var isHidden: Bool { get { get("hidden", false) } set { setProperty(newValue, forKey: "hidden") } }
    open var isDoubleSided: Bool { get { get("doubleSided", true) } set { setProperty(newValue, forKey: "doubleSided") } }
    open var isGeometryFlipped: Bool { get { get("geometryFlipped", false) } set { setProperty(newValue, forKey: "geometryFlipped") } }
    open var masksToBounds: Bool { get { get("masksToBounds", false) } set { setProperty(newValue, forKey: "masksToBounds") } }
    open var mask: CALayer? {
        get { (get("mask", nil) as CALayer?).map { isPresentation ? ($0.presentation() ?? $0) : $0 } }
        set { setProperty(newValue, forKey: "mask") }
    }
    open var contents: Any? { get { propertyValue(forKey: "contents") } set { setProperty(newValue, forKey: "contents") } }
    open var contentsRect: CGRect { get { get("contentsRect", CGRect(x: 0, y: 0, width: 1, height: 1)) } set { setProperty(newValue, forKey: "contentsRect") } }
    open var contentsCenter: CGRect { get { get("contentsCenter", CGRect(x: 0, y: 0, width: 1, height: 1)) } set { setProperty(newValue, forKey: "contentsCenter") } }
    open var contentsGravity: CALayerContentsGravity { get { get("contentsGravity", .resize) } set { setProperty(newValue, forKey: "contentsGravity") } }
    open var contentsScale: CGFloat { get { get("contentsScale", 1) } set { setProperty(newValue, forKey: "contentsScale") } }
    /// A hint for how the backing store is stored (`.RGBA8Uint` by default);
    /// Lamina's are always 8-bit RGBA.
    open var contentsFormat: CALayerContentsFormat {
        get { get("contentsFormat", .RGBA8Uint) }
        set { setProperty(newValue, forKey: "contentsFormat") }
    }
    /// Whether the layer's contents may be shown brighter than white on an
    /// HDR display (false by default). Kept as set; Lamina composites in
    /// 8 bits for an SDR X window, so contents are clipped to white.
    open var wantsExtendedDynamicRangeContent: Bool {
        get { get("wantsExtendedDynamicRangeContent", false) }
        set { setProperty(newValue, forKey: "wantsExtendedDynamicRangeContent") }
    }
    open var isOpaque: Bool { get { get("opaque", false) } set { setProperty(newValue, forKey: "opaque") } }
    open var needsDisplayOnBoundsChange: Bool { get { get("needsDisplayOnBoundsChange", false) } set { setProperty(newValue, forKey: "needsDisplayOnBoundsChange") } }
    open var drawsAsynchronously: Bool { get { get("drawsAsynchronously", false) } set { setProperty(newValue, forKey: "drawsAsynchronously") } }
    /// How `contents` is sampled where it is drawn smaller than its pixels.
    open var minificationFilter: CALayerContentsFilter { get { get("minificationFilter", .linear) } set { setProperty(newValue, forKey: "minificationFilter") } }
    /// How `contents` is sampled where it is drawn larger than its pixels.
    open var magnificationFilter: CALayerContentsFilter { get { get("magnificationFilter", .linear) } set { setProperty(newValue, forKey: "magnificationFilter") } }
    /// The bias of trilinear filtering's level of detail. Kept; Lamina keeps
    /// no mipmaps, so it changes nothing drawn.
    open var minificationFilterBias: Float { get { get("minificationFilterBias", 0) } set { setProperty(newValue, forKey: "minificationFilterBias") } }
    open var backgroundColor: CGColor? { get { get("backgroundColor", nil) } set { setProperty(newValue, forKey: "backgroundColor") } }
    open var cornerRadius: CGFloat { get { get("cornerRadius", 0) } set { setProperty(newValue, forKey: "cornerRadius") } }
    open var maskedCorners: CACornerMask { get { get("maskedCorners", .all) } set { setProperty(newValue, forKey: "maskedCorners") } }
    /// The curve of the rounded corners: `.circular` (the default) or Apple's `.continuous`.
    open var cornerCurve: CALayerCornerCurve { get { get("cornerCurve", .circular) } set { setProperty(newValue, forKey: "cornerCurve") } }
    open var borderWidth: CGFloat { get { get("borderWidth", 0) } set { setProperty(newValue, forKey: "borderWidth") } }
    open var borderColor: CGColor? { get { get("borderColor", nil) } set { setProperty(newValue, forKey: "borderColor") } }
    open var opacity: Float { get { get("opacity", 1) } set { setProperty(newValue, forKey: "opacity") } }
    open var allowsGroupOpacity: Bool { get { get("allowsGroupOpacity", true) } set { setProperty(newValue, forKey: "allowsGroupOpacity") } }
    /// Whether the edges in `edgeAntialiasingMask` are antialiased when the
    /// layer is drawn turned, scaled or at a fraction of a pixel. True, as on
    /// macOS (iOS defaults to false; docs/behaviour.md).
    open var allowsEdgeAntialiasing: Bool { get { get("allowsEdgeAntialiasing", true) } set { setProperty(newValue, forKey: "allowsEdgeAntialiasing") } }
    /// Which edges are antialiased, when `allowsEdgeAntialiasing` is set; the
    /// others are drawn hard. All four by default.
    open var edgeAntialiasingMask: CAEdgeAntialiasingMask { get { get("edgeAntialiasingMask", .all) } set { setProperty(newValue, forKey: "edgeAntialiasingMask") } }
    open var shouldRasterize: Bool { get { get("shouldRasterize", false) } set { setProperty(newValue, forKey: "shouldRasterize") } }
    open var rasterizationScale: CGFloat { get { get("rasterizationScale", 1) } set { setProperty(newValue, forKey: "rasterizationScale") } }
    open var shadowColor: CGColor? { get { get("shadowColor", nil) } set { setProperty(newValue, forKey: "shadowColor") } }
    open var shadowOpacity: Float { get { get("shadowOpacity", 0) } set { setProperty(newValue, forKey: "shadowOpacity") } }
    open var shadowOffset: CGSize { get { get("shadowOffset", CGSize(width: 0, height: -3)) } set { setProperty(newValue, forKey: "shadowOffset") } }
    open var shadowRadius: CGFloat { get { get("shadowRadius", 3) } set { setProperty(newValue, forKey: "shadowRadius") } }
    /// The shadow's shape, instead of the layer's alpha (layer coordinates).
    open var shadowPath: CGPath? { get { get("shadowPath", nil) } set { setProperty(newValue?.copy(), forKey: "shadowPath") } }
    open var filters: [Any]? { get { get("filters", nil) } set { setProperty(newValue, forKey: "filters") } }
    open var backgroundFilters: [Any]? { get { get("backgroundFilters", nil) } set { setProperty(newValue, forKey: "backgroundFilters") } }
    open var compositingFilter: Any? { get { propertyValue(forKey: "compositingFilter") } set { setProperty(newValue, forKey: "compositingFilter") } }
    open var name: String? { get { get("name", nil) } set { setProperty(newValue, forKey: "name") } }
    /// Actions by key, searched after the delegate (see `action(forKey:)`).
    open var actions: [String: CAAction]? { get { get("actions", nil) } set { setProperty(newValue, forKey: "actions") } }
    /// Default values by key, searched when a key has no value; may nest a
    /// `"style"` dictionary, and its `"actions"` entry is searched for actions.
    open var style: [AnyHashable: Any]? { get { get("style", nil) } set { setProperty(newValue, forKey: "style") } }
    open var autoresizingMask: CAAutoresizingMask { get { get("autoresizingMask", []) } set { setProperty(newValue, forKey: "autoresizingMask") } }
    open var layoutManager: CALayoutManager? { get { get("layoutManager", nil) } set { setProperty(newValue, forKey: "layoutManager") } }
    open var constraints: [CAConstraint]? { get { get("constraints", nil) } set { setProperty(newValue, forKey: "constraints") } }

    // MARK: - CAMediaTiming

    open var beginTime: CFTimeInterval { get { get("beginTime", 0) } set { setProperty(newValue, forKey: "beginTime") } }
    open var duration: CFTimeInterval { get { get("duration", 0) } set { setProperty(newValue, forKey: "duration") } }
    open var speed: Float { get { get("speed", 1) } set { setProperty(newValue, forKey: "speed") } }
    open var timeOffset: CFTimeInterval { get { get("timeOffset", 0) } set { setProperty(newValue, forKey: "timeOffset") } }
    open var repeatCount: Float { get { get("repeatCount", 0) } set { setProperty(newValue, forKey: "repeatCount") } }
    open var repeatDuration: CFTimeInterval { get { get("repeatDuration", 0) } set { setProperty(newValue, forKey: "repeatDuration") } }
    open var autoreverses: Bool { get { get("autoreverses", false) } set { setProperty(newValue, forKey: "autoreverses") } }
    open var fillMode: CAMediaTimingFillMode { get { get("fillMode", .removed) } set { setProperty(newValue, forKey: "fillMode") } }

    // MARK: - Sublayers (CALayer+Sublayers.swift)

    /// Appends `layer` to the sublayers, removing it from its old superlayer first.
    open func addSublayer(_ layer: CALayer) { insert(layer, at: sublayerList?.count ?? 0) }
    /// Inserts `layer` at `idx` (clamped to the sublayer count).
    open func insertSublayer(_ layer: CALayer, at idx: UInt32) { insert(layer, at: Int(idx)) }
    /// Inserts `layer` just below `sibling` (at the back when `sibling` is nil or not a sublayer).
    open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) { insert(layer, relativeTo: sibling, offset: 0) }
    /// Inserts `layer` just above `sibling` (at the front when `sibling` is nil or not a sublayer).
    open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) { insert(layer, relativeTo: sibling, offset: 1) }
    /// Puts `newLayer` where `oldLayer` was; runs `newLayer`'s `kCATransition` action.
    open func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) { replace(oldLayer, with: newLayer) }
    /// Detaches the layer from its superlayer.
    open func removeFromSuperlayer() { detachFromSuperlayer() }

    // MARK: - Key-value coding (CALayer+KeyValueCoding.swift)

    /// The value for `key`: a declared property, or any key set before, or
    /// `defaultValue(forKey:)`.
    open func value(forKey key: String) -> Any? { kvcValue(forKey: key) }
    /// Sets any key; declared properties convert the value to their type and
    /// refuse wrong types and non-finite geometry with a logged message.
    open func setValue(_ value: Any?, forKey key: String) { kvcSetValue(value, forKey: key) }
    /// Reads a dotted key path such as `position.x` or `transform.rotation.z`.
    open func value(forKeyPath keyPath: String) -> Any? { kvcValue(forKeyPath: keyPath) }
    /// Writes a dotted key path such as `bounds.size.width` or `filters.pulse.inputIntensity`.
    open func setValue(_ value: Any?, forKeyPath keyPath: String) { kvcSetValue(value, forKeyPath: keyPath) }
    /// The default for a key that was never set: Apple's default for declared
    /// properties, the layer's `style` for others, else nil. Subclasses override
    /// this to give their own defaults.
    open class func defaultValue(forKey key: String) -> Any? { baseDefaultValue(forKey: key) }
    /// Whether a change to `key` needs the layer redrawn. False for every key by default.
    open class func needsDisplay(forKey key: String) -> Bool { false }
    /// How much further than `cornerRadius` a corner of `curve` reaches
    /// along each edge: 1 for `.circular`, 1.528665 for `.continuous`
    /// (Apple's values), 1 for a curve it does not know.
    open class func cornerCurveExpansionFactor(_ curve: CALayerCornerCurve) -> CGFloat {
        curve == .continuous ? RoundedRectPath.continuousExpansion : 1
    }
    /// Whether `key`'s value should be archived. Always true.
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    // MARK: - Actions (CALayer+Actions.swift)

    /// The action for `key`, searched in Apple's order: the delegate's
    /// `action(for:forKey:)`, `actions`, `style["actions"]`, then
    /// `defaultAction(forKey:)`. `NSNull` anywhere ends the search with nil.
    open func action(forKey event: String) -> CAAction? { searchAction(forKey: event) }
    /// The class's default action for `key`; nil for the standard properties,
    /// as on Apple (their implicit animation is what a change falls back to).
    open class func defaultAction(forKey event: String) -> CAAction? { nil }

    // MARK: - Geometry (CALayer+Geometry.swift)

    /// The farthest descendant (or this layer) containing `p`, which is in the
    /// superlayer's coordinate space; nil when none does.
    open func hitTest(_ p: CGPoint) -> CALayer? { hitTestLayer(p) }
    /// Whether `p`, in this layer's coordinate space, is inside its bounds.
    open func contains(_ p: CGPoint) -> Bool { bounds.contains(p) }
    /// The layer's preferred size: its bounds' size, or the layout manager's answer.
    open func preferredFrameSize() -> CGSize { defaultPreferredFrameSize() }

    // MARK: - Layout (CALayer+Layout.swift)

    /// Lays out sublayers: the delegate's `layoutSublayers(of:)` when it has
    /// one, else the layout manager's. (Autoresizing runs when `bounds` changes.)
    open func layoutSublayers() { defaultLayoutSublayers() }
    /// Marks the layer as needing layout.
    open func setNeedsLayout() { markNeedsLayout() }
    /// Whether the layer is marked as needing layout.
    open func needsLayout() -> Bool { needsLayoutFlag }
    /// Lays out this layer and its descendants now if any is marked.
    open func layoutIfNeeded() { performLayoutIfNeeded() }
    /// Resizes sublayers by their autoresizing masks after `bounds` changed from `oldSize`.
    open func resizeSublayers(withOldSize size: CGSize) { autoresizeSublayers(oldSize: size) }
    /// Resizes this layer by its autoresizing mask after its superlayer's size changed.
    open func resize(withOldSuperlayerSize size: CGSize) { autoresize(oldSuperlayerSize: size) }

    // MARK: - Display

    /// Marks the layer's contents as needing to be redrawn.
    open func setNeedsDisplay() { markNeedsDisplay() }
    /// Marks part of the contents (in the layer's coordinate space) as needing to be redrawn.
    open func setNeedsDisplay(_ r: CGRect) { markNeedsDisplay() }
    /// Whether the contents are marked as needing to be redrawn.
    open func needsDisplay() -> Bool { needsDisplayFlag }
    /// Redraws now if the contents are marked.
    open func displayIfNeeded() { if needsDisplayFlag { display() } }
    /// Redraws the contents: the delegate's `display(_:)` when it has one,
    /// else a backing store drawn by `draw(in:)` becomes `contents`.
    open func display() { defaultDisplay() }
    /// Draws the layer's content (layer coordinates, top-left origin); the
    /// default asks the delegate's `draw(_:in:)`.
    open func draw(in ctx: CGContext) { defaultDraw(in: ctx) }
    /// Draws the layer and its sublayers, as they are in the model, into
    /// `ctx`, synchronously, with the layer's bounds in the context's user space.
    open func render(in ctx: CGContext) { renderModel(in: ctx) }

    // MARK: - Animations (CALayer+Animations.swift)

    /// Adds a copy of `anim`, replacing any animation under the same key.
    open func add(_ anim: CAAnimation, forKey key: String?) { addAnimation(anim, forKey: key) }
    /// The animation under `key`. Do not modify it: changes have no effect, as on Apple.
    open func animation(forKey key: String) -> CAAnimation? { animationEntries.first { $0.key == key }?.animation }
    /// The keys of the attached animations, in the order they were added.
    open func animationKeys() -> [String]? { visibleAnimationKeys() }
    /// Removes the animation under `key`; its delegate hears `finished: false`.
    open func removeAnimation(forKey key: String) { removeAnimations { $0.key == key } }
    /// Removes every animation; their delegates hear `finished: false`.
    open func removeAllAnimations() { removeAnimations { _ in true } }

    open override var description: String {
        let label = name.map { " \"\($0)\"" } ?? ""
        return "<\(type(of: self))\(label) position=\(position) bounds=\(bounds)>"
    }
}
