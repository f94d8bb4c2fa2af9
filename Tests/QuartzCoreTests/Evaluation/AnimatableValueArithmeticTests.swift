import XCTest
@testable import QuartzCore

/// Asserts two values have the same shape and components within `accuracy`.
func assertClose(_ actual: AnimatableValue?, _ expected: AnimatableValue, accuracy: Double = 1e-9,
                 _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    guard let actual else { return XCTFail("nil, expected \(expected) \(message)", file: file, line: line) }
    XCTAssertTrue(actual.hasSameShape(as: expected), "\(actual) is not shaped like \(expected) \(message)",
                  file: file, line: line)
    for (a, e) in zip(actual.components, expected.components) {
        XCTAssertEqual(a, e, accuracy: accuracy, "\(actual) vs \(expected) \(message)", file: file, line: line)
    }
}

func rgba(_ value: AnimatableValue?) -> [Double] {
    guard case .color(let c)? = value else { return [] }
    return [Double(c.rgba.red), Double(c.rgba.green), Double(c.rgba.blue), Double(c.rgba.alpha)]
}

final class AnimatableValueArithmeticTests: XCTestCase {
    // MARK: Interpolation of each kind

    func testNumbersInterpolateAndExtrapolate() {
        assertClose(AnimatableValue.interpolate(.number(10), .number(20), fraction: 0.25), .number(12.5))
        // A spring overshoots by passing fractions past 1.
        assertClose(AnimatableValue.interpolate(.number(10), .number(20), fraction: 1.5), .number(25))
        assertClose(AnimatableValue.interpolate(.number(10), .number(20), fraction: -0.5), .number(5))
    }

    func testGeometryInterpolatesComponentWise() {
        // Measured on Apple: position (0,0) -> (100,50) is (50,25) half way.
        assertClose(AnimatableValue.interpolate(.point(.zero), .point(CGPoint(x: 100, y: 50)), fraction: 0.5),
                    .point(CGPoint(x: 50, y: 25)))
        assertClose(AnimatableValue.interpolate(.size(CGSize(width: 10, height: 20)),
                                                .size(CGSize(width: 30, height: 60)), fraction: 0.25),
                    .size(CGSize(width: 15, height: 30)))
        assertClose(AnimatableValue.interpolate(.rect(CGRect(x: 0, y: 0, width: 10, height: 10)),
                                                .rect(CGRect(x: 10, y: 20, width: 30, height: 50)), fraction: 0.5),
                    .rect(CGRect(x: 5, y: 10, width: 20, height: 30)))
    }

    func testTransformsGoThroughCATransform3DInterpolate() {
        let from = CATransform3DMakeScale(2, 1, 1)
        let to = CATransform3DRotate(CATransform3DMakeTranslation(40, 0, 0), 1, 0, 0, 1)
        let result = AnimatableValue.interpolate(.transform(from), .transform(to), fraction: 0.25)
        XCTAssertEqual(result, .transform(CATransform3D.interpolate(from: from, to: to, fraction: 0.25)))
        // A pure translation is halved whichever way the matrix is taken apart.
        let moved = AnimatableValue.interpolate(.transform(CATransform3DIdentity),
                                                .transform(CATransform3DMakeTranslation(10, 20, 0)), fraction: 0.5)
        assertClose(moved, .transform(CATransform3DMakeTranslation(5, 10, 0)))
    }

    func testColorsInterpolateUnpremultipliedRGBA() {
        // Measured on Apple: red (1,0,0,1) to blue (0,0,1,0.5) is (0.5,0,0.5,0.75)
        // half way. Premultiplied blending would give red 0.667.
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)
        let mid = AnimatableValue.interpolate(.color(red), .color(blue), fraction: 0.5)
        for (got, want) in zip(rgba(mid), [0.5, 0, 0.5, 0.75]) { XCTAssertEqual(got, want, accuracy: 1e-9) }
        guard case .color(let color)? = mid else { return XCTFail("not a colour") }
        XCTAssertEqual(color.colorSpace?.model, .rgb)
    }

    func testGrayColorsWidenToRGBAndOvershootClamps() {
        let white = CGColor(gray: 1, alpha: 1)
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let mid = AnimatableValue.interpolate(.color(white), .color(red), fraction: 0.5)
        for (got, want) in zip(rgba(mid), [1, 0.5, 0.5, 1]) { XCTAssertEqual(got, want, accuracy: 1e-9) }
        // 1.5 of the way from black to white would be 1.5: CGColor stops at 1.
        let over = AnimatableValue.interpolate(.color(CGColor(gray: 0, alpha: 1)), .color(white), fraction: 1.5)
        XCTAssertEqual(rgba(over), [1, 1, 1, 1])
    }

    func testArraysInterpolateElementWise() {
        let a = AnimatableValue.array([.number(0), .point(.zero), .color(CGColor(gray: 0, alpha: 0))])
        let b = AnimatableValue.array([.number(10), .point(CGPoint(x: 10, y: 20)), .color(CGColor(gray: 1, alpha: 1))])
        assertClose(AnimatableValue.interpolate(a, b, fraction: 0.5),
                    .array([.number(5), .point(CGPoint(x: 5, y: 10)), .color(CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.5))]))
    }

    func testMismatchedKindsAndLengthsGiveNil() {
        XCTAssertNil(AnimatableValue.interpolate(.number(1), .point(.zero), fraction: 0.5))
        XCTAssertNil(AnimatableValue.interpolate(.array([.number(1)]), .array([.number(1), .number(2)]), fraction: 0.5))
        XCTAssertNil(AnimatableValue.interpolate(.array([.number(1)]), .array([.size(.zero)]), fraction: 0.5))
        XCTAssertNil(AnimatableValue.number(1).adding(.rect(.zero)))
        XCTAssertNil(AnimatableValue.number(1).subtracting(.color(CGColor.black)))
        XCTAssertNil(AnimatableValue.number(1).distance(to: .point(.zero)))
    }

    // MARK: Additive arithmetic

    func testAddingAndSubtractingNumbersAndGeometry() {
        // Measured on Apple: an additive 0 -> 0.2 opacity over a model 0.5 is 0.6 half way.
        assertClose(AnimatableValue.number(0.5).adding(.number(0.1)), .number(0.6))
        assertClose(AnimatableValue.point(CGPoint(x: 1, y: 2)).adding(.point(CGPoint(x: 10, y: 20))),
                    .point(CGPoint(x: 11, y: 22)))
        assertClose(AnimatableValue.rect(CGRect(x: 1, y: 2, width: 3, height: 4))
                        .subtracting(.rect(CGRect(x: 1, y: 1, width: 1, height: 1))),
                    .rect(CGRect(x: 0, y: 1, width: 2, height: 3)))
        assertClose(AnimatableValue.size(CGSize(width: 5, height: 5)).subtracting(.size(CGSize(width: 2, height: 7))),
                    .size(CGSize(width: 3, height: -2)))
    }

    func testAddingColorsClampsEachComponent() {
        let sum = AnimatableValue.color(CGColor(red: 0.8, green: 0.2, blue: 0, alpha: 0.5))
            .adding(.color(CGColor(red: 0.4, green: 0.1, blue: 0, alpha: 0.25)))
        for (got, want) in zip(rgba(sum), [1, 0.3, 0, 0.75]) { XCTAssertEqual(got, want, accuracy: 1e-9) }
    }

    func testAddingTransformsConcatenates() {
        // Apple: "for affine transforms the two matrices are concatenated".
        let move = CATransform3DMakeTranslation(10, 0, 0)
        let grow = CATransform3DMakeScale(2, 2, 1)
        XCTAssertEqual(AnimatableValue.transform(move).adding(.transform(grow)), .transform(CATransform3DConcat(move, grow)))
        // Move first, then scale: the translation is scaled too.
        guard case .transform(let t)? = AnimatableValue.transform(move).adding(.transform(grow)) else { return XCTFail() }
        XCTAssertEqual(t.m41, 20)
    }

    func testSubtractingTransformsUndoesAdding() {
        let a = CATransform3DRotate(CATransform3DMakeTranslation(3, 4, 5), 0.7, 0, 0, 1)
        let b = CATransform3DScale(CATransform3DMakeRotation(0.3, 1, 0, 0), 2, 3, 1)
        let back = AnimatableValue.transform(a).adding(.transform(b))?.subtracting(.transform(b))
        assertClose(back, .transform(a), accuracy: 1e-12)
    }

    // MARK: Cumulative arithmetic

    func testScalingNumbersAndGeometry() {
        assertClose(AnimatableValue.number(10).scaled(by: 3), .number(30))
        assertClose(AnimatableValue.point(CGPoint(x: 1, y: -2)).scaled(by: 2.5), .point(CGPoint(x: 2.5, y: -5)))
        assertClose(AnimatableValue.array([.number(1), .size(CGSize(width: 2, height: 3))]).scaled(by: 2),
                    .array([.number(2), .size(CGSize(width: 4, height: 6))]))
    }

    func testCumulativeRepeatsAddTheEndValue() {
        // Measured on Apple: position.x by 10 from 100, cumulative, repeat 3, is
        // 105, 215, 325 half way through each cycle: the end value (110) once
        // per finished cycle plus this cycle's value.
        let end = AnimatableValue.number(110), halfWay = AnimatableValue.number(105)
        assertClose(end.scaled(by: 1).adding(halfWay), .number(215))
        assertClose(end.scaled(by: 2).adding(halfWay), .number(325))
    }

    func testScalingATransformRepeatsIt() {
        let turn = CATransform3DMakeRotation(0.4, 0, 0, 1)
        assertClose(AnimatableValue.transform(turn).scaled(by: 3), .transform(CATransform3DMakeRotation(1.2, 0, 0, 1)),
                    accuracy: 1e-12)
        // Not entry by entry: 3 * cos(0.4) would not be a rotation.
        guard case .transform(let t) = AnimatableValue.transform(turn).scaled(by: 3) else { return XCTFail() }
        XCTAssertEqual(Double(t.m11), cos(1.2), accuracy: 1e-12)
        assertClose(AnimatableValue.transform(turn).scaled(by: -2), .transform(CATransform3DMakeRotation(-0.8, 0, 0, 1)),
                    accuracy: 1e-12)
        XCTAssertEqual(AnimatableValue.transform(turn).scaled(by: 0), .transform(CATransform3DIdentity))
    }

    func testScalingATransformByALargeOrFractionalFactor() {
        let step = CATransform3DMakeTranslation(1, 2, 0)
        assertClose(AnimatableValue.transform(step).scaled(by: 1_000_000),
                    .transform(CATransform3DMakeTranslation(1_000_000, 2_000_000, 0)))
        assertClose(AnimatableValue.transform(CATransform3DMakeTranslation(10, 0, 0)).scaled(by: 2.5),
                    .transform(CATransform3DMakeTranslation(25, 0, 0)))
        XCTAssertEqual(AnimatableValue.transform(step).scaled(by: .infinity), .transform(CATransform3DIdentity))
    }

    // MARK: Zero and distance

    func testZeroLikeEachKind() {
        XCTAssertEqual(AnimatableValue.zero(like: .number(4)), .number(0))
        XCTAssertEqual(AnimatableValue.zero(like: .point(CGPoint(x: 1, y: 1))), .point(.zero))
        XCTAssertEqual(AnimatableValue.zero(like: .size(CGSize(width: 1, height: 1))), .size(.zero))
        XCTAssertEqual(AnimatableValue.zero(like: .rect(CGRect(x: 1, y: 1, width: 1, height: 1))), .rect(.zero))
        XCTAssertEqual(AnimatableValue.zero(like: .transform(CATransform3DMakeScale(2, 2, 2))), .transform(CATransform3DIdentity))
        XCTAssertEqual(rgba(AnimatableValue.zero(like: .color(CGColor.white))), [0, 0, 0, 0])
        let mixed = AnimatableValue.array([.number(3), .transform(CATransform3DMakeTranslation(1, 0, 0)), .color(.white)])
        assertClose(mixed.adding(.zero(like: mixed)), .array([.number(3), .transform(CATransform3DMakeTranslation(1, 0, 0)),
                                                              .color(CGColor(red: 1, green: 1, blue: 1, alpha: 1))]))
    }

    func testDistanceIsEuclideanOverComponents() {
        XCTAssertEqual(AnimatableValue.number(3).distance(to: .number(7)), 4)
        XCTAssertEqual(AnimatableValue.point(.zero).distance(to: .point(CGPoint(x: 3, y: 4))), 5)
        XCTAssertEqual(AnimatableValue.rect(.zero).distance(to: .rect(CGRect(x: 0, y: 0, width: 3, height: 4))), 5)
        XCTAssertEqual(AnimatableValue.color(CGColor(red: 0, green: 0, blue: 0, alpha: 1))
                        .distance(to: .color(CGColor(red: 1, green: 1, blue: 1, alpha: 0)))!, 2, accuracy: 1e-12)
        XCTAssertEqual(AnimatableValue.transform(CATransform3DIdentity)
                        .distance(to: .transform(CATransform3DMakeTranslation(6, 8, 0))), 10)
        XCTAssertEqual(AnimatableValue.array([.number(0), .number(0)]).distance(to: .array([.number(3), .number(4)])), 5)
    }

    func testComponentsRoundTrip() {
        let value = AnimatableValue.array([.rect(CGRect(x: 1, y: 2, width: 3, height: 4)),
                                           .transform(CATransform3DMakeRotation(0.5, 1, 1, 0)), .number(-7)])
        XCTAssertEqual(value.components.count, 4 + 16 + 1)
        XCTAssertEqual(value.rebuilt(from: value.components), value)
        XCTAssertTrue(value.containsTransform)
        XCTAssertFalse(AnimatableValue.array([.number(1)]).containsTransform)
    }
}
