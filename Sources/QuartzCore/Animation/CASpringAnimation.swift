/// An animation that follows a damped spring from `fromValue` to `toValue`:
/// Apple's `CASpringAnimation`. The spring runs in real time; set `duration`
/// to `settlingDuration` to let it come to rest.
open class CASpringAnimation: CABasicAnimation {
    /// A spring with Apple's iOS 17 perceptual parameters: `perceptualDuration`
    /// is the period of the undamped motion, `bounce` 0 is critically damped,
    /// above 0 bouncier, below 0 overdamped.
    public convenience init(perceptualDuration: CFTimeInterval, bounce: CGFloat) {
        self.init()
        let spring = SpringSolver(perceptualDuration: perceptualDuration, bounce: Double(bounce))
        stiffness = CGFloat(spring.stiffness)
        damping = CGFloat(spring.damping)
        allowsOverdamping = true
        set(perceptualDuration, "perceptualDuration")
        set(bounce, "bounce")
        duration = settlingDuration
    }

    open var mass: CGFloat { get { get("mass", 1) } set { set(newValue, "mass") } }
    open var stiffness: CGFloat { get { get("stiffness", 100) } set { set(newValue, "stiffness") } }
    open var damping: CGFloat { get { get("damping", 10) } set { set(newValue, "damping") } }
    /// The starting speed, in units of the total distance per second.
    open var initialVelocity: CGFloat { get { get("initialVelocity", 0) } set { set(newValue, "initialVelocity") } }
    /// Whether an overdamped spring may be used as is (Apple's iOS 17 flag).
    open var allowsOverdamping: Bool { get { get("allowsOverdamping", false) } set { set(newValue, "allowsOverdamping") } }
    /// The perceptual duration this spring was made with (0 if none).
    open var perceptualDuration: CFTimeInterval { self.get("perceptualDuration", 0) }
    /// The bounce this spring was made with (0 if none).
    open var bounce: CGFloat { self.get("bounce", 0) }

    /// How long the spring takes to come to rest with its parameters.
    open var settlingDuration: CFTimeInterval { solver.settlingDuration }

    /// The spring's motion from 0 to 1.
    var solver: SpringSolver {
        SpringSolver(mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping),
                     initialVelocity: Double(initialVelocity), allowsOverdamping: allowsOverdamping)
    }
}

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

/// The names of `CAValueFunction`s.
public struct CAValueFunctionName: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let rotateX = CAValueFunctionName(rawValue: "rotateX")
    public static let rotateY = CAValueFunctionName(rawValue: "rotateY")
    public static let rotateZ = CAValueFunctionName(rawValue: "rotateZ")
    public static let scale = CAValueFunctionName(rawValue: "scale")
    public static let scaleX = CAValueFunctionName(rawValue: "scaleX")
    public static let scaleY = CAValueFunctionName(rawValue: "scaleY")
    public static let scaleZ = CAValueFunctionName(rawValue: "scaleZ")
    public static let translate = CAValueFunctionName(rawValue: "translate")
    public static let translateX = CAValueFunctionName(rawValue: "translateX")
    public static let translateY = CAValueFunctionName(rawValue: "translateY")
    public static let translateZ = CAValueFunctionName(rawValue: "translateZ")
}

/// Turns an animation's interpolated numbers into a transform, so that
/// `transform` can be animated by angle or by scale: Apple's `CAValueFunction`.
public final class CAValueFunction: Sendable {
    public let name: CAValueFunctionName

    /// A function of a known name, or nil.
    public init?(name: CAValueFunctionName) {
        let known: Set<CAValueFunctionName> = [.rotateX, .rotateY, .rotateZ, .scale, .scaleX, .scaleY, .scaleZ,
                                               .translate, .translateX, .translateY, .translateZ]
        guard known.contains(name) else { return nil }
        self.name = name
    }

    /// The transform for `value`: a number for the one-axis functions, three
    /// numbers (or a number, used for every axis) for `scale` and `translate`.
    func transform(for value: AnimatableValue) -> CATransform3D? {
        let numbers: [CGFloat]
        switch value {
        case .number(let number): numbers = [CGFloat(number)]
        case .array(let values): numbers = values.compactMap(\.number).map { CGFloat($0) }
        case .point(let point): numbers = [point.x, point.y]
        default: return nil
        }
        guard let first = numbers.first else { return nil }
        func component(_ index: Int, _ fallback: CGFloat) -> CGFloat { index < numbers.count ? numbers[index] : fallback }
        switch name {
        case .rotateX: return CATransform3DMakeRotation(first, 1, 0, 0)
        case .rotateY: return CATransform3DMakeRotation(first, 0, 1, 0)
        case .rotateZ: return CATransform3DMakeRotation(first, 0, 0, 1)
        case .scale: return CATransform3DMakeScale(first, component(1, first), component(2, numbers.count == 1 ? first : 1))
        case .scaleX: return CATransform3DMakeScale(first, 1, 1)
        case .scaleY: return CATransform3DMakeScale(1, first, 1)
        case .scaleZ: return CATransform3DMakeScale(1, 1, first)
        case .translate: return CATransform3DMakeTranslation(first, component(1, 0), component(2, 0))
        case .translateX: return CATransform3DMakeTranslation(first, 0, 0)
        case .translateY: return CATransform3DMakeTranslation(0, first, 0)
        case .translateZ: return CATransform3DMakeTranslation(0, 0, first)
        default: return nil
        }
    }
}
