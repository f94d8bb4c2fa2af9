import QuartzCore

/// A circular progress indicator: a faint track and an arc with round
/// caps, filled frame by frame by a display link, with a glow in the
/// middle that pulses slowly.
final class ProgressRing: NSObject {
    let layer = CALayer()
    let track = CAShapeLayer()
    let arc = CAShapeLayer()
    let glow = CALayer()

    private var link: CADisplayLink?
    private var fillDuration: CFTimeInterval = 1
    private var elapsed: CFTimeInterval = 0
    private var lastTargetTimestamp: CFTimeInterval?
    /// What the display link reported at its last call.
    private(set) var lastTimestamp: CFTimeInterval = 0
    private(set) var lastFrameDuration: CFTimeInterval = 0
    /// Calls the display link has made since `fill(over:)`.
    private(set) var frameCount = 0

    init(diameter: CGFloat, lineWidth: CGFloat = 10) {
        super.init()
        layer.bounds = CGRect(x: 0, y: 0, width: diameter, height: diameter)
        // From twelve o'clock, clockwise on screen (the angle grows downwards).
        let circle = CGMutablePath()
        circle.addArc(center: CGPoint(x: diameter / 2, y: diameter / 2), radius: (diameter - lineWidth) / 2,
                      startAngle: -.pi / 2, endAngle: 1.5 * .pi, clockwise: false)
        for ring in [track, arc] {
            ring.frame = layer.bounds
            ring.path = circle
            ring.fillColor = nil
            ring.lineWidth = lineWidth
            ring.lineCap = .round
            layer.addSublayer(ring)
        }
        track.strokeColor = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 0.15)
        arc.strokeColor = CGColor(srgbRed: 0.3, green: 0.85, blue: 0.55, alpha: 1)
        arc.strokeEnd = 0

        let glowSize = diameter * 0.3
        glow.bounds = CGRect(x: 0, y: 0, width: glowSize, height: glowSize)
        glow.position = CGPoint(x: diameter / 2, y: diameter / 2)
        glow.cornerRadius = glowSize / 2
        glow.backgroundColor = CGColor(srgbRed: 0.3, green: 0.85, blue: 0.55, alpha: 1)
        layer.addSublayer(glow)
    }

    /// The fraction shown, 0 to 1.
    var progress: CGFloat {
        get { arc.strokeEnd }
        set {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            arc.strokeEnd = min(max(newValue, 0), 1)
            CATransaction.commit()
        }
    }

    var isFilling: Bool { link != nil }
    var isPaused: Bool { link?.isPaused ?? false }

    /// Fills the ring from empty over `duration` seconds of display time.
    func fill(over duration: CFTimeInterval) {
        link?.invalidate()
        fillDuration = duration
        elapsed = 0
        frameCount = 0
        lastTargetTimestamp = nil
        progress = 0
        #if canImport(ObjectiveC)
        let link = CADisplayLink(target: self, selector: #selector(step(_:)))
        #else
        let link = CADisplayLink(target: self, selector: ProgressRing.step)
        #endif
        link.preferredFrameRateRange = CAFrameRateRange(minimum: 30, maximum: 60, preferred: 60)
        link.add(to: .main, forMode: .common)
        self.link = link
    }

    func pause() {
        link?.isPaused = true
        // Time spent paused does not count.
        lastTargetTimestamp = nil
    }

    func resume() {
        link?.isPaused = false
    }

    /// Stops filling where the ring stands.
    func stop() {
        link?.invalidate()
        link = nil
    }

    /// Starts the glow's slow pulse; it needs no more than 30 frames a second.
    func startPulsing() {
        let pulse = CABasicAnimation(keyPath: "opacity")
        pulse.fromValue = 1
        pulse.toValue = 0.35
        pulse.duration = 0.8
        pulse.autoreverses = true
        pulse.repeatCount = .infinity
        pulse.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        pulse.preferredFrameRateRange = CAFrameRateRange(minimum: 15, maximum: 30, preferred: 30)
        glow.add(pulse, forKey: "pulse")
    }

    #if canImport(ObjectiveC)
    @objc private func step(_ link: CADisplayLink) { advance(link) }
    #else
    private func step(_ link: CADisplayLink) { advance(link) }
    #endif

    /// Moves the arc on to where it should be when this frame is shown.
    private func advance(_ link: CADisplayLink) {
        // The first frame after starting or resuming counts one frame.
        elapsed += link.targetTimestamp - (lastTargetTimestamp ?? link.targetTimestamp - link.duration)
        lastTargetTimestamp = link.targetTimestamp
        lastTimestamp = link.timestamp
        lastFrameDuration = link.duration
        frameCount += 1
        progress = CGFloat(min(elapsed / fillDuration, 1))
        if elapsed >= fillDuration {
            link.invalidate()
            self.link = nil
        }
    }
}
