import CCairo

/// Gradient sources on cairo patterns, in cairo's current user space.
extension CairoContext {
    /// Makes a linear gradient from `start` to `end` the source; `extend`
    /// pads with the end colours, otherwise nothing is drawn beyond them.
    func setLinearGradientSource(_ stops: [CGGradient.Stop], start: CGPoint, end: CGPoint, extend: Bool) {
        guard let pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y) else { return }
        setGradient(pattern, stops: stops, extend: extend)
    }

    /// Makes a radial gradient between two circles the source.
    func setRadialGradientSource(_ stops: [CGGradient.Stop], startCenter: CGPoint, startRadius: CGFloat,
                                 endCenter: CGPoint, endRadius: CGFloat, extend: Bool) {
        guard let pattern = cairo_pattern_create_radial(startCenter.x, startCenter.y, max(0, startRadius),
                                                        endCenter.x, endCenter.y, max(0, endRadius)) else { return }
        setGradient(pattern, stops: stops, extend: extend)
    }

    /// Makes a conic (angular) gradient the source: a cairo mesh of `slices`
    /// thin sectors around `center` out to `radius`, each blending the
    /// colours at its two edges, so neighbouring sectors share their edge
    /// colour and no seam shows. The colour at location `t` lies at angle
    /// `angle + t·2π` (counterclockwise in a y-up space).
    func setConicGradientSource(_ gradient: CGGradient, center: CGPoint, angle: CGFloat, radius: CGFloat,
                                slices: Int = 256) {
        guard let pattern = cairo_pattern_create_mesh() else { return }
        defer { cairo_pattern_destroy(pattern) }
        func point(_ t: CGFloat) -> CGPoint {
            let a = angle + t * 2 * .pi
            return CGPoint(x: center.x + radius * cos(a), y: center.y + radius * sin(a))
        }
        for slice in 0..<slices {
            let t0 = CGFloat(slice) / CGFloat(slices), t1 = CGFloat(slice + 1) / CGFloat(slices)
            let p0 = point(t0), p1 = point(t1)
            let c0 = gradient.color(at: t0), c1 = gradient.color(at: t1)
            cairo_mesh_pattern_begin_patch(pattern)
            cairo_mesh_pattern_move_to(pattern, center.x, center.y)
            cairo_mesh_pattern_line_to(pattern, p0.x, p0.y)
            cairo_mesh_pattern_line_to(pattern, p1.x, p1.y)
            cairo_mesh_pattern_line_to(pattern, center.x, center.y)
            cairo_mesh_pattern_set_corner_color_rgba(pattern, 0, c0.red, c0.green, c0.blue, c0.alpha)
            cairo_mesh_pattern_set_corner_color_rgba(pattern, 1, c0.red, c0.green, c0.blue, c0.alpha)
            cairo_mesh_pattern_set_corner_color_rgba(pattern, 2, c1.red, c1.green, c1.blue, c1.alpha)
            cairo_mesh_pattern_set_corner_color_rgba(pattern, 3, c1.red, c1.green, c1.blue, c1.alpha)
            cairo_mesh_pattern_end_patch(pattern)
        }
        guard cairo_pattern_status(pattern) == CAIRO_STATUS_SUCCESS else { return }
        cairo_set_source(handle, pattern)
    }

    private func setGradient(_ pattern: OpaquePointer, stops: [CGGradient.Stop], extend: Bool) {
        defer { cairo_pattern_destroy(pattern) }
        for stop in stops {
            cairo_pattern_add_color_stop_rgba(pattern, stop.location, stop.red, stop.green, stop.blue, stop.alpha)
        }
        cairo_pattern_set_extend(pattern, extend ? CAIRO_EXTEND_PAD : CAIRO_EXTEND_NONE)
        guard cairo_pattern_status(pattern) == CAIRO_STATUS_SUCCESS else { return }
        cairo_set_source(handle, pattern)
    }
}
