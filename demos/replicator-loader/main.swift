// replicator-loader: loading indicators made with CAReplicatorLayer, which
// draws its sublayers `instanceCount` times, each copy moved by one more
// `instanceTransform` and running its animations one more `instanceDelay`
// later. One dot and one animation become the whole spinner.
//
//   Up / Down      more / fewer instances (dots and bars)
//   Left / Right   slower / faster (the replicators' `speed`)
//   click          on a loader: pause both, or start them again
//   wheel          more / fewer instances, as Up / Down
//   Escape         quit
import ArgumentParser
import DemoSupport
import Foundation
import LaminaHost
import QuartzCore

struct LoaderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replicator-loader",
        abstract: "CAReplicatorLayer spinners: instance count (Up/Down, wheel), speed (Left/Right), click pauses, Escape.")
    @OptionGroup var demo: DemoOptions
}

final class Loaders: DemoResponder {
    static let counts = [4, 6, 8, 10, 12, 15, 18, 24]
    static let speeds: [Float] = [0.25, 0.5, 1, 2, 4]
    /// One turn of the spinner, and one swing of the bars, in seconds.
    static let period: CFTimeInterval = 1.2

    let spinner = CAReplicatorLayer()
    let bars = CAReplicatorLayer()
    let label = CATextLayer()
    private let barSpacing: CGFloat
    private var countIndex = 4  // 12
    private var speedIndex = 2  // 1
    /// Stopped by a click: speed 0 until the next click or Left/Right.
    private var paused = false

    init(in root: CALayer, size: CGSize) {
        let unit = min(size.width, size.height)
        barSpacing = unit * 0.03
        super.init()
        makeSpinner(diameter: unit * 0.45, center: CGPoint(x: size.width * 0.3, y: size.height * 0.48))
        makeBars(height: unit * 0.25, center: CGPoint(x: size.width * 0.7, y: size.height * 0.48))
        root.addSublayer(spinner)
        root.addSublayer(bars)

        let fontSize = max(14, size.height * 0.035)
        label.fontSize = fontSize
        label.foregroundColor = CGColor(gray: 0.95, alpha: 1)
        label.alignmentMode = .center
        label.bounds = CGRect(x: 0, y: 0, width: size.width, height: fontSize * 1.5)
        label.position = CGPoint(x: size.width / 2, y: size.height * 0.1)
        root.addSublayer(label)
        let hint = CATextLayer()
        hint.string = "Up/Down, wheel: instanceCount    Left/Right: speed    click: pause    Esc: quit"
        hint.fontSize = fontSize * 0.6
        hint.foregroundColor = CGColor(gray: 0.55, alpha: 1)
        hint.alignmentMode = .center
        hint.bounds = CGRect(x: 0, y: 0, width: size.width, height: fontSize)
        hint.position = CGPoint(x: size.width / 2, y: size.height * 0.92)
        root.addSublayer(hint)
        applyCount()
    }

    /// The classic spinner: one dot at the top of the replicator; each
    /// copy turned a further 1/n of a circle about the replicator's centre
    /// (where `instanceTransform` applies), and each copy's fade starting
    /// 1/n of a period after the previous one, so the bright dot runs round.
    private func makeSpinner(diameter: CGFloat, center: CGPoint) {
        spinner.bounds = CGRect(x: 0, y: 0, width: diameter, height: diameter)
        spinner.position = center
        let dotSize = diameter * 0.11
        let dot = CALayer()
        dot.bounds = CGRect(x: 0, y: 0, width: dotSize, height: dotSize)
        dot.position = CGPoint(x: diameter / 2, y: dotSize / 2)
        dot.cornerRadius = dotSize / 2
        dot.backgroundColor = CGColor(gray: 1, alpha: 1)
        // The model values are the faded ones: a copy whose turn has not
        // come yet (its delayed animation has not begun) shows them.
        dot.opacity = 0.15
        dot.transform = CATransform3DMakeScale(0.4, 0.4, 1)
        spinner.addSublayer(dot)

        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1.0
        fade.toValue = 0.15
        let shrink = CABasicAnimation(keyPath: "transform.scale")
        shrink.fromValue = 1.0
        shrink.toValue = 0.4
        // Each animation in a group keeps its own timing (a duration of 0
        // would mean a quarter of a second): both run the whole period.
        fade.duration = Self.period
        shrink.duration = Self.period
        let group = CAAnimationGroup()
        group.animations = [fade, shrink]
        group.duration = Self.period
        group.repeatCount = .infinity
        dot.add(group, forKey: "pulse")
    }

    /// Bars: each copy moved right by one spacing (`instanceTransform` is
    /// a translation here), tinted a little less red and a little more
    /// green than the last (`instanceRedOffset`, `instanceGreenOffset`),
    /// stretching one `instanceDelay` after its left neighbour.
    private func makeBars(height: CGFloat, center: CGPoint) {
        bars.position = center
        bars.instanceColor = CGColor(red: 1, green: 0.35, blue: 0.55, alpha: 1)
        bars.instanceRedOffset = -0.05
        bars.instanceGreenOffset = 0.04
        bars.instanceBlueOffset = 0.02
        let bar = CALayer()
        bar.bounds = CGRect(x: 0, y: 0, width: barSpacing * 0.6, height: height)
        bar.position = CGPoint(x: barSpacing / 2, y: height / 2)
        bar.cornerRadius = barSpacing * 0.3
        bar.backgroundColor = CGColor(gray: 1, alpha: 1)
        bar.transform = CATransform3DMakeScale(1, 0.2, 1)
        bars.addSublayer(bar)

        let stretch = CABasicAnimation(keyPath: "transform.scale.y")
        stretch.fromValue = 0.2
        stretch.toValue = 1.0
        stretch.duration = Self.period / 2
        stretch.autoreverses = true
        stretch.repeatCount = .infinity
        stretch.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        bar.add(stretch, forKey: "stretch")
        bars.bounds = CGRect(x: 0, y: 0, width: barSpacing, height: height)
    }

    /// Sets both replicators to the chosen count: the spinner's angle
    /// step and both delays follow it, so a whole period still holds one
    /// round of the spinner and one wave across the bars.
    private func applyCount() {
        let count = Self.counts[countIndex]
        // Instance properties are animatable; these changes take effect at once.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        spinner.instanceCount = count
        spinner.instanceTransform = CATransform3DMakeRotation(2 * .pi / CGFloat(count), 0, 0, 1)
        spinner.instanceDelay = Self.period / Double(count)
        bars.instanceCount = count
        bars.instanceTransform = CATransform3DMakeTranslation(barSpacing, 0, 0)
        bars.instanceDelay = Self.period / Double(count)
        bars.bounds.size.width = barSpacing * CGFloat(count)
        CATransaction.commit()
        updateLabel()
    }

    private func updateLabel() {
        let count = Self.counts[countIndex]
        let speed = paused ? "paused" : String(format: "speed %g×", Double(Self.speeds[speedIndex]))
        label.string = String(format: "instanceCount %d    instanceDelay %.3f s    ", count, Self.period / Double(count))
            + speed
    }

    /// `speed` scales a layer's time, and with it every animation in its
    /// subtree. The local time now is kept in `timeOffset` and `beginTime`
    /// moves to now, so the animations go on from where they are instead
    /// of jumping (Apple's recipe for pausing and resuming a layer).
    /// Left and Right set the speed, and so start paused loaders again.
    private func setSpeed(_ index: Int) {
        speedIndex = min(max(index, 0), Self.speeds.count - 1)
        paused = false
        applySpeed()
    }

    /// A pause is speed 0 by the same recipe: the dots stop where they are.
    private func applySpeed() {
        let now = CACurrentMediaTime()
        for layer in [spinner, bars] {
            let localTime = layer.convertTime(now, from: nil)
            layer.speed = paused ? 0 : Self.speeds[speedIndex]
            layer.timeOffset = localTime
            layer.beginTime = now
        }
        updateLabel()
    }

    /// A click on either loader pauses both, or starts them again.
    override func mouseDown(with event: LaminaMouseEvent) {
        let point = event.locationInWindow
        guard spinner.frame.contains(point) || bars.frame.contains(point) else { return }
        paused.toggle()
        applySpeed()
    }

    /// The wheel: up for more instances, down for fewer, one per step.
    override func scrollWheel(with event: LaminaMouseEvent) {
        if event.scrollingDeltaY > 0 { moveUp(event) } else if event.scrollingDeltaY < 0 { moveDown(event) }
    }

    override func moveUp(_ sender: Any?) { countIndex = min(countIndex + 1, Self.counts.count - 1); applyCount() }
    override func moveDown(_ sender: Any?) { countIndex = max(countIndex - 1, 0); applyCount() }
    override func moveLeft(_ sender: Any?) { setSpeed(speedIndex - 1) }
    override func moveRight(_ sender: Any?) { setSpeed(speedIndex + 1) }
}

let options = LoaderCommand.parseOrExit()
let window = DemoWindow.open(title: "Lamina replicator loader", options: options.demo)
window.rootLayer.backgroundColor = CGColor(red: 0.07, green: 0.07, blue: 0.1, alpha: 1)
let loaders = Loaders(in: window.rootLayer, size: window.contentSize)
DemoWindow.run(window, responder: loaders, options: options.demo)
