import CX11

/// An X graphics context (`XCreateGC`) for putting images into a window.
final class XGraphicsContext {
    let display: XDisplay
    /// The Xlib handle. Only the `X11/` wrappers use it.
    let raw: GC

    init?(display: XDisplay, drawable: UInt) {
        var values = XGCValues()
        values.graphics_exposures = 0  // nothing here needs GraphicsExpose events
        guard let gc = XCreateGC(display.raw, drawable, UInt(GCGraphicsExposures), &values) else { return nil }
        self.display = display
        raw = gc
    }

    deinit { XFreeGC(display.raw, raw) }
}
