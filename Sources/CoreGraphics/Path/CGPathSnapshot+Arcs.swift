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

    /// The most turns one arc may sweep. A literal sweep is kept (see
    /// `arcSweep`), so an absurd angle would otherwise build millions of
    /// curves; 1,024 turns is far past anything visible or animated, and
    /// still only 4,096 curves.
    static let maximumArcTurns: CGFloat = 1024

    /// Appends Apple's `addArc(center:radius:startAngle:endAngle:clockwise:)`:
    /// the sweep `arcSweep` gives, from `startAngle`. Non-finite input adds
    /// nothing and is reported, as CG logs "invalid value for start or end
    /// angle" and adds nothing.
    mutating func appendArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                            clockwise: Bool, transform t: CGAffineTransform) {
        guard let sweep = Self.arcSweep(startAngle: startAngle, endAngle: endAngle, clockwise: clockwise) else {
            return Self.reportNonFiniteArc()
        }
        appendArc(center: center, radius: radius, startAngle: startAngle, delta: sweep, transform: t)
    }

    /// Appends an arc of `delta` radians starting at `startAngle` (every turn
    /// of it, up to `maximumArcTurns`), preceded by a move-to (empty path) or
    /// a line from the current point to the arc's start (unless the path is
    /// already there). Each Bézier covers at most a quarter turn: whole
    /// quarter turns from the start angle first, then the remainder, which
    /// reproduces Apple's element lists. Non-finite input adds nothing.
    mutating func appendArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
                            transform t: CGAffineTransform) {
        guard center.x.isFinite, center.y.isFinite, radius.isFinite,
              startAngle.isFinite, delta.isFinite else { return Self.reportNonFiniteArc() }
        func onCircle(_ angle: CGFloat) -> CGPoint {
            CGPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
        }
        let first = onCircle(startAngle).applying(t)
        if !hasCurrentPoint {
            append(.moveTo(first))
        } else if !Self.nearlyEqual(currentPoint, first) {
            append(.addLineTo(first))
        }
        let limit = Self.maximumArcTurns * 2 * .pi
        if abs(delta) > limit {
            CGDiagnostics.reportOnce("an arc of more than \(Int(Self.maximumArcTurns)) turns was "
                                     + "clamped to \(Int(Self.maximumArcTurns)) turns")
        }
        let sweep = Swift.max(Swift.min(delta, limit), -limit)
        // Piece boundaries are computed from the start angle, not summed
        // step by step, so a sweep of many turns does not gather round-off
        // (which could leave a stray sliver of a curve at the end).
        let quarter = CGFloat.pi / 2, sign: CGFloat = sweep < 0 ? -1 : 1
        var pieces = Int((abs(sweep) / quarter).rounded(.down))
        if abs(sweep) - CGFloat(pieces) * quarter > 1e-9 { pieces += 1 }
        func boundary(_ index: Int) -> CGFloat {
            index == pieces ? startAngle + sweep : startAngle + sign * CGFloat(index) * quarter
        }
        for index in 0..<pieces {
            let angle = boundary(index), end = boundary(index + 1)
            let step = end - angle
            let handle = 4.0 / 3.0 * tan(step / 4) * radius
            let p0 = onCircle(angle), p3 = onCircle(end)
            let p1 = CGPoint(x: p0.x - handle * sin(angle), y: p0.y + handle * cos(angle))
            let p2 = CGPoint(x: p3.x + handle * sin(end), y: p3.y - handle * cos(end))
            append(.addCurveTo(control1: p1.applying(t), control2: p2.applying(t), end: p3.applying(t)))
        }
    }

    /// The signed sweep of `addArc(center:radius:startAngle:endAngle:clockwise:)`
    /// (positive: angles increase), or nil when an angle is not finite.
    ///
    /// With Δ = `endAngle` − `startAngle`, and `clockwise: false` asking for
    /// increasing angles:
    /// - Δ in the requested direction: exactly Δ, every turn kept, so
    ///   1.5π → 5.5π counterclockwise is two whole turns.
    /// - Δ = 0: no sweep (only the move or line to the start point).
    /// - Δ the other way: with r = |Δ| mod 2π, one full turn in the
    ///   requested direction when r is 0 (a whole number of turns, as in
    ///   0 → 2π clockwise), otherwise 2π − r in the requested direction: the
    ///   way round from the start point to the end point.
    ///
    /// Evidence (docs/behaviour.md, "Arcs", has the whole of it): CG does not
    /// clamp multi-turn sweeps the way the HTML canvas does, since WebKit's
    /// canvas code clamps the angles itself before calling `CGPathAddArc`;
    /// NVActivityIndicatorView's Orbit animation sends a satellite along a
    /// 1.5π → 5.5π arc and doubles its duration for the two turns. Apple's
    /// CGPath.h says 0 → 2π clockwise "draws nothing" but that round-off may
    /// draw a full circle; widely used code (Objective-C's
    /// `CGContextAddArc(c, x, y, r, 0, 2*M_PI, 1)`, UIKit's
    /// `UIBezierPath(arcCenter:…, 0, 2π, clockwise: false)`, which
    /// NVActivityIndicatorView fills for every dot) relies on the circle, so
    /// Lamina always draws it, where Apple's outcome depends on round-off.
    /// A remainder within 1e-9 of a whole turn counts as a whole turn, so the
    /// idiom written with angles computed another way draws the circle too,
    /// not an invisible sliver.
    static func arcSweep(startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) -> CGFloat? {
        let delta = endAngle - startAngle
        guard startAngle.isFinite, endAngle.isFinite, delta.isFinite else { return nil }
        let direction: CGFloat = clockwise ? -1 : 1
        if delta == 0 || delta * direction > 0 { return delta }
        let fullTurn = 2 * CGFloat.pi
        let remainder = abs(delta).truncatingRemainder(dividingBy: fullTurn)
        let isWholeTurns = remainder <= 1e-9 || fullTurn - remainder <= 1e-9
        return direction * (isWholeTurns ? fullTurn : fullTurn - remainder)
    }

    /// Says once that an arc with non-finite input was left out.
    private static func reportNonFiniteArc() {
        CGDiagnostics.reportOnce("an arc with a non-finite centre, radius or angle was ignored")
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
