import CPixman

/// Where a layer's bitmap has ink: a text layer's glyphs fill a fraction of
/// its bounds, a bordered layer without a background is a ring around
/// nothing, and compositing the transparent rest with `OVER` changes no
/// pixel but costs as much as the ink (the kiosk menu composited every
/// 400x60 menu item under its pulsing glow whole, and its moving selection
/// ring through the bilinear filter whole).
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

    /// A transparent rectangle of bitmap pixels around the bitmap's centre
    /// (the inside of a ring or a frame), grown a row at a time towards
    /// whichever side keeps it wider; nil when the centre has ink or the
    /// hole is under a quarter of the bitmap (not worth more pixman calls).
    static func inkHole(of source: AffineBilinearSampler.Source) -> PixelRect? {
        let centerX = source.width / 2, centerY = source.height / 2
        guard source.width >= 8, source.height >= 8 else { return nil }
        /// The transparent run through the centre column of row `y`, within `left..<right`.
        func run(_ y: Int, within left: Int, _ right: Int) -> (left: Int, right: Int)? {
            let row = (source.base + y * source.bytesPerRow).assumingMemoryBound(to: UInt32.self)
            guard row[centerX] == 0 else { return nil }
            var start = centerX, end = centerX + 1
            while start > left, row[start - 1] == 0 { start -= 1 }
            while end < right, row[end] == 0 { end += 1 }
            return (start, end)
        }
        guard var span = run(centerY, within: 0, source.width) else { return nil }
        var top = centerY, bottom = centerY + 1
        var best = PixelRect(x: span.left, y: top, width: span.right - span.left, height: 1)
        while true {
            let up = top > 0 ? run(top - 1, within: span.left, span.right) : nil
            let down = bottom < source.height ? run(bottom, within: span.left, span.right) : nil
            let upWidth = up.map { $0.right - $0.left } ?? 0, downWidth = down.map { $0.right - $0.left } ?? 0
            if let up, upWidth >= downWidth {
                span = up
                top -= 1
            } else if let down {
                span = down
                bottom += 1
            } else {
                break
            }
            let candidate = PixelRect(x: span.left, y: top, width: span.right - span.left, height: bottom - top)
            if candidate.area > best.area { best = candidate }
        }
        return best.area * 4 >= source.width * source.height ? best : nil
    }

    /// `clip` cut into the pieces that miss the target pixels the bitmap's
    /// hole (`inkHole`) stays transparent at, when drawn through a 2D
    /// translation; `[clip]` otherwise. Only for operators under which a
    /// transparent source pixel leaves the destination as it is.
    func piecesAroundHole(_ clip: PixelRect, toTarget: CATransform3D, operation: pixman_op_t) -> [PixelRect] {
        guard operation == PIXMAN_OP_OVER || operation == PIXMAN_OP_ADD, toTarget.isTranslation2D, let hole = inkHole
        else { return [clip] }
        let x = toTarget.m41.rounded(.down), y = toTarget.m42.rounded(.down)
        guard abs(x) < CGFloat(1 << 24), abs(y) < CGFloat(1 << 24) else { return [clip] }
        // At a fraction, a target pixel blends the bitmap pixel under it and
        // the one up and left of that: the hole's first row and column no
        // longer stay transparent.
        let shrink = toTarget.isIntegerTranslation2D ? 0 : 1
        let clear = PixelRect(x: hole.x + Int(x) + shrink, y: hole.y + Int(y) + shrink,
                              width: hole.width - shrink, height: hole.height - shrink)
        return clip.subtracting(clear)
    }
}

extension LayerContent {
    /// The one colour all of `source`'s pixels have, if they have one and
    /// it is not transparent.
    static func uniformColor(of source: AffineBilinearSampler.Source) -> UInt32? {
        let first = source.base.load(as: UInt32.self)
        guard first != 0 else { return nil }
        for y in 0..<source.height {
            let row = (source.base + y * source.bytesPerRow).assumingMemoryBound(to: UInt32.self)
            for x in 0..<source.width where row[x] != first { return nil }
        }
        return first
    }

    /// The translation part of the fixed-point matrix pixman would sample
    /// the bitmap through for `toTarget` (a 2D translation): nil unless the
    /// rest of that matrix is exactly the identity.
    static func fixedOffsets(of toTarget: CATransform3D) -> (x: Int32, y: Int32)? {
        guard let inverse = Homography(toTarget).inverted(), let fixed = PixmanImage.fixedTransform(inverse) else { return nil }
        let m = fixed.matrix
        guard m.0.0 == 0x10000, m.0.1 == 0, m.1.0 == 0, m.1.1 == 0x10000, m.2.0 == 0, m.2.1 == 0, m.2.2 == 0x10000
        else { return nil }
        return (m.0.2, m.1.2)
    }
}

extension PixelRect {
    /// This rectangle less `hole`: up to four pieces (above, below, then
    /// left and right of it), none empty; itself when they do not meet.
    func subtracting(_ hole: PixelRect) -> [PixelRect] {
        guard let cut = intersection(hole), !cut.isEmpty else { return [self] }
        var pieces: [PixelRect] = []
        if cut.y > y { pieces.append(PixelRect(x: x, y: y, width: width, height: cut.y - y)) }
        if cut.maxY < maxY { pieces.append(PixelRect(x: x, y: cut.maxY, width: width, height: maxY - cut.maxY)) }
        if cut.x > x { pieces.append(PixelRect(x: x, y: cut.y, width: cut.x - x, height: cut.height)) }
        if cut.maxX < maxX { pieces.append(PixelRect(x: cut.maxX, y: cut.y, width: maxX - cut.maxX, height: cut.height)) }
        return pieces
    }
}
