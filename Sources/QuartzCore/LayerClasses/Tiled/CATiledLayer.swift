/// A layer whose content is drawn tile by tile, on background threads, as
/// it comes into view, possibly at several levels of detail: Apple's
/// `CATiledLayer`.
///
/// As on Apple platforms, `draw(in:)` (and so the delegate's
/// `draw(_:in:)`) is called on background threads, once per tile, with the
/// context clipped to the tile (`boundingBoxOfClipPath` is the tile's rect in
/// layer coordinates) and scaled to the tile's resolution (the `ctm`). So
/// drawing code must be safe to run off the main thread and must not change
/// the layer. Only tiles that are visible in the window are drawn (see
/// `docs/behaviour.md` for how visibility is decided); each fades in over
/// `fadeDuration()` once drawn. `setNeedsDisplay()` and
/// `setNeedsDisplay(_:)` redraw the tiles concerned, asynchronously: the
/// old tiles stay on screen until the new ones arrive.
///
/// Do not set `contents` on a tiled layer (Apple says the same); the tiles
/// are drawn over the background color.
open class CATiledLayer: CALayer {
    override class var declaredProperties: [String: LayerProperty] { CATiledLayer.properties }

    private static let properties = CALayerProperties.all.merging(CALayerProperties.table([
        LayerProperty("levelsOfDetail", .int, 1, animatable: false),
        LayerProperty("levelsOfDetailBias", .int, 0, animatable: false),
        LayerProperty("tileSize", .size, TileGrid.defaultTileSize, animatable: false),
    ])) { $1 }

    /// The tiles drawn, drawing and wanted; app-thread state.
    let tileCache = TileCache()

    public override init() {
        super.init()
        CATransaction.current.registerTiledLayer(self)
    }

    public override init(layer: Any) {
        super.init(layer: layer)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        CATransaction.current.registerTiledLayer(self)
    }

    /// How long a newly drawn tile takes to fade in, in seconds (0.25).
    /// Subclasses override it to fade faster, slower or not at all.
    open class func fadeDuration() -> CFTimeInterval { 0.25 }

    /// The number of levels of detail at or below full resolution (default
    /// 1), each half the resolution of the previous; clamped so the lowest
    /// keeps at least one pixel in each dimension.
    open var levelsOfDetail: Int {
        get { get("levelsOfDetail", 1) }
        set { setProperty(newValue, forKey: "levelsOfDetail") }
    }

    /// The number of magnified levels of detail (default 0): 2 adds levels
    /// at 2x and 4x.
    open var levelsOfDetailBias: Int {
        get { get("levelsOfDetailBias", 0) }
        set { setProperty(newValue, forKey: "levelsOfDetailBias") }
    }

    /// The largest size of a tile, in pixels (default 256 x 256). A size
    /// smaller than one pixel, or not finite, is reported and the default
    /// is used.
    open var tileSize: CGSize {
        get { get("tileSize", TileGrid.defaultTileSize) }
        set { setProperty(newValue, forKey: "tileSize") }
    }

    /// Marks every tile for redrawing.
    open override func setNeedsDisplay() {
        tileCache.invalidate(nil)
        super.setNeedsDisplay()
    }

    /// Marks the tiles meeting `r` (layer coordinates) for redrawing.
    open override func setNeedsDisplay(_ r: CGRect) {
        tileCache.invalidate(r)
        super.setNeedsDisplay(r)
    }

    /// A tiled layer has no backing store: displaying asks for the visible
    /// tiles that are missing or out of date.
    open override func display() {
        needsDisplayFlag = false
        updateTiles()
    }

    /// The delegate's `draw(_:in:)`, called on a background thread.
    open override func draw(in ctx: CGContext) {
        // Straight to the delegate: the default path records on the layer
        // whether the delegate implemented the method, which must not
        // happen off the app thread.
        delegateReference?.draw(self, in: ctx)
    }
}
