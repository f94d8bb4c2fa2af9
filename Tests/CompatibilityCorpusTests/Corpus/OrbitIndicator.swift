import QuartzCore

/// A satellite circling a pulsing core, with a ring that swells out of the
/// core and fades, in the style of NVActivityIndicatorView's "orbit".
final class OrbitIndicator {
    /// One turn of the satellite and one beat of the core.
    static let duration: CFTimeInterval = 1.9

    let layer = CALayer()
    let core = CAShapeLayer()
    let ring = CAShapeLayer()
    let satellite = CAShapeLayer()
    private let size: CGSize
    private let satelliteSize: CGFloat

    init(size: CGSize, color: CGColor) {
        self.size = size
        let coreSize = size.width / (1 + 0.25 + 1.5)
        satelliteSize = coreSize * 0.25
        layer.bounds = CGRect(origin: .zero, size: size)
        let center = CGPoint(x: size.width / 2, y: size.height / 2)

        for (disc, diameter) in [(ring, coreSize), (core, coreSize), (satellite, satelliteSize)] {
            let circle = CGMutablePath()
            circle.addArc(center: CGPoint(x: diameter / 2, y: diameter / 2), radius: diameter / 2,
                          startAngle: 0, endAngle: 2 * .pi, clockwise: false)
            disc.path = circle
            disc.fillColor = color
            disc.bounds = CGRect(x: 0, y: 0, width: diameter, height: diameter)
            disc.position = center
            layer.addSublayer(disc)
        }
        ring.opacity = 0
        // At rest the satellite sits at the top of its orbit, where the orbit starts.
        satellite.position = CGPoint(x: center.x, y: center.y - orbitRadius)
    }

    var orbitRadius: CGFloat { (size.width - satelliteSize) / 2 }

    func startAnimating() {
        let beatIn = CAMediaTimingFunction(controlPoints: 0.7, 0, 1, 0.5)
        let beatOut = CAMediaTimingFunction(controlPoints: 0, 0.7, 0.5, 1)
        let beat = CAKeyframeAnimation(keyPath: "transform.scale")
        beat.keyTimes = [0, 0.45, 0.55, 1]
        beat.values = [1, 1.3, 1.3, 1]
        beat.timingFunctions = [beatIn, CAMediaTimingFunction(name: .linear), beatOut]
        beat.duration = OrbitIndicator.duration
        beat.repeatCount = .infinity
        beat.isRemovedOnCompletion = false
        core.add(beat, forKey: "beat")

        let swell = CAKeyframeAnimation(keyPath: "transform.scale")
        swell.keyTimes = [0, 0.45, 0.45, 1]
        swell.values = [0, 0, 1.3, 2]
        let fade = CAKeyframeAnimation(keyPath: "opacity")
        fade.keyTimes = [0, 0.45, 1]
        fade.values = [0.8, 0.8, 0]
        fade.timingFunctions = [CAMediaTimingFunction(name: .linear),
                                CAMediaTimingFunction(controlPoints: 0.19, 1, 0.22, 1)]
        let wave = CAAnimationGroup()
        wave.animations = [swell, fade]
        wave.duration = OrbitIndicator.duration
        wave.repeatCount = .infinity
        wave.isRemovedOnCompletion = false
        ring.add(wave, forKey: "wave")

        // Two turns from the top (1.5π, y down), so one cycle of the path
        // is twice the core's beat.
        let orbit = CAKeyframeAnimation(keyPath: "position")
        let path = CGMutablePath()
        path.addArc(center: CGPoint(x: layer.bounds.midX, y: layer.bounds.midY), radius: orbitRadius,
                    startAngle: 1.5 * .pi, endAngle: 1.5 * .pi + 4 * .pi, clockwise: false)
        orbit.path = path
        orbit.duration = OrbitIndicator.duration * 2
        orbit.repeatCount = .infinity
        orbit.isRemovedOnCompletion = false
        satellite.add(orbit, forKey: "orbit")
    }

    func stopAnimating() {
        for disc in [core, ring, satellite] { disc.removeAllAnimations() }
    }
}
