/// Circular arcs, built from cubic Béziers as Apple's are.
///
/// Angle convention (Apple's): angles are measured from the positive x-axis
/// towards the positive y-axis of the path's own coordinate space. In a
/// y-up space (Quartz's default, and Core Animation's on macOS) `clockwise:
/// false` — and a positive `delta` — therefore moves counterclockwise on
/// screen, with angles increasing; in a flipped (y-down, UIKit-style) space
/// the same arc looks clockwise. Lamina does not flip anything: it follows
/// the numbers, like Apple.
extension CGPathSnapshot {
    /// `4/3 (√2 − 1)`: the control-point distance, as a fraction of the
    /// radius, of a cubic Bézier approximating a quarter circle.
    static let kappa: CGFloat = 0.552_284_749_830_793_4

    /// Appends an arc of `delta` radians starting at `startAngle`, preceded by
    /// a move-to (empty path) or a line from the current point to the arc's
    /// start (unless the path is already there). Each Bézier covers at most a
    /// quarter turn: whole quarter turns first, then the remainder, which
    /// reproduces Apple's element lists.
    mutating func appendArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
                            transform t: CGAffineTransform) {
        guard center.x.isFinite, center.y.isFinite, radius.isFinite,
              startAngle.isFinite, delta.isFinite else { return }
        func onCircle(_ angle: CGFloat) -> CGPoint {
            CGPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
        }
        let first = onCircle(startAngle).applying(t)
        if !hasCurrentPoint {
            append(.moveTo(first))
        } else if !Self.nearlyEqual(currentPoint, first) {
            append(.addLineTo(first))
        }
        // A huge delta would otherwise loop for a very long time; 64 turns is
        // far more than anything visible.
        let quarter = CGFloat.pi / 2
        var remaining = Swift.max(Swift.min(delta, 128 * .pi), -128 * .pi)
        var angle = startAngle
        while abs(remaining) > 1e-9 {
            let step = remaining > 0 ? Swift.min(remaining, quarter) : Swift.max(remaining, -quarter)
            let end = angle + step
            let handle = 4.0 / 3.0 * tan(step / 4) * radius
            let p0 = onCircle(angle), p3 = onCircle(end)
            let p1 = CGPoint(x: p0.x - handle * sin(angle), y: p0.y + handle * cos(angle))
            let p2 = CGPoint(x: p3.x + handle * sin(end), y: p3.y - handle * cos(end))
            append(.addCurveTo(control1: p1.applying(t), control2: p2.applying(t), end: p3.applying(t)))
            angle = end
            remaining -= step
        }
    }

    /// The signed sweep of `addArc(center:radius:startAngle:endAngle:clockwise:)`.
    ///
    /// Follows the rule CoreGraphics and the HTML canvas (specified after it)
    /// share: going the requested way, a difference of a full turn or more
    /// draws the whole circle; otherwise the arc runs from the start angle to
    /// the end angle's position on the circle, so it is less than a full turn
    /// and zero when the two angles name the same point.
    static func arcSweep(startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) -> CGFloat {
        let fullTurn = 2 * CGFloat.pi
        var sweep = clockwise ? startAngle - endAngle : endAngle - startAngle
        guard sweep.isFinite else { return 0 }
        if sweep >= fullTurn {
            sweep = fullTurn
        } else {
            sweep = sweep.truncatingRemainder(dividingBy: fullTurn)
            if sweep < 0 { sweep += fullTurn }
        }
        return clockwise ? -sweep : sweep
    }

    /// Appends Apple's `addArc(tangent1End:tangent2End:radius:)`: a line from
    /// the current point towards `tangent1End`, then the arc of `radius`
    /// tangent to both that line and the line from `tangent1End` to
    /// `tangent2End`. Degenerate input (coincident or collinear points, a
    /// radius that is not positive) adds a straight line to `tangent1End`.
    /// Ignored on an empty path, which has no current point.
    mutating func appendTangentArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat,
                                   transform t: CGAffineTransform) {
        guard hasCurrentPoint else { return }
        let lineToCorner = CGPathElementValue.addLineTo(tangent1End.applying(t))
        // The tangent geometry is defined in user space, before `t`; bring
        // the current point (in path space) back there.
        let determinant = t.a * t.d - t.b * t.c
        guard determinant != 0, determinant.isFinite, radius > 0, radius.isFinite else {
            append(lineToCorner); return
        }
        let p0 = currentPoint.applying(t.inverted()), p1 = tangent1End, p2 = tangent2End
        let toStart = CGPoint(x: p0.x - p1.x, y: p0.y - p1.y)
        let toEnd = CGPoint(x: p2.x - p1.x, y: p2.y - p1.y)
        let startLength = hypot(toStart.x, toStart.y), endLength = hypot(toEnd.x, toEnd.y)
        guard startLength > 0, endLength > 0, startLength.isFinite, endLength.isFinite else {
            append(lineToCorner); return
        }
        let u = CGPoint(x: toStart.x / startLength, y: toStart.y / startLength)
        let v = CGPoint(x: toEnd.x / endLength, y: toEnd.y / endLength)
        let cosine = Swift.max(-1, Swift.min(1, u.x * v.x + u.y * v.y))
        let theta = acos(cosine) // the angle at the corner
        guard theta > 1e-9, theta < .pi - 1e-9 else { append(lineToCorner); return }
        let tangentDistance = radius / tan(theta / 2)
        let bisector = CGPoint(x: u.x + v.x, y: u.y + v.y)
        let bisectorLength = hypot(bisector.x, bisector.y)
        let centerDistance = radius / sin(theta / 2)
        let center = CGPoint(x: p1.x + bisector.x / bisectorLength * centerDistance,
                             y: p1.y + bisector.y / bisectorLength * centerDistance)
        let tangentPoint1 = CGPoint(x: p1.x + u.x * tangentDistance, y: p1.y + u.y * tangentDistance)
        let tangentPoint2 = CGPoint(x: p1.x + v.x * tangentDistance, y: p1.y + v.y * tangentDistance)
        let startAngle = atan2(tangentPoint1.y - center.y, tangentPoint1.x - center.x)
        let endAngle = atan2(tangentPoint2.y - center.y, tangentPoint2.x - center.x)
        // A left turn (positive cross product) bends counterclockwise.
        let turn = (p1.x - p0.x) * (p2.y - p1.y) - (p1.y - p0.y) * (p2.x - p1.x)
        var sweep = endAngle - startAngle
        if turn > 0, sweep < 0 { sweep += 2 * .pi }
        if turn < 0, sweep > 0 { sweep -= 2 * .pi }
        appendArc(center: center, radius: radius, startAngle: startAngle, delta: sweep, transform: t)
    }

    /// Equal up to floating-point noise relative to the coordinates' size, so
    /// an arc that starts where the path already is adds no stray line.
    static func nearlyEqual(_ a: CGPoint, _ b: CGPoint) -> Bool {
        let scale = Swift.max(1, abs(a.x), abs(a.y), abs(b.x), abs(b.y))
        return abs(a.x - b.x) <= 1e-9 * scale && abs(a.y - b.y) <= 1e-9 * scale
    }
}
