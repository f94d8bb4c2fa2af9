/// One drawing of a layer as the compositor will paint it this frame: its
/// presented state and where it lands in the target, in target pixels
/// (top-left origin). The draw list (`DrawListBuilder`) is a tree of these.
///
/// What every node has is fixed when it is made; what only some layers
/// need (a group's mask, a replicator copy's tint, a transition, particles,
/// a 3D placement, a split piece's outline) is set by the builder step
/// that deals with it, and left at its "none" value otherwise.
final class DrawNode {
    let id: DrawID
    let state: LayerState
    /// Layer bounds space to target pixels.
    let matrix: CATransform3D
    let homography: Homography
    /// Opacity from non-group ancestors, times the layer's own.
    let opacity: Float
    /// Where ancestors' `masksToBounds` confine drawing (axis-aligned cases).
    let clip: PixelRect?
    /// Drawn through an offscreen group (see `needsGroup`).
    let isGroup: Bool
    /// Target pixels the layer may draw into (its own content, shadow and,
    /// for groups, everything under it), before clipping; nil when nothing.
    var coverage: PixelRect?
    var children: [DrawNode] = []
    var mask: DrawNode?
    /// A replicator copy's colour, multiplied into the layer's drawing.
    var tint = Tint.white
    /// A `CATransition` running on the layer.
    var transition: TransitionRenderer.Active?
    /// For `shouldRasterize`: the cached bitmap of the layer and its sublayers.
    var rasterized: LayerContent?
    /// For an emitter layer with live particles: this frame's particles.
    var particles: ParticleFrame?
    /// While a tiled layer's tiles fade in: the frame's time (so each frame
    /// differs from the last and repaints); nil otherwise.
    var tileFadeTime: CFTimeInterval?
    /// Where the layer sits in its 3D rendering context; nil outside one.
    var depthPlacement: DepthPlacement?
    /// A piece of a layer split by `DepthSplit`: drawn only inside this
    /// outline (target pixels).
    var clipPolygon: [CGPoint]?
    /// What `LayerContentCache` found for this node, kept so that asking
    /// again, later in the frame or, for a node kept from frame to frame,
    /// in later frames, neither builds the content key nor looks it up.
    /// Always right: the node's state and matrix, which the key is made
    /// from, never change. (A bitmap that could not be made, for want of
    /// memory, is not tried again for this node; the next commit builds
    /// new nodes.)
    var contentLookup = ContentLookup.notYet
    /// Whether the layer's content is drawn from its committed state, no
    /// animation changing what it is drawn from: the content cache then
    /// takes the content it found for the same commit without building its
    /// key again (`LayerContentCache`).
    var contentFollowsCommit = false
    /// Made from a `StaticSubtreeCache.Shell` this frame (`DrawListReuse`
    /// puts a rebuilt child in its place in a later frame).
    var madeFromShell = false

    /// `contentLookup`'s answers.
    enum ContentLookup {
        case notYet
        /// The layer draws nothing of its own (or its bitmap could not be made).
        case none
        case found(LayerContent)
    }

    init(id: DrawID, state: LayerState, matrix: CATransform3D, opacity: Float, clip: PixelRect?, isGroup: Bool) {
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
        contentLookup = shell.contentLookup
        contentFollowsCommit = shell.contentFollowsCommit
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

    /// The coverage of the layer and everything under it.
    var subtreeCoverage: PixelRect? {
        if isGroup { return coverage }
        var result = coverage
        for child in children {
            if let childCoverage = child.subtreeCoverage { result = result.map { $0.union(childCoverage) } ?? childCoverage }
        }
        return result
    }

    /// Whether the layer faces the viewer: its plane keeps its orientation
    /// in the target (a turn past 90 degrees about x or y shows its back).
    var isFrontFacing: Bool {
        let m = homography.m
        let center = CGPoint(x: state.bounds.midX, y: state.bounds.midY)
        let w = center.x * m[2] + center.y * m[5] + m[8]
        let determinant = m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6])
            + m[2] * (m[3] * m[7] - m[4] * m[6])
        return determinant * w >= 0
    }
}
