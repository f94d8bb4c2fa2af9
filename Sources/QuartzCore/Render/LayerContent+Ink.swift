import CPixman

/// Where a layer's bitmap has ink: a text layer's glyphs fill a fraction of
/// its bounds, and compositing the transparent rest with `OVER` changes no
/// pixel but costs as much as the ink (issue 7: the kiosk composited every
/// 400x60 menu item under its pulsing glow whole).
extension LayerContent {
    /// The smallest rectangle of bitmap pixels holding every pixel that is
    /// not zero (premultiplied: fully transparent); nil when none is.
    static func inkBounds(of source: AffineBilinearSampler.Source) -> PixelRect? {
        var top = -1, bottom = -1, left = source.width, right = -1
        for y in 0..<source.height {
            let row = (source.base + y * source.bytesPerRow).assumingMemoryBound(to: UInt32.self)
            var first = 0
            while first < source.width, row[first] == 0 { first += 1 }
            guard first < source.width else { continue }
            if top < 0 { top = y }
            bottom = y
            left = min(left, first)
            // Only columns right of the rightmost ink so far can move it.
            var last = source.width - 1
            while last > right, row[last] == 0 { last -= 1 }
            right = max(right, last)
        }
        guard top >= 0 else { return nil }
        return PixelRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
    }

    /// `clip` narrowed to the target pixels the bitmap's ink can reach when
    /// drawn through `toTarget` (bitmap pixels to target pixels); nil when
    /// it reaches none of them. Only for operators under which a
    /// transparent source pixel leaves the destination as it is.
    func inkedClip(_ clip: PixelRect, toTarget: CATransform3D, operation: pixman_op_t) -> PixelRect? {
        guard operation == PIXMAN_OP_OVER || operation == PIXMAN_OP_ADD else { return clip }
        guard let ink = inkBounds else { return nil }
        let reach: PixelRect?
        if toTarget.isTranslation2D {
            // Whole pixels move the ink; a fraction spreads it one pixel
            // right and down (the bilinear filter's other neighbour).
            let x = toTarget.m41.rounded(.down), y = toTarget.m42.rounded(.down)
            guard abs(x) < CGFloat(1 << 24), abs(y) < CGFloat(1 << 24) else { return clip }
            let spread = toTarget.isIntegerTranslation2D ? 0 : 1
            reach = PixelRect(x: ink.x + Int(x), y: ink.y + Int(y), width: ink.width + spread, height: ink.height + spread)
        } else {
            let toPixels = Homography(toTarget)
            guard !toPixels.isProjective else { return clip }
            let corners = [CGPoint(x: ink.x, y: ink.y), CGPoint(x: ink.maxX, y: ink.y),
                           CGPoint(x: ink.maxX, y: ink.maxY), CGPoint(x: ink.x, y: ink.maxY)].map(toPixels.apply)
            let margin = Self.filterMargin(of: toPixels)
            guard margin.isFinite, let box = CGRect(boundingPoints: corners),
                  let covering = PixelRect(covering: box.insetBy(dx: -margin, dy: -margin)) else { return clip }
            reach = covering
        }
        return reach.flatMap { $0.intersection(clip) }
    }
}
