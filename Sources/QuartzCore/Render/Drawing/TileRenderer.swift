import CPixman

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
            source.setTransform(inverse, bilinear: true, over: PixmanImage.samplingRegion(extent: box, drawing: area))
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
