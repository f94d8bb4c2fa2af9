/// Durations counted in fixed buckets, so that a run of any length keeps
/// its frame-time percentiles in constant memory (about 50 KB): 10 µs
/// buckets up to 100 ms, 1 ms buckets up to 2 s, one bucket beyond. The
/// exact minimum and maximum are kept besides. A value.
struct DurationHistogram: Sendable, Equatable {
    static let fineWidth = 0.000_01
    static let fineLimit = 0.1
    static let coarseWidth = 0.001
    static let coarseLimit = 2.0
    static let fineCount = Int((fineLimit / fineWidth).rounded())
    static let coarseCount = Int(((coarseLimit - fineLimit) / coarseWidth).rounded())

    private var buckets = [UInt32](repeating: 0, count: fineCount + coarseCount + 1)
    private(set) var count = 0
    private(set) var minimum = Double.infinity
    private(set) var maximum = -Double.infinity

    mutating func add(_ duration: Double) {
        guard !duration.isNaN else { return }
        let value = max(0, duration)
        buckets[Self.bucket(of: value)] &+= 1
        count += 1
        minimum = min(minimum, value)
        maximum = max(maximum, value)
    }

    static func bucket(of value: Double) -> Int {
        if value < fineLimit { return min(fineCount - 1, Int(value / fineWidth)) }
        if value < coarseLimit { return fineCount + min(coarseCount - 1, Int((value - fineLimit) / coarseWidth)) }
        return fineCount + coarseCount
    }

    /// The middle of bucket `index` (the overflow bucket has none: nil).
    static func middle(of index: Int) -> Double? {
        if index < fineCount { return (Double(index) + 0.5) * fineWidth }
        if index < fineCount + coarseCount { return fineLimit + (Double(index - fineCount) + 0.5) * coarseWidth }
        return nil
    }

    /// The nearest-rank `p`-th percentile (0 < p <= 100), to its bucket:
    /// the bucket's middle, kept within the minimum and maximum seen (so a
    /// run of equal durations reports that duration). Nil when empty.
    func percentile(_ p: Double) -> Double? {
        guard count > 0 else { return nil }
        let rank = min(count, max(1, Int((p / 100 * Double(count)).rounded(.up))))
        var seen = 0
        for (index, bucketCount) in buckets.enumerated() where bucketCount > 0 {
            seen += Int(bucketCount)
            if seen >= rank { return max(minimum, min(maximum, Self.middle(of: index) ?? maximum)) }
        }
        return maximum
    }

    /// The percentiles the profiler reports; nil when empty.
    var percentiles: FrameTimePercentiles? {
        guard let p50 = percentile(50), let p95 = percentile(95), let p99 = percentile(99) else { return nil }
        return FrameTimePercentiles(p50: p50, p95: p95, p99: p99, maximum: maximum, count: count)
    }
}
