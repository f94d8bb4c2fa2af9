import XCTest
@testable import QuartzCore

/// Layer values as `lamina-inspect get` prints them and `set` reads them:
/// parsed by the type the key path holds, formatted back the same way.
final class LayerValueTextTests: ModelTestCase {
    private func parse(_ text: String, _ keyPath: String, on layer: CALayer = CALayer()) -> Result<Any?, LayerValueText.Failure> {
        LayerValueText.parse(text, forKeyPath: keyPath, on: layer)
    }

    private func error(_ result: Result<Any?, LayerValueText.Failure>) -> String? {
        if case .failure(let failure) = result { return failure.description }
        return nil
    }

    func testValuesAreParsedByThePropertysType() throws {
        let layer = CATextLayer()
        XCTAssertEqual(try parse("0.25", "opacity", on: layer).get() as? CGFloat, 0.25)
        XCTAssertEqual(try parse("yes", "hidden", on: layer).get() as? Bool, true)
        XCTAssertEqual(try parse("off", "masksToBounds", on: layer).get() as? Bool, false)
        XCTAssertEqual(try parse("10,20", "position", on: layer).get() as? CGPoint, CGPoint(x: 10, y: 20))
        XCTAssertEqual(try parse("10, 20", "position", on: layer).get() as? CGPoint, CGPoint(x: 10, y: 20),
                       "a space after the comma")
        XCTAssertEqual(try parse("3 4", "bounds.size", on: layer).get() as? CGSize, CGSize(width: 3, height: 4))
        XCTAssertEqual(try parse("1,2,30,40", "frame", on: layer).get() as? CGRect, CGRect(x: 1, y: 2, width: 30, height: 40))
        XCTAssertEqual(try parse("0.5", "transform.rotation.z", on: layer).get() as? CGFloat, 0.5)
        XCTAssertTrue(CATransform3DIsIdentity(try XCTUnwrap(parse("identity", "transform", on: layer).get() as? CATransform3D)))
        XCTAssertEqual(try parse("Hello world", "string", on: layer).get() as? String, "Hello world")
        let colour = try XCTUnwrap(parse("#ff800040", "backgroundColor", on: layer).get() as! CGColor?)
        XCTAssertEqual(colour.components?.map { ($0 * 255).rounded() }, [255, 128, 0, 64])
        XCTAssertNil(try parse("nil", "backgroundColor", on: layer).get() as Any?, "a colour may be nil")
        XCTAssertEqual(try parse("resizeAspect", "contentsGravity", on: layer).get() as? String, "resizeAspect")
    }

    func testWrongValuesAndKeyPathsAreOneLineErrors() {
        let layer = CALayer()
        XCTAssertEqual(error(parse("abc", "opacity", on: layer)), "\"abc\" is not a number (for opacity)")
        XCTAssertEqual(error(parse("1,2,3", "position", on: layer)), "\"1,2,3\" is not a point x,y (for position)")
        XCTAssertEqual(error(parse("nan", "opacity", on: layer)), "\"nan\" is not a number (for opacity)",
                       "not finite: refused")
        XCTAssertEqual(error(parse("#12345", "backgroundColor", on: layer)), "\"#12345\" is not a colour #rrggbb or #rrggbbaa (for backgroundColor)")
        XCTAssertEqual(error(parse("1", "noSuchKey", on: layer)), "CALayer has no key \"noSuchKey\"")
        XCTAssertEqual(error(parse("nil", "opacity", on: layer)), "\"opacity\" cannot be nil")
        XCTAssertEqual(error(parse("1", "", on: layer)), "CALayer has no key \"\"")
    }

    func testValuesAreFormattedTheWayTheyAreParsed() {
        XCTAssertEqual(LayerValueText.format(CGFloat(0.5)), "0.5")
        XCTAssertEqual(LayerValueText.format(Float(1)), "1")
        XCTAssertEqual(LayerValueText.format(0.99999), "1", "four decimals, no trailing dot")
        XCTAssertEqual(LayerValueText.format(-0.00001), "0")
        XCTAssertEqual(LayerValueText.format(CGPoint(x: 10.5, y: -2)), "10.5,-2")
        XCTAssertEqual(LayerValueText.format(CGRect(x: 1, y: 2, width: 3, height: 4)), "1,2,3,4")
        XCTAssertEqual(LayerValueText.format(CATransform3DIdentity), "identity")
        XCTAssertEqual(LayerValueText.format(CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)), "#ff8000ff")
        XCTAssertEqual(LayerValueText.format(nil), "nil")
        XCTAssertEqual(LayerValueText.format(true), "true")
        // Round trip through the text for every kind.
        let layer = CALayer()
        for (keyPath, text) in [("opacity", "0.3"), ("position", "4,5"), ("bounds", "0,0,8,9"), ("backgroundColor", "#102030ff"),
                                ("transform", "2 0 0 0 0 2 0 0 0 0 1 0 0 0 0 1"), ("hidden", "true")] {
            let value = try? parse(text, keyPath, on: layer).get()
            layer.setValue(value, forKeyPath: keyPath)
            XCTAssertEqual(LayerValueText.format(layer.value(forKeyPath: keyPath)), text, keyPath)
        }
    }

    func testReadingAKeyPathTheLayerDoesNotHaveFails() throws {
        let layer = CALayer()
        layer.opacity = 0.5
        XCTAssertEqual(try LayerValueText.value(of: layer, keyPath: "opacity").get() as? Float, 0.5)
        XCTAssertEqual(try LayerValueText.value(of: layer, keyPath: "position.x").get() as? CGFloat, 0)
        XCTAssertThrowsError(try LayerValueText.value(of: layer, keyPath: "colour").get())
        layer.setValue(7, forKey: "myOwnKey")
        XCTAssertEqual(try LayerValueText.value(of: layer, keyPath: "myOwnKey").get() as? Int, 7,
                       "keys the app set itself are the layer's too")
    }
}
