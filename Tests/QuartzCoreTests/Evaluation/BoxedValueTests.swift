import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// Values boxed in `NSValue`, as Apple code writes animations and key-value
/// coding: `NSValue(caTransform3D:)` and Foundation's `NSValue(point:)`,
/// `(size:)` and `(rect:)` are taken exactly as the bare values, also
/// inside `NSArray` and `NSMutableArray` values.
final class BoxedValueTests: ModelTestCase {
    private let turn = CATransform3DRotate(CATransform3DMakeTranslation(10, 20, 0), .pi / 3, 0, 0, 1)

    func testATransformBoxesAndUnboxes() {
        let boxed = NSValue(caTransform3D: turn)
        XCTAssertTrue(CATransform3DEqualToTransform(boxed.caTransform3DValue, turn))
        XCTAssertEqual(boxed, NSValue(caTransform3D: turn), "equal transforms, equal boxes")
        XCTAssertNotEqual(boxed, NSValue(caTransform3D: CATransform3DIdentity))
        XCTAssertTrue(CATransform3DIsIdentity(NSValue(point: CGPoint(x: 1, y: 2)).caTransform3DValue),
                      "a box of something else reads as the identity")
    }

    /// Apple's overlays bridge these types to `NSValue` (QuartzCore's
    /// NSValue.swift.gyb for `CATransform3D`, Foundation's for the CG
    /// geometry): a boxed value casts back with `as?`, a bare one boxes
    /// with `as NSValue`, and a box of another type does not cast.
    func testBoxesCastBackAsAppleCodeReadsThem() {
        let animation = CABasicAnimation(keyPath: "transform")
        animation.toValue = NSValue(caTransform3D: turn)
        XCTAssertTrue((animation.toValue as? CATransform3D).map { CATransform3DEqualToTransform($0, turn) } == true)
        let boxed = turn as NSValue
        XCTAssertEqual(boxed, NSValue(caTransform3D: turn))
        let values: [Any] = [NSValue(point: CGPoint(x: 1, y: 2)), NSValue(size: CGSize(width: 3, height: 4)),
                             NSValue(rect: CGRect(x: 5, y: 6, width: 7, height: 8))]
        XCTAssertEqual(values[0] as? CGPoint, CGPoint(x: 1, y: 2))
        XCTAssertEqual(values[1] as? CGSize, CGSize(width: 3, height: 4))
        XCTAssertEqual(values[2] as? CGRect, CGRect(x: 5, y: 6, width: 7, height: 8))
        XCTAssertNil(values[0] as? CGRect, "a point is not a rect")
        XCTAssertNil(values[2] as? CGPoint, "nor a rect a point")
        XCTAssertNil(values[0] as? CATransform3D, "nor a point a transform")
        XCTAssertNil(NSValue(caTransform3D: turn) as Any as? CGRect)
        XCTAssertEqual(CGRect(x: 1, y: 1, width: 2, height: 2) as NSValue, NSValue(rect: CGRect(x: 1, y: 1, width: 2, height: 2)))
        let keyframes = CAKeyframeAnimation(keyPath: "position")
        keyframes.values = [CGPoint(x: 0, y: 0) as NSValue, NSValue(point: CGPoint(x: 10, y: 0))]
        XCTAssertEqual(keyframes.values?.compactMap { $0 as? CGPoint }, [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0)])
    }

    private func presentedAfterHalf(_ layer: CALayer, _ animation: CAAnimation) -> CALayer? {
        layer.add(animation, forKey: "a")
        CATransaction.flush()
        clock.advance(by: 0.5)
        return layer.presentation()
    }

    private func committedLayer() -> CALayer {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        CATransaction.flush()
        return layer
    }

    /// The same animation with boxed and with bare values shows the same.
    private func assertBoxedEqualsBare(_ keyPath: String, bare: (from: Any, to: Any), boxed: (from: Any, to: Any),
                                       read: (CALayer) -> [CGFloat], file: StaticString = #filePath, line: UInt = #line) {
        func animation(_ values: (from: Any, to: Any)) -> CABasicAnimation {
            let animation = CABasicAnimation(keyPath: keyPath)
            animation.fromValue = values.from
            animation.toValue = values.to
            animation.duration = 1
            return animation
        }
        let plain = presentedAfterHalf(committedLayer(), animation(bare)).map(read)
        let fromBoxes = presentedAfterHalf(committedLayer(), animation(boxed)).map(read)
        XCTAssertNotNil(plain, file: file, line: line)
        XCTAssertEqual(plain, fromBoxes, keyPath, file: file, line: line)
        XCTAssertNotEqual(plain, presentedAfterHalf(committedLayer(), CAAnimation()).map(read), "it animated",
                          file: file, line: line)
    }

    func testBasicAnimationsTakeBoxedValuesAsBareOnes() {
        assertBoxedEqualsBare("transform", bare: (CATransform3DIdentity, turn),
                              boxed: (NSValue(caTransform3D: CATransform3DIdentity), NSValue(caTransform3D: turn)),
                              read: { $0.transform.entries })
        assertBoxedEqualsBare("position", bare: (CGPoint(x: 0, y: 0), CGPoint(x: 40, y: 20)),
                              boxed: (NSValue(point: CGPoint(x: 0, y: 0)), NSValue(point: CGPoint(x: 40, y: 20))),
                              read: { [$0.position.x, $0.position.y] })
        assertBoxedEqualsBare("bounds.size", bare: (CGSize(width: 10, height: 10), CGSize(width: 30, height: 50)),
                              boxed: (NSValue(size: CGSize(width: 10, height: 10)), NSValue(size: CGSize(width: 30, height: 50))),
                              read: { [$0.bounds.width, $0.bounds.height] })
        assertBoxedEqualsBare("bounds", bare: (CGRect(x: 0, y: 0, width: 10, height: 10), CGRect(x: 4, y: 2, width: 30, height: 50)),
                              boxed: (NSValue(rect: CGRect(x: 0, y: 0, width: 10, height: 10)),
                                      NSValue(rect: CGRect(x: 4, y: 2, width: 30, height: 50))),
                              read: { [$0.bounds.minX, $0.bounds.minY, $0.bounds.width, $0.bounds.height] })
    }

    /// Keyframe values boxed, in a Swift array, an `NSArray` and an
    /// `NSMutableArray` (as Objective-C-minded code builds them).
    func testKeyframeValuesTakeBoxedTransformsInAnyArray() throws {
        let quarter = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        let boxes: [Any] = [NSValue(caTransform3D: CATransform3DIdentity), NSValue(caTransform3D: quarter),
                            NSValue(caTransform3D: CATransform3DIdentity)]
        let mutable = NSMutableArray()
        boxes.forEach { mutable.add($0) }
        let arrays: [(String, [Any])] = [("Swift array", boxes), ("NSArray", NSArray(array: boxes) as! [Any]),
                                         ("NSMutableArray", mutable as! [Any])]
        for (name, values) in arrays {
            let animation = CAKeyframeAnimation(keyPath: "transform")
            animation.values = values
            animation.duration = 1
            let shown = try XCTUnwrap(presentedAfterHalf(committedLayer(), animation), name)
            assertEntries(shown.transform.entries, quarter.entries, name)
        }
    }

    /// Key-value coding takes boxed values for whole properties and for
    /// structure key paths.
    func testKeyValueCodingTakesBoxedValues() {
        let layer = CALayer()
        layer.setValue(NSValue(caTransform3D: turn), forKey: "transform")
        XCTAssertTrue(CATransform3DEqualToTransform(layer.transform, turn))
        layer.setValue(NSValue(caTransform3D: turn), forKey: "sublayerTransform")
        XCTAssertTrue(CATransform3DEqualToTransform(layer.sublayerTransform, turn))
        layer.setValue(NSValue(point: CGPoint(x: 3, y: 4)), forKeyPath: "position")
        XCTAssertEqual(layer.position, CGPoint(x: 3, y: 4))
        layer.setValue(NSValue(size: CGSize(width: 7, height: 8)), forKeyPath: "bounds.size")
        XCTAssertEqual(layer.bounds.size, CGSize(width: 7, height: 8))
        layer.setValue(NSValue(rect: CGRect(x: 1, y: 2, width: 3, height: 4)), forKey: "bounds")
        XCTAssertEqual(layer.bounds, CGRect(x: 1, y: 2, width: 3, height: 4))
        let replicator = CAReplicatorLayer()
        replicator.setValue(NSValue(caTransform3D: turn), forKey: "instanceTransform")
        XCTAssertTrue(CATransform3DEqualToTransform(replicator.instanceTransform, turn))
    }

    /// On the render server: the compiled and general evaluators both take
    /// a boxed transform's keyframes.
    func testTheRenderServerTakesBoxedTransforms() throws {
        let host = InlineRenderHost(width: 40, height: 40)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        let bar = CALayer()
        bar.frame = CGRect(x: 10, y: 18, width: 20, height: 4)
        bar.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        root.addSublayer(bar)
        root.attach(to: host)
        CATransaction.flush()
        let spin = CABasicAnimation(keyPath: "transform")
        spin.fromValue = NSValue(caTransform3D: CATransform3DIdentity)
        spin.toValue = NSValue(caTransform3D: CATransform3DMakeRotation(.pi / 2, 0, 0, 1))
        spin.duration = 1
        bar.add(spin, forKey: "spin")
        CATransaction.flush()
        let begin = try XCTUnwrap(bar.animation(forKey: "spin")).beginTime
        let image = host.render(at: begin + 0.999)
        XCTAssertEqual(image.storage.pixel(x: 20, y: 12) >> 24, 0xFF, "the bar stands upright at the end")
        XCTAssertEqual(image.storage.pixel(x: 12, y: 20), 0, "and no longer lies across")
        withExtendedLifetime(root) {}
    }
}

/// Two lists of numbers equal within 1e-9, each pair.
private func assertEntries(_ a: [CGFloat], _ b: [CGFloat], _ message: String,
                           file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(a.count, b.count, message, file: file, line: line)
    for (x, y) in zip(a, b) { XCTAssertEqual(x, y, accuracy: 1e-9, message, file: file, line: line) }
}
