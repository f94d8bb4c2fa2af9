import CPixelKernels
import CPixman

extension BloomCache {
    /// Composites a group (its content, its glow not yet added) OVER
    /// `destination` within `rect`, adding `node`'s glow at
    /// `bloom.intensity` on the way: the pixels `addGlow` and then an OVER
    /// composite of the group give, in one pass over them
    /// (`lamina_bloom_over_row`) where pixman took three, resampling the
    /// moved glow included (the kiosk menu's selection).
    ///
    /// `destination` must be an image over a buffer (`buffer` set). With a
    /// `backdrop` (which must hold `rect`), the group is composited over
    /// the pixels it kept rather than over what `destination` holds, and
    /// every pixel of `rect` is written: within the glow in the same pass,
    /// elsewhere restored from it first.
    func compositeGlowing(_ bloom: Bloom, of node: DrawNode, group: GroupPixels, onto destination: PixmanImage,
                          rect: PixelRect, targetRect: PixelRect,
                          drawGroup: (RasterBuffer, PixelRect) -> Void, scratchPool: ScratchPool, over backdrop: LeafBackdrop? = nil) {
        /// The group as it is (no glow), over the backdrop where there is one.
        func compositeAsIs(_ piece: PixelRect) {
            if let backdrop, let buffer = destination.buffer { backdrop.restore(piece, into: buffer) }
            group.composite(onto: destination, rect: piece)
        }
        guard bloom.intensity > 0,  // also NaN
              let destinationBuffer = destination.buffer,
              let entry = entry(for: bloom, of: node, targetRect: targetRect, ownBitmap: group.ownBitmap, drawGroup: drawGroup,
                                scratchPool: scratchPool)
        else { return compositeAsIs(rect) }
        let placement = Placement(of: entry, for: node)
        guard let glowing = placement.rect(of: entry).intersection(rect)?.intersection(destinationBuffer.window),
              let sampling = Sampling(placement)
        else { return compositeAsIs(rect) }
        // Outside the glow the group is composited as it is.
        for piece in rect.subtracting(glowing) { compositeAsIs(piece) }
        onePassComposites += 1
        let steps = IntensitySteps(bloom.intensity)
        let placed = placement.rect(of: entry)
        let padded = entry.padded, margin = Entry.margin.leading
        let wide: Int32 = onePassUsesWideVectors ? 1 : 0
        for y in glowing.y..<glowing.maxY {
            // The glow pixel (or, resampled, the top-left of the four) for
            // the first pixel of the row, in the padded glow.
            let glowRow = y - placed.y + sampling.rowOffset + margin
            let glowColumn = glowing.x - placed.x + sampling.columnOffset + margin
            let top = (padded.base + glowRow * padded.bytesPerRow + glowColumn * 4).assumingMemoryBound(to: UInt32.self)
            let bottom = sampling.resamples ? top + padded.bytesPerRow / 4 : nil
            let destinationRow = (destinationBuffer.base + y * destinationBuffer.bytesPerRow).assumingMemoryBound(to: UInt32.self)
            // The row in pieces: where the group has pixels, and where it is
            // transparent (no pixels to read).
            group.forEachSpan(ofRow: y, from: glowing.x, to: glowing.maxX) { start, end, pixels in
                let skip = start - glowing.x
                // Composited over the destination's pixels, or the backdrop's for them.
                let under = backdrop?.pixels(atX: start, y: y) ?? UnsafePointer(destinationRow + start)
                lamina_bloom_over_row(destinationRow + start, under, pixels, top + skip, bottom.map { $0 + skip },
                                      sampling.wx, sampling.wy, UInt32(steps.whole), UInt32(steps.level), end - start,
                                      wide)
            }
        }
    }

    /// The pixels of a group before its glow: a scratch it was drawn into,
    /// or the layer's own bitmap, when that is all the group draws (then no
    /// scratch is cleared, filled and read again): at whole pixels as it
    /// is, moved by a fraction of one blended a row at a time as it is read.
    /// Transparent outside `valid`.
    struct GroupPixels {
        /// What is composited where no glow is added.
        let image: PixmanImage
        /// The target pixel of `image`'s top-left pixel.
        let originX: Int, originY: Int
        /// `image`'s pixel (0, 0) and the bytes from one row to the next.
        let base: UnsafeMutableRawPointer
        let bytesPerRow: Int
        /// Target pixels with memory behind them.
        let valid: PixelRect
        /// Set for a bitmap moved by a fraction of a pixel.
        private let resampled: Resampled?
        /// The layer's bitmap these pixels are (nil: a scratch).
        let ownBitmap: LayerContent?

        /// A bitmap moved by a fraction of a pixel, read from its padded
        /// copy (`base`, which `content` keeps): target pixel (x, y) blends
        /// bitmap pixels (x + columnOffset, y + rowOffset) to (… + 1, … + 1)
        /// with 7-bit weights, as pixman's bilinear filter does through the
        /// translation; each row blended into `row` as the pass asks for it.
        private struct Resampled {
            let content: LayerContent
            let node: DrawNode
            let columnOffset: Int, rowOffset: Int
            let wx: UInt32, wy: UInt32
            let row: UnsafeMutablePointer<UInt32>
            let wide: Int32
        }

        /// A scratch drawn within `area` (target pixels, in its window).
        init?(scratch image: PixmanImage, area: PixelRect) {
            guard let buffer = image.buffer, let valid = area.intersection(buffer.window) else { return nil }
            self.image = image
            (originX, originY) = (0, 0)
            base = buffer.base
            bytesPerRow = buffer.bytesPerRow
            self.valid = valid
            resampled = nil
            ownBitmap = nil
        }

        /// `content`'s bitmap placed at `placed` (target pixels, its size).
        init?(bitmap content: LayerContent, placed: PixelRect) {
            let image = content.image
            guard let data = pixman_image_get_data(image.raw),
                  Int(pixman_image_get_width(image.raw)) == placed.width,
                  Int(pixman_image_get_height(image.raw)) == placed.height,
                  pixman_image_get_format(image.raw) == PIXMAN_a8r8g8b8
            else { return nil }
            self.image = image
            (originX, originY) = (placed.x, placed.y)
            base = UnsafeMutableRawPointer(data)
            bytesPerRow = Int(pixman_image_get_stride(image.raw))
            valid = placed
            resampled = nil
            ownBitmap = content
        }

        /// `content`'s bitmap where `node` places it, a translation by a
        /// fraction of a pixel (`LayerContent.fractionalTranslation`); `row`
        /// holds one row of the bitmap and a pixel more. Nil when the
        /// bitmap is not a8r8g8b8.
        init?(content: LayerContent, node: DrawNode, row: UnsafeMutablePointer<UInt32>, wide: Bool) {
            let margins = LayerContent.paddingMargin.leading + LayerContent.paddingMargin.trailing
            // The copy is of the pixels there are: a bitmap that could not be
            // drawn at its size (a 1x1 stand-in) is not read as if it were.
            guard let translation = content.fractionalTranslation(for: node), let padded = content.paddedCopy,
                  padded.width == content.pixelWidth + margins, padded.height == content.pixelHeight + margins
            else { return nil }
            image = content.image
            // Target pixel x reads bitmap columns x + (tx >> 16) and the
            // next (pixman: (x + ½) + t - ½ in 16.16), weighted by the 7
            // bits after the point; the first one it reads anything of is
            // where that column is -1.
            let columnOffset = translation.x >> 16, rowOffset = translation.y >> 16
            (originX, originY) = (-columnOffset - 1, -rowOffset - 1)
            base = padded.base
            bytesPerRow = padded.bytesPerRow
            valid = PixelRect(x: originX, y: originY, width: content.pixelWidth + 1, height: content.pixelHeight + 1)
            resampled = Resampled(content: content, node: node, columnOffset: columnOffset,
                                  rowOffset: rowOffset, wx: UInt32((translation.x >> 9) & 0x7F),
                                  wy: UInt32((translation.y >> 9) & 0x7F), row: row, wide: wide ? 1 : 0)
            ownBitmap = content
        }

        /// The most pixels a row of `content` moved by a fraction gives.
        static func rowCapacity(for content: LayerContent) -> Int { content.pixelWidth + 1 }

        /// The group OVER `destination` within `rect`, as drawn.
        func composite(onto destination: PixmanImage, rect: PixelRect) {
            if let resampled {
                // What drawing it into a cleared scratch and compositing
                // that gave: the same bilinear samples, OVER.
                return resampled.content.composite(node: resampled.node, into: destination, mask: nil, clip: rect)
            }
            image.setTransform(nil, bilinear: false)
            destination.composite(image, at: originX, originY, mask: nil, operation: PIXMAN_OP_OVER, rect: rect)
        }

        /// Row `y` from `start` to `end` (target pixels) in up to three
        /// spans, left to right: before, within and after the group's
        /// pixels, each given with the group's pixel at its start, or nil
        /// where the group is transparent. (A closure, not an array: this
        /// runs for every row of every frame.)
        func forEachSpan(ofRow y: Int, from start: Int, to end: Int,
                         _ body: (_ start: Int, _ end: Int, _ pixels: UnsafePointer<UInt32>?) -> Void) {
            let inside = (start: max(start, valid.x), end: min(end, valid.maxX))
            guard y >= valid.y, y < valid.maxY, inside.start < inside.end else { return body(start, end, nil) }
            if start < inside.start { body(start, inside.start, nil) }
            if let resampled {
                let margin = LayerContent.paddingMargin.leading
                let top = (base + (y + resampled.rowOffset + margin) * bytesPerRow
                    + (inside.start + resampled.columnOffset + margin) * 4).assumingMemoryBound(to: UInt32.self)
                lamina_resample_row(resampled.row, top, top + bytesPerRow / 4, resampled.wx, resampled.wy,
                                    inside.end - inside.start, resampled.wide)
                body(inside.start, inside.end, UnsafePointer(resampled.row))
            } else {
                let row = base + (y - originY) * bytesPerRow + (inside.start - originX) * 4
                body(inside.start, inside.end, UnsafePointer(row.assumingMemoryBound(to: UInt32.self)))
            }
            if inside.end < end { body(inside.end, end, nil) }
        }
    }

    /// How a placed glow is read: pixel (i, j) of the placed glow blends
    /// glow pixels (i + columnOffset, j + rowOffset) to (… + 1, … + 1)
    /// with 7-bit weights, as pixman's bilinear SRC through the
    /// translation by the fraction (`PixmanImage.resampled`); or, not
    /// resampled, is glow pixel (i, j).
    struct Sampling {
        let resamples: Bool
        let columnOffset: Int, rowOffset: Int
        let wx: UInt32, wy: UInt32

        /// Nil when pixman could not take the translation (it cannot be).
        init?(_ placement: Placement) {
            guard placement.fraction != .zero else {
                (resamples, columnOffset, rowOffset, wx, wy) = (false, 0, 0, 0, 0)
                return
            }
            let shift = Homography(CATransform3DMakeTranslation(-placement.fraction.x, -placement.fraction.y, 0))
            guard let fixed = PixmanImage.fixedTransform(shift) else { return nil }
            // pixman samples pixel i at (i + ½) + t - ½ in 16.16: the
            // integer part picks the columns, the next 7 bits the weight.
            let tx = Int(fixed.matrix.0.2), ty = Int(fixed.matrix.1.2)
            resamples = true
            columnOffset = tx >> 16
            rowOffset = ty >> 16
            wx = UInt32((tx >> 9) & 0x7F)
            wy = UInt32((ty >> 9) & 0x7F)
        }
    }
}
