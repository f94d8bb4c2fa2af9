import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// `NSSecureCoding` for layers, animations and emitter cells: a tree or an
/// animation archived with `NSKeyedArchiver` (secure coding required) comes
/// back equal: the same classes, every property the same value of the same
/// Swift type, the same sublayers, mask and animations, and the same pixels.
final class SecureCodingTests: ModelTestCase {
    private func roundTrip<T: NSObject & NSSecureCoding>(_ object: T) throws -> T {
        let data = try NSKeyedArchiver.archivedData(withRootObject: object, requiringSecureCoding: true)
        return try XCTUnwrap(NSKeyedUnarchiver.unarchivedObject(ofClass: T.self, from: data))
    }

    /// Two layers hold the same: class, properties (compared in archived
    /// form, so types count), sublayers, mask and animations, all the way down.
    private func assertSame(_ a: CALayer, _ b: CALayer, path: String = "root",
                            file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(type(of: a) == type(of: b), "\(path): \(type(of: a)) came back as \(type(of: b))", file: file, line: line)
        assertSameStorage(a.storage, b.storage, path: path, file: file, line: line)
        XCTAssertEqual(a.sublayers?.count, b.sublayers?.count, "\(path): sublayers", file: file, line: line)
        for (index, (x, y)) in zip(a.sublayers ?? [], b.sublayers ?? []).enumerated() {
            assertSame(x, y, path: "\(path)/\(index)", file: file, line: line)
        }
        XCTAssertEqual(a.animationKeys(), b.animationKeys(), "\(path): animations", file: file, line: line)
        for key in a.animationKeys() ?? [] {
            if let x = a.animation(forKey: key), let y = b.animation(forKey: key) {
                assertSame(x, y, path: "\(path).\(key)", file: file, line: line)
            }
        }
    }

    private func assertSame(_ a: CAAnimation, _ b: CAAnimation, path: String,
                            file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(type(of: a) == type(of: b), "\(path): \(type(of: a)) came back as \(type(of: b))", file: file, line: line)
        assertSameStorage(a.storage, b.storage, path: path, file: file, line: line)
    }

    private func assertSameStorage(_ a: [String: Any], _ b: [String: Any], path: String,
                                   file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(Set(a.keys), Set(b.keys), "\(path): keys", file: file, line: line)
        for (key, value) in a {
            guard let other = b[key] else { continue }
            switch (value, other) {
            case let (x as CALayer, y as CALayer): assertSame(x, y, path: "\(path).\(key)", file: file, line: line)
            case let (x as CAAnimation, y as CAAnimation): assertSame(x, y, path: "\(path).\(key)", file: file, line: line)
            case let (x as [Any], y as [Any]) where x.first is CAAnimation || x.first is CAEmitterCell:
                XCTAssertEqual(x.count, y.count, "\(path).\(key)", file: file, line: line)
                for (u, v) in zip(x, y) {
                    if let u = u as? CAAnimation, let v = v as? CAAnimation { assertSame(u, v, path: "\(path).\(key)", file: file, line: line) }
                    if let u = u as? CAEmitterCell, let v = v as? CAEmitterCell {
                        assertSameStorage(u.storage, v.storage, path: "\(path).\(key)", file: file, line: line)
                    }
                }
            default:
                XCTAssertEqual(ArchivedValue.encode(value), ArchivedValue.encode(other), "\(path).\(key)", file: file, line: line)
            }
        }
    }

    private func image() -> CGImage {
        CGImage(storage: PixelStorage(width: 4, height: 4) { base, stride in
            for y in 0..<4 { for x in 0..<4 {
                base.storeBytes(of: UInt32(0xFF00_0000 | (x * 60) << 16 | (y * 60) << 8), toByteOffset: y * stride + x * 4, as: UInt32.self)
            } }
        })
    }

    /// A tree using every kind of value layers hold.
    private func tree() -> CALayer {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 120, height: 80)
        root.position = CGPoint(x: 60, y: 40)
        root.backgroundColor = CGColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 1)
        root.name = "root"
        root.setValue(7, forKey: "tag")
        root.contentsGravity = .resizeAspect
        let card = CALayer()
        card.frame = CGRect(x: 10, y: 10, width: 40, height: 30)
        card.backgroundColor = CGColor(srgbRed: 1, green: 0.5, blue: 0, alpha: 0.8)
        card.cornerRadius = 6
        card.cornerCurve = .continuous
        card.magnificationFilter = .nearest
        card.edgeAntialiasingMask = [.layerLeftEdge, .layerRightEdge]
        card.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner]
        card.borderWidth = 2
        card.borderColor = CGColor(gray: 1, alpha: 1)
        card.opacity = 0.75
        card.transform = CATransform3DMakeRotation(0.2, 0, 0, 1)
        card.shadowOpacity = 0.5
        card.shadowPath = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 40, height: 30), cornerWidth: 6, cornerHeight: 6, transform: nil)
        card.contents = image()
        card.autoresizingMask = [.layerWidthSizable, .layerMaxYMargin]
        let bloom = CIFilter(name: "CIBloom")!
        bloom.setDefaults()
        bloom.setValue(4.0, forKey: "inputRadius")
        bloom.name = "glow"
        card.filters = [bloom]
        let shape = CAShapeLayer()
        shape.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 20, height: 20), transform: nil)
        shape.fillColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        shape.lineDashPattern = [4, 2]
        shape.lineCap = .round
        shape.frame = CGRect(x: 60, y: 10, width: 20, height: 20)
        let text = CATextLayer()
        text.string = "Hi"
        text.fontSize = 14
        text.alignmentMode = .center
        text.frame = CGRect(x: 60, y: 40, width: 50, height: 20)
        let gradient = CAGradientLayer()
        gradient.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
        gradient.locations = [0, 1]
        gradient.type = .radial
        gradient.frame = CGRect(x: 0, y: 50, width: 30, height: 30)
        let replicator = CAReplicatorLayer()
        replicator.instanceCount = 3
        replicator.instanceTransform = CATransform3DMakeTranslation(8, 0, 0)
        replicator.addSublayer(CALayer())
        let emitter = CAEmitterLayer()
        let cell = CAEmitterCell()
        cell.name = "spark"
        cell.birthRate = 5
        cell.velocity = 20
        cell.color = CGColor(red: 1, green: 1, blue: 0, alpha: 1)
        emitter.emitterCells = [cell]
        emitter.emitterShape = .circle
        let mask = CALayer()
        mask.frame = CGRect(x: 0, y: 0, width: 30, height: 30)
        mask.backgroundColor = CGColor(gray: 0, alpha: 1)
        card.mask = mask
        for layer in [card, shape, text, gradient, replicator, emitter] { root.addSublayer(layer) }

        let move = CABasicAnimation(keyPath: "position")
        move.fromValue = NSValue(point: CGPoint(x: 1, y: 2))
        move.toValue = CGPoint(x: 30, y: 40)
        move.duration = 2
        move.timingFunction = CAMediaTimingFunction(controlPoints: 0.2, 0.8, 0.3, 1)
        move.fillMode = .both
        move.isRemovedOnCompletion = false
        let keys = CAKeyframeAnimation(keyPath: "transform")
        keys.values = [CATransform3DIdentity, NSValue(caTransform3D: CATransform3DMakeScale(2, 2, 1))]
        keys.keyTimes = [0, 1]
        keys.calculationMode = .cubic
        let orbit = CAKeyframeAnimation(keyPath: "position")
        orbit.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        orbit.rotationMode = .rotateAuto
        let group = CAAnimationGroup()
        group.animations = [keys, orbit]
        group.duration = 3
        group.repeatCount = .infinity
        group.preferredFrameRateRange = CAFrameRateRange(minimum: 10, maximum: 30, preferred: 30)
        let spring = CASpringAnimation(keyPath: "opacity")
        spring.damping = 12
        spring.toValue = 0.5
        card.add(move, forKey: "move")
        card.add(group, forKey: "group")
        card.add(spring, forKey: "spring")
        shape.add(CATransition(), forKey: nil)
        return root
    }

    func testALayerTreeComesBackEqual() throws {
        let original = tree()
        let copy = try roundTrip(original)
        assertSame(original, copy)
        XCTAssertEqual(copy.sublayers?.first?.mask?.frame, CGRect(x: 0, y: 0, width: 30, height: 30))
        XCTAssertTrue(copy.sublayers?.first?.mask?.superlayer == nil, "a mask is no sublayer")
        XCTAssertEqual(copy.value(forKey: "tag") as? Int, 7)
        XCTAssertEqual((copy.sublayers?[0].filters?.first as? CIFilter)?.value(forKey: "inputRadius") as? Double, 4)
        XCTAssertEqual((copy.sublayers?[5] as? CAEmitterLayer)?.emitterCells?.first?.name, "spark")
    }

    /// The same pixels: both trees drawn by `render(in:)`.
    func testAnArchivedTreeDrawsTheSame() throws {
        let original = tree()
        let copy = try roundTrip(original)
        func draw(_ root: CALayer) throws -> CGImage {
            let context = try XCTUnwrap(CGContext.makeLayerContext(width: 120, height: 80, scale: 1))
            root.render(in: context)
            return try XCTUnwrap(context.makeImage())
        }
        XCTAssertEqual(GoldenImage.differingPixels(try draw(original), try draw(copy), tolerance: 0), 0)
    }

    func testAnAnimationComesBackEqualAndRuns() throws {
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = Float(0)
        fade.toValue = 1.0
        fade.duration = 1
        fade.autoreverses = true
        fade.setValue("custom", forKey: "purpose")
        let copy = try roundTrip(fade)
        assertSame(fade, copy, path: "fade")
        XCTAssertEqual(copy.fromValue as? Float, 0, "the Swift type kept")
        XCTAssertEqual(copy.value(forKey: "purpose") as? String, "custom")
        let layer = CALayer()
        CATransaction.flush()
        layer.add(copy, forKey: "fade")
        CATransaction.flush()
        clock.advance(by: 0.5)
        XCTAssertEqual(layer.presentation()?.opacity ?? .nan, 0.5, accuracy: 1e-6)
    }

    func testWhatCannotBeArchivedIsLeftOutAndSaid() throws {
        let layer = CALayer()
        layer.setValue({ () -> Void in }, forKey: "callback")
        layer.setValue(3, forKey: "kept")
        let copy = try roundTrip(layer)
        XCTAssertNil(copy.value(forKey: "callback"))
        XCTAssertEqual(copy.value(forKey: "kept") as? Int, 3)
        XCTAssertTrue(diagnostics.contains("callback"), "\(diagnostics.all)")
        XCTAssertTrue(CALayer.supportsSecureCoding)
        XCTAssertTrue(CAAnimation.supportsSecureCoding)
        XCTAssertTrue(CAEmitterCell.supportsSecureCoding)
    }
}
