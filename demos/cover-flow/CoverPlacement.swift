import QuartzCore

/// Where a cover stands for its offset from the middle of the row, in
/// covers: 0 faces the viewer in the middle, pulled forward; ±1 is the
/// first neighbour, clear of it and turned; further ones stack tightly
/// behind. Between whole offsets (while a finger drags the row) it moves
/// in straight lines from one place to the next, so the row follows the
/// finger smoothly and lands exactly on the keys' layout.
struct CoverPlacement: Equatable {
    /// How far the side covers are turned, in radians (about 60 degrees).
    static let sideAngle: CGFloat = 1.05

    var position: CGPoint
    var zPosition: CGFloat
    /// The turn about y as a share of `sideAngle`: 0 facing the viewer,
    /// -1 on the left, 1 on the right.
    var turn: CGFloat

    var transform: CATransform3D {
        turn == 0 ? CATransform3DIdentity : CATransform3DMakeRotation(turn * Self.sideAngle, 0, 1, 0)
    }

    /// The placement at `offset` covers from the middle, for covers
    /// `coverSize` wide whose middle is `center`.
    init(offset: CGFloat, coverSize: CGFloat, center: CGPoint) {
        let side: CGFloat = offset < 0 ? -1 : 1
        let steps = abs(offset)
        // Within one step of the middle: from the middle to the first
        // neighbour's place, turning and falling back on the way.
        let nearness = min(steps, 1)
        // The first neighbour clears the focused cover; the rest stack tightly behind it.
        let x = nearness * coverSize * Self.neighbourDistance + max(steps - 1, 0) * coverSize * 0.2
        position = CGPoint(x: center.x + side * x, y: center.y)
        zPosition = steps <= 1
            ? coverSize * (0.2 - 0.4 * steps)
            : -coverSize * (0.15 + 0.05 * steps)
        // Turned so the edge toward the middle is nearer the viewer.
        turn = side * nearness
    }

    /// The first neighbour's distance from the middle, in cover widths:
    /// also how far a finger drags the row to move it by one cover.
    static let neighbourDistance: CGFloat = 0.75

    /// The offset of a cover shown at `x` (the inverse of the placement's
    /// x), for catching a row mid-animation where it is on screen.
    static func offset(ofX x: CGFloat, coverSize: CGFloat, center: CGPoint) -> CGFloat {
        let distance = abs(x - center.x), side: CGFloat = x < center.x ? -1 : 1
        let first = coverSize * neighbourDistance
        guard distance > first else { return side * distance / first }
        return side * (1 + (distance - first) / (coverSize * 0.2))
    }
}
