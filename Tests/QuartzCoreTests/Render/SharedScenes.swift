import XCTest
@testable import QuartzCore

/// Scenes several render tests share.
enum SharedScenes {
    /// A 30x20 opaque bitmap whose colour changes with every pixel (red
    /// across, green down), so that any sampling difference shows.
    static func gradientContent() throws -> LayerContent {
        var state = LayerState()
        state.bounds = CGRect(x: 0, y: 0, width: 30, height: 20)
        return try XCTUnwrap(LayerContent(key: LayerContent.Key(state, scale: 1), extent: state.bounds) { buffer in
            for y in 0..<20 {
                for x in 0..<30 {
                    let value = UInt32(x * 8) << 16 | UInt32(y * 12) << 8 | 0x40
                    (buffer.base + y * buffer.bytesPerRow + x * 4).storeBytes(of: 0xFF00_0000 | value, as: UInt32.self)
                }
            }
        })
    }

    /// A layer turned 0.8 radians about its vertical axis under a 200-point
    /// perspective, then moved to a fractional place.
    static let perspectiveTurn: CATransform3D = {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 200
        return CATransform3DConcat(CATransform3DConcat(CATransform3DMakeRotation(0.8, 0, 1, 0), perspective),
                                   CATransform3DMakeTranslation(20.3, 12.6, 0))
    }()

    /// The kiosk's selection: a white rounded ring with a `CIBloom`
    /// (`pulseFilter`, radius 5) in a black root of `size`, attached to
    /// `host` and committed. Returns the root (which the caller keeps
    /// alive: a host does not own it) and the ring.
    static func bloomingRing(size: CGSize, frame: CGRect, intensity: Double? = nil,
                             on host: RenderHost) -> (root: CALayer, ring: CALayer) {
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: size)
        root.backgroundColor = CGColor(gray: 0, alpha: 1)
        let ring = CALayer()
        ring.frame = frame
        ring.borderWidth = 2
        ring.borderColor = CGColor(gray: 1, alpha: 1)
        ring.cornerRadius = 25
        let bloom = CIFilter(name: "CIBloom")!
        bloom.setDefaults()
        bloom.setValue(5.0, forKey: "inputRadius")
        if let intensity { bloom.setValue(intensity, forKey: "inputIntensity") }
        bloom.name = "pulseFilter"
        ring.filters = [bloom]
        root.addSublayer(ring)
        root.attach(to: host)
        CATransaction.flush()
        return (root, ring)
    }
}

