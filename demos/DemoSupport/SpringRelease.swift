// From a drag's release velocity to a spring's `initialVelocity`: the one
// conversion every "let go and it springs back" gesture needs.
import QuartzCore

extension CASpringAnimation {
    /// The `initialVelocity` that starts a spring from `from` to `to` at
    /// `velocity` (points a second, as `LaminaVelocityTracker` gives it),
    /// so the layer leaves the finger at the speed it had.
    ///
    /// Apple defines `initialVelocity` for `CASpringAnimation` by its sign
    /// ("positive values represent the object moving towards the spring
    /// attachment point"); the unit is the one UIKit's spring timing
    /// documents: the rate "normalized to the total distance of the
    /// animation", so 1 is the whole distance in one second. (A spring
    /// animates progress from 0 to 1; its rate at the start times the
    /// distance is the layer's speed.) Hence: the velocity's component
    /// along the way from `from` to `to`, divided by the distance.
    ///
    /// The component across that line has no place in one spring (it
    /// moves the layer along the straight line) and is dropped. Zero when
    /// `from` and `to` are the same point or an input is not finite.
    public static func initialVelocity(for velocity: CGPoint, from: CGPoint, to: CGPoint) -> CGFloat {
        let way = CGPoint(x: to.x - from.x, y: to.y - from.y)
        let squaredDistance = way.x * way.x + way.y * way.y
        guard squaredDistance > 0 else { return 0 }
        // (v · way / |way|) / |way|: the speed toward `to` over the distance.
        let rate = (velocity.x * way.x + velocity.y * way.y) / squaredDistance
        return rate.isFinite ? rate : 0
    }
}
