// The arithmetic of a flicked row that settles on a page: where a flick
// would coast to, which page that is, and the spring velocity that carries
// the finger's speed into the settling animation.
import QuartzCore

/// Where a row of pages (covers, cards, photos) that the user dragged and
/// let go comes to rest, and how fast the spring taking it there starts.
///
/// Positions are in pages: 0 is the first page in the middle, 2.5 half way
/// between the third and the fourth. Velocities are pages a second, the
/// drag's velocity (`LaminaVelocityTracker`, points a second) divided by the
/// points a page takes on screen.
///
/// ```swift
/// let flick = SnappingFlick()
/// let target = flick.targetPage(from: position, velocity: pagesPerSecond, count: pages.count)
/// let spring = CASpringAnimation(perceptualDuration: 0.5, bounce: 0.1)
/// spring.initialVelocity = SnappingFlick.springInitialVelocity(pagesPerSecond, from: position, to: CGFloat(target))
/// ```
public struct SnappingFlick: Sendable, Equatable {
    /// UIScrollView's `DecelerationRate.normal`: the share of its velocity
    /// a coasting scroll view keeps each millisecond.
    public static let normalDecelerationRate: CGFloat = 0.998
    /// UIScrollView's `DecelerationRate.fast`.
    public static let fastDecelerationRate: CGFloat = 0.99

    /// The share of the velocity kept each millisecond while coasting,
    /// between 0 (stops at once) and 1 (never stops; kept below 1 here).
    public let decelerationRate: CGFloat

    public init(decelerationRate: CGFloat = Self.normalDecelerationRate) {
        self.decelerationRate = decelerationRate.isFinite ? min(max(decelerationRate, 0), 0.9999) : Self.normalDecelerationRate
    }

    /// How far a coast starting at `velocity` goes before it stops, with
    /// the velocity multiplied by `decelerationRate` every millisecond:
    /// the geometric series v/1000 · (r + r² + …) = v/1000 · r / (1 − r).
    /// With the normal rate a flick coasts for about half its velocity
    /// (0.499 s worth), the projection Apple shows for flicks in
    /// "Designing Fluid Interfaces" (WWDC 2018).
    public func coastDistance(velocity: CGFloat) -> CGFloat {
        guard velocity.isFinite else { return 0 }
        return velocity / 1000 * decelerationRate / (1 - decelerationRate)
    }

    /// The page a flick from `position` at `velocity` settles on: the page
    /// nearest where the coast would stop, clamped to the first and last
    /// of `count` pages. A finger that stopped before lifting (velocity 0)
    /// settles on the page nearest where it lifted.
    public func targetPage(from position: CGFloat, velocity: CGFloat, count: Int) -> Int {
        guard count > 0 else { return 0 }
        let rest = position.isFinite ? position + coastDistance(velocity: velocity) : 0
        let nearest = rest.rounded()
        // Compared as CGFloat first: a huge flick must not overflow Int.
        if !(nearest > 0) { return 0 }
        if nearest >= CGFloat(count - 1) { return count - 1 }
        return Int(nearest)
    }

    /// `CASpringAnimation.initialVelocity` for a spring from `from` to `to`
    /// when the value is already moving at `velocity` (units a second, the
    /// same units as `from` and `to`): velocity / (to − from), Apple's unit
    /// of the whole distance a second (`CASpringAnimation.initialVelocity(for:from:to:)`,
    /// in one dimension). 0 with no distance to travel.
    public static func springInitialVelocity(_ velocity: CGFloat, from: CGFloat, to: CGFloat) -> CGFloat {
        guard abs(to - from) > 1e-6 else { return 0 }
        return CASpringAnimation.initialVelocity(for: CGPoint(x: velocity, y: 0), from: CGPoint(x: from, y: 0),
                                                 to: CGPoint(x: to, y: 0))
    }

    /// `position` as a dragged row shows it: inside `range` as it is,
    /// beyond either end pulled back like a rubber band, so the row
    /// follows the finger ever less and never by more than `limit` past
    /// the end (UIScrollView's rubber band, 1 − 1 / (0.55 · x / limit + 1),
    /// scaled by `limit`).
    public static func rubberBanded(_ position: CGFloat, in range: ClosedRange<CGFloat>, limit: CGFloat = 1) -> CGFloat {
        guard position.isFinite, limit > 0 else { return min(max(position.isFinite ? position : 0, range.lowerBound), range.upperBound) }
        func pulled(_ excess: CGFloat) -> CGFloat { (1 - 1 / (0.55 * excess / limit + 1)) * limit }
        if position < range.lowerBound { return range.lowerBound - pulled(range.lowerBound - position) }
        if position > range.upperBound { return range.upperBound + pulled(position - range.upperBound) }
        return position
    }
}
