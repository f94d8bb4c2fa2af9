import CPixelKernels
import CPixman
import Foundation

/// Fills a convex outline (`ConvexOutline`) with one colour, `OVER` what is
/// there: the kiosk's drifting discs, a rounded background alone at a
/// fraction of a pixel.
///
/// cairo filled them before: a translucent colour goes through its span
/// renderer, which calls pixman once or more a row (five thousand calls a
/// frame for three large discs, most of the time spent in the calls). Here
/// each row is worked out once (`lamina_convex_fill`): the pixels the
/// outline covers wholly are blended in a run (AVX2), or join a pixman
/// region composited in one call (its SSE2 loop, box by box), and the
/// pixels on the edge are blended
/// one by one with the share of them the outline covers, exactly (the
/// area of each pixel right of each edge piece, in closed form).
enum ConvexOutlineFiller {
    /// Fills `outline`, moved right by `offsetX` and down by `offsetY`
    /// target pixels, with `color` (premultiplied a8r8g8b8, as pixman's
    /// solid `OVER` would draw it) into `buffer` (whose pixman image is
    /// `destination`), touching only `clip`. `wide`: the covered pixels
    /// blended eight at a time with AVX2 (2.3 times pixman's SSE2 loop, the
    /// same pixels); without it, pixman blends them (tests ask for both).
    static func fill(_ outline: ConvexOutline, offsetX: CGFloat, offsetY: CGFloat, color: UInt32,
                     into destination: PixmanImage, buffer: RasterBuffer, clip: PixelRect,
                     wide: Bool = ProcessorFeatures.hasAVX2) {
        guard color != 0, offsetX.isFinite, offsetY.isFinite,
              let clip = clip.intersection(PixelRect(x: 0, y: 0, width: buffer.width, height: buffer.height)) else { return }
        let top = outline.top + Double(offsetY), bottom = outline.bottom + Double(offsetY)
        // Rows touched, kept within the clip before converting to Int.
        let firstRow = Int(max(Double(clip.y), min(Double(clip.maxY), top.rounded(.down))))
        let endRow = Int(min(Double(clip.maxY), max(Double(clip.y), bottom.rounded(.up))))
        guard endRow > firstRow else { return }
        // The covered pixels' boxes, one a row at most; with AVX2 the kernel blends them itself.
        var inside = wide ? [] : [pixman_box32_t](repeating: pixman_box32_t(), count: endRow - firstRow)
        // Two rows of partial shares and steps for the kernel (`lamina_run`),
        // which writes them before reading. Not an array: making one looked
        // its type's metadata up in the runtime at every call (a hover
        // highlight under a moving selection fills at every frame).
        let boxCount = inside.withUnsafeMutableBufferPointer { boxes in
            withUnsafeTemporaryAllocation(of: Float.self, capacity: 2 * (clip.width + 1)) { runMemory in
                outline.left.packed.withUnsafeBufferPointer { left in
                    outline.right.packed.withUnsafeBufferPointer { right in
                        boxes.withMemoryRebound(to: lamina_box.self) { boxes in
                            lamina_convex_fill(
                                buffer.base.assumingMemoryBound(to: UInt32.self), buffer.bytesPerRow / 4,
                                left.baseAddress, Int32(outline.left.count), right.baseAddress, Int32(outline.right.count),
                                Double(offsetX), Double(offsetY), outline.top, outline.bottom,
                                Int32(clip.x), Int32(clip.maxX), Int32(firstRow), Int32(endRow),
                                color, wide ? 1 : 0, boxes.baseAddress, runMemory.baseAddress)
                        }
                    }
                }
            }
        }
        guard boxCount > 0, let solid = PixmanImage(solidPixel: color) else { return }
        inside.removeLast(inside.count - Int(boxCount))
        destination.composite(solid, operation: PIXMAN_OP_OVER, within: inside, rect: clip)
    }

    /// A fill worked out for one place in a target of one size, kept to
    /// fill the outline there again without working out its edges
    /// (`lamina_convex_record`): a rounded background that stays where it
    /// is while something moving over it damages it at every frame (the
    /// kiosk's hover highlight under the moving selection, 4 % of the
    /// render thread's moving frames). It holds the shares of the edge
    /// pixels only; the pixels wholly inside are a run a row. A perspective
    /// layer's outline is recorded the same way at each composite, as the
    /// coverage its samples are blended through
    /// (`ProjectiveBilinearSampler.compositeOver`).
    final class Recorded {
        let offsetX: CGFloat, offsetY: CGFloat
        let targetWidth: Int, targetHeight: Int
        /// The target row of `rows`' first row.
        let firstRow: Int
        /// Each row's edge pixels and inside run (`lamina_coverage_row`),
        /// the edges' shares kept in `shares`.
        let rows: [lamina_coverage_row]
        let shares: [UInt8]

        fileprivate init(offsetX: CGFloat, offsetY: CGFloat, targetWidth: Int, targetHeight: Int, firstRow: Int,
                         rows: [lamina_coverage_row], shares: [UInt8]) {
            self.offsetX = offsetX
            self.offsetY = offsetY
            self.targetWidth = targetWidth
            self.targetHeight = targetHeight
            self.firstRow = firstRow
            self.rows = rows
            self.shares = shares
        }

        /// Edge pixels kept (tests).
        var sharesKept: Int { shares.count }
    }

    /// What filling `outline` at (`offsetX`, `offsetY`) anywhere in a
    /// `width` by `height` target works out; nil when it is not finite.
    static func record(_ outline: ConvexOutline, offsetX: CGFloat, offsetY: CGFloat, width: Int, height: Int) -> Recorded? {
        guard offsetX.isFinite, offsetY.isFinite, width > 0, height > 0 else { return nil }
        let top = outline.top + Double(offsetY), bottom = outline.bottom + Double(offsetY)
        let firstRow = Int(max(0, min(Double(height), top.rounded(.down))))
        let endRow = Int(min(Double(height), max(0, bottom.rounded(.up))))
        guard endRow > firstRow else { return nil }
        var rows = [lamina_coverage_row](repeating: lamina_coverage_row(), count: endRow - firstRow)
        // A few edge pixels a row; more only for an outline with long
        // slanted or curved edges, found by the sink overflowing.
        var capacity = min(width + 1, 64) * rows.count
        while true {
            var shares = [UInt8](repeating: 0, count: capacity)
            let used: Int? = withUnsafeTemporaryAllocation(of: Float.self, capacity: 2 * (width + 1)) { runMemory in
                outline.left.packed.withUnsafeBufferPointer { left in
                    outline.right.packed.withUnsafeBufferPointer { right in
                        rows.withUnsafeMutableBufferPointer { rows in
                            shares.withUnsafeMutableBufferPointer { shares in
                                var sink = lamina_coverage_sink(rows: rows.baseAddress, shares: shares.baseAddress,
                                                                capacity: Int32(shares.count), used: 0, overflowed: 0)
                                let whole = lamina_convex_record(
                                    left.baseAddress, Int32(outline.left.count), right.baseAddress, Int32(outline.right.count),
                                    Double(offsetX), Double(offsetY), outline.top, outline.bottom,
                                    0, Int32(width), Int32(firstRow), Int32(endRow), runMemory.baseAddress, &sink)
                                return whole != 0 ? Int(sink.used) : nil
                            }
                        }
                    }
                }
            }
            if let used {
                // A copy of the used part: removing the rest would keep the capacity.
                return Recorded(offsetX: offsetX, offsetY: offsetY, targetWidth: width, targetHeight: height,
                                firstRow: firstRow, rows: rows, shares: Array(shares[..<used]))
            }
            capacity *= 2
        }
    }

    /// Fills `recorded` with `color` into `buffer` (its target's size),
    /// touching only `clip`: the pixels `fill` gives there over the whole
    /// target width (a fill clipped narrower sums its edge pieces in
    /// another order: a share within a rounding error of a level's edge may
    /// come out a level apart).
    static func fill(_ recorded: Recorded, color: UInt32, into destination: PixmanImage, buffer: RasterBuffer, clip: PixelRect,
                     wide: Bool = ProcessorFeatures.hasAVX2) {
        guard color != 0, buffer.width == recorded.targetWidth, buffer.height == recorded.targetHeight,
              let clip = clip.intersection(PixelRect(x: 0, y: 0, width: buffer.width, height: buffer.height)) else { return }
        var inside = wide ? [] : [pixman_box32_t](repeating: pixman_box32_t(), count: recorded.rows.count)
        let boxCount = inside.withUnsafeMutableBufferPointer { boxes in
            recorded.rows.withUnsafeBufferPointer { rows in
                recorded.shares.withUnsafeBufferPointer { shares in
                    boxes.withMemoryRebound(to: lamina_box.self) { boxes in
                        lamina_convex_fill_recorded(
                            buffer.base.assumingMemoryBound(to: UInt32.self), buffer.bytesPerRow / 4,
                            rows.baseAddress, shares.baseAddress, Int32(recorded.firstRow), Int32(rows.count),
                            Int32(clip.x), Int32(clip.maxX), Int32(clip.y), Int32(clip.maxY),
                            color, wide ? 1 : 0, boxes.baseAddress)
                    }
                }
            }
        }
        guard boxCount > 0, let solid = PixmanImage(solidPixel: color) else { return }
        inside.removeLast(inside.count - Int(boxCount))
        destination.composite(solid, operation: PIXMAN_OP_OVER, within: inside, rect: clip)
    }
}
