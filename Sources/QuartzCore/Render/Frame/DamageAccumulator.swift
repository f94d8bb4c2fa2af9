/// Collects damaged target pixels (target space: pixels, top-left origin)
/// as a short list of rectangles. Nearby rectangles merge when the merge
/// wastes little area, so a frame draws a few large regions rather than
/// many small ones.
struct DamageAccumulator {
    let bounds: PixelRect
    private(set) var rects: [PixelRect] = []
    /// More rectangles than this collapse into their union.
    static let maximumCount = 8

    init(bounds: PixelRect) { self.bounds = bounds }

    mutating func add(_ rect: PixelRect?) {
        guard let rect, var clipped = rect.intersection(bounds) else { return }
        var index = 0
        while index < rects.count {
            let merged = rects[index].union(clipped)
            if merged.area <= rects[index].area + clipped.area + clipped.area / 2 || rects[index].intersection(clipped) != nil {
                clipped = merged
                rects.remove(at: index)
                index = 0
            } else {
                index += 1
            }
        }
        rects.append(clipped)
        if rects.count > Self.maximumCount {
            rects = [rects.dropFirst().reduce(rects[0]) { $0.union($1) }]
        }
    }

    var isEmpty: Bool { rects.isEmpty }
    var totalArea: Int { rects.reduce(0) { $0 + $1.area } }
}
