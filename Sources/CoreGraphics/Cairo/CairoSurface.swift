import CCairo

/// A cairo image surface (`cairo_surface_t`): 32-bit native-endian pixels,
/// premultiplied ARGB (`argb32`) or opaque RGB with an unused high byte
/// (`rgb24`). Owns one reference to the handle and releases it on deinit.
///
/// Only the `Cairo*.swift` files touch `handle`; everything else works
/// through the methods, and pixel memory is lent out only inside
/// `withPixels(_:)`.
final class CairoSurface {
    /// The pixel formats Lamina uses.
    enum Format {
        case argb32, rgb24

        var cairoFormat: cairo_format_t {
            self == .argb32 ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24
        }
    }

    /// The surface; valid for the object's lifetime.
    let handle: OpaquePointer
    let format: Format
    let width: Int
    let height: Int
    /// Bytes from one row to the next.
    let stride: Int
    /// Keeps borrowed pixel memory (an image's `PixelStorage`) alive.
    private let owner: AnyObject?

    /// A new zeroed (transparent black) surface, or a cairo error (an invalid
    /// size, no memory).
    init(format: Format, width: Int, height: Int) throws {
        guard let width32 = Int32(exactly: width), let height32 = Int32(exactly: height) else {
            throw CairoError(status: CAIRO_STATUS_INVALID_SIZE)
        }
        let surface = cairo_image_surface_create(format.cairoFormat, width32, height32)!
        try Self.adopt(surface)
        handle = surface
        self.format = format
        self.width = width
        self.height = height
        stride = Int(cairo_image_surface_get_stride(surface))
        owner = nil
    }

    /// A surface drawing straight into `memory` (`stride` bytes a row, a
    /// multiple of 4, 4-byte aligned), which must outlive the surface;
    /// `owner` is kept alive for that.
    init(format: Format, memory: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int,
         owner: AnyObject?) throws {
        guard let width32 = Int32(exactly: width), let height32 = Int32(exactly: height),
              let stride32 = Int32(exactly: stride) else {
            throw CairoError(status: CAIRO_STATUS_INVALID_SIZE)
        }
        let surface = cairo_image_surface_create_for_data(
            memory.assumingMemoryBound(to: UInt8.self), format.cairoFormat, width32, height32, stride32)!
        try Self.adopt(surface)
        handle = surface
        self.format = format
        self.width = width
        self.height = height
        self.stride = stride
        self.owner = owner
    }

    /// Takes over a surface cairo returned: kept when its status is success,
    /// otherwise released and the status thrown.
    private static func adopt(_ surface: OpaquePointer) throws {
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw CairoError(status: status)
        }
    }

    /// Takes over a surface cairo created (the PNG reader); throws when it
    /// failed or is not `argb32` or `rgb24`.
    init(adopting surface: OpaquePointer) throws {
        try Self.adopt(surface)
        let cairoFormat = cairo_image_surface_get_format(surface)
        guard cairoFormat == CAIRO_FORMAT_ARGB32 || cairoFormat == CAIRO_FORMAT_RGB24 else {
            cairo_surface_destroy(surface)
            throw CairoError(status: CAIRO_STATUS_INVALID_FORMAT)
        }
        handle = surface
        format = cairoFormat == CAIRO_FORMAT_ARGB32 ? .argb32 : .rgb24
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        stride = Int(cairo_image_surface_get_stride(surface))
        owner = nil
    }

    deinit { cairo_surface_destroy(handle) }

    /// Finishes cairo's pending drawing and lends the pixels (base address,
    /// bytes a row) to `body`. Call `markDirty(_:)` after writing them.
    func withPixels<T>(_ body: (UnsafeMutableRawPointer, Int) throws -> T) rethrows -> T {
        cairo_surface_flush(handle)
        return try body(UnsafeMutableRawPointer(cairo_image_surface_get_data(handle)!), stride)
    }

    /// Tells cairo the pixels in `rect` were changed behind its back.
    func markDirty(_ rect: PixelRect) {
        guard !rect.isEmpty else { return }
        cairo_surface_mark_dirty_rectangle(handle, Int32(rect.x), Int32(rect.y),
                                           Int32(rect.width), Int32(rect.height))
    }
}
