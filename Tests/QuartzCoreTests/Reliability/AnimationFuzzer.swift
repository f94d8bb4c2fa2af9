@testable import QuartzCore

/// Random animations: empty or mismatched keyframes, zero, negative or NaN
/// durations, absurd repeat counts and speeds, nested groups, springs with
/// bad parameters, transitions of unknown types.
extension FuzzGenerator {
    mutating func timing(_ animation: CAAnimation) {
        animation.duration = pick([0, -1, .nan, .infinity, 1e-9, 0.25, 1, 1e12, number()])
        if chance(0.4) { animation.repeatCount = pick([0, -1, .nan, .infinity, 1e30, 2.5, Float.greatestFiniteMagnitude]) }
        if chance(0.2) { animation.repeatDuration = pick([0, -1, .nan, .infinity, 3]) }
        if chance(0.4) { animation.speed = pick([0, -1, -1e9, 1e9, .nan, .infinity, 2]) }
        if chance(0.3) { animation.timeOffset = number() }
        if chance(0.3) { animation.beginTime = pick([0, -1e9, 1e9, .nan, .infinity, 1000.5]) }
        animation.autoreverses = chance(0.3)
        animation.fillMode = pick([.removed, .forwards, .backwards, .both, CAMediaTimingFillMode(rawValue: "bogus")])
        if chance(0.3) {
            animation.timingFunction = CAMediaTimingFunction(controlPoints: float(), float(), float(), float())
        }
        animation.isRemovedOnCompletion = chance(0.7)
    }

    mutating func animation(depth: Int = 0) -> CAAnimation {
        let result: CAAnimation
        switch int(0...(depth < 3 ? 4 : 3)) {
        case 0:
            let basic = CABasicAnimation(keyPath: keyPath())
            basic.fromValue = chance(0.8) ? anyValue() : nil
            basic.toValue = chance(0.8) ? anyValue() : nil
            if chance(0.3) { basic.byValue = anyValue() }
            basic.isAdditive = chance(0.2)
            basic.isCumulative = chance(0.2)
            result = basic
        case 1:
            let keyframes = CAKeyframeAnimation(keyPath: keyPath())
            let count = pick([0, 1, 2, 3, 7])
            keyframes.values = (0..<count).map { _ in anyValue() as Any }
            if chance(0.5) { keyframes.keyTimes = (0..<int(0...8)).map { _ in NSNumber(value: number()) } }
            if chance(0.3) {
                keyframes.timingFunctions = (0..<int(0...4)).map { _ in
                    CAMediaTimingFunction(controlPoints: float(), float(), float(), float())
                }
            }
            if chance(0.2) { keyframes.path = path() }
            keyframes.calculationMode = pick([.linear, .discrete, .paced, .cubic, .cubicPaced,
                                              CAAnimationCalculationMode(rawValue: "bogus")])
            if chance(0.2) { keyframes.tensionValues = (0..<int(0...4)).map { _ in NSNumber(value: number()) } }
            if chance(0.2) { keyframes.rotationMode = pick([.rotateAuto, .rotateAutoReverse]) }
            result = keyframes
        case 2:
            let spring = CASpringAnimation(keyPath: keyPath())
            spring.fromValue = anyValue()
            spring.toValue = anyValue()
            spring.mass = pick([0, -1, .nan, .infinity, 1e-12, 1, 1e12])
            spring.stiffness = pick([0, -100, .nan, .infinity, 100, 1e15])
            spring.damping = pick([0, -10, .nan, .infinity, 10, 1e9])
            spring.initialVelocity = pick([0, .nan, -.infinity, 1e12, 5])
            spring.allowsOverdamping = chance(0.5)
            result = spring
        case 3:
            let transition = CATransition()
            transition.type = CATransitionType(rawValue: pick(["fade", "push", "moveIn", "reveal", "cube", ""]))
            if chance(0.7) {
                transition.subtype = CATransitionSubtype(rawValue: pick(["fromLeft", "fromRight", "fromTop", "fromBottom", "x"]))
            }
            transition.startProgress = float()
            transition.endProgress = float()
            result = transition
        default:
            let group = CAAnimationGroup()
            if chance(0.9) { group.animations = (0..<int(0...4)).map { _ in animation(depth: depth + 1) } }
            result = group
        }
        timing(result)
        return result
    }
}
