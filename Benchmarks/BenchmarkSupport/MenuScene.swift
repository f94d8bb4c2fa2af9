import QuartzCore

/// The kiosk menu's layers (five text rows and a rounded selection outline)
/// for the idle, latency and offscreen kiosk benchmarks; with `pulsing`, the
/// selection's bloom pulses forever as in `kiosk-menu`.
@MainActor
public enum MenuScene {
    public static let rows = ["Movies", "Music", "Podcasts", "Photos", "Internet"]
    /// The selection's pulse animation's key.
    public static let pulseKey = "pulseAnimation"

    /// Builds the menu in `root`; returns the selection layer and the rows' centres.
    @discardableResult
    public static func build(in root: CALayer, pulsing: Bool) -> (selection: CALayer, centres: [CGPoint]) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        root.backgroundColor = CGColor(gray: 0, alpha: 1)
        let top = root.bounds.midY - CGFloat(rows.count * 70 - 20) / 2
        var centres: [CGPoint] = []
        for (index, name) in rows.enumerated() {
            let item = CATextLayer()
            item.string = name
            item.fontSize = 32
            item.foregroundColor = CGColor(gray: 1, alpha: 1)
            item.alignmentMode = .center
            item.bounds = CGRect(x: 0, y: 0, width: 400, height: 50)
            item.position = CGPoint(x: root.bounds.midX, y: top + 25 + CGFloat(index * 70))
            centres.append(item.position)
            root.addSublayer(item)
        }
        let selection = CALayer()
        selection.bounds = CGRect(x: 0, y: 0, width: 400, height: 50)
        selection.borderWidth = 2
        selection.borderColor = CGColor(gray: 1, alpha: 1)
        selection.cornerRadius = 25
        selection.position = centres[0]
        if pulsing {
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
            selection.add(pulse, forKey: pulseKey)
        }
        root.addSublayer(selection)
        return (selection, centres)
    }
}
