// spaceship: "Animating a layer's position along a path", from Apple's Core
// Animation Programming Guide (Listing 3-3, "Creating a bounce keyframe
// animation"), on Lamina.
//
// A CAKeyframeAnimation on `position` follows a CGPath of two Bézier arcs
// (a bounce); `rotationMode = .rotateAuto` turns the ship to face along the
// path as it flies. A CAShapeLayer draws the same path, so the route is seen.
//
//   Up / Down      faster / slower (the ship layer's `speed`; slowest is paused)
//   Left / Right   the previous / next `calculationMode` (the flight restarts)
//   Return         restart the flight
//   press / drag   hold the flight: the pointer's place across the route is the
//                  moment of the five seconds shown (scrubbing); let go to fly on
//   Escape         quit
import ArgumentParser
import DemoSupport
import Foundation
import LaminaHost
import QuartzCore

struct SpaceshipCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "spaceship",
        abstract: "Apple's bounce keyframe animation: a ship along a CGPath. Arrows, Return, drag to scrub, Escape.")
    @OptionGroup var demo: DemoOptions
}

/// The guide's path, point for point: it starts at (74, 74) and makes two
/// arcs, each a cubic Bézier curve, ending at (566, 74).
func bouncePath() -> CGPath {
    // create a CGPath that implements two arcs (a bounce)
    let thePath = CGMutablePath()
    thePath.move(to: CGPoint(x: 74, y: 74))
    thePath.addCurve(to: CGPoint(x: 320, y: 74), control1: CGPoint(x: 74, y: 500), control2: CGPoint(x: 320, y: 500))
    thePath.addCurve(to: CGPoint(x: 566, y: 74), control1: CGPoint(x: 320, y: 500), control2: CGPoint(x: 566, y: 500))
    return thePath
}

final class Flight: DemoResponder {
    /// How the five seconds are spread over the path: `paced` and
    /// `cubicPaced` by distance (a steady speed); `linear` and `cubic` give
    /// each of the two curves half the time and follow the curve's own
    /// parameter: fast near the ends of each arc, slow over its top.
    static let modes: [CAAnimationCalculationMode] = [.paced, .linear, .cubic, .cubicPaced]
    static let speeds: [Float] = [0, 0.25, 0.5, 1, 2, 4]
    /// One flight along the path, in seconds (the guide's `duration`).
    static let flightDuration: CFTimeInterval = 5
    /// The route's ends along x, in the stage's points: a drag's place
    /// between them is the share of the flight's time shown.
    static let routeX: ClosedRange<CGFloat> = 74...566

    /// The guide's coordinates are those of a Mac view (origin at the bottom
    /// left, y up), so the scene lives in a layer with `isGeometryFlipped`
    /// set: its sublayers' y grows upward and the arcs bounce upward, as
    /// in the guide's figure. 640x480 points hold the whole path.
    let stage = CALayer()
    let route = CAShapeLayer()
    let ship = CALayer()
    let label = CATextLayer()
    private var modeIndex = 0
    private var speedIndex = 3
    /// The ship's local time at which the current flight began: a scrub
    /// holds the ship at this plus a share of the five seconds.
    private var flightStart: CFTimeInterval = 0
    /// Where in the flight the pointer holds it, in seconds; nil when not held.
    private var heldAt: CFTimeInterval?

    init(in root: CALayer, size: CGSize) {
        super.init()
        stage.bounds = CGRect(x: 0, y: 0, width: 640, height: 480)
        stage.position = CGPoint(x: size.width / 2, y: size.height / 2 + 10)
        stage.isGeometryFlipped = true
        root.addSublayer(stage)

        // The route: the same path, stroked, dashed, not filled.
        route.frame = stage.bounds
        route.path = bouncePath()
        route.fillColor = nil
        route.strokeColor = CGColor(red: 0.45, green: 0.6, blue: 0.9, alpha: 0.8)
        route.lineWidth = 3
        route.lineDashPattern = [12, 8]
        stage.addSublayer(route)
        addControlPoints()

        // The ship: a layer whose contents is a picture drawn in code.
        ship.bounds = CGRect(origin: .zero, size: SpaceshipImage.size)
        ship.contents = SpaceshipImage.make()
        ship.position = CGPoint(x: 74, y: 74)
        stage.addSublayer(ship)

        label.fontSize = 22
        label.foregroundColor = CGColor(gray: 0.92, alpha: 1)
        label.bounds = CGRect(x: 0, y: 0, width: size.width - 40, height: 32)
        label.position = CGPoint(x: size.width / 2, y: 30)
        label.alignmentMode = .center
        root.addSublayer(label)
        let hint = CATextLayer()
        hint.string = "Up/Down: speed    Left/Right: calculationMode    Return: restart    drag: scrub    Esc: quit"
        hint.fontSize = 14
        hint.foregroundColor = CGColor(gray: 0.55, alpha: 1)
        hint.bounds = CGRect(x: 0, y: 0, width: size.width - 40, height: 22)
        hint.position = CGPoint(x: size.width / 2, y: size.height - 20)
        hint.alignmentMode = .center
        root.addSublayer(hint)

        fly()
    }

    /// The curves' control points, faint, joined to their end points: what
    /// `addCurve(to:control1:control2:)` was given.
    private func addControlPoints() {
        let handles = CAShapeLayer()
        handles.frame = stage.bounds
        let path = CGMutablePath()
        for (end, control) in [((74.0, 74.0), (74.0, 500.0)), ((320.0, 74.0), (320.0, 500.0)),
                               ((566.0, 74.0), (566.0, 500.0))] {
            path.move(to: CGPoint(x: end.0, y: end.1))
            path.addLine(to: CGPoint(x: control.0, y: control.1))
            path.addEllipse(in: CGRect(x: control.0 - 5, y: control.1 - 5, width: 10, height: 10))
            path.addEllipse(in: CGRect(x: end.0 - 4, y: end.1 - 4, width: 8, height: 8))
        }
        handles.path = path
        handles.fillColor = nil
        handles.strokeColor = CGColor(gray: 0.5, alpha: 0.6)
        handles.lineWidth = 1.5
        stage.addSublayer(handles)
    }

    /// Listing 3-3, with the ship as the layer: the animation's `path`
    /// gives the positions, `duration` is five seconds. Added under the key
    /// "position", it replaces the previous flight.
    func fly() {
        let theAnimation = CAKeyframeAnimation(keyPath: "position")
        theAnimation.path = bouncePath()
        theAnimation.duration = Self.flightDuration
        // Not in the listing: turn the ship to the path's tangent, choose
        // how the time is spread over the path, and fly again and again.
        theAnimation.rotationMode = .rotateAuto
        theAnimation.calculationMode = Self.modes[modeIndex]
        theAnimation.repeatCount = .infinity
        // Begins now in the ship's own time (what a beginTime of 0 means),
        // set here so a scrub knows where the flight's five seconds lie.
        flightStart = ship.convertTime(CACurrentMediaTime(), from: nil)
        theAnimation.beginTime = flightStart
        ship.add(theAnimation, forKey: "position")
        updateLabel()
    }

    private func updateLabel() {
        let speed = Self.speeds[speedIndex]
        var speedText = speed == 0 ? "paused" : "speed " + String(format: "%g×", Double(speed))
        if let heldAt { speedText = String(format: "held at %.2f s of %g", heldAt, Self.flightDuration) }
        label.string = "calculationMode: \(Self.modes[modeIndex].rawValue)    \(speedText)"
    }

    /// A layer's `speed` scales the time of everything on it. Changing it
    /// alone would make the layer's local time jump (local time is
    /// (parent time − beginTime) × speed + timeOffset), so first the local
    /// time now is kept in `timeOffset` and `beginTime` moves to now: the
    /// flight goes on from where it is, at the new pace. (Apple's recipe
    /// for pausing and resuming a layer's animations.)
    private func setSpeed(_ index: Int) {
        speedIndex = min(max(index, 0), Self.speeds.count - 1)
        let now = CACurrentMediaTime()
        let localTime = ship.convertTime(now, from: nil)
        ship.speed = Self.speeds[speedIndex]
        ship.timeOffset = localTime
        ship.beginTime = now
        updateLabel()
    }

    // MARK: Scrubbing with the pointer

    /// A press holds the flight at the pointer's place across the route.
    override func mouseDown(with event: LaminaMouseEvent) { hold(at: event) }
    override func mouseDragged(with event: LaminaMouseEvent) { hold(at: event) }

    /// Let go: the flight goes on from the moment held, at the chosen speed.
    override func mouseUp(with event: LaminaMouseEvent) {
        heldAt = nil
        setSpeed(speedIndex)
    }

    /// Stops the ship's time (speed 0, so its local time is `timeOffset`)
    /// at the moment of the flight the pointer's x stands for: the route's
    /// left end is 0 s, its right end 5 s. In `paced` mode the ship is then
    /// under the pointer; in `linear` and `cubic` it lags and leads, which is
    /// how those modes spread the time.
    private func hold(at event: LaminaMouseEvent) {
        let x = event.location(in: stage).x
        let share = (x - Self.routeX.lowerBound) / (Self.routeX.upperBound - Self.routeX.lowerBound)
        // Just short of the end: a repeating flight at exactly 5 s is
        // already back at the start of its next round.
        let moment = min(Self.flightDuration * Double(max(share, 0)), Self.flightDuration - 0.001)
        heldAt = moment
        ship.speed = 0
        ship.timeOffset = flightStart + moment
        updateLabel()
    }

    override func moveUp(_ sender: Any?) { setSpeed(speedIndex + 1) }
    override func moveDown(_ sender: Any?) { setSpeed(speedIndex - 1) }
    override func moveLeft(_ sender: Any?) { switchMode(by: -1) }
    override func moveRight(_ sender: Any?) { switchMode(by: 1) }
    override func insertNewline(_ sender: Any?) { fly() }

    private func switchMode(by step: Int) {
        modeIndex = (modeIndex + step + Self.modes.count) % Self.modes.count
        fly()
    }
}

let options = SpaceshipCommand.parseOrExit()
let window = DemoWindow.open(title: "Lamina spaceship", options: options.demo)
window.rootLayer.backgroundColor = CGColor(red: 0.03, green: 0.04, blue: 0.10, alpha: 1)
let flight = Flight(in: window.rootLayer, size: window.contentSize)
DemoWindow.run(window, responder: flight, options: options.demo)
