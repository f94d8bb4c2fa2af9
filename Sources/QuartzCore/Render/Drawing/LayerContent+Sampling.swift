import CPixman

/// A layer's bitmap drawn with a sampling other than the standard one
/// (`ContentSampling`): `.nearest` contents, or edges left out of its
/// `edgeAntialiasingMask`. Everything but a whole-pixel placement goes
/// through `EdgeCoverageSampler`, band by band inside the outline, or
/// through a copy made by it while the layer stays put.
extension LayerContent {
    /// Composites the bitmap through `toTarget` (bitmap pixels to target
    /// pixels, not a whole-pixel translation) into `destination` within
    /// `clip`, sampled as `sampling` says.
    func compositeSampled(through toTarget: CATransform3D, sampling: ContentSampling, into destination: PixmanImage,
                          mask: PixmanImage?, operation: pixman_op_t, clip: PixelRect, bandMemory: ScratchPool?) {
        let toPixels = Homography(toTarget)
        guard let inverse = toPixels.inverted(), let fixed = PixmanImage.fixedTransform(inverse) else { return }
        if let copy = transformedCopy(for: toTarget, toPixels: toPixels, sampling: sampling) {
            destination.composite(copy.image, at: copy.x, copy.y, mask: mask, operation: operation, rect: clip)
            return
        }
        let outline = outline(through: toPixels)
        let edges = EdgeCoverageSampler.Edges(sampling: sampling, lines: outline.flatMap(EdgeCoverageSampler.EdgeLines.init),
                                              isProjective: toPixels.isProjective)
        // The bilinear filter fades past an antialiased edge as far as a
        // bitmap pixel reaches on screen; the nearest filter's ramp and a
        // hard edge stay within a pixel of the outline.
        let margin = sampling.nearest ? 1 : Self.filterMargin(of: toPixels)
        // An operator that clears where the source is transparent (a clip's
        // `IN_REVERSE`) must reach every pixel of `clip` (as in `composite`).
        let bands = GroupRenderer.leavesDestinationWhereTransparent(operation)
            ? outline.flatMap { margin.isFinite ? OutlineBands.rects(covering: $0, margin: margin, within: clip) : nil } ?? [clip]
            : [clip]
        let source = samplerSource
        compositeSampled(bands: bands, into: destination, mask: mask, maskOrigin: nil, operation: operation,
                         bandMemory: bandMemory) { band, output, bytesPerRow in
            EdgeCoverageSampler.sample(source, through: fixed, nearest: sampling.nearest, edges: edges, rect: band,
                                       into: output, outputBytesPerRow: bytesPerRow)
        }
    }
}
