extension Int {
    /// `value` as an integer without trapping: NaN becomes 0 and anything
    /// beyond ±`limit` is clamped first (Swift traps converting a double
    /// outside Int's range, and bad input must never crash).
    init(clampedFrom value: Double, limit: Double = 4_503_599_627_370_496) {
        self = value.isNaN ? 0 : Int(Swift.min(limit, Swift.max(-limit, value)))
    }

    /// The same for `CGFloat`.
    init(clampedFrom value: CGFloat, limit: Double = 4_503_599_627_370_496) {
        self.init(clampedFrom: Double(value), limit: limit)
    }
}
