/// How a keyframe animation computes the values between keyframes.
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
    public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
    public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}

/// Whether a layer animated along a path turns to follow it.
public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let rotateAuto = CAAnimationRotationMode(rawValue: "auto")
    public static let rotateAutoReverse = CAAnimationRotationMode(rawValue: "autoReverse")
}

/// An animation through a sequence of values or along a path: Apple's
/// `CAKeyframeAnimation`.
open class CAKeyframeAnimation: CAPropertyAnimation {
    /// The keyframe values.
    open var values: [Any]? { get { get("values", nil) } set { set(newValue, "values") } }
    /// A path for point properties to follow; when set, `values` is ignored.
    open var path: CGPath? { get { get("path", nil) } set { set(newValue, "path") } }
    /// When each keyframe is reached, as fractions of the duration.
    open var keyTimes: [NSNumber]? { get { get("keyTimes", nil) } set { set(newValue, "keyTimes") } }
    /// The pacing of each segment between keyframes.
    open var timingFunctions: [CAMediaTimingFunction]? { get { get("timingFunctions", nil) } set { set(newValue, "timingFunctions") } }
    open var calculationMode: CAAnimationCalculationMode { get { get("calculationMode", .linear) } set { set(newValue, "calculationMode") } }
    open var tensionValues: [NSNumber]? { get { get("tensionValues", nil) } set { set(newValue, "tensionValues") } }
    open var continuityValues: [NSNumber]? { get { get("continuityValues", nil) } set { set(newValue, "continuityValues") } }
    open var biasValues: [NSNumber]? { get { get("biasValues", nil) } set { set(newValue, "biasValues") } }
    open var rotationMode: CAAnimationRotationMode? { get { get("rotationMode", nil) } set { set(newValue, "rotationMode") } }
}
