// spring-playground: CASpringAnimation, a damped spring from `fromValue`
// to `toValue`. Its motion comes from the physics, not from a duration:
// a mass on a spring (`stiffness`) with friction (`damping`), started at
// `initialVelocity`. `settlingDuration` says how long it takes to come to
// rest; an animation's `duration` is set to it so the spring is not cut off.
//
//   Up / Down      more / less damping
//   Left / Right   less / more stiffness
//   Return         play the spring again (the ball springs to the other side)
//   Escape         quit
//   Drag the ball  it follows the pointer; let go and it springs back to its
//                  end of the track, starting at the speed it was thrown with
//                  (the release velocity as `initialVelocity`). A press on the
//                  moving ball catches it where it is drawn.
//
// Every change plays the spring again. The curve below the ball is read
// back from the ball's presentation layer while it moves.
import ArgumentParser
import DemoSupport
import Foundation
import LaminaHost
import QuartzCore

struct SpringCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "spring-playground",
        abstract: "CASpringAnimation playground: damping (Up/Down), stiffness (Left/Right), Return, drag the ball, Escape.")
    @OptionGroup var demo: DemoOptions
}

final class Playground: DemoResponder {
    static let dampings: [CGFloat] = [1, 2, 3, 5, 7, 10, 14, 20, 30, 40]
    static let stiffnesses: [CGFloat] = [10, 25, 50, 100, 200, 400, 800]

    let ball = CALayer()
    let label = CATextLayer()
    let plot: CurvePlot
    /// The window, for hit testing what is drawn under the pointer.
    private unowned let window: LaminaWindow
    private let left: CGFloat, right: CGFloat, trackY: CGFloat
    private var atRight = false
    private var dampingIndex = 5     // 10, Apple's default
    private var stiffnessIndex = 3   // 100, Apple's default
    private var startTime: CFTimeInterval = 0
    private var from = CGPoint.zero, to = CGPoint.zero
    /// The ball in the hand: where the pointer holds it (ball centre minus
    /// pointer) and the drag's velocity so far. Nil when not held.
    private var held: (offset: CGPoint, tracker: LaminaVelocityTracker)?
    /// Calls `sample()` once a display frame.
    private var displayLink: CADisplayLink?

    init(in window: LaminaWindow) {
        self.window = window
        let root = window.rootLayer, size = window.contentSize
        left = size.width * 0.15
        right = size.width * 0.85
        trackY = size.height * 0.27
        plot = CurvePlot(frame: CGRect(x: size.width * 0.1, y: size.height * 0.42,
                                       width: size.width * 0.8, height: size.height * 0.45))
        super.init()

        // The track and the ball.
        let track = CALayer()
        track.frame = CGRect(x: left, y: trackY - 2, width: right - left, height: 4)
        track.backgroundColor = CGColor(gray: 0.3, alpha: 1)
        track.cornerRadius = 2
        root.addSublayer(track)
        let diameter = min(size.height * 0.12, 90)
        ball.bounds = CGRect(x: 0, y: 0, width: diameter, height: diameter)
        ball.cornerRadius = diameter / 2
        ball.backgroundColor = CGColor(red: 1, green: 0.5, blue: 0.2, alpha: 1)
        ball.borderColor = CGColor(gray: 1, alpha: 0.8)
        ball.borderWidth = 3
        ball.position = CGPoint(x: left, y: trackY)
        root.addSublayer(plot.layer)

        let fontSize = max(13, size.height * 0.03)
        label.fontSize = fontSize
        label.foregroundColor = CGColor(gray: 0.95, alpha: 1)
        label.alignmentMode = .center
        label.bounds = CGRect(x: 0, y: 0, width: size.width, height: fontSize * 1.5)
        label.position = CGPoint(x: size.width / 2, y: size.height * 0.1)
        root.addSublayer(label)
        let hint = CATextLayer()
        hint.string = "Up/Down: damping    Left/Right: stiffness    Return: again    drag the ball    Esc: quit"
        hint.fontSize = fontSize * 0.7
        hint.foregroundColor = CGColor(gray: 0.55, alpha: 1)
        hint.alignmentMode = .center
        hint.bounds = CGRect(x: 0, y: 0, width: size.width, height: fontSize)
        hint.position = CGPoint(x: size.width / 2, y: size.height * 0.94)
        root.addSublayer(hint)
        // The ball on top of everything: it can be dragged anywhere, and a
        // press hits the topmost layer drawn there.
        root.addSublayer(ball)

        // Sample the ball's on-screen position for the plot, every frame.
        // (On Apple: `CADisplayLink(target: self, selector: #selector(sample))`.)
        displayLink = CADisplayLink(target: self, selector: Playground.sample)
        displayLink?.add(to: .main, forMode: .common)
        play()
    }

    /// Where the ball rests: its end of the track.
    private var restPosition: CGPoint { CGPoint(x: atRight ? right : left, y: trackY) }

    /// The keys' spring: from where the ball is shown now to the other end.
    /// While the ball is held, the keys choose the spring it is let go on.
    func play() {
        atRight.toggle()
        guard held == nil else { return }
        spring(from: ball.presentation()?.position ?? ball.position, initialVelocity: 0)
    }

    /// Springs the ball from `start` to its rest position, leaving `start`
    /// at `initialVelocity` (whole distances a second, toward the rest).
    private func spring(from start: CGPoint, initialVelocity: CGFloat) {
        from = start
        to = restPosition

        let spring = CASpringAnimation(keyPath: "position")
        spring.mass = 1
        spring.stiffness = Self.stiffnesses[stiffnessIndex]
        spring.damping = Self.dampings[dampingIndex]
        spring.initialVelocity = initialVelocity
        spring.fromValue = from
        spring.toValue = to
        // The spring decides how long it moves; the animation lasts as long.
        spring.duration = spring.settlingDuration
        ball.add(spring, forKey: "spring")
        // The model value is the target, set without an implicit animation
        // (the spring above is the animation).
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        ball.position = to
        CATransaction.commit()

        startTime = CACurrentMediaTime()
        plot.start(span: min(max(spring.settlingDuration * 1.15, 1), 12), settling: spring.settlingDuration)
        label.string = String(format: "mass 1    stiffness %g    damping %g    initialVelocity %.2f    settlingDuration %.2f s",
                              Double(spring.stiffness), Double(spring.damping), Double(initialVelocity),
                              spring.settlingDuration)
    }

    /// What Core Animation shows now: the presentation layer's position, as
    /// a fraction of the way from `from` to `to` (its projection on that line).
    private func sample() {
        let elapsed = CACurrentMediaTime() - startTime
        let way = CGPoint(x: to.x - from.x, y: to.y - from.y)
        let length = way.x * way.x + way.y * way.y
        guard held == nil, elapsed <= plot.span, length > 0, let shown = ball.presentation()?.position else { return }
        plot.add(time: elapsed, progress: Double(((shown.x - from.x) * way.x + (shown.y - from.y) * way.y) / length))
    }

    // MARK: Dragging the ball

    /// A press on the ball (where it is drawn, mid-spring too) takes it in
    /// hand: the spring stops and the ball stays where it was shown.
    override func mouseDown(with event: LaminaMouseEvent) {
        let point = event.locationInWindow
        guard window.hitTest(point) === ball else { return }
        let shown = ball.presentation()?.position ?? ball.position
        ball.removeAnimation(forKey: "spring")
        move(to: shown)
        var tracker = LaminaVelocityTracker()
        tracker.add(point, at: event.timestamp)
        held = (CGPoint(x: shown.x - point.x, y: shown.y - point.y), tracker)
    }

    /// The ball follows the pointer exactly, keeping where it was grabbed.
    override func mouseDragged(with event: LaminaMouseEvent) {
        guard var hand = held else { return }
        let point = event.locationInWindow
        hand.tracker.add(point, at: event.timestamp)
        held = hand
        move(to: CGPoint(x: point.x + hand.offset.x, y: point.y + hand.offset.y))
    }

    /// Let go: the spring from here back to the rest position, at the
    /// velocity the pointer had (LaminaVelocityTracker's, converted to
    /// Apple's unit by `CASpringAnimation.initialVelocity(for:from:to:)`).
    override func mouseUp(with event: LaminaMouseEvent) {
        guard var hand = held else { return }
        held = nil
        hand.tracker.add(event.locationInWindow, at: event.timestamp)
        let velocity = hand.tracker.velocity(at: event.timestamp)
        let start = ball.position
        spring(from: start, initialVelocity: CASpringAnimation.initialVelocity(for: velocity, from: start, to: restPosition))
    }

    /// Sets the ball's position at once: a held ball is not animated there.
    private func move(to position: CGPoint) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        ball.position = position
        CATransaction.commit()
    }

    override func moveUp(_ sender: Any?) { dampingIndex = min(dampingIndex + 1, Self.dampings.count - 1); play() }
    override func moveDown(_ sender: Any?) { dampingIndex = max(dampingIndex - 1, 0); play() }
    override func moveRight(_ sender: Any?) { stiffnessIndex = min(stiffnessIndex + 1, Self.stiffnesses.count - 1); play() }
    override func moveLeft(_ sender: Any?) { stiffnessIndex = max(stiffnessIndex - 1, 0); play() }
    override func insertNewline(_ sender: Any?) { play() }
}

let options = SpringCommand.parseOrExit()
let window = DemoWindow.open(title: "Lamina spring playground", options: options.demo)
window.rootLayer.backgroundColor = CGColor(red: 0.05, green: 0.05, blue: 0.07, alpha: 1)
let playground = Playground(in: window)
DemoWindow.run(window, responder: playground, options: options.demo)
