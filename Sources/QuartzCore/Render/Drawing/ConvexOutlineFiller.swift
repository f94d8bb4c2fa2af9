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
}
