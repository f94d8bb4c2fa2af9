/// Rectangles, rounded rectangles and ellipses, element for element as Apple
/// builds them. Shared by `CGMutablePath`'s `add…` methods and `CGPath`'s
/// convenience initializers.
extension CGPathSnapshot {
    /// Apple's documented order: move to the bottom-left (min x, min y)
    /// corner, three lines counterclockwise (in a y-up space), close.
    /// A null rectangle adds nothing.
    mutating func appendRect(_ rect: CGRect, transform t: CGAffineTransform) {
        guard !rect.isNull else { return }
        append(.moveTo(CGPoint(x: rect.minX, y: rect.minY).applying(t)))
        append(.addLineTo(CGPoint(x: rect.maxX, y: rect.minY).applying(t)))
        append(.addLineTo(CGPoint(x: rect.maxX, y: rect.maxY).applying(t)))
        append(.addLineTo(CGPoint(x: rect.minX, y: rect.maxY).applying(t)))
        append(.closeSubpath)
    }

    /// Apple's ellipse: a move to the right-most point (max x, mid y), then
    /// four quarter-ellipse cubic Béziers with angles increasing — through
    /// (mid x, max y), (min x, mid y), (mid x, min y) and back — then a close.
    /// (Apple's docs call this "clockwise": it looks so in UIKit's flipped
    /// space.) A null rectangle adds nothing.
    mutating func appendEllipse(in rect: CGRect, transform t: CGAffineTransform) {
        guard !rect.isNull else { return }
        let minX = rect.minX, midX = rect.midX, maxX = rect.maxX
        let minY = rect.minY, midY = rect.midY, maxY = rect.maxY
        let kx = Self.kappa * rect.width / 2, ky = Self.kappa * rect.height / 2
        func p(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: x, y: y).applying(t) }
        append(.moveTo(p(maxX, midY)))
        append(.addCurveTo(control1: p(maxX, midY + ky), control2: p(midX + kx, maxY), end: p(midX, maxY)))
        append(.addCurveTo(control1: p(midX - kx, maxY), control2: p(minX, midY + ky), end: p(minX, midY)))
        append(.addCurveTo(control1: p(minX, midY - ky), control2: p(midX - kx, minY), end: p(midX, minY)))
        append(.addCurveTo(control1: p(midX + kx, minY), control2: p(maxX, midY - ky), end: p(maxX, midY)))
        append(.closeSubpath)
    }

    /// A rounded rectangle whose corners are quarter ellipses of
    /// `cornerWidth` × `cornerHeight`, going the same way round as the
    /// ellipse (angles increasing): it starts at the bottom of the right
    /// edge's straight part, (max x, min y + cornerHeight), runs up the right
    /// edge, and ends with the bottom-right corner, then closes.
    ///
    /// Apple asserts (crashes) when a corner size is negative or more than
    /// half the rectangle; Lamina clamps it into that range instead. A zero
    /// corner size adds a plain rectangle, and straight edges of zero length
    /// are left out. The exact start point of Apple's element list is not
    /// documented; this one is Lamina's choice.
    mutating func appendRoundedRect(_ rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                                    transform t: CGAffineTransform) {
        guard !rect.isNull else { return }
        let box = rect.standardized
        let cw = Swift.min(Swift.max(cornerWidth.isNaN ? 0 : cornerWidth, 0), box.width / 2)
        let ch = Swift.min(Swift.max(cornerHeight.isNaN ? 0 : cornerHeight, 0), box.height / 2)
        guard cw > 0, ch > 0 else { appendRect(box, transform: t); return }
        let minX = box.minX, maxX = box.maxX, minY = box.minY, maxY = box.maxY
        let kx = Self.kappa * cw, ky = Self.kappa * ch
        func p(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: x, y: y).applying(t) }
        func line(_ x: CGFloat, _ y: CGFloat) {
            let point = p(x, y)
            if !Self.nearlyEqual(point, currentPoint) { append(.addLineTo(point)) }
        }
        append(.moveTo(p(maxX, minY + ch)))
        line(maxX, maxY - ch)
        append(.addCurveTo(control1: p(maxX, maxY - ch + ky), control2: p(maxX - cw + kx, maxY),
                           end: p(maxX - cw, maxY)))
        line(minX + cw, maxY)
        append(.addCurveTo(control1: p(minX + cw - kx, maxY), control2: p(minX, maxY - ch + ky),
                           end: p(minX, maxY - ch)))
        line(minX, minY + ch)
        append(.addCurveTo(control1: p(minX, minY + ch - ky), control2: p(minX + cw - kx, minY),
                           end: p(minX + cw, minY)))
        line(maxX - cw, minY)
        append(.addCurveTo(control1: p(maxX - cw + kx, minY), control2: p(maxX, minY + ch - ky),
                           end: p(maxX, minY + ch)))
        append(.closeSubpath)
    }
}
