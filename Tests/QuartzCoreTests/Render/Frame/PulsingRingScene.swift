import Foundation
@testable import QuartzCore

/// The kiosk menu's shape in small, for the frame phase tests that build a
/// frame from the last one (`DrawListReuseTests`, `LeafBackdropTests`).
enum PulsingRingScene {
    /// The kiosk's shape: a static root over a static menu of static items
    /// and an animated ring (moving and pulsing), plus `extra` layers added
    /// to the menu.
    static func make(extra: [CALayer] = []) -> (root: CALayer, ring: CALayer) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 160, height: 120)
        root.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        let menu = CALayer()
        menu.frame = CGRect(x: 10, y: 10, width: 140, height: 100)
        for index in 0..<3 {
            let item = CALayer()
            item.frame = CGRect(x: 10, y: 10 + CGFloat(index) * 30, width: 120, height: 20)
            item.backgroundColor = CGColor(red: 0.3, green: 0.3 + 0.2 * CGFloat(index), blue: 0.8, alpha: 1)
            menu.addSublayer(item)
        }
        let ring = CALayer()
        ring.frame = CGRect(x: 10, y: 10, width: 120, height: 20)
        ring.borderWidth = 2
        ring.borderColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        ring.cornerRadius = 8
        let bloom = CIFilter(name: "CIBloom")!
        bloom.setDefaults()
        bloom.setValue(3.0, forKey: "inputRadius")
        bloom.name = "pulse"
        ring.filters = [bloom]
        menu.addSublayer(ring)
        extra.forEach(menu.addSublayer)
        root.addSublayer(menu)
        return (root, ring)
    }

    static func animate(_ ring: CALayer, _ extra: [CALayer], moving: Bool = true) {
        let pulse = CABasicAnimation(keyPath: "filters.pulse.inputIntensity")
        pulse.fromValue = 0
        pulse.toValue = 1.5
        pulse.duration = 1
        pulse.autoreverses = true
        pulse.repeatCount = .greatestFiniteMagnitude
        ring.add(pulse, forKey: "pulse")
        let move = CABasicAnimation(keyPath: "position.y")
        move.fromValue = 20
        move.toValue = 80
        move.duration = 0.8
        move.beginTime = CACurrentMediaTime() + 0.3
        if moving { ring.add(move, forKey: "move") }
        for layer in extra { blink(layer, period: 0.4) }
    }
}
