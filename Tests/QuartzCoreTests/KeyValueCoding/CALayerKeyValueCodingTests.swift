import XCTest
@testable import QuartzCore

final class CALayerKeyValueCodingTests: ModelTestCase {
    func testDeclaredPropertiesByKeyAcceptAnyNumberType() {
        let layer = CALayer()
        layer.setValue(3, forKey: "cornerRadius")
        XCTAssertEqual(layer.cornerRadius, 3)
        layer.setValue(Float(2.5), forKey: "borderWidth")
        XCTAssertEqual(layer.borderWidth, 2.5)
        layer.setValue(NSNumber(value: 0.5), forKey: "opacity")
        XCTAssertEqual(layer.opacity, 0.5)
        layer.setValue(CGFloat(0.25), forKey: "opacity")
        XCTAssertEqual(layer.opacity, 0.25)
        layer.setValue(true, forKey: "hidden")
        XCTAssertTrue(layer.isHidden)
        layer.setValue(false, forKey: "isHidden")
        XCTAssertFalse(layer.isHidden)
        layer.setValue(NSValue(point: CGPoint(x: 1, y: 2)), forKey: "position")
        XCTAssertEqual(layer.position, CGPoint(x: 1, y: 2))
        layer.setValue(CGRect(x: 0, y: 0, width: 8, height: 9), forKey: "bounds")
        XCTAssertEqual(layer.bounds.size, CGSize(width: 8, height: 9))
        layer.setValue(CGAffineTransform(scaleX: 2, y: 2), forKey: "transform")
        XCTAssertEqual(layer.transform.m11, 2)
        XCTAssertEqual(layer.value(forKey: "opacity") as? Float, 0.25)
        XCTAssertEqual(layer.value(forKey: "position") as? CGPoint, CGPoint(x: 1, y: 2))
        XCTAssertEqual(layer.value(forKey: "frame") as? CGRect, layer.frame)
    }

    /// A layer is a key-value container: any key can be stored and read back.
    func testArbitraryKeys() {
        let layer = CALayer()
        XCTAssertNil(layer.value(forKey: "customTag"))
        layer.setValue("menu", forKey: "customTag")
        layer.setValue(42, forKey: "itemIndex")
        XCTAssertEqual(layer.value(forKey: "customTag") as? String, "menu")
        XCTAssertEqual(layer.value(forKey: "itemIndex") as? Int, 42)
        let copy = CALayer(layer: layer)
        XCTAssertEqual(copy.value(forKey: "customTag") as? String, "menu")
        layer.setValue(nil, forKey: "customTag")
        XCTAssertNil(layer.value(forKey: "customTag"))
    }

    func testStructureFieldKeyPaths() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 1, y: 2, width: 30, height: 40)
        layer.position = CGPoint(x: 5, y: 6)
        XCTAssertEqual(layer.value(forKeyPath: "position.x") as? CGFloat, 5)
        XCTAssertEqual(layer.value(forKeyPath: "position.y") as? CGFloat, 6)
        XCTAssertEqual(layer.value(forKeyPath: "bounds.size.width") as? CGFloat, 30)
        XCTAssertEqual(layer.value(forKeyPath: "bounds.origin") as? CGPoint, CGPoint(x: 1, y: 2))
        XCTAssertEqual(layer.value(forKeyPath: "bounds.size") as? CGSize, CGSize(width: 30, height: 40))
        XCTAssertEqual(layer.value(forKeyPath: "shadowOffset.height") as? CGFloat, -3)
        layer.setValue(50, forKeyPath: "position.x")
        layer.setValue(7.5, forKeyPath: "bounds.size.height")
        layer.setValue(CGPoint(x: 9, y: 9), forKeyPath: "bounds.origin")
        XCTAssertEqual(layer.position, CGPoint(x: 50, y: 6))
        XCTAssertEqual(layer.bounds, CGRect(x: 9, y: 9, width: 30, height: 7.5))
    }

    func testTransformKeyPaths() {
        let layer = CALayer()
        layer.setValue(CGFloat.pi / 2, forKeyPath: "transform.rotation.z")
        XCTAssertEqual(layer.value(forKeyPath: "transform.rotation.z") as? CGFloat ?? 0, .pi / 2, accuracy: 1e-9)
        XCTAssertEqual(layer.value(forKeyPath: "transform.rotation") as? CGFloat ?? 0, .pi / 2, accuracy: 1e-9)
        let rotation = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        XCTAssertTrue(zip(layer.transform.entries, rotation.entries).allSatisfy { abs($0 - $1) < 1e-9 })
        layer.transform = CATransform3DIdentity
        layer.setValue(3, forKeyPath: "transform.scale")
        XCTAssertEqual(layer.transform.m11, 3, accuracy: 1e-9)
        XCTAssertEqual(layer.transform.m22, 3, accuracy: 1e-9)
        XCTAssertEqual(layer.value(forKeyPath: "transform.scale") as? CGFloat ?? 0, 3, accuracy: 1e-9)
        layer.setValue(2, forKeyPath: "transform.scale.x")
        XCTAssertEqual(layer.value(forKeyPath: "transform.scale.x") as? CGFloat ?? 0, 2, accuracy: 1e-9)
        layer.setValue(CGSize(width: 10, height: 20), forKeyPath: "transform.translation")
        XCTAssertEqual(layer.transform.m41, 10, accuracy: 1e-9)
        XCTAssertEqual(layer.value(forKeyPath: "transform.translation.y") as? CGFloat ?? 0, 20, accuracy: 1e-9)
        layer.setValue(5, forKeyPath: "sublayerTransform.translation.x")
        XCTAssertEqual(layer.sublayerTransform.m41, 5, accuracy: 1e-9)
    }

    func testFilterKeyPaths() {
        let layer = CALayer()
        let bloom = CIFilter(name: "CIBloom")!
        bloom.setDefaults()
        bloom.name = "pulseFilter"
        layer.filters = [bloom]
        XCTAssertEqual((layer.value(forKeyPath: "filters.pulseFilter.inputIntensity") as? NSNumber)?.doubleValue, 0.5)
        layer.setValue(2.0, forKeyPath: "filters.pulseFilter.inputIntensity")
        XCTAssertEqual(bloom.value(forKey: "inputIntensity") as? Double, 2.0)
        layer.setValue(1, forKeyPath: "filters.missing.inputIntensity")
        XCTAssertTrue(diagnostics.contains("no filter named \"missing\""))
    }

    func testKeyPathsThroughLayerValuedProperties() {
        let layer = CALayer(), mask = CALayer()
        layer.mask = mask
        layer.setValue(CGPoint(x: 3, y: 4), forKeyPath: "mask.position")
        XCTAssertEqual(mask.position, CGPoint(x: 3, y: 4))
        XCTAssertEqual(layer.value(forKeyPath: "mask.position.x") as? CGFloat, 3)
    }
}
