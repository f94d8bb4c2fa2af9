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

    /// The kiosk menu of `demos/kiosk-menu` (Apple's Core Animation
    /// Programming Guide): five 32-point text items laid out by constraints
    /// in the middle of `root`, and a rounded selection ring whose
    /// `CIBloom` pulses forever. Returns the selection and the items, whose
    /// positions the selection moves to.
    @MainActor
    public static func kioskMenu(in root: CALayer) -> (selection: CALayer, items: [CATextLayer]) {
        let names = ["Movies", "Music", "Podcasts", "Photos", "Internet"]
        let itemHeight: CGFloat = 50, spacing: CGFloat = 20
        root.layoutManager = CAConstraintLayoutManager()
        let menu = CALayer()
        menu.name = "menuLayer"
        menu.bounds = CGRect(x: 0, y: 0, width: 420, height: CGFloat(names.count) * (itemHeight + spacing) - spacing)
        menu.addConstraint(CAConstraint(attribute: .midX, relativeTo: "superlayer", attribute: .midX))
        menu.addConstraint(CAConstraint(attribute: .midY, relativeTo: "superlayer", attribute: .midY))
        menu.layoutManager = CAConstraintLayoutManager()
        root.addSublayer(menu)
        var items: [CATextLayer] = []
        for (index, name) in names.enumerated() {
            let item = CATextLayer()
            item.name = "item\(index)"
            item.string = name
            item.font = "Lucida Grande"
            item.fontSize = 32
            item.foregroundColor = CGColor(gray: 1, alpha: 1)
            item.alignmentMode = .center
            item.bounds = CGRect(x: 0, y: 0, width: 400, height: itemHeight)
            item.addConstraint(CAConstraint(attribute: .midX, relativeTo: "superlayer", attribute: .midX))
            let above = index == 0 ? "superlayer" : "item\(index - 1)"
            item.addConstraint(CAConstraint(attribute: .minY, relativeTo: above, attribute: index == 0 ? .minY : .maxY,
                                            offset: index == 0 ? 0 : spacing))
            menu.addSublayer(item)
            items.append(item)
        }
        let selection = CALayer()
        selection.bounds = CGRect(x: 0, y: 0, width: 400, height: itemHeight)
        selection.borderWidth = 2
        selection.borderColor = CGColor(gray: 1, alpha: 1)
        selection.cornerRadius = 25
        let bloom = CIFilter(name: "CIBloom")!
        bloom.setDefaults()
        bloom.setValue(5.0, forKey: "inputRadius")
        bloom.name = "pulseFilter"
        selection.filters = [bloom]
        let pulse = CABasicAnimation(keyPath: "filters.pulseFilter.inputIntensity")
        pulse.fromValue = 0.0
        pulse.toValue = 1.5
        pulse.duration = 1.0
        pulse.repeatCount = .greatestFiniteMagnitude
        pulse.autoreverses = true
        pulse.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        selection.add(pulse, forKey: "pulseAnimation")
        menu.addSublayer(selection)
        root.layoutIfNeeded()
        selection.position = items[0].position
        return (selection, items)
    }
}

