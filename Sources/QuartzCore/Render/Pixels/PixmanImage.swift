import CPixman

/// An owned pixman image, made and freed here. Most pixman calls go through
/// its methods; the few kernels that pass a `raw` handle to pixman
/// themselves (split pieces' masks, the one-pass bloom, the projective
/// sampler's fetch) keep it alive while they do.
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
        if buffer.scratchMemory != nil { window = buffer.window }
    }

    /// For an image over a windowed scratch (`RasterBuffer.init(window:over:)`),
    /// the only pixels it has memory for: every composite into it is
    /// clipped to them.
    private var window: PixelRect?

    /// `rect` clipped to what this image may be drawn into; nil when nothing is left.
    @inline(__always)
    private func writable(_ rect: PixelRect) -> PixelRect? {
        guard let window else { return rect.isEmpty ? nil : rect }
        return rect.intersection(window)
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

    /// A bits image's size in pixels (0 for a solid colour).
    var width: Int { Int(pixman_image_get_width(raw)) }
    var height: Int { Int(pixman_image_get_height(raw)) }

    /// A cleared 8-bit alpha image of `width` x `height` (pixman's own
    /// memory), for masks.
    init?(alphaWidth width: Int, height: Int) {
        guard width > 0, height > 0, let created = pixman_image_create_bits(PIXMAN_a8, Int32(width), Int32(height), nil, 0)
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
        solidColor = color
        // pixman's 8-bit paths take each channel's top byte.
        solidAlpha = UInt8(color.alpha >> 8)
    }

    /// A solid colour of exactly `pixel` (premultiplied a8r8g8b8) in
    /// pixman's 8-bit paths: each byte widened to 16 bits as `byte × 257`,
    /// whose top byte is the byte again.
    init?(solidPixel pixel: UInt32) {
        func channel(_ shift: UInt32) -> UInt16 { UInt16(truncatingIfNeeded: (pixel >> shift) & 0xFF) &* 257 }
        var color = pixman_color_t(red: channel(16), green: channel(8), blue: channel(0), alpha: channel(24))
        guard let created = pixman_image_create_solid_fill(&color) else { return nil }
        raw = created
        solidColor = color
        solidAlpha = UInt8(truncatingIfNeeded: pixel >> 24)
    }

    /// A solid fill's colour (nil for a bits image).
    private var solidColor: pixman_color_t?

    private init(raw: OpaquePointer) { self.raw = raw }

    /// Another image over the same pixels (or of the same colour), with
    /// the same window and component alpha but no transform or filter, for
    /// a slice drawn on another thread (`CompositingThreads`): pixman keeps
    /// per-image state (transform, filter, flags it validates), so two
    /// threads must not use one image at once. The pixels are shared: the
    /// alias may only write rows no other thread touches.
    func alias() -> PixmanImage? {
        let copy: PixmanImage
        if var color = solidColor {
            guard let created = pixman_image_create_solid_fill(&color) else { return nil }
            copy = PixmanImage(raw: created)
            copy.solidColor = color
        } else {
            guard let created = pixman_image_create_bits(pixman_image_get_format(raw), pixman_image_get_width(raw),
                                                         pixman_image_get_height(raw), pixman_image_get_data(raw),
                                                         pixman_image_get_stride(raw))
            else { return nil }
            copy = PixmanImage(raw: created)
        }
        copy.buffer = buffer
        copy.window = window
        copy.solidAlpha = solidAlpha
        if hasComponentAlpha { copy.useComponentAlpha() }
        return copy
    }

    /// A solid colour's alpha as pixman's 8-bit paths read it, when it
    /// masks by that alpha alone; nil for a bits image or a component-alpha
    /// mask (a replicator's tint).
    private(set) var solidAlpha: UInt8?

    deinit { pixman_image_unref(raw) }

    /// Multiply each colour channel by the matching channel of this mask,
    /// not only by its alpha (for tints).
    func useComponentAlpha() {
        pixman_image_set_component_alpha(raw, 1)
        hasComponentAlpha = true
        solidAlpha = nil  // per channel now: no single alpha stands for it
    }

    /// Whether `useComponentAlpha()` was called.
    private(set) var hasComponentAlpha = false

    /// Multiplies this alpha mask by `other`'s alpha over its top-left
    /// `width` x `height` pixels.
    func multiplyAlpha(by other: PixmanImage, width: Int, height: Int) {
        pixman_image_composite32(PIXMAN_OP_IN, other.raw, nil, raw, 0, 0, 0, 0, 0, 0, Int32(width), Int32(height))
    }

    /// Samples this (source) image through `destinationToSource`, a map
    /// from destination pixel space to this image's pixel space, over the
    /// destination pixels `region` (`fixedTransform(_:over:)`: a
    /// perspective map must be given the pixels it will be sampled at).
    func setTransform(_ destinationToSource: Homography?, bilinear: Bool, over region: PixelRect? = nil) {
        guard let map = destinationToSource else {
            pixman_image_set_transform(raw, nil)
            pixman_image_set_filter(raw, PIXMAN_FILTER_NEAREST, nil, 0)
            return
        }
        if var fixed = Self.fixedTransform(map, over: region) { pixman_image_set_transform(raw, &fixed) }
        pixman_image_set_filter(raw, bilinear ? PIXMAN_FILTER_BILINEAR : PIXMAN_FILTER_NEAREST, nil, 0)
    }

    /// The destination pixels to fit a perspective map to
    /// (`fixedTransform(_:over:)`) when `area` of them is drawn: all of
    /// `extent` (where the drawing can reach, such as its outline's box),
    /// so that the fixed-point map, and so the pixels, are the same whatever
    /// part of the drawing a frame repaints. Just `area` when there is no
    /// extent or it is huge (a corner near the eye's plane): fitting all of
    /// it would cost the map its precision where the drawing is seen.
    static func samplingRegion(extent: PixelRect?, drawing area: PixelRect) -> PixelRect {
        guard let extent, extent.width <= 8192, extent.height <= 8192 else { return area }
        return extent.union(area)
    }

    /// The largest x, y or w (in pixels) a perspective map may give a
    /// destination pixel once scaled: half of what 16.16 fixed point holds,
    /// leaving room for the entries' rounding and the sums along a row.
    static let projectiveComponentLimit = Double(1 << 14)

    /// `map` as the 16.16 fixed-point matrix pixman samples through (what
    /// `setTransform` gives it), for sampling at the destination pixels
    /// `region`; nil when it does not fit.
    ///
    /// A perspective map is scaled up (a homography means the same at any
    /// scale) so that its tiny perspective terms (~0.001) keep their bits,
    /// but only as far as keeps x, y and w within 16.16 at every pixel of
    /// `region`: pixman works them out in 32 bits (at each row's start,
    /// then step by step along it) and leaves a row whose start does not
    /// fit unfetched (`pixman_transform_point_3d` fails), as
    /// `ProjectiveBilinearSampler` does. Scaled by its largest entry
    /// alone, the map of a layer near the target's origin (whose
    /// translation is small beside the pixels' coordinates) overflowed a
    /// hundred rows down: a 160x160 layer turned 5° at (20, 20) was drawn
    /// down to y 97 of 180 (PerspectiveCoverageTests). `region` may be
    /// left out only for a map without perspective, which is not scaled.
    static func fixedTransform(_ map: Homography, over region: PixelRect? = nil) -> pixman_transform? {
        // Lamina's homographies use row vectors; pixman's matrices columns.
        var floating = pixman_f_transform()
        let m = map.m
        var k = 1.0
        if map.isProjective {
            // Every frame for every turned layer: no array, just the largest entry.
            var largest = 0.0
            for index in 0..<9 { largest = max(largest, abs(Double(m[index]))) }
            // The largest entry a quarter of 16.16's range...
            if largest > 0, largest.isFinite { k = 8192 / largest }
            // ...unless that takes x, y or w out of range over the region.
            if let region, let largest = largestComponent(of: map, over: region), largest > 0 {
                k = min(k, projectiveComponentLimit / largest)
            }
        }
        floating.m = ((k * Double(m[0]), k * Double(m[3]), k * Double(m[6])),
                      (k * Double(m[1]), k * Double(m[4]), k * Double(m[7])),
                      (k * Double(m[2]), k * Double(m[5]), k * Double(m[8])))
        var fixed = pixman_transform()
        return pixman_transform_from_pixman_f_transform(&fixed, &floating) != 0 ? fixed : nil
    }

    /// The largest |x|, |y| or |w| `map` gives a point of `region`
    /// (unscaled): each is linear in the point, so a corner of the region
    /// has it. Nil when not finite.
    private static func largestComponent(of map: Homography, over region: PixelRect) -> Double? {
        let m = map.m
        func largest(atX x: Int, _ y: Int) -> Double {
            let (px, py) = (Double(x), Double(y))
            return max(abs(px * Double(m[0]) + py * Double(m[3]) + Double(m[6])),
                       abs(px * Double(m[1]) + py * Double(m[4]) + Double(m[7])),
                       abs(px * Double(m[2]) + py * Double(m[5]) + Double(m[8])))
        }
        // No array: every frame for every turned layer.
        let largest = max(largest(atX: region.x, region.y), largest(atX: region.maxX, region.y),
                          largest(atX: region.x, region.maxY), largest(atX: region.maxX, region.maxY))
        return largest.isFinite ? largest : nil
    }

    /// Composites `source` (through `mask`) onto this image over `rect`
    /// (destination pixels), reading the source at the same coordinates.
    func composite(_ source: PixmanImage, mask: PixmanImage?, operation: pixman_op_t = PIXMAN_OP_OVER, rect: PixelRect) {
        guard let rect = writable(rect) else { return }
        pixman_image_composite32(operation, source.raw, mask?.raw, raw,
                                 Int32(rect.x), Int32(rect.y), Int32(rect.x), Int32(rect.y),
                                 Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height))
    }

    /// Composites `source` (read at destination coordinates, no mask) onto
    /// this image over the pixels of `boxes` within `rect`: one call, pixman
    /// walking the boxes itself, where a call a box cost more than the
    /// pixels of a thin one (`ConvexOutlineFiller`'s rows).
    func composite(_ source: PixmanImage, operation: pixman_op_t = PIXMAN_OP_OVER, within boxes: [pixman_box32_t],
                   rect: PixelRect) {
        guard let rect = writable(rect), !boxes.isEmpty else { return }
        var region = pixman_region32_t()
        var boxes = boxes
        guard pixman_region32_init_rects(&region, &boxes, Int32(boxes.count)) != 0 else { return }
        defer { pixman_region32_fini(&region) }
        // Unset, the composite would cover all of `rect`: nothing then (pixman copies the region; only memory fails it).
        guard pixman_image_set_clip_region32(raw, &region) != 0 else { return }
        defer { pixman_image_set_clip_region32(raw, nil) }
        composite(source, mask: nil, operation: operation, rect: rect)
    }

    /// Composites `source` (read at destination coordinates) onto this image
    /// over `rect`, through `mask`, whose top-left pixel lies at `maskOrigin`
    /// (destination pixels).
    func composite(_ source: PixmanImage, mask: PixmanImage, maskOrigin: (x: Int, y: Int),
                   operation: pixman_op_t = PIXMAN_OP_OVER, rect: PixelRect) {
        guard let rect = writable(rect) else { return }
        pixman_image_composite32(operation, source.raw, mask.raw, raw,
                                 Int32(rect.x), Int32(rect.y), Int32(rect.x - maskOrigin.x), Int32(rect.y - maskOrigin.y),
                                 Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height))
    }

    /// Composites an untransformed `source` placed with its origin at
    /// (`originX`, `originY`) in this image, over `rect` (destination
    /// pixels), through `mask`, whose top-left pixel lies at `maskOrigin`.
    func composite(_ source: PixmanImage, at originX: Int, _ originY: Int, mask: PixmanImage, maskOrigin: (x: Int, y: Int),
                   operation: pixman_op_t = PIXMAN_OP_OVER, rect: PixelRect) {
        guard let rect = writable(rect) else { return }
        pixman_image_composite32(operation, source.raw, mask.raw, raw,
                                 Int32(rect.x - originX), Int32(rect.y - originY),
                                 Int32(rect.x - maskOrigin.x), Int32(rect.y - maskOrigin.y),
                                 Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height))
    }

    /// Composites an untransformed `source` placed with its origin at
    /// (`originX`, `originY`) in this image, over `rect` (destination pixels).
    func composite(_ source: PixmanImage, at originX: Int, _ originY: Int, mask: PixmanImage?,
                   operation: pixman_op_t = PIXMAN_OP_OVER, rect: PixelRect) {
        guard let rect = writable(rect) else { return }
        pixman_image_composite32(operation, source.raw, mask?.raw, raw,
                                 Int32(rect.x - originX), Int32(rect.y - originY), 0, 0,
                                 Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height))
    }

    /// This `width` x `height` bitmap moved right and down by `fraction`
    /// (each in 0..<1) with the bilinear filter, into a new bitmap one pixel
    /// larger each way. Placing the copy at whole pixels gives the pixels of
    /// compositing this image at the fractional offset, since pixman samples
    /// both at the same fixed-point positions; and the copy is made by
    /// pixman's SIMD bilinear path for a translation, where a composite
    /// with another operator or a mask may take its scalar general path.
    /// `reusing` an earlier copy of the same size writes over its pixels
    /// instead (every one of them: the operator is `SRC`), sparing a moving
    /// glow a fresh allocation, and the kernel's zeroing of it, every frame.
    func resampled(width: Int, height: Int, shiftedBy fraction: CGPoint,
                   reusing earlier: (image: PixmanImage, buffer: RasterBuffer)? = nil) -> (image: PixmanImage, buffer: RasterBuffer)? {
        let buffer: RasterBuffer, copy: PixmanImage
        if let earlier, earlier.buffer.width == width + 1, earlier.buffer.height == height + 1 {
            (copy, buffer) = earlier
        } else {
            buffer = RasterBuffer(width: width + 1, height: height + 1)
            guard let made = PixmanImage(buffer: buffer) else { return nil }
            copy = made
        }
        setTransform(Homography(CATransform3DMakeTranslation(-fraction.x, -fraction.y, 0)), bilinear: true)
        copy.composite(self, mask: nil, operation: PIXMAN_OP_SRC,
                       rect: PixelRect(x: 0, y: 0, width: buffer.width, height: buffer.height))
        setTransform(nil, bilinear: false)
        return (copy, buffer)
    }
}
