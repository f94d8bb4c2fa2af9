/// The 50th, 95th and 99th percentiles and the maximum of a set of
/// durations (seconds), by the nearest-rank method: the p-th percentile is
/// the smallest sample with at least p% of the samples at or below it, so
/// it is always one of the samples (never an interpolation).
package struct FrameTimePercentiles: Sendable, Equatable {
    package var p50: Double
    package var p95: Double
    package var p99: Double
    package var maximum: Double
    /// How many samples they were taken over.
    package var count: Int

    package init(p50: Double, p95: Double, p99: Double, maximum: Double, count: Int) {
        self.p50 = p50
        self.p95 = p95
        self.p99 = p99
        self.maximum = maximum
        self.count = count
    }

    /// The percentiles of `samples`; nil when there are none. NaN samples are ignored.
    package init?(_ samples: some Collection<Double>) {
        let sorted = samples.filter { !$0.isNaN }.sorted()
        guard let last = sorted.last else { return nil }
        p50 = Self.percentile(50, ofSorted: sorted)
        p95 = Self.percentile(95, ofSorted: sorted)
        p99 = Self.percentile(99, ofSorted: sorted)
        maximum = last
        count = sorted.count
    }

    /// The nearest-rank `p`-th percentile (0 < p <= 100) of ascending, non-empty `sorted`.
    static func percentile(_ p: Double, ofSorted sorted: [Double]) -> Double {
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(sorted.count, max(1, rank)) - 1]
    }
}
