import Foundation

/// Percentiles and formatting for benchmark figures.
public enum BenchmarkStatistics {
    /// The `p`-th percentile (0...100) of `values`, nearest rank; nil when empty.
    public static func percentile(_ values: [Double], _ p: Double) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
        return sorted[max(0, min(sorted.count - 1, rank))]
    }

    /// Milliseconds with `digits` decimals ("n/a" for nil).
    public static func ms(_ seconds: Double?, digits: Int = 3) -> String {
        guard let seconds else { return "n/a" }
        return String(format: "%.\(digits)f ms", seconds * 1000)
    }

    /// Monotonic seconds.
    public static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    /// The machine's load averages, for the record beside every figure.
    public static func loadAverage() -> String {
        (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?
            .split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
    }
}

/// Keeps `value` alive, so that the work that made it is not optimized away.
@inline(never)
public func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
