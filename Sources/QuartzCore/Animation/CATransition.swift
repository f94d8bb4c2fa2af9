/// The kind of transition a `CATransition` animates.
public struct CATransitionType: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let fade = CATransitionType(rawValue: "fade")
    public static let moveIn = CATransitionType(rawValue: "moveIn")
    public static let push = CATransitionType(rawValue: "push")
    public static let reveal = CATransitionType(rawValue: "reveal")
}

/// The direction of a `CATransition`.
public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let fromRight = CATransitionSubtype(rawValue: "fromRight")
    public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")
    public static let fromTop = CATransitionSubtype(rawValue: "fromTop")
    public static let fromBottom = CATransitionSubtype(rawValue: "fromBottom")
}

/// An animated transition between a layer's old and new state: Apple's
/// `CATransition`. The render server draws it; on the model it is an
/// animation object with Apple's properties and timing.
open class CATransition: CAAnimation {
    open var type: CATransitionType { get { get("type", .fade) } set { set(newValue, "type") } }
    open var subtype: CATransitionSubtype? { get { get("subtype", nil) } set { set(newValue, "subtype") } }
    /// Where in the transition to start, 0...1 (clamped, with `endProgress` kept above it).
    open var startProgress: Float {
        get { get("startProgress", 0) }
        set { set(min(max(newValue.isNaN ? 0 : newValue, 0), 1), "startProgress") }
    }
    /// Where in the transition to end, 0...1.
    open var endProgress: Float {
        get { get("endProgress", 1) }
        set { set(min(max(newValue.isNaN ? 1 : newValue, 0), 1), "endProgress") }
    }
    /// A filter to use instead of `type` (Apple's `filter`); kept, not drawn.
    open var filter: Any? { get { storage["filter"] } set { set(newValue, "filter") } }

    /// Runs as the layer's `kCATransition` animation whatever the event.
    open override func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        (anObject as? CALayer)?.add(self, forKey: kCATransition)
    }
}
