// clock: the clock from Nick Lockwood's "iOS Core Animation: Advanced
// Techniques", chapter 3 ("Layer Geometry"), on Lamina.
//
// The chapter's point is the anchor point: a layer's `transform` turns it
// about its `anchorPoint`, so each hand's anchor point moves to its tail
// (see ClockFace.swift) and its `position` is the dial's centre. Then a
// rotation transform per hand, set every second, is the whole clock.
// Here each change is animated through the `transform.rotation.z` key path.
//
//   Up / Down      run time faster / slower (stopped, 1x, 10x, 60x, 600x, 3600x)
//   Left / Right   set the clock back / forward an hour (the hands sweep there)
//   drag a hand    turn it round the dial to set the time (the others follow)
//   Escape         quit
//
// The time is a simulated one (SimulatedTime.swift): the wall clock, run
// at the chosen rate. `--start 10:09:30` starts it at a fixed time.
import ArgumentParser
import DemoSupport
import Foundation
import LaminaHost
import QuartzCore

struct ClockCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clock",
        abstract: "Lockwood's clock: hands turned by transform about a moved anchor point. Arrows, drag a hand, Escape.")

    @OptionGroup var demo: DemoOptions
    @Option(help: "Start at this time of day (HH:MM or HH:MM:SS) instead of now.")
    var start: String?

    /// `--start` in seconds since midnight.
    var startSeconds: Double? {
        guard let start else { return nil }
        let parts = start.split(separator: ":").compactMap { Double($0) }
        guard parts.count >= 2 else { return nil }
        return parts[0] * 3600 + parts[1] * 60 + (parts.count > 2 ? parts[2] : 0)
    }

    func validate() throws {
        if start != nil, startSeconds == nil { throw ValidationError("--start takes HH:MM or HH:MM:SS") }
    }
}

/// The clock: the dial, three hands, a label, and the keys.
final class Clock: DemoResponder {
    static let rates: [Double] = [0, 1, 10, 60, 600, 3600]
    /// The simulated seconds one whole turn of each hand stands for, in
    /// the order of `hands`: hour, minute, second.
    static let secondsPerTurn: [Double] = [43_200, 3600, 60]
    /// How far beside a hand a press still takes it, in points.
    static let grabSlop: CGFloat = 8

    let face: ClockFace
    let timeLabel = CATextLayer()
    let hintLabel = CATextLayer()
    var time: SimulatedTime
    private var rateIndex = 1
    /// The angle each hand was last turned to, never wrapped (see SimulatedTime).
    private var angles: [CGFloat] = [0, 0, 0]
    private var shownTick = Int.min
    /// The window, for hit testing what is drawn under the pointer.
    private unowned let window: LaminaWindow
    private let center: CGPoint
    /// The hand being turned by the pointer: its index in `hands` and the
    /// pointer's last angle about the centre. Nil when no hand is held.
    private var turning: (hand: Int, angle: CGFloat)?
    /// Calls `frame(_:)` once a display frame.
    private var displayLink: CADisplayLink?

    init(in window: LaminaWindow, start: Double?) {
        let root = window.rootLayer, size = window.contentSize
        let radius = min(size.width, size.height) * 0.36
        face = ClockFace(radius: radius)
        time = SimulatedTime(start: start)
        self.window = window
        center = CGPoint(x: size.width / 2, y: size.height * 0.45)
        super.init()

        face.dial.position = center
        root.addSublayer(face.dial)
        // The hands: each one's anchor point is at its tail (ClockFace.hand),
        // so putting `position` at the centre pins that tail there.
        for hand in [face.hourHand, face.minuteHand, face.secondHand] {
            hand.position = center
            root.addSublayer(hand)
        }
        face.cap.position = center
        root.addSublayer(face.cap)

        let fontSize = size.height * 0.055
        timeLabel.fontSize = fontSize
        timeLabel.foregroundColor = CGColor(gray: 1, alpha: 1)
        timeLabel.alignmentMode = .center
        timeLabel.bounds = CGRect(x: 0, y: 0, width: size.width, height: fontSize * 1.4)
        timeLabel.position = CGPoint(x: size.width / 2, y: center.y + radius + fontSize * 1.1)
        root.addSublayer(timeLabel)
        hintLabel.string = "Up/Down: speed of time    Left/Right: an hour back/forward    drag a hand    Esc: quit"
        hintLabel.fontSize = fontSize * 0.4
        hintLabel.foregroundColor = CGColor(gray: 0.6, alpha: 1)
        hintLabel.alignmentMode = .center
        hintLabel.bounds = CGRect(x: 0, y: 0, width: size.width, height: fontSize * 0.7)
        hintLabel.position = CGPoint(x: size.width / 2, y: timeLabel.position.y + fontSize * 1.1)
        root.addSublayer(hintLabel)

        // The first position, without animating.
        update(duration: 0)
        // The clock ticks: a display link looks at the simulated time every
        // frame, and moves the hands when a second has passed. (On Apple:
        // `CADisplayLink(target: self, selector: #selector(frame(_:)))`.)
        displayLink = CADisplayLink(target: self, selector: Clock.frame)
        displayLink?.add(to: .main, forMode: .common)
    }

    private func frame(_ link: CADisplayLink) {
        time.advance()
        guard time.tick != shownTick else { return }
        // A tick at 1x takes a quarter of a second; faster time, faster ticks.
        update(duration: min(0.25, 0.8 / max(time.rate, 1)))
    }

    /// Turns the hands to the simulated time, over `duration` seconds.
    private func update(duration: CFTimeInterval, sweepSeconds: Bool = true) {
        let tick = Double(time.tick)
        shownTick = time.tick
        // Full turn = 2π: the second hand turns once a minute, the minute
        // hand once an hour, the hour hand once in twelve hours.
        let targets: [CGFloat] = [tick / 43_200 * 2 * .pi, tick / 3600 * 2 * .pi, tick / 60 * 2 * .pi]
        for index in hands.indices {
            let animate = duration > 0 && (index < 2 || sweepSeconds)
            turn(hands[index], from: angles[index], to: targets[index], duration: animate ? duration : 0)
            angles[index] = targets[index]
        }
        timeLabel.string = "\(time.text)   \(Self.rateText(time.rate))"
    }

    /// Sets the hand's rotation (its model value) and, for a visible change,
    /// animates the `transform.rotation.z` key path from the old angle.
    private func turn(_ hand: CALayer, from: CGFloat, to: CGFloat, duration: CFTimeInterval) {
        // The model: a rotation about z of `to` radians, which turns the hand
        // about its anchor point. Set without an implicit animation, since
        // the explicit one below says how to get there.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        hand.setValue(to, forKeyPath: "transform.rotation.z")
        CATransaction.commit()
        guard duration > 0, from != to else { return }
        // The animation interpolates the angle itself, not the matrices, so
        // a turn of more than half a circle (or of a whole one, an hour on
        // the minute hand) goes all the way round.
        let turn = CABasicAnimation(keyPath: "transform.rotation.z")
        turn.fromValue = from
        turn.toValue = to
        turn.duration = duration
        // Quick start and a soft stop: a ticking hand.
        turn.timingFunction = CAMediaTimingFunction(controlPoints: 0.2, 0.8, 0.3, 1)
        hand.add(turn, forKey: "turn")
    }

    /// The three hands, in the order of `secondsPerTurn` and `angles`.
    private var hands: [CALayer] { [face.hourHand, face.minuteHand, face.secondHand] }

    static func rateText(_ rate: Double) -> String { rate == 0 ? "stopped" : "×\(Int(rate))" }

    override func moveUp(_ sender: Any?) { setRate(rateIndex + 1) }
    override func moveDown(_ sender: Any?) { setRate(rateIndex - 1) }

    private func setRate(_ index: Int) {
        rateIndex = min(max(index, 0), Self.rates.count - 1)
        time.advance()
        time.rate = Self.rates[rateIndex]
        timeLabel.string = "\(time.text)   \(Self.rateText(time.rate))"
    }

    /// Left and Right move the time by an hour: the minute hand sweeps a
    /// whole turn and the hour hand a twelfth, together, in 0.8 s. (The
    /// second hand is where it was: an hour is a whole number of its turns.)
    override func moveLeft(_ sender: Any?) { jump(by: -3600) }
    override func moveRight(_ sender: Any?) { jump(by: 3600) }

    private func jump(by seconds: Double) {
        time.advance()
        time.jump(by: seconds)
        update(duration: 0.8, sweepSeconds: false)
    }

    // MARK: Turning a hand with the pointer

    /// A press on a hand (where it is drawn: window.hitTest looks at the
    /// presentation tree, so a sweeping hand is caught where it is) takes it.
    /// The hands are thin, so a press up to `grabSlop` points beside one
    /// counts too.
    override func mouseDown(with event: LaminaMouseEvent) {
        let point = event.locationInWindow
        // Places within the slop, every 2 points (the second hand is 2 wide
        // on a small dial), nearest first: the nearest hand wins.
        let steps = Array(stride(from: -Self.grabSlop, through: Self.grabSlop, by: 2))
        var offsets: [CGPoint] = []
        for dx in steps { for dy in steps { offsets.append(CGPoint(x: dx, y: dy)) } }
        offsets.sort { hypot($0.x, $0.y) < hypot($1.x, $1.y) }
        for offset in offsets {
            let hit = window.hitTest(CGPoint(x: point.x + offset.x, y: point.y + offset.y))
            if let index = hands.firstIndex(where: { $0 === hit }) {
                turning = (index, angle(of: point))
                return
            }
        }
    }

    /// Turning the held hand sets the time: the angle it turned, as a share
    /// of a whole turn, times the seconds a turn stands for. Past 12 the
    /// minute hand carries the hour on, as the crown of a watch does.
    override func mouseDragged(with event: LaminaMouseEvent) {
        guard let held = turning else { return }
        let angle = angle(of: event.locationInWindow)
        // The short way round from the last angle: a drag never jumps half a dial.
        var step = angle - held.angle
        if step > .pi { step -= 2 * .pi } else if step < -.pi { step += 2 * .pi }
        turning = (held.hand, angle)
        time.advance()
        time.jump(by: Double(step / (2 * .pi)) * Self.secondsPerTurn[held.hand])
        // The hands follow the pointer at once: a tick's sweep still
        // running would show the old angle for a quarter of a second.
        for hand in hands { hand.removeAnimation(forKey: "turn") }
        update(duration: 0)
    }

    override func mouseUp(with event: LaminaMouseEvent) { turning = nil }

    /// The direction of `point` from the centre, clockwise from 12 o'clock.
    private func angle(of point: CGPoint) -> CGFloat {
        atan2(point.x - center.x, center.y - point.y)
    }
}

let options = ClockCommand.parseOrExit()
let window = DemoWindow.open(title: "Lamina clock", options: options.demo)
window.rootLayer.backgroundColor = CGColor(red: 0.05, green: 0.06, blue: 0.09, alpha: 1)
let clock = Clock(in: window, start: options.startSeconds)
DemoWindow.run(window, responder: clock, options: options.demo)
