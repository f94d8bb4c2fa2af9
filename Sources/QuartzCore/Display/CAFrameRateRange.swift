/// The frame rates something that animates would like: Apple's
/// `CAFrameRateRange` (`CADisplayLink.preferredFrameRateRange`,
/// `CAAnimation.preferredFrameRateRange`). Zeros mean no preference: the
/// display's own rate.
public struct CAFrameRateRange: Sendable, Hashable {
    /// The lowest acceptable rate, frames a second.
    public var minimum: Float
    /// The highest useful rate, frames a second.
    public var maximum: Float
    /// The rate asked for; nil for none (stored as 0, as Apple's C struct does).
    public var preferred: Float? {
        get { preferredRate == 0 ? nil : preferredRate }
        set { preferredRate = newValue ?? 0 }
    }

    private var preferredRate: Float

    /// No preference: `CAFrameRateRange.default`.
    public init() {
        minimum = 0
        maximum = 0
        preferredRate = 0
    }

    /// A range from `minimum` to `maximum`, preferring `preferred`.
    public init(minimum: Float, maximum: Float, preferred: Float? = nil) {
        self.minimum = minimum
        self.maximum = maximum
        preferredRate = preferred ?? 0
    }

    /// No preference (Apple's `CAFrameRateRangeDefault`): the display's rate.
    public static let `default` = CAFrameRateRange()

    /// The rate this range asks for: the preferred rate, else the maximum;
    /// nil when it has no preference or its numbers are not usable (NaN,
    /// infinite or not positive), which means the display's own rate.
    var requestedRate: Float? {
        let rate = preferredRate > 0 ? preferredRate : maximum
        return rate.isFinite && rate > 0 ? rate : nil
    }
}
