import CPixman
import Foundation

/// Fills a convex outline (`ConvexOutline`) with one colour, `OVER` what is
/// there: the kiosk's drifting discs, a rounded background alone at a
/// fraction of a pixel.
///
/// cairo filled them before: a translucent colour goes through its span
/// renderer, which calls pixman once or more a row (five thousand calls a
/// frame for three large discs, most of the time spent in the calls). Here
/// each row is worked out once: the pixels the outline covers wholly join
/// a pixman region composited in one call (pixman's SSE2 loop, box by box),
/// and the pixels on the edge are blended one by one with their covered
/// share: 16 lines a pixel, each crossing the outline exactly.
enum ConvexOutlineFiller {
    /// Lines sampled a pixel row (cairo samples 15 for its antialiasing).
    static let linesPerRow = 16

    /// Fills `outline`, moved right by `offsetX` and down by `offsetY`
    /// target pixels, with `color` (premultiplied a8r8g8b8, as pixman's
    /// solid `OVER` would draw it) into `buffer` (whose pixman image is
    /// `destination`), touching only `clip`.
    static func fill(_ outline: ConvexOutline, offsetX: CGFloat, offsetY: CGFloat, color: UInt32,
                     into destination: PixmanImage, buffer: RasterBuffer, clip: PixelRect) {
        guard color != 0,
              let clip = clip.intersection(PixelRect(x: 0, y: 0, width: buffer.width, height: buffer.height)),
              offsetX.isFinite, offsetY.isFinite else { return }
        let top = outline.top + offsetY, bottom = outline.bottom + offsetY
        // Rows touched, kept within the clip before converting to Int.
        let firstRow = max(CGFloat(clip.y), min(CGFloat(clip.maxY), top.rounded(.down)))
        let endRow = min(CGFloat(clip.maxY), max(CGFloat(clip.y), bottom.rounded(.up)))
        guard endRow > firstRow else { return }
        let channels = SIMD4<UInt32>(truncatingIfNeeded: unsafeBitCast(color, to: SIMD4<UInt8>.self))
        let lines = linesPerRow
        let clipLeft = CGFloat(clip.x), clipRight = CGFloat(clip.maxX)
        var sweep = ConvexOutline.Sweep()
        var inside: [pixman_box32_t] = []
        withUnsafeTemporaryAllocation(of: CGFloat.self, capacity: 2 * lines) { ends in
            for row in Int(firstRow)..<Int(endRow) {
                // Each line's crossing, in target pixels.
                var lowestLeft = CGFloat.infinity, highestLeft = -CGFloat.infinity
                var lowestRight = CGFloat.infinity, highestRight = -CGFloat.infinity
                var crossed = 0
                for line in 0..<lines {
                    let y = CGFloat(row) + (CGFloat(line) + 0.5) / CGFloat(lines) - offsetY
                    if let span = outline.span(atY: y, sweep: &sweep) {
                        let l = span.left + offsetX, r = span.right + offsetX
                        ends[2 * line] = l
                        ends[2 * line + 1] = r
                        lowestLeft = min(lowestLeft, l); highestLeft = max(highestLeft, l)
                        lowestRight = min(lowestRight, r); highestRight = max(highestRight, r)
                        crossed += 1
                    } else {
                        ends[2 * line] = 0
                        ends[2 * line + 1] = 0  // an empty line: covers nothing
                    }
                }
                guard crossed > 0 else { continue }
                // Wholly covered: every line crosses all of the pixel.
                var insideStart = 0, insideEnd = 0
                if crossed == lines {
                    let start = min(clipRight, max(clipLeft, highestLeft.rounded(.up)))
                    let end = min(clipRight, max(clipLeft, lowestRight.rounded(.down)))
                    if end > start { (insideStart, insideEnd) = (Int(start), Int(end)) }
                }
                let edgeStart = Int(min(clipRight, max(clipLeft, lowestLeft.rounded(.down))))
                let edgeEnd = Int(min(clipRight, max(clipLeft, highestRight.rounded(.up))))
                let line = (buffer.base + row * buffer.bytesPerRow).assumingMemoryBound(to: UInt32.self)
                if insideEnd > insideStart {
                    blendEdge(line, from: edgeStart, to: insideStart, ends: ends, lines: lines, color: channels)
                    blendEdge(line, from: insideEnd, to: edgeEnd, ends: ends, lines: lines, color: channels)
                    appendInside(&inside, x1: Int32(insideStart), x2: Int32(insideEnd), row: Int32(row))
                } else {
                    blendEdge(line, from: edgeStart, to: edgeEnd, ends: ends, lines: lines, color: channels)
                }
            }
        }
        guard !inside.isEmpty, let solid = PixmanImage(solidPixel: color) else { return }
        destination.composite(solid, operation: PIXMAN_OP_OVER, within: inside, rect: clip)
    }

    /// Adds a row's covered pixels, lengthening the last box down when the
    /// row above covered the same columns (a rounded rectangle's straight
    /// sides: one box for all of them).
    @inline(__always)
    private static func appendInside(_ boxes: inout [pixman_box32_t], x1: Int32, x2: Int32, row: Int32) {
        if let last = boxes.last, last.x1 == x1, last.x2 == x2, last.y2 == row {
            boxes[boxes.count - 1].y2 = row + 1
        } else {
            boxes.append(pixman_box32_t(x1: x1, y1: row, x2: x2, y2: row + 1))
        }
    }

    /// Blends pixels `start..<end` of a row with `color` times the share of
    /// each the lines' spans (`ends`: left and right of each line) cover.
    @inline(__always)
    private static func blendEdge(_ line: UnsafeMutablePointer<UInt32>, from start: Int, to end: Int,
                                  ends: UnsafeMutableBufferPointer<CGFloat>, lines: Int, color: SIMD4<UInt32>) {
        guard end > start else { return }
        for x in start..<end {
            let left = CGFloat(x), right = left + 1
            var covered: CGFloat = 0
            for index in 0..<lines {
                covered += max(0, min(right, ends[2 * index + 1]) - max(left, ends[2 * index]))
            }
            let share = UInt32((covered / CGFloat(lines) * 255).rounded())
            guard share > 0 else { continue }
            // pixman's solid OVER through an 8-bit mask: the colour times
            // the share, rounded, then over the pixel.
            let source = share >= 255 ? color : UniformContentCompositor.multiply(color, share)
            UniformContentCompositor.blend(source, over: line + x, count: 1)
        }
    }
}
