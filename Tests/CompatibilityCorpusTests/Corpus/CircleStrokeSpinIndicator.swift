import QuartzCore

/// An arc that grows from nothing to a full circle and shrinks away again
/// while the whole turns, in the style of NVActivityIndicatorView's
/// "circle stroke spin" (and Material's spinner).
final class CircleStrokeSpinIndicator {
    /// One grow-and-shrink of the arc.
    static let strokeDuration: CFTimeInterval = 1.5
    /// One turn.
    static let turnDuration: CFTimeInterval = 2

    let layer = CALayer()
    let arc = CAShapeLayer()

    init(size: CGSize, color: CGColor, lineWidth: CGFloat = 4) {
        layer.bounds = CGRect(origin: .zero, size: size)
        arc.frame = layer.bounds
        let path = CGMutablePath()
        // The full-circle idiom: 0 to 2π, whichever way.
        path.addArc(center: CGPoint(x: size.width / 2, y: size.height / 2),
                    radius: (min(size.width, size.height) - lineWidth) / 2,
                    startAngle: 0, endAngle: 2 * .pi, clockwise: true)
        arc.path = path
        arc.fillColor = nil
        arc.strokeColor = color
        arc.lineWidth = lineWidth
        arc.lineCap = .round
        layer.addSublayer(arc)
    }

    func startAnimating() {
        let grow = CABasicAnimation(keyPath: "strokeEnd")
        grow.fromValue = 0
        grow.toValue = 1
        grow.timingFunction = CAMediaTimingFunction(name: .easeOut)

        let shrink = CABasicAnimation(keyPath: "strokeStart")
        shrink.fromValue = 0
        shrink.toValue = 1
        shrink.timingFunction = CAMediaTimingFunction(name: .easeIn)

        // Neither child has a duration of its own: both span the group.
        let stroke = CAAnimationGroup()
        stroke.animations = [grow, shrink]
        stroke.duration = CircleStrokeSpinIndicator.strokeDuration
        stroke.repeatCount = .infinity
        stroke.isRemovedOnCompletion = false
        arc.add(stroke, forKey: "stroke")

        // The arc runs counterclockwise on screen; turn the same way.
        let spin = CABasicAnimation(keyPath: "transform.rotation")
        spin.byValue = -2 * CGFloat.pi
        spin.duration = CircleStrokeSpinIndicator.turnDuration
        spin.timingFunction = CAMediaTimingFunction(name: .linear)
        spin.repeatCount = .infinity
        spin.isRemovedOnCompletion = false
        arc.add(spin, forKey: "spin")
    }

    func stopAnimating() {
        arc.removeAllAnimations()
    }
}
