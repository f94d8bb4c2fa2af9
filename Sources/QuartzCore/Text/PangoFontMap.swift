import CCairo
import CPango

/// The pango font map and context every text layer is laid out with.
///
/// One for the process: fontconfig matching is slow the first time a family
/// is asked for, and the font map keeps what it matched. Pango objects are
/// not thread-safe, so all use goes through `withContext`, one thread at a
/// time (the render server and preferred-size queries may both lay out text).
///
/// `@unchecked Sendable`: the one instance lives in `shared`, a
/// `LockedValue`, and is only reachable inside `withContext`'s body, which
/// runs with that lock held; nothing keeps it after the body returns.
final class SharedPangoFontMap: @unchecked Sendable {
    private let fontMap: UnsafeMutablePointer<PangoFontMap>
    /// The pango context; only the other pango wrappers use it.
    let context: OpaquePointer

    private static let shared = LockedValue(SharedPangoFontMap())

    private init() {
        fontMap = pango_cairo_font_map_new()
        context = pango_font_map_create_context(fontMap)
        // Apple draws text layers with greyscale antialiasing, unhinted;
        // unhinted metrics keep layout the same at every contentsScale.
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(fontMap)
    }

    /// Runs `body` with the shared font map, holding its lock. Glyph
    /// positions are rounded to whole pixels when `roundsGlyphPositions`.
    static func withContext<T: Sendable>(roundsGlyphPositions: Bool, _ body: (SharedPangoFontMap) -> T) -> T {
        shared.withLock { map in
            pango_context_set_round_glyph_positions(map.context, roundsGlyphPositions ? 1 : 0)
            return body(map)
        }
    }

    /// Lays out for drawing into `surface` with its current transform.
    func adoptTransform(of surface: CairoImageSurface) {
        pango_cairo_update_context(surface.context, context)
    }

    /// Lays out in points, untransformed (for measuring).
    func resetTransform() {
        pango_context_set_matrix(context, nil)
    }
}
