/// The comparable part of a draw node, kept from one frame to the next to
/// find what changed.
///
/// A class: the compositor keeps one per drawing in dictionaries that are
/// built, iterated and compared every frame, and copying a struct holding a
/// whole `LayerState` there cost more than the comparisons. Immutable;
/// render thread only.
final class DrawRecord: Equatable {
    let state: LayerState
    let matrix: CATransform3D
    let opacity: Float
    let clip: PixelRect?
    let coverage: PixelRect?
    let childIDs: [DrawID]
    let maskID: DrawID?
    let transitionProgress: Double?
    let tint: Tint
    /// Set while an emitter has particles: they move every frame, so the
    /// record differs and the layer's coverage is damaged each frame.
    let particleTime: Double?
    /// Set while a tiled layer's tiles fade in.
    let tileFadeTime: CFTimeInterval?

    init(state: LayerState, matrix: CATransform3D, opacity: Float, clip: PixelRect?, coverage: PixelRect?,
         childIDs: [DrawID], maskID: DrawID?, transitionProgress: Double?, tint: Tint = .white,
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
