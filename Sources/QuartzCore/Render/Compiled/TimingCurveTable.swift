/// The timing curves of one render tree, one for each distinct timing and
/// easing its compiled animations use (`TimingCurve`). Confined, like the
/// tree, to the thread that renders.
final class TimingCurveTable {
    /// A timing and easing, compared bit for bit (so that NaN matches NaN
    /// and -0 is not 0: the curve's answers may differ for them).
    struct Key: Hashable {
        let begin, speed, offset, duration, activeDuration: UInt64
        let flags: UInt8
        let easingKind: UInt8
        /// The curve's coefficients or the spring's parameters; zero where unused.
        let p0, p1, p2, p3, p4, p5: UInt64

        init(_ timing: ResolvedTiming, _ easing: CompiledAnimation.Easing) {
            begin = timing.begin.bitPattern
            speed = timing.speed.bitPattern
            offset = timing.offset.bitPattern
            duration = timing.duration.bitPattern
            activeDuration = timing.activeDuration.bitPattern
            flags = (timing.autoreverses ? 1 : 0) | (timing.fillsBackwards ? 2 : 0) | (timing.fillsForwards ? 4 : 0)
            let parameters: [Double]
            switch easing {
            case .linear:
                easingKind = 0
                parameters = []
            case .curve(let curve):
                easingKind = 1
                parameters = [curve.ax, curve.bx, curve.cx, curve.ay, curve.by, curve.cy]
            case .spring(let solver):
                easingKind = solver.allowsOverdamping ? 3 : 2
                parameters = [solver.mass, solver.stiffness, solver.damping, solver.initialVelocity]
            }
            let bits = parameters.map(\.bitPattern) + Array(repeating: 0, count: 6 - parameters.count)
            (p0, p1, p2, p3, p4, p5) = (bits[0], bits[1], bits[2], bits[3], bits[4], bits[5])
        }
    }

    private var curves: [Key: TimingCurve] = [:]
    /// How many curves were held after the last sweep for unused ones.
    private var countAfterSweep = 0

    init() {}

    /// The curve for `timing` and `easing`: the one already held when
    /// another animation uses the same, a new one otherwise.
    func curve(for timing: ResolvedTiming, easing: CompiledAnimation.Easing) -> TimingCurve {
        let key = Key(timing, easing)
        if let curve = curves[key] { return curve }
        let curve = TimingCurve(timing: timing, easing: easing)
        curves[key] = curve
        return curve
    }

    /// How many curves are held (tests).
    var count: Int { curves.count }

    /// Forgets the curves no animation uses any more, once there are twice
    /// as many as after the last sweep (so that most commits cost no walk
    /// over the table), or whenever `always`.
    func forgetUnused(always: Bool = false) {
        guard always || curves.count > max(64, 2 * countAfterSweep) else { return }
        // The keys copied out first: iterating the dictionary itself would
        // hold its storage, and the in-place access below would copy it all.
        for key in Array(curves.keys) where isKnownUniquelyReferenced(&curves[key]!) {
            curves[key] = nil
        }
        countAfterSweep = curves.count
    }
}
