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

/// The comparable part of a draw node, kept from one frame to the next to
/// find what changed.
///
/// A class: the compositor keeps one per layer in dictionaries that are
/// built, iterated and compared every frame, and copying a struct holding a
/// whole `LayerState` there cost more than the comparisons (issue 7,
/// docs/performance.md). Immutable; render thread only.
final class DrawRecord: Equatable {
    let state: LayerState
    let matrix: CATransform3D
    let opacity: Float
    let clip: PixelRect?
    let coverage: PixelRect?
    let childIDs: [UInt64]
    let maskID: UInt64?
    let transitionProgress: Double?
    let tint: Tint
    /// Set while an emitter has particles: they move every frame, so the
    /// record differs and the layer's coverage is damaged each frame.
    let particleTime: Double?
    /// Set while a tiled layer's tiles fade in.
    let tileFadeTime: CFTimeInterval?

    init(state: LayerState, matrix: CATransform3D, opacity: Float, clip: PixelRect?, coverage: PixelRect?,
         childIDs: [UInt64], maskID: UInt64?, transitionProgress: Double?, tint: Tint = .white,
         particleTime: Double? = nil, tileFadeTime: CFTimeInterval? = nil) {
        self.state = state
        self.matrix = matrix
        self.opacity = opacity
        self.clip = clip
        self.coverage = coverage
        self.childIDs = childIDs
        self.maskID = maskID
        self.transitionProgress = transitionProgress
        self.tint = tint
        self.particleTime = particleTime
        self.tileFadeTime = tileFadeTime
    }

    /// Equal values, as the struct's synthesized `==` compared them.
    static func == (a: DrawRecord, b: DrawRecord) -> Bool {
        a === b || (a.equalsApartFromState(b) && a.state == b.state)
    }

    /// Equal values but for the states' filter lists (`LayerState.equalsIgnoringFilters`).
    func equalsIgnoringFilters(_ other: DrawRecord) -> Bool {
        self === other || (equalsApartFromState(other) && state.equalsIgnoringFilters(other.state))
    }

    private func equalsApartFromState(_ b: DrawRecord) -> Bool {
        matrix == b.matrix && opacity == b.opacity && clip == b.clip && coverage == b.coverage
            && childIDs == b.childIDs && maskID == b.maskID && transitionProgress == b.transitionProgress
            && tint == b.tint && particleTime == b.particleTime && tileFadeTime == b.tileFadeTime
    }
}

extension CATransform3D {
    /// True when the map keeps rectangles axis-aligned in 2D (no rotation,
    /// skew or perspective): only scale and translation.
    var isAxisAligned2D: Bool {
        m12 == 0 && m21 == 0 && m14 == 0 && m24 == 0 && m44 == 1
    }

    /// True for a translation (with no other effect on x, y).
    var isTranslation2D: Bool {
        isAxisAligned2D && m11 == 1 && m22 == 1
    }

    /// True for a translation by whole pixels (with no other effect on x, y).
    /// Also within ±2³¹, so that `Int(m41)` and pixel arithmetic on it cannot trap.
    var isIntegerTranslation2D: Bool {
        isAxisAligned2D && m11 == 1 && m22 == 1 && m41 == m41.rounded() && m42 == m42.rounded()
            && abs(m41) < 0x8000_0000 && abs(m42) < 0x8000_0000
    }
}
