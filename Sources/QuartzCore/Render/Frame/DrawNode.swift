/// One layer as the compositor will draw it this frame: its presented state
/// and where it lands in the target, in target pixels (top-left origin).
final class DrawNode {
    let id: UInt64
    let state: LayerState
    /// Layer bounds space to target pixels.
    let matrix: CATransform3D
    let homography: Homography
    /// Opacity from non-group ancestors, times the layer's own.
    let opacity: Float
    /// Target pixels the layer may draw into (its own content, shadow and,
    /// for groups, everything under it), before clipping; nil when nothing.
    var coverage: PixelRect?
    /// Where ancestors' `masksToBounds` confine drawing (axis-aligned cases).
    let clip: PixelRect?
    var children: [DrawNode] = []
    var mask: DrawNode?
    /// Drawn through an offscreen group (see `needsGroup`).
    let isGroup: Bool
    /// A replicator copy's colour, multiplied into the layer's drawing.
    var tint = Tint.white
    /// A `CATransition` running on the layer.
    var transition: TransitionRenderer.Active?
    /// For `shouldRasterize`: the cached bitmap of the layer and its sublayers.
    var rasterized: LayerContent?
    /// For an emitter layer with live particles: this frame's particles.
    var particles: ParticleFrame?
    /// How near the viewer the centre of the layer's bounds is in its 3D
    /// rendering context (larger is nearer); orders the sublayers of
    /// transform layers (see `DepthSort`).
    var depth: CGFloat = 0
    /// The bounds' corners in the 3D context, for ordering overlapping
    /// planes; nil outside 3D contexts or when a corner is behind the viewer.
    var depthQuad: DepthSort.Quad?
    /// Layer space to the 3D context's plane coordinates (x/w, y/w); set
    /// with `depthQuad`, for splitting intersecting layers (`DepthSplit`).
    var depthHomography: Homography?
    /// A piece of a layer split by `DepthSplit`: drawn only inside this
    /// outline (target pixels).
    var clipPolygon: [CGPoint]?
    /// While a tiled layer's tiles fade in: the frame's time (so each frame
    /// differs from the last and repaints); nil otherwise.
    var tileFadeTime: CFTimeInterval?
    /// The content bitmap `LayerContentCache` found for this node (`.some(nil)`:
    /// none), kept so that asking again, later in the frame or, for a node
    /// kept from frame to frame, in later frames, neither builds the
    /// content key nor looks it up. Always right: the node's state and
    /// matrix, which the key is made from, never change. (A bitmap that
    /// could not be made, for want of memory, is not tried again for this
    /// node; the next commit builds new nodes.)
    var memoizedContent: LayerContent??

    init(id: UInt64, state: LayerState, matrix: CATransform3D, opacity: Float, clip: PixelRect?, isGroup: Bool) {
        self.id = id
        self.state = state
        self.matrix = matrix
        homography = Homography(matrix)
        self.opacity = opacity
        self.clip = clip
        self.isGroup = isGroup
    }

    /// A node like `shell` (a `StaticSubtreeCache.Shell`'s: not a group,
    /// tint, transition, particles, mask and 3D fields unset) without its
    /// children, to be given this frame's.
    init(sameAs shell: DrawNode) {
        id = shell.id
        state = shell.state
        matrix = shell.matrix
        homography = shell.homography
        opacity = shell.opacity
        clip = shell.clip
        isGroup = shell.isGroup
        coverage = shell.coverage
        memoizedContent = shell.memoizedContent
    }

    /// Takes `record` as this node's: only for a record made from the same
    /// fields and the same children's ids (a shell's).
    func adopt(_ record: DrawRecord) { keptRecord = record }

    /// Part of a subtree nothing changes until the next commit
    /// (`StaticSubtreeCache`): built once, taken by later frames as it is,
    /// and never changed after it was built.
    var isStatic = false
    /// A static node's record, made once; or a shell's, taken again
    /// (`adopt`).
    private var keptRecord: DrawRecord?

    /// What, compared with the last frame, says whether this layer's pixels
    /// may have changed. A static node (and a node made from a shell while
    /// its sublayers are the same) gives the same record every frame, so
    /// that comparing it with the last one is an identity test.
    var record: DrawRecord {
        if let keptRecord { return keptRecord }
        let record = DrawRecord(state: state, matrix: matrix, opacity: opacity, clip: clip, coverage: coverage,
                                childIDs: children.map(\.id), maskID: mask?.id, transitionProgress: transition?.progress,
                                tint: tint, particleTime: particles?.time, tileFadeTime: tileFadeTime)
        if isStatic { keptRecord = record }
        return record
    }

    /// Whether the layer must be drawn offscreen and composited as one image:
    /// group opacity over sublayers, filters, a mask, a compositing filter,
    /// clipping that is not an axis-aligned rectangle, or a shadow cast by
    /// sublayers.
    static func needsGroup(_ state: LayerState, hasSublayers: Bool, hasMask: Bool, matrix: CATransform3D) -> Bool {
        if hasMask || !state.filters.isEmpty || state.compositingFilter != nil { return true }
        if hasSublayers, state.opacity < 1, state.allowsGroupOpacity { return true }
        if hasSublayers, state.masksToBounds, state.cornerRadius > 0 || !matrix.isAxisAligned2D { return true }
        if hasSublayers, state.shadowOpacity > 0, state.shadowPath == nil { return true }
        return false
    }
}
