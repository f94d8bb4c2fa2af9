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
