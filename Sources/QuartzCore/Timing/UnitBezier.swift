/// A cubic Bézier from (0, 0) to (1, 1) in power-basis form, so that x(t),
/// y(t) and x'(t) are each three multiply-adds.
struct UnitBezier: Sendable {
    /// `CAMediaTimingFunction.evaluate(_:)`: the output progress for input
    /// time `x`, the end points holding outside (0, 1) and for NaN.
    func evaluate(_ x: Double) -> Double {
        guard x > 0 else { return 0 }  // also catches NaN
        guard x < 1 else { return 1 }
        return y(solveParameter(forX: x))
    }

    let ax, bx, cx: Double
    let ay, by, cy: Double

    init(c1x: Double, c1y: Double, c2x: Double, c2y: Double) {
        // Clamping x keeps x(t) monotonic on [0, 1], so every x has exactly
        // one t and bisection cannot fail. Non-finite values fall back to the
        // linear curve's points rather than poisoning every result with NaN.
        let p1x = c1x.isFinite ? min(max(c1x, 0), 1) : 0
        let p2x = c2x.isFinite ? min(max(c2x, 0), 1) : 1
        let p1y = c1y.isFinite ? c1y : 0
        let p2y = c2y.isFinite ? c2y : 1
        cx = 3 * p1x
        bx = 3 * (p2x - p1x) - cx
        ax = 1 - cx - bx
        cy = 3 * p1y
        by = 3 * (p2y - p1y) - cy
        ay = 1 - cy - by
    }

    func x(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    func y(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    func dx(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    /// The t in [0, 1] with x(t) == `x`, for `x` in (0, 1), to about 1e-12.
    ///
    /// Both loops stop on the size of the step in t, not on the error in x:
    /// where x(t) is flat a tiny x error can hide a large t (and so y) error.
    func solveParameter(forX x: Double) -> Double {
        // Newton converges in a handful of steps on ordinary curves.
        var t = x
        for _ in 0..<8 {
            let slope = dx(t)
            if abs(slope) < 1e-6 { break }  // flat spot: Newton would jump away
            let step = (self.x(t) - x) / slope
            t -= step
            if !(t >= 0 && t <= 1) { break }  // left the domain (or NaN)
            if abs(step) < 1e-12 { return t }
        }
        // Bisection always converges because x(t) is monotonic; at most 64
        // halvings of [0, 1] exhaust Double precision, so the loop is bounded.
        var low = 0.0
        var high = 1.0
        var halvings = 0
        while high - low > 1e-13 && halvings < 64 {
            let mid = (low + high) / 2
            if self.x(mid) < x { low = mid } else { high = mid }
            halvings += 1
        }
        return (low + high) / 2
    }
}
