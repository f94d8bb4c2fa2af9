import CCairo

/// A cairo drawing context (`cairo_t`) on one `CairoSurface`, with Swift
/// types at every call: `CGAffineTransform` matrices, `CGPathSnapshot`
/// paths, `CGRect` extents. Owns its reference and releases it on deinit.
///
/// cairo's errors are sticky (after one, every call does nothing), so the
/// callers validate input first and the methods refuse what cairo would
/// turn into an error state: singular or non-finite matrices, bad dashes.
final class CairoContext {
    let handle: OpaquePointer
    /// The surface drawn on, kept alive while the context is.
    let surface: CairoSurface

    init(surface: CairoSurface) throws {
        let context = cairo_create(surface.handle)!
        let status = cairo_status(context)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(context)
            throw CairoError(status: status)
        }
        handle = context
        self.surface = surface
    }

    deinit { cairo_destroy(handle) }

    /// The context's error, if cairo has entered its sticky error state.
    var error: CairoError? {
        let status = cairo_status(handle)
        return status == CAIRO_STATUS_SUCCESS ? nil : CairoError(status: status)
    }

    /// Lends the raw `cairo_t` (for Pango); only valid during `body`.
    func withHandle<T>(_ body: (OpaquePointer) throws -> T) rethrows -> T {
        try body(handle)
    }

    // MARK: State

    func save() { cairo_save(handle) }
    func restore() { cairo_restore(handle) }

    /// The current user-to-device matrix.
    var matrix: CGAffineTransform {
        var m = cairo_matrix_t()
        cairo_get_matrix(handle, &m)
        return CGAffineTransform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
    }

    /// Sets the user-to-device matrix; returns false (and changes nothing)
    /// when `t` is singular or not finite, which cairo would reject with a
    /// sticky error.
    @discardableResult
    func setMatrix(_ t: CGAffineTransform) -> Bool {
        guard Self.isInvertible(t) else { return false }
        var matrix = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
        cairo_set_matrix(handle, &matrix)
        return true
    }

    /// True for a finite matrix cairo can invert.
    static func isInvertible(_ t: CGAffineTransform) -> Bool {
        let determinant = t.a * t.d - t.b * t.c
        return [t.a, t.b, t.c, t.d, t.tx, t.ty].allSatisfy(\.isFinite)
            && determinant != 0 && determinant.isFinite
    }

    func setSourceColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        cairo_set_source_rgba(handle, red, green, blue, alpha)
    }

    /// Selects the operator for `mode`; false when cairo has none (the
    /// operator is then `OVER`).
    @discardableResult
    func setBlendMode(_ mode: CGBlendMode) -> Bool {
        let op = mode.cairoOperator
        cairo_set_operator(handle, op ?? CAIRO_OPERATOR_OVER)
        return op != nil
    }

    /// True when the current operator changes pixels outside the shape
    /// drawn (cairo's "unbounded" operators), unlike Quartz, whose blend
    /// modes act only where the shape covers.
    private var isOperatorUnbounded: Bool {
        CGBlendMode.unboundedCairoOperators.contains(cairo_get_operator(handle))
    }

    /// Line width in user units at stroke time; negative means 0.
    func setLineWidth(_ width: CGFloat) { cairo_set_line_width(handle, Swift.max(0, width)) }

    func setLineCap(_ cap: CGLineCap) {
        switch cap {
        case .butt: cairo_set_line_cap(handle, CAIRO_LINE_CAP_BUTT)
        case .round: cairo_set_line_cap(handle, CAIRO_LINE_CAP_ROUND)
        case .square: cairo_set_line_cap(handle, CAIRO_LINE_CAP_SQUARE)
        }
    }

    func setLineJoin(_ join: CGLineJoin) {
        switch join {
        case .miter: cairo_set_line_join(handle, CAIRO_LINE_JOIN_MITER)
        case .round: cairo_set_line_join(handle, CAIRO_LINE_JOIN_ROUND)
        case .bevel: cairo_set_line_join(handle, CAIRO_LINE_JOIN_BEVEL)
        }
    }

    func setMiterLimit(_ limit: CGFloat) { cairo_set_miter_limit(handle, limit) }

    /// Dash lengths (all finite, none negative, not all zero; empty for a
    /// solid line) starting `phase` units into the pattern.
    func setDash(_ lengths: [CGFloat], phase: CGFloat) {
        lengths.map(Double.init).withUnsafeBufferPointer {
            cairo_set_dash(handle, $0.baseAddress, Int32($0.count), phase)
        }
    }

    func setAntialias(_ enabled: Bool) {
        cairo_set_antialias(handle, enabled ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE)
    }

    func setFillRule(_ rule: CGPathFillRule) {
        cairo_set_fill_rule(handle, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
    }

    // MARK: Paths

    /// Replaces cairo's path with `path`, read in the current user space.
    /// Quadratic curves become the equivalent cubics.
    func setPath(_ path: CGPathSnapshot) {
        cairo_new_path(handle)
        var current = CGPoint.zero, start = CGPoint.zero
        for element in path.elements {
            switch element {
            case .moveTo(let point):
                cairo_move_to(handle, point.x, point.y)
                current = point
                start = point
            case .addLineTo(let point):
                cairo_line_to(handle, point.x, point.y)
                current = point
            case .addQuadCurveTo(let control, let end):
                let c1 = CGPoint(x: current.x + 2 / 3 * (control.x - current.x),
                                 y: current.y + 2 / 3 * (control.y - current.y))
                let c2 = CGPoint(x: end.x + 2 / 3 * (control.x - end.x), y: end.y + 2 / 3 * (control.y - end.y))
                cairo_curve_to(handle, c1.x, c1.y, c2.x, c2.y, end.x, end.y)
                current = end
            case .addCurveTo(let control1, let control2, let end):
                cairo_curve_to(handle, control1.x, control1.y, control2.x, control2.y, end.x, end.y)
                current = end
            case .closeSubpath:
                cairo_close_path(handle)
                current = start
            }
        }
    }

    /// Sets the path to one rectangle in user space.
    func setPath(rect: CGRect) {
        cairo_new_path(handle)
        cairo_rectangle(handle, rect.minX, rect.minY, rect.width, rect.height)
    }

    func clearPath() { cairo_new_path(handle) }

    // MARK: Painting (each consumes the path)

    /// Fills the path. An unbounded operator is confined to the shape, as
    /// Quartz confines every blend mode: the shape becomes a clip and the
    /// source is painted through it.
    func fill() {
        guard isOperatorUnbounded else { return cairo_fill(handle) }
        cairo_save(handle)
        cairo_clip(handle)
        cairo_paint(handle)
        cairo_restore(handle)
    }

    /// Strokes the path. An unbounded operator is confined to the stroke:
    /// the operator's result over a copy of the target is copied back
    /// through the stroke's coverage.
    func stroke() {
        guard isOperatorUnbounded else { return cairo_stroke(handle) }
        cairo_push_group_with_content(handle, CAIRO_CONTENT_ALPHA)
        cairo_set_operator(handle, CAIRO_OPERATOR_OVER)
        cairo_set_source_rgba(handle, 0, 0, 0, 1)
        cairo_stroke_preserve(handle)
        let coverage = cairo_pop_group(handle)
        cairo_push_group(handle)
        cairo_save(handle)
        cairo_identity_matrix(handle)
        cairo_set_operator(handle, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(handle, surface.handle, 0, 0)
        cairo_paint(handle)
        cairo_restore(handle)
        cairo_stroke(handle)
        let result = cairo_pop_group(handle)
        cairo_save(handle)
        cairo_set_source(handle, result)
        cairo_set_operator(handle, CAIRO_OPERATOR_SOURCE)
        cairo_mask(handle, coverage)
        cairo_restore(handle)
        cairo_pattern_destroy(result)
        cairo_pattern_destroy(coverage)
    }
    /// Intersects the clip with the path.
    func clip() { cairo_clip(handle) }
    /// Paints the source everywhere inside the clip, at `alpha`.
    func paint(alpha: CGFloat) { cairo_paint_with_alpha(handle, alpha) }

    // MARK: Extents, in user space

    /// What filling the current path would cover (ignoring the clip).
    var fillExtents: CGRect { extents(cairo_fill_extents) }
    /// What stroking the current path would cover (ignoring the clip).
    var strokeExtents: CGRect { extents(cairo_stroke_extents) }
    /// The clip's bounds.
    var clipExtents: CGRect { extents(cairo_clip_extents) }

    private func extents(_ query: (OpaquePointer?, UnsafeMutablePointer<Double>?, UnsafeMutablePointer<Double>?,
                                   UnsafeMutablePointer<Double>?, UnsafeMutablePointer<Double>?) -> Void) -> CGRect {
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        query(handle, &x1, &y1, &x2, &y2)
        return CGRect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
    }

    // MARK: Images

    /// Makes `image` the source: `patternMatrix` maps user space to the
    /// image's pixels; outside the image it repeats (`tiled`) or its edge
    /// pixels extend outwards (so filtering does not fade a scaled image's
    /// border); `quality` picks the filter.
    func setSource(image: CairoSurface, patternMatrix t: CGAffineTransform, tiled: Bool,
                   quality: CGInterpolationQuality) {
        guard Self.isInvertible(t), let pattern = cairo_pattern_create_for_surface(image.handle) else { return }
        defer { cairo_pattern_destroy(pattern) }
        var matrix = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
        cairo_pattern_set_matrix(pattern, &matrix)
        cairo_pattern_set_extend(pattern, tiled ? CAIRO_EXTEND_REPEAT : CAIRO_EXTEND_PAD)
        let filter: cairo_filter_t
        switch quality {
        case .none: filter = CAIRO_FILTER_NEAREST
        case .high: filter = CAIRO_FILTER_GOOD
        case .default, .low, .medium: filter = CAIRO_FILTER_BILINEAR
        }
        cairo_pattern_set_filter(pattern, filter)
        guard cairo_pattern_status(pattern) == CAIRO_STATUS_SUCCESS else { return }
        cairo_set_source(handle, pattern)
    }
}
