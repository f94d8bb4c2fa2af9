/// One drawn piece of a path (a line or a Bézier curve) with its start point
/// resolved: a Lamina addition for the animation engine, not Apple API.
///
/// A path's elements only store where each piece *ends*; a segment also
/// carries where it starts, so it can be evaluated on its own. Keyframe
/// animation along a path (`CAKeyframeAnimation.path`) treats every element
/// except move-tos as one keyframe segment, which is what
/// `CGPathSnapshot.segments` lists.
public struct CGPathSegment: Hashable, Sendable {
    /// The shape of a segment.
    public enum Kind: Hashable, Sendable {
        /// A straight line (also what `closeSubpath` draws).
        case line
        /// A quadratic Bézier curve; `control1 == control2` is its one control point.
        case quadCurve
        /// A cubic Bézier curve.
        case curve
    }

    public var kind: Kind
    public var start: CGPoint
    /// The first control point (the only one for `.quadCurve`; `start` for `.line`).
    public var control1: CGPoint
    /// The second control point (equal to `control1` for `.quadCurve`; `end` for `.line`).
    public var control2: CGPoint
    public var end: CGPoint
    /// The index in `CGPathSnapshot.elements` of the element that drew this segment.
    public var elementIndex: Int
    /// True when the segment is the line drawn by `closeSubpath` (it may have zero length).
    public var isClosing: Bool

    public init(kind: Kind, start: CGPoint, control1: CGPoint, control2: CGPoint, end: CGPoint,
                elementIndex: Int = 0, isClosing: Bool = false) {
        self.kind = kind
        self.start = start
        self.control1 = control1
        self.control2 = control2
        self.end = end
        self.elementIndex = elementIndex
        self.isClosing = isClosing
    }

    /// A straight segment from `start` to `end`.
    public static func line(from start: CGPoint, to end: CGPoint, elementIndex: Int = 0,
                            isClosing: Bool = false) -> CGPathSegment {
        CGPathSegment(kind: .line, start: start, control1: start, control2: end, end: end,
                      elementIndex: elementIndex, isClosing: isClosing)
    }

    /// The point at parameter `t` in 0...1.
    public func point(at t: CGFloat) -> CGPoint {
        let u = 1 - t
        switch kind {
        case .line:
            return CGPoint(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t)
        case .quadCurve:
            let a = u * u, b = 2 * u * t, c = t * t
            return CGPoint(x: a * start.x + b * control1.x + c * end.x,
                           y: a * start.y + b * control1.y + c * end.y)
        case .curve:
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            return CGPoint(x: a * start.x + b * control1.x + c * control2.x + d * end.x,
                           y: a * start.y + b * control1.y + c * control2.y + d * end.y)
        }
    }

    /// The derivative (velocity) at parameter `t`; zero where the curve has a
    /// degenerate control point, see `tangent(at:)`.
    public func derivative(at t: CGFloat) -> CGPoint {
        let u = 1 - t
        switch kind {
        case .line:
            return CGPoint(x: end.x - start.x, y: end.y - start.y)
        case .quadCurve:
            return CGPoint(x: 2 * u * (control1.x - start.x) + 2 * t * (end.x - control1.x),
                           y: 2 * u * (control1.y - start.y) + 2 * t * (end.y - control1.y))
        case .curve:
            let a = 3 * u * u, b = 6 * u * t, c = 3 * t * t
            return CGPoint(x: a * (control1.x - start.x) + b * (control2.x - control1.x) + c * (end.x - control2.x),
                           y: a * (control1.y - start.y) + b * (control2.y - control1.y) + c * (end.y - control2.y))
        }
    }

    /// The direction of travel at `t`, never zero unless the whole segment is
    /// a single point. Where the derivative vanishes (a control point on top
    /// of an end point, as in arcs of zero radius or hand-made curves) it
    /// looks slightly inward, then falls back to the chord, so `rotationMode`
    /// auto-rotation never snaps to angle 0 at such points.
    public func tangent(at t: CGFloat) -> CGPoint {
        let direct = derivative(at: t)
        if direct.x != 0 || direct.y != 0 { return direct }
        let nudged = derivative(at: t < 0.5 ? t + 1e-3 : t - 1e-3)
        if nudged.x != 0 || nudged.y != 0 { return nudged }
        return CGPoint(x: end.x - start.x, y: end.y - start.y)
    }

    /// The parameters in (0, 1) where the curve turns in x or in y; the
    /// bounding box of the curve is spanned by these points and the ends.
    func extremaParameters() -> [CGFloat] {
        var result: [CGFloat] = []
        func keep(_ t: CGFloat) { if t > 0, t < 1 { result.append(t) } }
        switch kind {
        case .line:
            break
        case .quadCurve:
            for (s, c, e) in [(start.x, control1.x, end.x), (start.y, control1.y, end.y)] {
                let denominator = s - 2 * c + e
                if denominator != 0 { keep((s - c) / denominator) }
            }
        case .curve:
            for (p0, p1, p2, p3) in [(start.x, control1.x, control2.x, end.x),
                                     (start.y, control1.y, control2.y, end.y)] {
                // B'(t)/3 = a t^2 + b t + c
                let a = -p0 + 3 * p1 - 3 * p2 + p3
                let b = 2 * (p0 - 2 * p1 + p2)
                let c = p1 - p0
                if abs(a) < 1e-12 {
                    if b != 0 { keep(-c / b) }
                } else {
                    let discriminant = b * b - 4 * a * c
                    if discriminant >= 0 {
                        let root = discriminant.squareRoot()
                        keep((-b + root) / (2 * a))
                        keep((-b - root) / (2 * a))
                    }
                }
            }
        }
        return result
    }

    /// How many straight pieces keep the polyline within `tolerance` of the curve.
    ///
    /// Uses the standard bound on a uniformly subdivided Bézier: the distance
    /// to the chord is at most max|B''| / (8 n²).
    func pieceCount(tolerance: CGFloat) -> Int {
        let secondDifference: CGFloat
        let scale: CGFloat
        switch kind {
        case .line:
            return 1
        case .quadCurve:
            secondDifference = hypot(start.x - 2 * control1.x + end.x, start.y - 2 * control1.y + end.y)
            scale = 1.0 / 4.0 // |B''| = 2 L
        case .curve:
            secondDifference = Swift.max(
                hypot(start.x - 2 * control1.x + control2.x, start.y - 2 * control1.y + control2.y),
                hypot(control1.x - 2 * control2.x + end.x, control1.y - 2 * control2.y + end.y))
            scale = 3.0 / 4.0 // |B''| <= 6 L
        }
        let safeTolerance = tolerance.isFinite && tolerance > 0 ? Swift.max(tolerance, 1e-6) : 0.1
        let count = (scale * secondDifference / safeTolerance).squareRoot().rounded(.up)
        guard count.isFinite else { return 1 }
        return Int(Swift.min(Swift.max(count, 1), 1024))  // clamped before converting: huge paths must not trap
    }

    /// The segment as a polyline from `start` to `end` (both included) that
    /// stays within `tolerance` of the true curve.
    public func flattened(tolerance: CGFloat) -> [CGPoint] {
        let count = pieceCount(tolerance: tolerance)
        if count == 1 { return [start, end] }
        var points = [start]
        points.reserveCapacity(count + 1)
        for index in 1..<count { points.append(point(at: CGFloat(index) / CGFloat(count))) }
        points.append(end)
        return points
    }

    /// The arc length, measured on the polyline of `flattened(tolerance:)`.
    public func length(tolerance: CGFloat = 0.1) -> CGFloat {
        if kind == .line { return hypot(end.x - start.x, end.y - start.y) }
        let points = flattened(tolerance: tolerance)
        var total: CGFloat = 0
        for index in 1..<points.count {
            total += hypot(points[index].x - points[index - 1].x, points[index].y - points[index - 1].y)
        }
        return total
    }
}
