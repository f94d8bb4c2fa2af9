import CPixelKernels
import CPixman

extension BloomCache {
    /// Composites a group drawn in `group` (its content, its glow not yet
    /// added) OVER `destination` within `rect`, adding `node`'s glow at
    /// `bloom.intensity` on the way: the pixels `addGlow` and then an OVER
    /// composite of the group give, in one pass over them
    /// (`lamina_bloom_over_row`) where pixman took three, resampling the
    /// moved glow included (issue 7, target 1: the kiosk's selection).
    ///
    /// `group` and `destination` must be images over buffers (`buffer` set).
    func compositeGlowing(_ bloom: Bloom, of node: DrawNode, group: PixmanImage, onto destination: PixmanImage,
                          rect: PixelRect, targetRect: PixelRect,
                          drawGroup: (RasterBuffer, PixelRect) -> Void, scratchPool: ScratchPool) {
        guard bloom.intensity > 0,  // also NaN
              let groupBuffer = group.buffer, let destinationBuffer = destination.buffer,
              let entry = entry(for: bloom, of: node, targetRect: targetRect, drawGroup: drawGroup, scratchPool: scratchPool)
        else { return destination.composite(group, mask: nil, operation: PIXMAN_OP_OVER, rect: rect) }
        let placement = Placement(of: entry, for: node)
        guard let glowing = placement.rect(of: entry).intersection(rect)?.intersection(groupBuffer.window)?
            .intersection(destinationBuffer.window),
            let sampling = Sampling(placement)
        else { return destination.composite(group, mask: nil, operation: PIXMAN_OP_OVER, rect: rect) }
        // Outside the glow the group is composited as it is.
        for piece in rect.subtracting(glowing) {
            destination.composite(group, mask: nil, operation: PIXMAN_OP_OVER, rect: piece)
        }
        onePassComposites += 1
        let steps = IntensitySteps(bloom.intensity)
        let placed = placement.rect(of: entry)
        let padded = entry.padded, margin = Entry.margin.leading
        for y in glowing.y..<glowing.maxY {
            // The glow pixel (or, resampled, the top-left of the four) for
            // the first pixel of the row, in the padded glow.
            let glowRow = y - placed.y + sampling.rowOffset + margin
            let glowColumn = glowing.x - placed.x + sampling.columnOffset + margin
            let top = (padded.base + glowRow * padded.bytesPerRow + glowColumn * 4).assumingMemoryBound(to: UInt32.self)
            let bottom = sampling.resamples ? UnsafePointer(top + padded.bytesPerRow / 4) : nil
            lamina_bloom_over_row(
                (destinationBuffer.base + y * destinationBuffer.bytesPerRow + glowing.x * 4).assumingMemoryBound(to: UInt32.self),
                (groupBuffer.base + y * groupBuffer.bytesPerRow + glowing.x * 4).assumingMemoryBound(to: UInt32.self),
                top, bottom, sampling.wx, sampling.wy, UInt32(steps.whole), UInt32(steps.level), glowing.width)
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
