import CCairo

/// PNG decoding through cairo's PNG reader (libpng underneath, with its
/// errors caught by cairo rather than ending the process). cairo expands
/// gray, palette and low-bit-depth images, turns `tRNS` transparency into
/// alpha, reduces 16-bit samples to 8 and premultiplies: the result is
/// Lamina's working format already.
enum CairoPNG {
    /// Feeds `data` to cairo's read callback and notes when it runs out.
    private final class Reader {
        let data: Data
        var offset = 0
        var ranOut = false

        init(_ data: Data) { self.data = data }
    }

    /// The decoded pixels, or why not.
    static func decode(_ data: Data) throws(ImageDecodingError) -> PixelStorage {
        if let problem = PNGChunks.validate(data) { throw problem }
        let reader = Reader(data)
        let read: cairo_read_func_t = { closure, buffer, length in
            guard let closure, let buffer else { return CAIRO_STATUS_READ_ERROR }
            let reader = Unmanaged<Reader>.fromOpaque(closure).takeUnretainedValue()
            let count = Int(length)
            guard reader.data.count - reader.offset >= count else {
                reader.ranOut = true
                return CAIRO_STATUS_READ_ERROR
            }
            let start = reader.data.startIndex + reader.offset
            reader.data.copyBytes(to: buffer, from: start..<(start + count))
            reader.offset += count
            return CAIRO_STATUS_SUCCESS
        }
        let surface: CairoSurface
        do {
            surface = try withExtendedLifetime(reader) {
                try CairoSurface(adopting: cairo_image_surface_create_from_png_stream(
                    read, Unmanaged.passUnretained(reader).toOpaque())!)
            }
        } catch {
            if reader.ranOut {
                throw ImageDecodingError(description: "PNG data is truncated (ends after \(data.count) bytes)",
                                         isTruncated: true)
            }
            // cairo reports most libpng errors (bad compressed data, bad
            // header values) as "out of memory"; the chunks were whole.
            throw ImageDecodingError(description: "PNG image data could not be decoded (cairo: \(error))")
        }
        if let problem = ImageDecodingError.checkSize(width: surface.width, height: surface.height, format: "PNG") {
            throw problem
        }
        let opaque = surface.format == .rgb24
        return PixelStorage(width: surface.width, height: surface.height) { target, targetStride in
            surface.withPixels { source, sourceStride in
                for row in 0..<surface.height {
                    let from = UnsafeRawPointer(source + row * sourceStride), to = target + row * targetStride
                    for x in 0..<surface.width {
                        let word = from.load(fromByteOffset: x * 4, as: UInt32.self)
                        to.storeBytes(of: opaque ? word | 0xFF00_0000 : word, toByteOffset: x * 4, as: UInt32.self)
                    }
                }
            }
        }
    }
}
