/// Which tiles of a `CATiledLayer` to draw, as pure functions of its values.
///
/// Levels of detail, after Apple's documentation: level scales are powers of
/// two. `levelsOfDetail` (default 1) counts the levels at or below 1x, each
/// half the resolution of the previous one (1, 1/2, 1/4, ...), clamped so the
/// lowest still has at least one pixel in each dimension;
/// `levelsOfDetailBias` (default 0) adds that many magnified levels (2x, 4x,
/// ...). A tile at level scale `L` is drawn at `contentsScale × L` pixels a
/// point, and `tileSize` is in those pixels.
struct TileGrid: Equatable, Sendable {
    /// A tile: its level (the exponent: scale 2^level) and grid position.
    struct Key: Hashable, Sendable {
        var level: Int
        var column: Int
        var row: Int
    }

    static let defaultTileSize = CGSize(width: 256, height: 256)
    /// At most this many tiles are wanted at once; a view that would need
    /// more (a tiny tile size over a large area) draws a coarser level.
    static let maximumVisibleTiles = 1024

    let bounds: CGRect
    let contentsScale: CGFloat
    let tileSize: CGSize
    /// Lowest and highest level exponents.
    let levels: ClosedRange<Int>

    /// Nil when the bounds are empty (nothing to draw). Bad sizes and scales
    /// fall back to the defaults (the caller reports them).
    init?(bounds: CGRect, contentsScale: CGFloat, tileSize: CGSize, levelsOfDetail: Int, levelsOfDetailBias: Int) {
        let bounds = bounds.standardized
        guard bounds.width > 0, bounds.height > 0, bounds.width.isFinite, bounds.height.isFinite else { return nil }
        self.bounds = bounds
        self.contentsScale = contentsScale.isFinite && contentsScale > 0 ? contentsScale : 1
        self.tileSize = Self.isValid(tileSize) ? tileSize : Self.defaultTileSize
        let below = max(1, min(levelsOfDetail, 32)) - 1
        // The lowest level keeps at least one pixel in each dimension.
        let smallest = min(bounds.width, bounds.height) * self.contentsScale
        let floor = smallest >= 1 ? -Int(Foundation.log2(smallest).rounded(.down)) : 0
        let bias = max(0, min(levelsOfDetailBias, 16))
        levels = max(-below, floor)...bias
    }

    static func isValid(_ size: CGSize) -> Bool {
        size.width.isFinite && size.height.isFinite && size.width >= 1 && size.height >= 1
    }

    /// Pixels a layer point at `level`.
    func pixelScale(ofLevel level: Int) -> CGFloat { contentsScale * Foundation.pow(2, CGFloat(level)) }

    /// The level for content shown at `pixelsPerPoint` on screen: the
    /// coarsest level at least that sharp, or the sharpest there is.
    func level(forPixelsPerPoint pixelsPerPoint: CGFloat) -> Int {
        guard pixelsPerPoint.isFinite, pixelsPerPoint > 0 else { return min(max(0, levels.lowerBound), levels.upperBound) }
        for level in levels where pixelScale(ofLevel: level) >= pixelsPerPoint * 0.999 { return level }
        return levels.upperBound
    }

    /// The part of the bounds tile `key` covers, in layer coordinates.
    func rect(of key: Key) -> CGRect {
        let scale = pixelScale(ofLevel: key.level)
        let width = tileSize.width / scale, height = tileSize.height / scale
        let rect = CGRect(x: bounds.minX + CGFloat(key.column) * width, y: bounds.minY + CGFloat(key.row) * height,
                          width: width, height: height)
        return rect.intersection(bounds)
    }

    /// The tiles of `level` that meet `visible` (layer coordinates), row by
    /// row; a level that would need too many tiles gives way to a coarser one.
    func tiles(covering visible: CGRect, level: Int) -> [Key] {
        let visible = visible.intersection(bounds)
        guard !visible.isNull, visible.width > 0, visible.height > 0 else { return [] }
        var level = level
        while true {
            let scale = pixelScale(ofLevel: level)
            let width = tileSize.width / scale, height = tileSize.height / scale
            let columns = Self.indices((visible.minX - bounds.minX) / width, (visible.maxX - bounds.minX) / width)
            let rows = Self.indices((visible.minY - bounds.minY) / height, (visible.maxY - bounds.minY) / height)
            if let columns, let rows, columns.count * rows.count <= Self.maximumVisibleTiles {
                return rows.flatMap { row in columns.map { Key(level: level, column: $0, row: row) } }
            }
            if level <= levels.lowerBound {
                // Even the coarsest level needs too many: the first tiles only.
                guard let columns, let rows else { return [] }
                return Array(rows.lazy.flatMap { row in columns.lazy.map { Key(level: level, column: $0, row: row) } }
                    .prefix(Self.maximumVisibleTiles))
            }
            level -= 1
        }
    }

    /// The tile indices from `start` to `end` (in tiles); nil when too far
    /// out to count.
    private static func indices(_ start: CGFloat, _ end: CGFloat) -> ClosedRange<Int>? {
        guard start.isFinite, end.isFinite, start >= 0, end < 1e9 else { return nil }
        let first = Int(start.rounded(.down))
        return first...max(first, Int(end.rounded(.up)) - 1)
    }
}
