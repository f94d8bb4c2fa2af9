/// Methods that model a hierarchical timing system, allowing objects to map
/// time between their parent and local time.
///
/// Layers and animations adopt this protocol. Absolute time is the value of
/// `CACurrentMediaTime()`. Converting parent time to local time has two
/// stages, as on Apple platforms:
///
/// 1. to *active local time*: `t = (parentTime - beginTime) * speed + timeOffset`,
///    which places the object on its parent's timeline and sets how fast it
///    plays relative to the parent;
/// 2. from active to *basic local time*: the object repeats its basic
///    `duration` (`repeatCount` or `repeatDuration` times), optionally
///    playing backwards after each forward pass (`autoreverses`), and
///    `fillMode` says what it shows outside its active duration.
///
/// The arithmetic lives in `MediaTiming` (a value snapshot of these eight
/// properties) so that the render thread never touches the objects.
public protocol CAMediaTiming: AnyObject {
    /// The begin time of the receiver, in its parent's time space. Defaults to 0.
    var beginTime: CFTimeInterval { get set }
    /// The basic duration of one pass, in seconds. Defaults to 0 (an
    /// animation then uses 0.25 s).
    var duration: CFTimeInterval { get set }
    /// How fast local time runs relative to parent time. Defaults to 1.
    /// 2 plays twice as fast, 0 pauses, negative values play backwards.
    var speed: Float { get set }
    /// An additional offset in active local time. Defaults to 0.
    var timeOffset: CFTimeInterval { get set }
    /// How many times the basic duration repeats; may be fractional.
    /// 0 (the default) means once; `.infinity` or `greatestFiniteMagnitude`
    /// repeats forever.
    var repeatCount: Float { get set }
    /// How many seconds the receiver repeats for. 0 (the default) means the
    /// value is ignored. Setting both this and `repeatCount` is undefined by
    /// Apple; here `repeatDuration` wins.
    var repeatDuration: CFTimeInterval { get set }
    /// Whether the receiver plays backwards after playing forwards. Defaults to false.
    var autoreverses: Bool { get set }
    /// What the receiver shows outside its active duration. Defaults to `.removed`.
    var fillMode: CAMediaTimingFillMode { get set }
}

/// How a timed object behaves outside its active duration.
///
/// Imported from Apple as a typed string constant; the raw values are the
/// strings behind `kCAFillModeForwards` and friends.
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The receiver remains visible in its final state when the animation is completed.
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    /// Before the animation starts, the receiver shows its first frame.
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    /// Both `.forwards` and `.backwards`.
    public static let both = CAMediaTimingFillMode(rawValue: "both")
    /// The receiver is removed from the presentation when the animation is
    /// completed (the default).
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")

    /// Whether the object shows its first frame before it starts.
    package var fillsBackwards: Bool { self == .backwards || self == .both }
    /// Whether the object keeps showing its last frame after it ends.
    package var fillsForwards: Bool { self == .forwards || self == .both }
}
