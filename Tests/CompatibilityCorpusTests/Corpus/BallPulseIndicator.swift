import QuartzCore

/// Three dots that shrink and grow again one after another, in the style
/// of NVActivityIndicatorView's "ball pulse".
final class BallPulseIndicator {
    /// One pulse of a dot.
    static let duration: CFTimeInterval = 0.75
    /// How long after `startAnimating()` each dot starts pulsing.
    static let delays: [CFTimeInterval] = [0.12, 0.24, 0.36]
    static let animationKey = "pulse"

    let layer = CALayer()
    private(set) var dots: [CAShapeLayer] = []

    init(size: CGSize, color: CGColor) {
        layer.bounds = CGRect(origin: .zero, size: size)
        let spacing: CGFloat = 2
        let diameter = (size.width - 2 * spacing) / 3
        for index in 0..<3 {
            let dot = CAShapeLayer()
            let circle = CGMutablePath()
            circle.addArc(center: CGPoint(x: diameter / 2, y: diameter / 2), radius: diameter / 2,
                          startAngle: 0, endAngle: 2 * .pi, clockwise: false)
            dot.path = circle
            dot.fillColor = color
            dot.frame = CGRect(x: CGFloat(index) * (diameter + spacing), y: (size.height - diameter) / 2,
                               width: diameter, height: diameter)
            layer.addSublayer(dot)
            dots.append(dot)
        }
    }

    func startAnimating() {
        let timing = CAMediaTimingFunction(controlPoints: 0.2, 0.68, 0.18, 1.08)
        let pulse = CAKeyframeAnimation(keyPath: "transform.scale")
        pulse.keyTimes = [0, 0.3, 1]
        pulse.values = [1, 0.3, 1]
        pulse.timingFunctions = [timing, timing]
        pulse.duration = BallPulseIndicator.duration
        pulse.repeatCount = .infinity
        pulse.isRemovedOnCompletion = false

        // Begin times are in the layer's time space.
        let now = layer.convertTime(CACurrentMediaTime(), from: nil)
        for (dot, delay) in zip(dots, BallPulseIndicator.delays) {
            pulse.beginTime = now + delay
            dot.add(pulse, forKey: BallPulseIndicator.animationKey)
        }
    }

    func stopAnimating() {
        for dot in dots { dot.removeAnimation(forKey: BallPulseIndicator.animationKey) }
    }
}
