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
        abstract: "CASpringAnimation playground: damping (Up/Down), stiffness (Left/Right), Return, Escape.")
    @OptionGroup var demo: DemoOptions
}

final class Playground: DemoResponder {
    static let dampings: [CGFloat] = [1, 2, 3, 5, 7, 10, 14, 20, 30, 40]
    static let stiffnesses: [CGFloat] = [10, 25, 50, 100, 200, 400, 800]

    let ball = CALayer()
    let label = CATextLayer()
    let plot: CurvePlot
    private let left: CGFloat, right: CGFloat
    private var atRight = false
    private var dampingIndex = 5     // 10, Apple's default
    private var stiffnessIndex = 3   // 100, Apple's default
    private var startTime: CFTimeInterval = 0
    private var from: CGFloat = 0, to: CGFloat = 0
    /// Calls `sample()` once a display frame.
    private var displayLink: CADisplayLink?

    init(in root: CALayer, size: CGSize) {
        left = size.width * 0.15
        right = size.width * 0.85
        plot = CurvePlot(frame: CGRect(x: size.width * 0.1, y: size.height * 0.42,
                                       width: size.width * 0.8, height: size.height * 0.45))
        super.init()

        // The track and the ball.
        let trackY = size.height * 0.27
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
        root.addSublayer(ball)
        root.addSublayer(plot.layer)

        let fontSize = max(13, size.height * 0.03)
        label.fontSize = fontSize
        label.foregroundColor = CGColor(gray: 0.95, alpha: 1)
        label.alignmentMode = .center
        label.bounds = CGRect(x: 0, y: 0, width: size.width, height: fontSize * 1.5)
        label.position = CGPoint(x: size.width / 2, y: size.height * 0.1)
        root.addSublayer(label)
        let hint = CATextLayer()
        hint.string = "Up/Down: damping    Left/Right: stiffness    Return: again    Esc: quit"
        hint.fontSize = fontSize * 0.7
        hint.foregroundColor = CGColor(gray: 0.55, alpha: 1)
        hint.alignmentMode = .center
        hint.bounds = CGRect(x: 0, y: 0, width: size.width, height: fontSize)
        hint.position = CGPoint(x: size.width / 2, y: size.height * 0.94)
        root.addSublayer(hint)

        // Sample the ball's on-screen position for the plot, every frame.
        // (On Apple: `CADisplayLink(target: self, selector: #selector(sample))`.)
        displayLink = CADisplayLink(target: self, selector: Playground.sample)
        displayLink?.add(to: .main, forMode: .common)
        play()
    }

    /// The spring: from where the ball is shown now to the other end.
    func play() {
        atRight.toggle()
        from = ball.presentation()?.position.x ?? ball.position.x
        to = atRight ? right : left

        let spring = CASpringAnimation(keyPath: "position.x")
        spring.mass = 1
        spring.stiffness = Self.stiffnesses[stiffnessIndex]
        spring.damping = Self.dampings[dampingIndex]
        spring.initialVelocity = 0
        spring.fromValue = from
        spring.toValue = to
        // The spring decides how long it moves; the animation lasts as long.
        spring.duration = spring.settlingDuration
        ball.add(spring, forKey: "spring")
        // The model value is the target, set without an implicit animation
        // (the spring above is the animation).
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        ball.position.x = to
        CATransaction.commit()

        startTime = CACurrentMediaTime()
        plot.start(span: min(max(spring.settlingDuration * 1.15, 1), 12), settling: spring.settlingDuration)
        label.string = String(format: "mass 1    stiffness %g    damping %g    initialVelocity 0    settlingDuration %.2f s",
                              Double(spring.stiffness), Double(spring.damping), spring.settlingDuration)
    }

    /// What Core Animation shows now: the presentation layer's x, as a
    /// fraction of the way from `from` to `to`.
    private func sample() {
        let elapsed = CACurrentMediaTime() - startTime
        guard elapsed <= plot.span, from != to, let shown = ball.presentation()?.position.x else { return }
        plot.add(time: elapsed, progress: Double((shown - from) / (to - from)))
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
let playground = Playground(in: window.rootLayer, size: window.contentSize)
DemoWindow.run(window, responder: playground, options: options.demo)
