import XCTest
@testable import QuartzCore

/// `CAEmitterCell`'s model: Apple's defaults (CAEmitterCell.h), key-value
/// coding, `CAMediaTiming`, styles and bad input.
final class CAEmitterCellTests: ModelTestCase {
    func testDefaultsAreApples() {
        let cell = CAEmitterCell()
        XCTAssertNil(cell.name)
        XCTAssertTrue(cell.isEnabled)
        XCTAssertEqual(cell.birthRate, 0)
        XCTAssertEqual(cell.lifetime, 0)
        XCTAssertEqual(cell.lifetimeRange, 0)
        XCTAssertEqual(cell.emissionLatitude, 0)
        XCTAssertEqual(cell.emissionLongitude, 0)
        XCTAssertEqual(cell.emissionRange, 0)
        XCTAssertEqual(cell.velocity, 0)
        XCTAssertEqual(cell.velocityRange, 0)
        XCTAssertEqual([cell.xAcceleration, cell.yAcceleration, cell.zAcceleration], [0, 0, 0])
        XCTAssertEqual(cell.scale, 1)
        XCTAssertEqual(cell.scaleRange, 0)
        XCTAssertEqual(cell.scaleSpeed, 0)
        XCTAssertEqual(cell.spin, 0)
        XCTAssertEqual(cell.spinRange, 0)
        XCTAssertEqual(cell.color, CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        XCTAssertEqual([cell.redRange, cell.greenRange, cell.blueRange, cell.alphaRange], [0, 0, 0, 0])
        XCTAssertEqual([cell.redSpeed, cell.greenSpeed, cell.blueSpeed, cell.alphaSpeed], [0, 0, 0, 0])
        XCTAssertNil(cell.contents)
        XCTAssertEqual(cell.contentsRect, CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(cell.contentsScale, 1)
        XCTAssertEqual(cell.minificationFilter, "linear")
        XCTAssertEqual(cell.magnificationFilter, "linear")
        XCTAssertEqual(cell.minificationFilterBias, 0)
        XCTAssertNil(cell.emitterCells)
        XCTAssertNil(cell.style)
        XCTAssertEqual(cell.beginTime, 0)
        XCTAssertEqual(cell.duration, 0)
        XCTAssertEqual(cell.speed, 1)
        XCTAssertEqual(cell.timeOffset, 0)
        XCTAssertEqual(cell.repeatCount, 0)
        XCTAssertEqual(cell.repeatDuration, 0)
        XCTAssertFalse(cell.autoreverses)
        XCTAssertEqual(cell.fillMode, .removed)
        XCTAssertEqual(CAEmitterCell.defaultValue(forKey: "scale") as? CGFloat, 1)
        XCTAssertNil(CAEmitterCell.defaultValue(forKey: "anything"))
        XCTAssertTrue(cell.shouldArchiveValue(forKey: "birthRate"))
    }

    func testKeyValueCodingConvertsNumbersAndKeepsArbitraryKeys() {
        let cell = CAEmitterCell.emitterCell()
        cell.setValue(12, forKey: "birthRate")
        cell.setValue(NSNumber(value: 0.5), forKey: "velocity")
        cell.setValue(false, forKey: "isEnabled")
        cell.setValue("hello", forKey: "myKey")
        XCTAssertEqual(cell.birthRate, 12)
        XCTAssertEqual(cell.velocity, 0.5)
        XCTAssertFalse(cell.isEnabled)
        XCTAssertEqual(cell.value(forKey: "enabled") as? Bool, false)
        XCTAssertEqual(cell.value(forKey: "myKey") as? String, "hello")
        XCTAssertEqual(cell.value(forKey: "scale") as? CGFloat, 1)
    }

    func testSubclassDefaultsAndStyleAnswerForUnsetKeys() {
        final class BigCell: CAEmitterCell {
            override class func defaultValue(forKey key: String) -> Any? {
                key == "scale" ? 3 : super.defaultValue(forKey: key)
            }
        }
        XCTAssertEqual(BigCell().scale, 3, "a subclass default of another number type is converted")
        let styled = CAEmitterCell()
        styled.style = ["lifetime": Float(4)]
        XCTAssertEqual(styled.lifetime, 4)
        styled.lifetime = 1
        XCTAssertEqual(styled.lifetime, 1, "a value set wins over the style")
    }

    func testSubCellKeyPaths() {
        let parent = CAEmitterCell()
        let child = CAEmitterCell()
        child.name = "child"
        parent.emitterCells = [child]
        parent.setValue(2, forKeyPath: "emitterCells.child.velocity")
        XCTAssertEqual(child.velocity, 2)
        XCTAssertEqual(parent.value(forKeyPath: "emitterCells.child.velocity") as? CGFloat, 2)
    }

    func testBadInputIsReportedAndNeverStoredAsNaN() {
        let cell = CAEmitterCell()
        cell.name = "bad"
        cell.birthRate = .nan
        XCTAssertEqual(cell.birthRate, 0)
        XCTAssertTrue(diagnostics.contains("emitter cell \"bad\", key \"birthRate\""))
        cell.lifetime = -2
        XCTAssertEqual(cell.lifetime, -2, "kept, as Apple keeps it, and drawn as 0")
        XCTAssertTrue(diagnostics.contains("is negative"))
        cell.velocity = .infinity
        XCTAssertEqual(cell.velocity, 0)
        cell.repeatCount = .infinity
        XCTAssertEqual(cell.repeatCount, .infinity, "repeating forever is allowed")
        cell.setValue("fast", forKey: "velocity")
        XCTAssertTrue(diagnostics.contains("does not fit"))
        cell.setValue([1], forKey: "emitterCells")
        XCTAssertNil(cell.emitterCells)
    }
}
