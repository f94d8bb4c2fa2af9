import CPixman

/// A bitmap read moved by a fraction of a pixel without a scratch: the
/// bloom's one pass (`BloomCache.GroupPixels`) blends its rows as pixman's
/// bilinear filter would, from a copy with a transparent margin, so that
/// the rows and columns just outside it read as transparent without a
/// test at every pixel.
extension LayerContent {
    /// Transparent pixels around `paddedCopy`'s bitmap: one before each
    /// row and column, two after (the blend reads a pixel beyond the last
    /// one it writes, and a row's last vector one more).
    static let paddingMargin = (leading: 1, trailing: 2)

    /// Bitmap pixels -> layer space -> target pixels.
    func bitmapToTarget(for node: DrawNode) -> CATransform3D {
        let toLayer = CATransform3DConcat(CATransform3DMakeScale(1 / key.scale, 1 / key.scale, 1),
                                          CATransform3DMakeTranslation(origin.x, origin.y, 0))
        return CATransform3DConcat(toLayer, node.matrix)
    }

    /// How `node` places the bitmap when that is a 2D translation by a
    /// fraction of a pixel (no scale, no turn): pixman's 16.16 translation
    /// from target to bitmap pixels, as the direct path sets it
    /// (`composite(node:into:…)`). Nil otherwise, at whole pixels too.
    func fractionalTranslation(for node: DrawNode) -> (x: Int, y: Int)? {
        let toTarget = bitmapToTarget(for: node)
        guard toTarget.isTranslation2D, !toTarget.isIntegerTranslation2D,
              abs(toTarget.m41) < CGFloat(1 << 24), abs(toTarget.m42) < CGFloat(1 << 24),
              let inverse = Homography(toTarget).inverted(), let fixed = PixmanImage.fixedTransform(inverse)
        else { return nil }
        let m = fixed.matrix
        // pixman's own matrix a plain translation: ones on the diagonal.
        guard m.0.0 == 1 << 16, m.1.1 == 1 << 16, m.2.2 == 1 << 16, m.0.1 == 0, m.1.0 == 0,
              m.2.0 == 0, m.2.1 == 0 else { return nil }
        return (Int(m.0.2), Int(m.1.2))
    }

    /// `image`'s pixels inside `paddingMargin` transparent ones; nil unless
    /// they are premultiplied a8r8g8b8 (another format's blend is pixman's
    /// to make).
    static func paddedCopy(of image: PixmanImage) -> RasterBuffer? {
        let raw = image.raw
        guard pixman_image_get_format(raw) == PIXMAN_a8r8g8b8, let data = pixman_image_get_data(raw) else { return nil }
        let width = Int(pixman_image_get_width(raw)), height = Int(pixman_image_get_height(raw))
        let stride = Int(pixman_image_get_stride(raw))
        let margin = paddingMargin.leading + paddingMargin.trailing
        let padded = RasterBuffer(width: width + margin, height: height + margin)  // zeroed
        guard padded.width == width + margin, width > 0, height > 0 else { return nil }
        let source = UnsafeRawPointer(data)
        for row in 0..<height {
            let destination = padded.base + (row + paddingMargin.leading) * padded.bytesPerRow + paddingMargin.leading * 4
            destination.copyMemory(from: source + row * stride, byteCount: width * 4)
        }
        return padded
    }
}
