/// The Kochanek-Bartels cubic through a keyframe animation's values, worked
/// on their flattened components (see `AnimatableValue.components`), for the
/// `cubic` and `cubicPaced` calculation modes.
///
/// Each segment is a cubic Hermite curve from value i to value i+1, with
/// parameter s in 0...1. The tangents are Kochanek-Bartels': with tension,
/// continuity and bias 0 they are Catmull-Rom's, half the chord from the
/// previous value to the next. Past either end the spline continues straight
/// (a value reflected through the end one), so an end tangent is the whole
/// chord to its neighbour. Interior tangents are scaled by the lengths of the
/// two key time intervals around them, as Kochanek and Bartels do for uneven
/// timing, so the speed does not jump at a keyframe. With four values 0, 1,
/// 0.5, 0.7 this reproduces the values Apple's QuartzCore was measured to
/// give, with and without key times.
struct KeyframeSpline: Sendable {
    private let points: [[Double]]
    /// The tangent leaving each point, the start of the segment after it.
    private let outgoing: [[Double]]
    /// The tangent arriving at each point, the end of the segment before it.
    private let incoming: [[Double]]
    /// For `cubicPaced`: cumulative arc length at `samplesPerSegment` even
    /// steps of s along every segment, starting at 0.
    private var arcLengths: [Double] = []
    private static let samplesPerSegment = 32

    /// `keyTimes` (one per point) only scale the interior tangents; the
    /// tension, continuity and bias arrays give one number per point, missing
    /// or non-finite entries counting as 0.
    init(points: [[Double]], keyTimes: [Double], tension: [Double]?, continuity: [Double]?, bias: [Double]?,
         arcLengthParameterized: Bool) {
        self.points = points
        let n = points.count
        func parameter(_ array: [Double]?, _ i: Int) -> Double {
            guard let array, i < array.count, array[i].isFinite else { return 0 }
            return array[i]
        }
        var outgoing: [[Double]] = [], incoming: [[Double]] = []
        for i in 0..<n {
            // The neighbours, reflected through the end point past either end.
            let previous = i > 0 ? points[i - 1] : zip(points[0], points[1]).map { 2 * $0 - $1 }
            let next = i < n - 1 ? points[i + 1] : zip(points[n - 1], points[n - 2]).map { 2 * $0 - $1 }
            let before = zip(points[i], previous).map { $0 - $1 }
            let after = zip(next, points[i]).map { $0 - $1 }
            let t = parameter(tension, i), c = parameter(continuity, i), b = parameter(bias, i)
            var outScale = 1.0, inScale = 1.0
            if i > 0 && i < n - 1 {
                let earlier = keyTimes[i] - keyTimes[i - 1], later = keyTimes[i + 1] - keyTimes[i]
                if earlier + later > 0 {
                    inScale = 2 * earlier / (earlier + later)
                    outScale = 2 * later / (earlier + later)
                }
            }
            let outBefore = (1 - t) * (1 + b) * (1 + c) / 2, outAfter = (1 - t) * (1 - b) * (1 - c) / 2
            let inBefore = (1 - t) * (1 + b) * (1 - c) / 2, inAfter = (1 - t) * (1 - b) * (1 + c) / 2
            outgoing.append(zip(before, after).map { outScale * (outBefore * $0 + outAfter * $1) })
            incoming.append(zip(before, after).map { inScale * (inBefore * $0 + inAfter * $1) })
        }
        self.outgoing = outgoing
        self.incoming = incoming
        if arcLengthParameterized { arcLengths = measureArcLengths() }
    }

    /// The point at parameter `s` of segment `i` (from point i to i+1).
    func evaluate(segment i: Int, at s: Double) -> [Double] {
        let s2 = s * s, s3 = s2 * s
        let h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s
        let h01 = -2 * s3 + 3 * s2, h11 = s3 - s2
        return (0..<points[i].count).map { k in
            h00 * points[i][k] + h10 * outgoing[i][k] + h01 * points[i + 1][k] + h11 * incoming[i + 1][k]
        }
    }

    /// The segment and parameter at `fraction` of the curve's whole arc
    /// length, or nil when the curve has no length to pace by.
    func location(atArcFraction fraction: Double) -> (segment: Int, s: Double)? {
        guard let total = arcLengths.last, total > 0, total.isFinite else { return nil }
        let steps = Self.samplesPerSegment
        let segments = points.count - 1
        if fraction >= 1 { return (segments - 1, 1) }
        let target = fraction * total
        // The last sample at or before the target.
        var low = 0, high = arcLengths.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if arcLengths[middle] <= target { low = middle } else { high = middle }
        }
        let span = arcLengths[high] - arcLengths[low]
        let within = span > 0 ? (target - arcLengths[low]) / span : 0
        let segment = min(low / steps, segments - 1)
        let s = (Double(low - segment * steps) + within) / Double(steps)
        return (segment, min(s, 1))
    }

    private func measureArcLengths() -> [Double] {
        let steps = Self.samplesPerSegment
        var lengths = [0.0]
        for i in 0..<(points.count - 1) {
            var previous = points[i]
            for j in 1...steps {
                let point = evaluate(segment: i, at: Double(j) / Double(steps))
                let step = zip(point, previous).reduce(0.0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
                lengths.append(lengths[lengths.count - 1] + step)
                previous = point
            }
        }
        return lengths
    }
}
