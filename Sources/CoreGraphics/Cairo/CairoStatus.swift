import CCairo

/// A failed cairo status as a Swift error, carrying cairo's own description.
struct CairoError: Error, CustomStringConvertible {
    let status: cairo_status_t

    var description: String {
        String(cString: cairo_status_to_string(status))
    }

    /// Throws when `status` is not `CAIRO_STATUS_SUCCESS`.
    static func check(_ status: cairo_status_t) throws {
        if status != CAIRO_STATUS_SUCCESS { throw CairoError(status: status) }
    }
}
