import Dispatch

/// Which tiles a tiled layer needs, drawing them off the app thread, and
/// taking them back.
extension CATiledLayer {
    /// The tiles for the render server (`LayerState.tiled`).
    var tiledState: TiledState? { tileCache.state(fadeDuration: type(of: self).fadeDuration()) }

    /// Works out the visible tiles at the level of detail the layer is shown
    /// at, and starts drawing those missing. Called at display and at every
    /// commit of the layer's tree while it is on screen.
    func updateTiles() {
        guard isInVisibleTree, !sequence(first: self, next: { $0.superlayer }).contains(where: \.isHidden) else { return }
        let size = tileSize
        if !TileGrid.isValid(size) {
            CADiagnostics.report(layer: self, keyPath: "tileSize", "tile size \(size) is not at least 1x1 pixel; using 256x256")
        }
        guard let grid = TileGrid(bounds: bounds, contentsScale: contentsScale, tileSize: size,
                                  levelsOfDetail: levelsOfDetail, levelsOfDetailBias: levelsOfDetailBias)
        else { return }
        tileCache.use(grid)
        let (visible, pixelsPerPoint) = visibleRectAndScale()
        let level = grid.level(forPixelsPerPoint: pixelsPerPoint)
        let keys = grid.tiles(covering: visible, level: level)
        let changedLevel = tileCache.level != level
        let missing = tileCache.want(keys, level: level)
        for key in missing { drawTile(key, grid: grid) }
        if changedLevel { CATransaction.current.layerChanged(self) }
    }

    /// The part of the bounds the window shows (within every ancestor that
    /// masks to its bounds), and how many window pixels a layer point covers
    /// there. Under perspective the whole bounds count as visible: mapping
    /// the window back onto a tilted plane can pass the horizon.
    func visibleRectAndScale() -> (CGRect, CGFloat) {
        let toRoot = homographyToRootSpace()
        var visible = bounds
        let isProjective = toRoot.m[2] != 0 || toRoot.m[5] != 0
        if !isProjective {
            var clips = [rootLayer.frame]
            var ancestor = superlayer
            while let layer = ancestor {
                if layer.masksToBounds { clips.append(convert(layer.bounds, from: layer)) }
                ancestor = layer.superlayer
            }
            for clip in clips.dropFirst() { visible = visible.intersection(clip) }
            if let window = Self.conversion(from: nil, to: self)?.apply(clips[0]) { visible = visible.intersection(window) }
        }
        let center = visible.isNull ? CGPoint(x: bounds.midX, y: bounds.midY) : CGPoint(x: visible.midX, y: visible.midY)
        let origin = toRoot.apply(center)
        let across = toRoot.apply(CGPoint(x: center.x + 1, y: center.y))
        let down = toRoot.apply(CGPoint(x: center.x, y: center.y + 1))
        let scale = max(hypot(across.x - origin.x, across.y - origin.y), hypot(down.x - origin.x, down.y - origin.y))
        return (visible.isNull ? .zero : visible, scale.isFinite && scale > 0 ? scale : 1)
    }

    /// Draws tile `key` on the drawing queue; the result comes back through
    /// the inbox and the main queue.
    private func drawTile(_ key: TileGrid.Key, grid: TileGrid) {
        let rect = grid.rect(of: key)
        let scale = grid.pixelScale(ofLevel: key.level)
        guard !rect.isNull, rect.width > 0, rect.height > 0 else { return }
        let inbox = tileCache.inbox
        let generation = tileCache.currentGeneration
        let handoff = TileDrawingHandoff(layer: self)
        inbox.begin()
        TileCache.drawingQueue.async {
            let width = Int(clampedFrom: (rect.width * scale).rounded(.up), limit: 16384)
            let height = Int(clampedFrom: (rect.height * scale).rounded(.up), limit: 16384)
            var image: CGImage?
            if let context = CGContext.makeLayerContext(width: width, height: height, scale: scale) {
                // Layer coordinates, clipped to the tile: the clip's bounding
                // box and the CTM tell draw(in:) which tile at what resolution.
                context.translateBy(x: -rect.minX, y: -rect.minY)
                context.clip(to: rect)
                handoff.layer.draw(in: context)
                image = context.makeImage()
            }
            inbox.finish(TileInbox.Finished(key: key, rect: rect, scale: scale, image: image, generation: generation))
            DispatchQueue.main.async { handoff.adopt() }
        }
    }

    /// Takes the tiles drawn since last time into the layer; the next
    /// commit carries them to the render server, which fades them in.
    func adoptFinishedTiles() {
        if tileCache.adoptFinished(at: MediaClock.now()) { CATransaction.current.layerChanged(self) }
    }
}

/// Carries a tiled layer to a drawing thread and back.
///
/// `@unchecked Sendable` because `CALayer` is not `Sendable`. What makes the
/// crossing acceptable is Apple's contract for `CATiledLayer`, which Lamina
/// keeps: on the drawing thread only `draw(in:)` is called (Apple documents
/// it as called on background threads, so its code must be thread-safe and
/// must not change the layer; `CATiledLayer.draw(in:)` itself only reads the
/// weak delegate reference), and everything else happens back on the main
/// queue, where the app thread owns the layer.
struct TileDrawingHandoff: @unchecked Sendable {
    let layer: CATiledLayer

    func adopt() { layer.adoptFinishedTiles() }
}
