/// What the compositor needs of a `CATiledLayer`: the tiles drawn so far,
/// each with where it goes in the layer and when it started fading in.
struct TiledState: Sendable, Equatable {
    struct Tile: Sendable, Equatable {
        /// Layer coordinates.
        var rect: CGRect
        /// Pixels a layer point (the image covers `rect` at this scale).
        var scale: CGFloat
        var image: CGImage
        /// Media time the tile arrived; it fades in from transparent over
        /// `fadeDuration` from then.
        var fadeStart: CFTimeInterval
    }

    /// Coarse levels first, so sharper tiles draw over them.
    var tiles: [Tile]
    /// `CATiledLayer.fadeDuration()` of the layer's class.
    var fadeDuration: CFTimeInterval

    /// When the last tile is fully in; nil when there are no tiles.
    var fadeEnd: CFTimeInterval? { tiles.map(\.fadeStart).max().map { $0 + max(0, fadeDuration) } }

    /// How far in tile `tile` has faded at `mediaTime`, 0...1.
    func alpha(of tile: Tile, at mediaTime: CFTimeInterval) -> Double {
        guard fadeDuration > 0, fadeDuration.isFinite else { return 1 }
        return max(0, min(1, (mediaTime - tile.fadeStart) / fadeDuration))
    }
}
