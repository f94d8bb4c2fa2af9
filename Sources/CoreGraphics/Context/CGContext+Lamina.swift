/// Lamina's own entry points for layer drawing and text (package-level,
/// not Apple API).
extension CGContext {
    /// A bitmap context for drawing a layer's contents, as Core Animation
    /// hands one to `draw(in:)` / `drawLayer(_:in:)` on iOS: `width` ×
    /// `height` *pixels* (premultiplied ARGB, native byte order, zeroed),
    /// with user space in points, origin at the TOP-left, y down.
    ///
    /// The CTM is `scale` points to pixels and flipped:
    /// `CGAffineTransform(a: scale, b: 0, c: 0, d: -scale, tx: 0, ty: height)`
    /// (what `ctm` reports, as on iOS), so `fill(CGRect(x: 0, y: 0, …))`
    /// colours the first rows in memory and `makeImage()` is the layer's
    /// contents as they appear on screen. Images drawn with `draw(_:in:)`
    /// come out upside down here, exactly as in a UIKit context.
    /// Nil (reported) for a non-positive size or a scale that is not a
    /// positive finite number.
    package static func makeLayerContext(width: Int, height: Int, scale: CGFloat) -> CGContext? {
        guard scale.isFinite, scale > 0 else {
            CGDiagnostics.report("CGContext: invalid layer contents scale \(scale)")
            return nil
        }
        let info = CGImageAlphaInfo.premultipliedFirst.rawValue
            | (UInt32(littleEndian: 1) == 1 ? CGBitmapInfo.byteOrder32Little : .byteOrder32Big).rawValue
        guard let context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8,
                                      bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: info)
        else { return nil }
        context.gstate.ctm = CGAffineTransform(a: scale, b: 0, c: 0, d: -scale, tx: 0, ty: CGFloat(height))
        return context
    }

    /// Runs `body` with the context's `cairo_t` (for Pango text), then
    /// brings `data` up to date.
    ///
    /// During `body`, cairo's user space is the context's user space (the
    /// CTM, cairo's y-down device space underneath), its source is the fill
    /// colour faded by the alpha, and its clip, operator and antialiasing
    /// are the context's. cairo's state is saved before and restored
    /// after, so `body` may change it freely; it must not keep the pointer.
    /// Under a singular CTM, user space is cairo's device space (pixels,
    /// origin top-left).
    package func withCairoContext<T>(_ body: (OpaquePointer) throws -> T) rethrows -> T {
        cairo.save()
        defer { cairo.restore() }
        if !cairo.setMatrix(gstate.ctm.concatenating(deviceToCairo)) {
            cairo.setMatrix(.identity)
        }
        cairo.clearPath()
        applyCompositing()
        applySource(gstate.fillColor)
        let area = cairo.clipExtents.applying(cairo.matrix)
        let region = PixelRect(touchedByDrawing: area, inWidth: width, height: height)
        backing.pull(region)
        defer {
            backing.push(region)
            if let error = cairo.error { reportOnce("cairo failed: \(error)") }
        }
        return try cairo.withHandle(body)
    }
}
