import CCairo

/// PNG encoding through cairo's PNG writer (libpng underneath). Lamina's
/// working format is cairo's `ARGB32`, so the pixels go to cairo as they
/// are; cairo unpremultiplies them, as PNG stores straight alpha, and
/// writes RGBA, or RGB when every pixel is opaque.
extension CairoPNG {
    /// Gathers the bytes cairo hands its write callback.
    private final class Writer {
        var data = Data()
    }

    /// The PNG file for `storage`, or cairo's error (libpng refuses an
    /// image with no pixels).
    static func encode(_ storage: PixelStorage) throws -> Data {
        // cairo only reads the pixels here: the writer takes a source image
        // of the surface, which `storage` keeps alive as its owner.
        let surface = try CairoSurface(format: .argb32, memory: storage.readOnlyBaseAddress, width: storage.width,
                                       height: storage.height, stride: storage.bytesPerRow, owner: storage)
        let writer = Writer()
        let write: cairo_write_func_t = { closure, bytes, length in
            guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<Writer>.fromOpaque(closure).takeUnretainedValue().data.append(bytes, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }
        let status = withExtendedLifetime(writer) {
            cairo_surface_write_to_png_stream(surface.handle, write, Unmanaged.passUnretained(writer).toOpaque())
        }
        try CairoError.check(status)
        return writer.data
    }
}
