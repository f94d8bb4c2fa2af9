/// The abstract base of animations: Apple's `CAAnimation`.
///
/// Its state lives in a key-value store, so an animation is a key-value
/// container for arbitrary keys (as Apple's is) and a copy is one dictionary
/// copy. Animations belong to the thread that made them; a layer keeps its own
/// copy of every animation added to it.
open class CAAnimation: NSObject, NSSecureCoding, NSCopying, CAMediaTiming, CAAction {
    var storage: [String: Any] = [:]

    public override init() {
        super.init()
    }

    /// Animations archive securely (`NSKeyedArchiver`), with every key set
    /// on them (`CAAnimation+SecureCoding.swift`).
    public class var supportsSecureCoding: Bool { true }

    /// An animation read from an archive, with the keys archived.
    public required init?(coder: NSCoder) {
        super.init()
        decodeArchivedState(from: coder)
    }

    /// Archives every key set (that `shouldArchiveValue(forKey:)` allows;
    /// the delegate is left out).
    open func encode(with coder: NSCoder) { encodeArchivedState(with: coder) }

    /// Lamina's own: an instance of the receiver's dynamic type with the same
    /// state; call `copy()` instead. A required convenience initializer, so
    /// every subclass inherits it.
    public required convenience init(_copying other: CAAnimation) {
        self.init()
        storage = other.storage
    }

    /// A copy with the same class and state.
    open func copy(with zone: NSZone? = nil) -> Any { Self(_copying: self) }

    /// A typed copy.
    func makeCopy() -> Self { Self(_copying: self) }

    func get<T>(_ key: String, _ fallback: T) -> T {
        if let value = storage[key] { return value as? T ?? fallback }
        return type(of: self).defaultValue(forKey: key) as? T ?? fallback
    }

    func set(_ value: Any?, _ key: String) {
        if let value { storage[key] = value } else { storage.removeValue(forKey: key) }
    }

    /// The value of any key set before, else `defaultValue(forKey:)`.
    open func value(forKey key: String) -> Any? {
        let key = key == "removedOnCompletion" ? "isRemovedOnCompletion" : key
        return storage[key] ?? type(of: self).defaultValue(forKey: key)
    }

    /// Sets any key, as Apple's animations allow (`anim.setValue(id, forKey: "id")`).
    open func setValue(_ value: Any?, forKey key: String) {
        set(value, key == "removedOnCompletion" ? "isRemovedOnCompletion" : key)
    }

    /// The default for a key never set; nil unless a subclass says otherwise.
    open class func defaultValue(forKey key: String) -> Any? { nil }

    /// Whether `key` should be archived. Always true.
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    /// How time maps to progress; nil is linear.
    open var timingFunction: CAMediaTimingFunction? { get { get("timingFunction", nil) } set { set(newValue, "timingFunction") } }
    /// Hears when the animation starts and stops. Held strongly, as on Apple.
    open var delegate: CAAnimationDelegate? { get { get("delegate", nil) } set { set(newValue, "delegate") } }
    /// The frame rates the animation would like (the display's by default):
    /// while every running animation asks for less, the render server draws
    /// fewer frames (every second display tick for 30 a second at 60 Hz).
    open var preferredFrameRateRange: CAFrameRateRange {
        get { get("preferredFrameRateRange", CAFrameRateRange.default) }
        set { set(newValue, "preferredFrameRateRange") }
    }
    /// Whether the layer drops the animation when it ends (default true).
    open var isRemovedOnCompletion: Bool { get { get("isRemovedOnCompletion", true) } set { set(newValue, "isRemovedOnCompletion") } }

    open var beginTime: CFTimeInterval { get { get("beginTime", 0) } set { set(newValue, "beginTime") } }
    /// The length of one iteration; 0 means 0.25 s when the animation runs.
    open var duration: CFTimeInterval { get { get("duration", 0) } set { set(newValue, "duration") } }
    open var speed: Float { get { get("speed", 1) } set { set(newValue, "speed") } }
    open var timeOffset: CFTimeInterval { get { get("timeOffset", 0) } set { set(newValue, "timeOffset") } }
    open var repeatCount: Float { get { get("repeatCount", 0) } set { set(newValue, "repeatCount") } }
    open var repeatDuration: CFTimeInterval { get { get("repeatDuration", 0) } set { set(newValue, "repeatDuration") } }
    open var autoreverses: Bool { get { get("autoreverses", false) } set { set(newValue, "autoreverses") } }
    open var fillMode: CAMediaTimingFillMode { get { get("fillMode", .removed) } set { set(newValue, "fillMode") } }

    /// `CAAction`: adds the animation to the layer under `event`. A property
    /// animation without a key path animates the property named `event`.
    open func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        guard let layer = anObject as? CALayer else { return }
        if let property = self as? CAPropertyAnimation, property.keyPath == nil {
            let copy = property.makeCopy()
            copy.keyPath = event
            layer.add(copy, forKey: event)
        } else {
            layer.add(self, forKey: event)
        }
    }
}

/// Hears when an animation starts and stops: Apple's `CAAnimationDelegate`.
/// Both methods have default implementations and are called on the main thread.
public protocol CAAnimationDelegate: AnyObject {
    func animationDidStart(_ anim: CAAnimation)
    /// `flag` is false when the animation was removed before it finished.
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    public func animationDidStart(_ anim: CAAnimation) {}
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}
