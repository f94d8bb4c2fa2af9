import QuartzCore

/// The classic activity spinner: one dot, replicated round a circle, each
/// copy fading one step after the one before, so a bright dot runs round.
final class ReplicatorSpinner {
    /// One round of the bright dot.
    static let period: CFTimeInterval = 1

    let layer = CAReplicatorLayer()
    let dot = CALayer()

    init(size: CGSize, color: CGColor, count: Int = 12) {
        layer.bounds = CGRect(origin: .zero, size: size)
        layer.instanceCount = count
        // instanceTransform applies about the replicator's centre (its anchor point).
        layer.instanceTransform = CATransform3DMakeRotation(2 * .pi / CGFloat(count), 0, 0, 1)
        layer.instanceDelay = ReplicatorSpinner.period / Double(count)

        let diameter = size.width * 0.14
        dot.bounds = CGRect(x: 0, y: 0, width: diameter, height: diameter)
        dot.position = CGPoint(x: size.width / 2, y: diameter / 2 + 1)
        dot.cornerRadius = diameter / 2
        dot.backgroundColor = color
        // The faded state is the model: a copy whose turn has not come shows it.
        dot.opacity = 0.2
        layer.addSublayer(dot)
    }

    func startAnimating() {
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0.2
        fade.duration = ReplicatorSpinner.period
        fade.repeatCount = .infinity
        fade.isRemovedOnCompletion = false
        dot.add(fade, forKey: "fade")
    }

    func stopAnimating() {
        dot.removeAnimation(forKey: "fade")
    }
}
