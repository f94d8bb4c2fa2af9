import CPixman

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

/// Composites a tiled layer's tiles through its matrix.
final class TileRenderer {
    /// One pixman image per tile image, while a layer shows it.
    private var sources: [ObjectIdentifier: (image: CGImage, pixman: PixmanImage)] = [:]

    func draw(_ tiled: TiledState, node: DrawNode, into destination: PixmanImage, clip: PixelRect, opacity: Float,
              mediaTime: CFTimeInterval) {
        for tile in tiled.tiles {
            let alpha = tiled.alpha(of: tile, at: mediaTime) * Double(opacity)
            guard alpha > 0, let box = PixelRect(covering: node.homography.apply(tile.rect)),
                  let area = box.intersection(clip), let source = source(for: tile.image) else { continue }
            // tile pixels -> layer space -> target pixels
            let toLayer = CATransform3DConcat(CATransform3DMakeScale(1 / tile.scale, 1 / tile.scale, 1),
                                              CATransform3DMakeTranslation(tile.rect.minX, tile.rect.minY, 0))
            guard let inverse = Homography(CATransform3DConcat(toLayer, node.matrix)).inverted() else { continue }
            source.setTransform(inverse, bilinear: true)
            let mask = Compositor.fadeMask(opacity: Float(alpha), tint: node.tint)
            destination.composite(source, mask: mask, rect: area)
        }
    }

    var hasSources: Bool { !sources.isEmpty }

    /// Forgets images no tile in `states` shows.
    func retainOnly(_ states: [TiledState]) {
        let used = Set(states.flatMap { $0.tiles.map { ObjectIdentifier($0.image) } })
        sources = sources.filter { used.contains($0.key) }
    }

    private func source(for image: CGImage) -> PixmanImage? {
        if let source = sources[ObjectIdentifier(image)], source.image === image { return source.pixman }
        guard let pixman = PixmanImage(image: image) else { return nil }
        sources[ObjectIdentifier(image)] = (image, pixman)
        return pixman
    }
}
