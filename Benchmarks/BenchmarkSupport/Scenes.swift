import QuartzCore

/// The layer trees the benchmarks measure, built the same way offscreen and
/// in a window so that their figures compare.
public enum BenchmarkScenes {
    /// `count` 24x24 coloured squares on a grid over `size`, each moving
    /// back and forth (position, 1 to 3 s, autoreverse, forever) while its
    /// opacity pulses (1 to 0.3): every layer changes every frame.
    @MainActor
    public static func animatedSquares(count: Int, in root: CALayer, size: CGSize) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        let columns = Int((Double(count) * Double(size.width / size.height)).squareRoot().rounded(.up))
        let rows = (count + columns - 1) / columns
        let cell = CGSize(width: size.width / CGFloat(columns), height: size.height / CGFloat(rows))
        for index in 0..<count {
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 24, height: 24)
            let hue = CGFloat(index % 7) / 7
            layer.backgroundColor = CGColor(red: 0.3 + 0.7 * hue, green: 0.9 - 0.6 * hue, blue: 0.5, alpha: 1)
            let start = CGPoint(x: (CGFloat(index % columns) + 0.5) * cell.width,
                                y: (CGFloat(index / columns) + 0.5) * cell.height)
            layer.position = start
            let move = CABasicAnimation(keyPath: "position")
            move.fromValue = start
            move.toValue = CGPoint(x: start.x + 40, y: start.y + 20)
            move.duration = 1 + Double(index % 5) * 0.5
            move.autoreverses = true
            move.repeatCount = .greatestFiniteMagnitude
            layer.add(move, forKey: "move")
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 1.0
            fade.toValue = 0.3
            fade.duration = 0.8 + Double(index % 3) * 0.4
            fade.autoreverses = true
            fade.repeatCount = .greatestFiniteMagnitude
            layer.add(fade, forKey: "fade")
            root.addSublayer(layer)
        }
    }

    /// `layers` layers each running four animations: a basic position move,
    /// a keyframe opacity, a spring on `transform.scale` and a basic
    /// background colour, all repeating forever (4 x `layers` animations).
    /// Committed in one transaction, the animations of a kind share their
    /// timing, as a transaction's animations do; with `timeOffsetStep`, layer
    /// `i`'s animations start `i` steps into their cycle (`timeOffset`), so
    /// that no two layers' animations have the same timing.
    @MainActor
    public static func animationMix(layers: Int, in root: CALayer, timeOffsetStep: Double = 0) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        for index in 0..<layers {
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
            layer.position = CGPoint(x: index % 100 * 12, y: index / 100 * 12)
            let move = CABasicAnimation(keyPath: "position")
            move.toValue = CGPoint(x: index % 100 * 12 + 30, y: index / 100 * 12 + 10)
            move.duration = 2
            move.autoreverses = true
            move.repeatCount = .greatestFiniteMagnitude
            move.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            move.timeOffset = Double(index) * timeOffsetStep
            layer.add(move, forKey: "move")
            let fade = CAKeyframeAnimation(keyPath: "opacity")
            fade.values = [1.0, 0.2, 0.8, 1.0]
            fade.keyTimes = [0, 0.3, 0.7, 1]
            fade.duration = 1.5
            fade.repeatCount = .greatestFiniteMagnitude
            fade.timeOffset = Double(index) * timeOffsetStep
            layer.add(fade, forKey: "fade")
            let bounce = CASpringAnimation(keyPath: "transform.scale")
            bounce.fromValue = 0.5
            bounce.toValue = 1.0
            bounce.damping = 8
            bounce.duration = bounce.settlingDuration
            bounce.repeatCount = .greatestFiniteMagnitude
            bounce.timeOffset = Double(index) * timeOffsetStep
            layer.add(bounce, forKey: "bounce")
            let tint = CABasicAnimation(keyPath: "backgroundColor")
            tint.fromValue = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            tint.toValue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            tint.duration = 3
            tint.autoreverses = true
            tint.repeatCount = .greatestFiniteMagnitude
            tint.timeOffset = Double(index) * timeOffsetStep
            layer.add(tint, forKey: "tint")
            root.addSublayer(layer)
        }
    }
}
