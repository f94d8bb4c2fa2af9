import CCairo

/// A cairo drawing context over a caller's pixel buffer in Lamina's working
/// format (cairo's `ARGB32`: premultiplied, native-endian words).
///
/// Exists only inside `draw(into:...)`: the buffer belongs to the caller, and
/// the surface is flushed and destroyed before the call returns.
final class CairoImageSurface {
    /// The cairo context; only the other cairo and pango wrappers use it.
    let context: OpaquePointer
    private let surface: OpaquePointer

    private init(surface: OpaquePointer, context: OpaquePointer) {
        self.surface = surface
        self.context = context
    }

    /// Runs `body` with a context drawing into `pixels` (`width` × `height`,
    /// `bytesPerRow` apart, which must be a multiple of 4). Returns false,
    /// drawing nothing, when cairo cannot make the surface.
    @discardableResult
    static func draw(into pixels: UnsafeMutableRawPointer, width: Int, height: Int, bytesPerRow: Int,
                     _ body: (CairoImageSurface) -> Void) -> Bool {
        guard width > 0, height > 0, bytesPerRow >= width * 4, bytesPerRow % 4 == 0,
              let width32 = Int32(exactly: width), let height32 = Int32(exactly: height),
              let stride32 = Int32(exactly: bytesPerRow),
              let surface = cairo_image_surface_create_for_data(
                  pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, width32, height32, stride32)
        else { return false }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let context = cairo_create(surface) else { return false }
        defer { cairo_destroy(context) }
        guard cairo_status(context) == CAIRO_STATUS_SUCCESS else { return false }
        body(CairoImageSurface(surface: surface, context: context))
        cairo_surface_flush(surface)
        return true
    }

    /// Scales user space: one unit becomes `x` × `y` pixels.
    func scale(x: Double, y: Double) {
        cairo_scale(context, x, y)
    }

    /// Moves the current point, where the next layout is drawn.
    func move(to point: CGPoint) {
        cairo_move_to(context, Double(point.x), Double(point.y))
    }

    /// Sets the colour that text without a colour of its own is drawn in.
    func setSourceColor(_ color: TextColor) {
        cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
    }
}
