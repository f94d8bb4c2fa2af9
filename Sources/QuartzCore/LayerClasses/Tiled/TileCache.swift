import Dispatch

/// A tiled layer's tiles on the app thread: those drawn (with when they
/// arrived), those being drawn, and which are wanted now.
///
/// Drawing happens on `TileCache.drawingQueue`; finished tiles come back
/// through the `Sendable` `TileInbox`, and are adopted on the main queue,
/// which marks the layer changed so the next commit carries them to the
/// render server.
final class TileCache {
    struct Entry {
        var rect: CGRect
        var scale: CGFloat
        var image: CGImage
        var fadeStart: CFTimeInterval
        /// Invalidated by `setNeedsDisplay`: shown until its replacement arrives.
        var isStale = false
    }

    /// Where tiles are drawn: concurrent, off the app thread, as Apple
    /// draws tiles "on one or more background threads".
    static let drawingQueue = DispatchQueue(label: "lamina.tiled-layer", qos: .userInitiated, attributes: .concurrent)
    /// Tiles kept per layer beyond those wanted now (for zooming back).
    static let capacity = 256

    private(set) var entries: [TileGrid.Key: Entry] = [:]
    private(set) var grid: TileGrid?
    private(set) var level: Int?
    private(set) var wanted: [TileGrid.Key] = []
    private var drawing: Set<TileGrid.Key> = []
    /// Bumped when the grid changes: tiles drawn for an older one are dropped.
    private var generation = 0
    let inbox = TileInbox()

    /// Tiles being drawn (for tests).
    var pendingCount: Int { inbox.pendingCount }

    /// Marks the tiles meeting `rect` (all when nil) out of date.
    func invalidate(_ rect: CGRect?) {
        for (key, entry) in entries where rect.map({ entry.rect.intersects($0) }) ?? true {
            entries[key]?.isStale = true
        }
        // A tile being drawn now may have started before the change.
        drawing.removeAll()
        generation += 1
    }

    /// Uses `grid` from now on; a different grid (bounds, scale or tile
    /// size changed) drops every tile.
    func use(_ grid: TileGrid) {
        guard grid != self.grid else { return }
        self.grid = grid
        entries.removeAll()
        drawing.removeAll()
        wanted = []
        level = nil
        generation += 1
    }

    /// Records what is wanted now; returns the tiles to start drawing.
    func want(_ keys: [TileGrid.Key], level: Int) -> [TileGrid.Key] {
        wanted = keys
        self.level = level
        evictIfNeeded()
        let missing = keys.filter { key in (entries[key].map(\.isStale) ?? true) && !drawing.contains(key) }
        drawing.formUnion(missing)
        return missing
    }

    var currentGeneration: Int { generation }

    /// Takes the tiles finished since the last call; true when any was new.
    func adoptFinished(at mediaTime: CFTimeInterval) -> Bool {
        var adopted = false
        for tile in inbox.takeFinished() where tile.generation == generation {
            drawing.remove(tile.key)
            guard let image = tile.image else { continue }
            entries[tile.key] = Entry(rect: tile.rect, scale: tile.scale, image: image, fadeStart: mediaTime)
            adopted = true
        }
        return adopted
    }

    /// What the render server shows: the current level's tiles, over the
    /// other levels' while some wanted tile is still missing.
    func state(fadeDuration: CFTimeInterval) -> TiledState? {
        guard let level, !entries.isEmpty else { return nil }
        let complete = wanted.allSatisfy { entries[$0] != nil }
        let shown = entries.filter { $0.key.level == level || !complete }
            .sorted { ($0.key.level, $0.key.row, $0.key.column) < ($1.key.level, $1.key.row, $1.key.column) }
        return TiledState(tiles: shown.map { TiledState.Tile(rect: $0.value.rect, scale: $0.value.scale,
                                                              image: $0.value.image, fadeStart: $0.value.fadeStart) },
                          fadeDuration: fadeDuration)
    }

    /// Drops tiles that are not wanted, other levels first, down to the capacity.
    private func evictIfNeeded() {
        guard entries.count > Self.capacity + wanted.count else { return }
        let keep = Set(wanted)
        let spare = entries.keys.filter { !keep.contains($0) }.sorted { abs($0.level - (level ?? 0)) > abs($1.level - (level ?? 0)) }
        for key in spare.prefix(entries.count - Self.capacity - wanted.count) { entries[key] = nil }
    }
}
