/// Drawing images.
extension CGContext {
    /// Draws `image` scaled (disproportionately if need be) to fill `rect`
    /// in user space, upright in Quartz's y-up space: the image's first row
    /// lies along the rectangle's top edge (`maxY`). Resampled as
    /// `interpolationQuality` says (bilinear by default), faded by the
    /// state's alpha, combined by its blend mode.
    ///
    /// With `byTiling`, copies of the image at that size and position tile
    /// the whole clip instead.
    public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool = false) {
        let box = rect.standardized
        guard [box.minX, box.minY, box.width, box.height].allSatisfy(\.isFinite) else {
            return reportOnce("ignored image drawn in non-finite rectangle \(rect)")
        }
        guard box.width > 0, box.height > 0, image.width > 0, image.height > 0,
              cairo.setMatrix(gstate.ctm.concatenating(deviceToCairo)) else { return }
        let storage = image.storage
        let source: CairoSurface
        do {
            source = try CairoSurface(format: .argb32, memory: storage.readOnlyBaseAddress, width: storage.width,
                                      height: storage.height, stride: storage.bytesPerRow, owner: storage)
        } catch {
            return reportOnce("could not draw a \(image.width)×\(image.height) image: \(error)")
        }
        // User space to image pixels: (minX, maxY) is pixel (0, 0), (maxX, minY) is (width, height).
        let sx = CGFloat(image.width) / box.width, sy = CGFloat(image.height) / box.height
        let toImage = CGAffineTransform(a: sx, b: 0, c: 0, d: -sy, tx: -box.minX * sx, ty: box.maxY * sy)
        cairo.save()
        defer { cairo.restore() }
        applyCompositing()
        cairo.setSource(image: source, patternMatrix: toImage, tiled: byTiling, quality: gstate.interpolationQuality)
        let extents: CGRect
        if byTiling {
            extents = cairo.clipExtents
        } else {
            cairo.setPath(rect: box)
            cairo.setFillRule(.winding)
            cairo.clip()
            extents = box
        }
        drawing(in: affectedArea(userExtents: extents)) { cairo.paint(alpha: gstate.alpha) }
    }
}
