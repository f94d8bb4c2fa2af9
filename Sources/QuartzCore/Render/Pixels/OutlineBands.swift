import Foundation

/// Where a transformed layer can touch the target: horizontal bands of its
/// outline. pixman fetches and blends every pixel of the rectangle it is
/// given, transparent or not; a layer turned 30° fills about half of its
/// bounding box, so compositing band by band, each only as wide as the
/// outline there, halves the pixels a rotated layer costs.
enum OutlineBands {
    /// Rows per band: pixman's per-call setup against the pixels saved.
    static let bandHeight = 8

    /// Rectangles (target pixels) within `clip` that cover every pixel
    /// within `margin` of the convex `outline`, one per band of rows; the
    /// whole outline's box when it is axis-aligned.
    static func rects(covering outline: [CGPoint], margin: CGFloat, within clip: PixelRect) -> [PixelRect] {
        guard outline.count >= 3, outline.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return [clip] }
        let minY = outline.map(\.y).min()! - margin, maxY = outline.map(\.y).max()! + margin
        let top = max(clip.y, Int(max(-1e9, minY).rounded(.down)))
        let bottom = min(clip.maxY, Int(min(1e9, maxY).rounded(.up)))
        guard top < bottom else { return [] }
        var result: [PixelRect] = []
        result.reserveCapacity((bottom - top) / bandHeight + 1)
        var y = top
        while y < bottom {
            let next = min(bottom, y + bandHeight)
            if let (low, high) = xExtent(of: outline, from: CGFloat(y) - margin, to: CGFloat(next) + margin) {
                let left = max(clip.x, Int(max(-1e9, low - margin).rounded(.down)))
                let right = min(clip.maxX, Int(min(1e9, high + margin).rounded(.up)))
                if left < right { result.append(PixelRect(x: left, y: y, width: right - left, height: next - y)) }
            }
            y = next
        }
        return result
    }

    /// `bands` (one below the other, as `rects` gives them) with runs of
    /// them joined into one rectangle while it holds at most `maxArea`
    /// pixels and at most a tenth more than the bands it joins. For a
    /// perspective layer, whose sampler writes only near its outline and
    /// whose mask hides the rest: a cover turned about its vertical axis
    /// keeps its width down its height, and a band of 8 rows cost it a
    /// pixman composite (with its region set-up) every 8 rows.
    static func joined(_ bands: [PixelRect], maxArea: Int = 32 * 1024) -> [PixelRect] {
        var result: [PixelRect] = []
        result.reserveCapacity(bands.count)
        var current: PixelRect?, pixels = 0
        for band in bands {
            if let joined = current, band.y == joined.maxY {
                let left = min(joined.x, band.x), right = max(joined.maxX, band.maxX)
                let box = PixelRect(x: left, y: joined.y, width: right - left, height: band.maxY - joined.y)
                if box.area <= maxArea, box.area * 10 <= (pixels + band.area) * 11 {
                    current = box
                    pixels += band.area
                    continue
                }
                result.append(joined)
            } else if let joined = current {
                result.append(joined)
            }
            current = band
            pixels = band.area
        }
        if let current { result.append(current) }
        return result
    }

    /// The columns of row `y` (target pixels y..<y + 1) within `margin` of
    /// the convex `outline`, which has finite corners: where its mask can
    /// cover anything. Nil when there are none.
    static func columns(of outline: [CGPoint], row y: Int, margin: CGFloat) -> Range<Int>? {
        guard outline.count >= 3,
              let (low, high) = xExtent(of: outline, from: CGFloat(y) - margin, to: CGFloat(y + 1) + margin) else { return nil }
        let left = Int(max(-1e9, low - margin).rounded(.down)), right = Int(min(1e9, high + margin).rounded(.up))
        return left < right ? left..<right : nil
    }

    /// The smallest and largest x of the outline's edges between heights
    /// `top` and `bottom`; nil when the outline does not reach them.
    private static func xExtent(of outline: [CGPoint], from top: CGFloat, to bottom: CGFloat) -> (CGFloat, CGFloat)? {
        var low = CGFloat.infinity, high = -CGFloat.infinity
        for index in outline.indices {
            let a = outline[index], b = outline[(index + 1) % outline.count]
            let (upper, lower) = a.y <= b.y ? (a, b) : (b, a)
            guard lower.y >= top, upper.y <= bottom else { continue }
            if lower.y == upper.y {  // a horizontal edge inside the slab
                low = min(low, upper.x, lower.x)
                high = max(high, upper.x, lower.x)
                continue
            }
            // The edge's part inside the slab is a segment: its two ends.
            let slope = (lower.x - upper.x) / (lower.y - upper.y)
            let first = upper.x + slope * (max(upper.y, top) - upper.y)
            let last = upper.x + slope * (min(lower.y, bottom) - upper.y)
            low = min(low, first, last)
            high = max(high, first, last)
        }
        return low <= high ? (low, high) : nil
    }
}
