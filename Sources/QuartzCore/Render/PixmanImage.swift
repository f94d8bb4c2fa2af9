import CPixman

/// An owned pixman image: every pixman call Lamina makes goes through here.
final class PixmanImage {
    let raw: OpaquePointer
    /// The buffer a bits image draws into, when it was made over one.
    private(set) var buffer: RasterBuffer?

    /// An image over `buffer`'s pixels (premultiplied a8r8g8b8); `buffer`
    /// must outlive it.
    init?(buffer: RasterBuffer) {
        guard buffer.width > 0, buffer.height > 0,
              let image = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(buffer.width), Int32(buffer.height),
                                                   buffer.base.assumingMemoryBound(to: UInt32.self),
                                                   Int32(buffer.bytesPerRow))
        else { return nil }
        raw = image
        self.buffer = buffer
    }

    /// A read-only source image over an immutable `CGImage`; the image must
    /// outlive it. Pixman only reads a source.
    init?(image: CGImage) {
        let storage = image.storage
        guard storage.width > 0, storage.height > 0,
              let created = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(storage.width), Int32(storage.height),
                                                     storage.readOnlyBaseAddress.assumingMemoryBound(to: UInt32.self),
                                                     Int32(storage.bytesPerRow))
        else { return nil }
        raw = created
    }

    /// A solid colour (premultiplied components in 0...1).
    init?(red: Double, green: Double, blue: Double, alpha: Double) {
        func channel(_ value: Double) -> UInt16 { UInt16(max(0, min(1, value.isNaN ? 0 : value)) * 65535) }
        var color = pixman_color_t(red: channel(red * alpha), green: channel(green * alpha),
                                   blue: channel(blue * alpha), alpha: channel(alpha))
        guard let created = pixman_image_create_solid_fill(&color) else { return nil }
        raw = created
    }

    deinit { pixman_image_unref(raw) }

    /// Multiply each colour channel by the matching channel of this mask,
    /// not only by its alpha (for tints).
    func useComponentAlpha() { pixman_image_set_component_alpha(raw, 1) }

    /// Samples this (source) image through `destinationToSource`, a map
    /// from destination pixel space to this image's pixel space.
    func setTransform(_ destinationToSource: Homography?, bilinear: Bool) {
        guard let map = destinationToSource else {
            pixman_image_set_transform(raw, nil)
            pixman_image_set_filter(raw, PIXMAN_FILTER_NEAREST, nil, 0)
            return
        }
        // Lamina's homographies use row vectors; pixman's matrices columns.
        var floating = pixman_f_transform()
        let m = map.m
        floating.m = ((Double(m[0]), Double(m[3]), Double(m[6])),
                      (Double(m[1]), Double(m[4]), Double(m[7])),
                      (Double(m[2]), Double(m[5]), Double(m[8])))
        var fixed = pixman_transform()
        if pixman_transform_from_pixman_f_transform(&fixed, &floating) != 0 {
            pixman_image_set_transform(raw, &fixed)
        }
        pixman_image_set_filter(raw, bilinear ? PIXMAN_FILTER_BILINEAR : PIXMAN_FILTER_NEAREST, nil, 0)
    }

    /// Composites `source` (through `mask`) onto this image over `rect`
    /// (destination pixels), reading the source at the same coordinates.
    func composite(_ source: PixmanImage, mask: PixmanImage?, operation: pixman_op_t = PIXMAN_OP_OVER, rect: PixelRect) {
        guard !rect.isEmpty else { return }
        pixman_image_composite32(operation, source.raw, mask?.raw, raw,
                                 Int32(rect.x), Int32(rect.y), Int32(rect.x), Int32(rect.y),
                                 Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height))
    }

    /// Composites an untransformed `source` placed with its origin at
    /// (`originX`, `originY`) in this image, over `rect` (destination pixels).
    func composite(_ source: PixmanImage, at originX: Int, _ originY: Int, mask: PixmanImage?,
                   operation: pixman_op_t = PIXMAN_OP_OVER, rect: PixelRect) {
        guard !rect.isEmpty else { return }
        pixman_image_composite32(operation, source.raw, mask?.raw, raw,
                                 Int32(rect.x - originX), Int32(rect.y - originY), 0, 0,
                                 Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height))
    }
}
