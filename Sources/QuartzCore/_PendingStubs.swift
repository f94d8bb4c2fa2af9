// TEMPORARY: replaced by the values and cg branches at merge.
extension AnimatableValue {
    static func interpolate(_ a: AnimatableValue, _ b: AnimatableValue, fraction: Double) -> AnimatableValue? { nil }
    func adding(_ other: AnimatableValue) -> AnimatableValue? { nil }
    func subtracting(_ other: AnimatableValue) -> AnimatableValue? { nil }
    func scaled(by factor: Double) -> AnimatableValue? { nil }
    static func zero(like value: AnimatableValue) -> AnimatableValue { value }
    static func resolveBasic(from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?, current: AnimatableValue) -> (from: AnimatableValue, to: AnimatableValue)? { nil }
}
struct SpringSolver {
    var stiffness = 100.0, damping = 10.0
    init(perceptualDuration: Double, bounce: Double, mass: Double) {}
    init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double) {}
    var settlingDuration: Double { 1 }
    func value(at t: Double) -> Double { t }
}
extension CAKeyframeAnimation { var validationProblem: String? { nil } }
extension AnimationApplier {
    static func keyframeValue(_ animation: CAKeyframeAnimation, iteration: Int, progress: Double, layer: CALayer) -> AnimatableValue? { nil }
}
