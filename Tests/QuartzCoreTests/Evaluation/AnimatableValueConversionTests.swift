import XCTest
@testable import QuartzCore

/// `AnimatableValue(_:)` takes the value types layers hold without trying
/// a class cast first (which bridged each value to an object), and every
/// other type through the full list of casts as before; `isNSNull` finds
/// `NSNull` without bridging.
final class AnimatableValueConversionTests: XCTestCase {
    func testCommonValueTypesAndTheRestConvertAlike() {
        let transform = CATransform3DMakeRotation(0.5, 0, 0, 1)
        let cases: [(Any, AnimatableValue?)] = [
            (2.5, .number(2.5)), (CGFloat(3), .number(3)), (Float(1.5), .number(1.5)), (7, .number(7)),
            (true, .number(1)), (Int16(-4), .number(-4)), (UInt8(9), .number(9)), (Int64(12), .number(12)),
            (NSNumber(value: 0.25), .number(0.25)), (NSNumber(value: true), .number(1)),
            (CGPoint(x: 1, y: 2), .point(CGPoint(x: 1, y: 2))), (CGSize(width: 3, height: 4), .size(CGSize(width: 3, height: 4))),
            (CGRect(x: 1, y: 2, width: 3, height: 4), .rect(CGRect(x: 1, y: 2, width: 3, height: 4))),
            (transform, .transform(transform)),
            (CGAffineTransform(translationX: 5, y: 6), .transform(CATransform3DMakeTranslation(5, 6, 0))),
            (NSValue(point: CGPoint(x: 8, y: 9)), .point(CGPoint(x: 8, y: 9))),
            ([1.0, CGFloat(2)] as [Any], .array([.number(1), .number(2)])),
            (AnimatableValue.number(4), .number(4)),
            ("text", nil), (NSNull(), nil), (Optional<Double>.some(6) as Any, .number(6)),
        ]
        for (value, expected) in cases {
            XCTAssertEqual(AnimatableValue(value), expected, "\(type(of: value)) \(value)")
        }
        let color = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        XCTAssertEqual(AnimatableValue(color), .color(color))
        // Boxes are taken by their class first (`commonObject`): the same values.
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: 4, height: 3), transform: nil)
        XCTAssertEqual(AnimatableValue(path), .path(path.snapshot))
        XCTAssertEqual(AnimatableValue(NSValue(size: CGSize(width: 5, height: 6))), .size(CGSize(width: 5, height: 6)))
        XCTAssertNil(AnimatableValue(NSValue(range: NSRange(location: 1, length: 2))), "a box of what cannot animate")
        XCTAssertNil(AnimatableValue(NSObject()), "any other object")
    }

    func testOnlyNSNullIsNull() {
        XCTAssertTrue(isNSNull(NSNull()))
        XCTAssertTrue(isNSNull(NSNull() as Any as AnyObject))
        let wrapped: Any? = NSNull()
        XCTAssertTrue(isNSNull(Optional<Any>.some(wrapped as Any)), "an optional held in an Any is looked into, as `is` does")
        XCTAssertFalse(isNSNull(nil))
        for value: Any in [0, CGFloat(1), "", CGRect.zero, NSNumber(value: 0), [NSNull()], Optional<Int>.none as Any,
                           CGColor(gray: 0, alpha: 0)] {
            XCTAssertFalse(isNSNull(value), "\(type(of: value))")
        }
    }
}
