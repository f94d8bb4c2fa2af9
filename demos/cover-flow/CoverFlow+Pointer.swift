import DemoSupport
import LaminaHost
import QuartzCore

/// A press on the row, from its `mouseDown` to its `mouseUp`.
struct CoverFlowPress {
    /// Where the button went down, in window pixels.
    let location: CGPoint
    /// Where the row stood then, in covers.
    let startPosition: CGFloat
    /// The cover drawn under the press (`LaminaWindow.hitTest`), if any.
    let cover: Int?
    /// Whether the pointer has moved beyond `CoverFlow.clickSlop`: from
    /// then on it is a drag, not a click.
    var isDragging = false
    /// The drag's samples, for the flick's velocity at the release.
    var tracker = LaminaVelocityTracker()
}

/// The pointer (or a touchscreen's finger, which X delivers as the left
/// button): dragging moves the row with the finger, letting go carries
/// the flick on and settles on the nearest cover with a spring, and a
/// click on a side cover brings it to the middle.
///
/// The settling spring is one `CASpringAnimation` of the row's position
/// (held in `rowDriver.position.x`, an invisible layer), and a display link
/// lays the covers out from its presentation value each frame. Springing
/// each cover's own properties instead would move every cover in a
/// straight line between its start and end: covers crossing the middle
/// would swing to face the viewer while still behind their neighbours.
extension CoverFlow {
    /// How far, in pixels, a press may wander and still be a click (a
    /// finger never lands perfectly still).
    static let clickSlop: CGFloat = 6
    /// The spring that settles the row after a flick: about half a second,
    /// with a little bounce (Apple's iOS 17 perceptual parameters).
    static let settleDuration: CFTimeInterval = 0.5
    static let settleBounce: CGFloat = 0.12
    /// The settling spring's key on `rowDriver`.
    static let settleKey = "settle"

    /// How far a finger drags the row to move it by one cover: the first
    /// neighbour's distance from the middle, so the cover under the finger
    /// keeps pace with it.
    var pointsPerCover: CGFloat { coverSize * CoverPlacement.neighbourDistance }

    /// The button went down: stop a moving row, note what is under the press.
    func pressBegan(_ event: LaminaMouseEvent) {
        // A press stops a row still moving where it is on screen, as a
        // finger on a spinning carousel does.
        catchMovingRow()
        let hit = window?.hitTest(event.locationInWindow)
        var press = CoverFlowPress(location: event.locationInWindow, startPosition: position, cover: coverIndex(of: hit))
        press.tracker.add(event.locationInWindow, at: event.timestamp)
        self.press = press
    }

    /// The pointer moved with the button down: past the slop, the row follows.
    func pressMoved(_ event: LaminaMouseEvent) {
        guard var press else { return }
        press.tracker.add(event.locationInWindow, at: event.timestamp)
        let dx = event.locationInWindow.x - press.location.x
        let dy = event.locationInWindow.y - press.location.y
        if !press.isDragging, hypot(dx, dy) > Self.clickSlop { press.isDragging = true }
        self.press = press
        guard press.isDragging else { return }
        // Dragging left brings the covers on the right to the middle.
        let wanted = press.startPosition - dx / pointsPerCover
        position = SnappingFlick.rubberBanded(wanted, in: 0...CGFloat(covers.count - 1), limit: 0.5)
        // 1:1 with the finger: no implicit animation trailing behind it.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layout(at: position)
        CATransaction.commit()
    }

    /// The button went up: a drag settles with its flick, a click on a
    /// cover brings that cover to the middle.
    func pressEnded(_ event: LaminaMouseEvent) {
        guard let press else { return }
        self.press = nil
        if press.isDragging {
            // The finger's velocity in covers a second (dragging left moves forward).
            let velocity = -press.tracker.velocity(at: event.timestamp).x / pointsPerCover
            let target = SnappingFlick().targetPage(from: position, velocity: velocity, count: covers.count)
            settle(on: target, velocity: velocity)
        } else if let cover = press.cover {
            move(to: cover)
        } else if position != position.rounded() {
            // A press on the background stopped a moving row between two covers.
            settle(on: Int(position.rounded()), velocity: 0)
        }
    }

    /// The cover `layer` belongs to (a cover or its reflection), if any.
    func coverIndex(of layer: CALayer?) -> Int? {
        var current = layer
        while let candidate = current {
            if let index = covers.firstIndex(where: { $0 === candidate }) { return index }
            current = candidate.superlayer
        }
        return nil
    }

    /// Takes the row from `position` to cover `target` with a spring that
    /// starts at the flick's `velocity` (covers a second), so the row
    /// carries on at the speed the finger let go and comes to rest on the
    /// cover, bouncing a little.
    func settle(on target: Int, velocity: CGFloat) {
        let start = position
        focus = target
        position = CGFloat(target)
        guard start != position else { return layout() }
        let spring = CASpringAnimation(perceptualDuration: Self.settleDuration, bounce: Self.settleBounce)
        spring.keyPath = "position.x"
        spring.fromValue = start
        spring.toValue = position
        spring.initialVelocity = SnappingFlick.springInitialVelocity(velocity, from: start, to: position)
        spring.duration = spring.settlingDuration   // a faster start takes longer to come to rest
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        rowDriver.position.x = position
        rowDriver.add(spring, forKey: Self.settleKey)
        CATransaction.commit()
        settleEnd = CACurrentMediaTime() + spring.duration
        settleLink.isPaused = false
    }

    /// Once a display frame while the row settles: the covers where the
    /// spring has the row now; at rest, where it ends.
    func followSettle(_ link: CADisplayLink) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        if CACurrentMediaTime() < settleEnd, let shown = rowDriver.presentation() {
            layout(at: shown.position.x)
        } else {
            stopSettling()
            layout()
        }
        CATransaction.commit()
    }

    /// Ends the settling spring where it is (a press, a key, or its end).
    func stopSettling() {
        settleLink.isPaused = true
        rowDriver.removeAnimation(forKey: Self.settleKey)
        settleEnd = 0
    }

    /// Stops the row where it is on screen and lays the covers out there,
    /// still: from the settling spring's value, or, during the keys' eased
    /// move, from the cover drawn nearest the middle.
    func catchMovingRow() {
        if settleEnd > 0 {
            position = rowDriver.presentation()?.position.x ?? position
            stopSettling()
        } else if covers.contains(where: { !($0.animationKeys() ?? []).isEmpty }) {
            let shown = covers.enumerated().compactMap { index, cover in cover.presentation().map { (index, $0.position.x) } }
            if let (index, x) = shown.min(by: { abs($0.1 - center.x) < abs($1.1 - center.x) }) {
                position = CGFloat(index) - CoverPlacement.offset(ofX: x, coverSize: coverSize, center: center)
            }
        } else {
            return
        }
        focus = min(max(Int(position.rounded()), 0), covers.count - 1)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for cover in covers { cover.removeAllAnimations() }
        layout(at: position)
        CATransaction.commit()
    }
}
