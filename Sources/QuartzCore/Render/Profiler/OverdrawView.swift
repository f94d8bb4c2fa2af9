/// The overdraw view (F4, `lamina-inspect overdraw on`): every pixel of the
/// frame tinted by how many layer drawings were composited onto it, as
/// Android's "debug GPU overdraw" colours them: once blue, twice green,
/// three times pink, four or more red; pixels drawn by no layer stay as
/// they are. A layer's drawing counts over its coverage (its box in the
/// window, clipped); a group's composite counts once besides its layers.
/// Drawn over the whole window in the debug pass. Render thread.
final class OverdrawView {
    private var counts: [UInt8] = []

    /// The tints for 1, 2, 3 and 4+ drawings: premultiplied ARGB with the
    /// tint's alpha.
    static let tints: [(red: UInt32, green: UInt32, blue: UInt32, alpha: UInt32)] = [
        (40, 90, 255, 90), (40, 220, 60, 100), (255, 80, 200, 110), (255, 30, 30, 130),
    ]

    /// Counts, per pixel of a `width` x `height` target, the drawings of
    /// `frame` (exposed for tests).
    func count(_ frame: Compositor.Frame, compositor: Compositor, width: Int, height: Int) -> [UInt8] {
        counts = [UInt8](repeating: 0, count: max(0, width * height))
        let bounds = PixelRect(x: 0, y: 0, width: width, height: height)
        func add(_ rect: PixelRect?) {
            guard let rect = rect?.intersection(bounds) else { return }
            for y in rect.y..<rect.maxY {
                let row = y * width
                for x in rect.x..<rect.maxX where counts[row + x] < 255 { counts[row + x] += 1 }
            }
        }
        func visit(_ node: DrawNode) {
            let clipped = node.coverage.flatMap { coverage in node.clip.map { coverage.intersection($0) } ?? coverage }
            let drawsItself = compositor.contentCache.content(for: node) != nil || node.particles != nil
                || node.state.tiled != nil || node.rasterized != nil
            if drawsItself { add(clipped) }
            if node.isGroup { add((node.subtreeCoverage ?? node.coverage).flatMap { c in node.clip.map { c.intersection($0) } ?? c }) }
            if node.rasterized == nil { node.children.forEach(visit) }
        }
        if let root = frame.root { visit(root) }
        return counts
    }

    /// Tints `target` by the counts of `frame`; returns the whole target
    /// (every pixel may change).
    func draw(_ frame: Compositor.Frame, compositor: Compositor, into target: RasterBuffer) -> PixelRect {
        let (width, height) = (min(target.width, compositor.width), min(target.height, compositor.height))
        let counts = count(frame, compositor: compositor, width: width, height: height)
        for y in 0..<height {
            let row = (target.base + y * target.bytesPerRow).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let count = Int(counts[y * width + x])
                guard count > 0 else { continue }
                let tint = Self.tints[min(count, 4) - 1]
                row[x] = Self.over(row[x], tint)
            }
        }
        return PixelRect(x: 0, y: 0, width: target.width, height: target.height)
    }

    /// `tint` (straight colour, alpha) composited over the premultiplied pixel.
    static func over(_ pixel: UInt32, _ tint: (red: UInt32, green: UInt32, blue: UInt32, alpha: UInt32)) -> UInt32 {
        let keep = 255 - tint.alpha
        func channel(_ shift: UInt32, _ value: UInt32) -> UInt32 {
            // Parenthesized: in Swift `<<` binds tighter than `/`.
            ((((pixel >> shift) & 0xFF) * keep + value * tint.alpha + 127) / 255) << shift
        }
        return channel(24, 255) | channel(16, tint.red) | channel(8, tint.green) | channel(0, tint.blue)
    }
}
