import XCTest
@testable import QuartzCore

/// CABasicAnimation's from/to/by table ("Setting Interpolation Values"). The
/// numbers are an opacity animation over a model value of 0.5; the half-way
/// values in the comments were measured on Apple's QuartzCore by a public
/// conformance test, and each row checks the pair that produces them.
final class AnimatableValueResolveBasicTests: XCTestCase {
    private let current = AnimatableValue.number(0.5)

    private func resolve(from: Double? = nil, to: Double? = nil, by: Double? = nil) -> (Double, Double)? {
        guard let pair = AnimatableValue.resolveBasic(from: from.map { .number($0) }, to: to.map { .number($0) },
                                                      by: by.map { .number($0) }, current: current),
              let start = pair.from.number, let end = pair.to.number else { return nil }
        return (start, end)
    }

    private func assertPair(_ pair: (Double, Double)?, _ start: Double, _ end: Double,
                            file: StaticString = #filePath, line: UInt = #line) {
        guard let pair else { return XCTFail("no pair", file: file, line: line) }
        XCTAssertEqual(pair.0, start, accuracy: 1e-12, "from", file: file, line: line)
        XCTAssertEqual(pair.1, end, accuracy: 1e-12, "to", file: file, line: line)
    }

    func testFromAndToInterpolateBetweenThem() {
        assertPair(resolve(from: 0.2, to: 0.9), 0.2, 0.9)
    }

    func testFromAndByGoFromFromToFromPlusBy() {
        assertPair(resolve(from: 0.2, by: 0.3), 0.2, 0.5)   // measured 0.35 half way
    }

    func testByAndToGoFromToMinusByToTo() {
        assertPair(resolve(to: 0.9, by: 0.3), 0.6, 0.9)     // measured 0.75
    }

    func testFromAloneGoesToTheCurrentValue() {
        assertPair(resolve(from: 0.2), 0.2, 0.5)            // measured 0.35
    }

    func testToAloneComesFromTheCurrentValue() {
        assertPair(resolve(to: 0.8), 0.5, 0.8)              // measured 0.65
    }

    func testByAloneGoesFromTheCurrentValueByThatMuch() {
        assertPair(resolve(by: 0.3), 0.5, 0.8)              // measured 0.65
    }

    func testNoneStaysAtTheCurrentValue() {
        assertPair(resolve(), 0.5, 0.5)                     // measured 0.5
    }

    func testAllThreeUseFromAndTo() {
        // Undefined by Apple ("no more than two should be non-nil").
        assertPair(resolve(from: 0.1, to: 0.2, by: 5), 0.1, 0.2)
    }

    func testByOnPointsAndTransforms() {
        let pair = AnimatableValue.resolveBasic(from: nil, to: .point(CGPoint(x: 10, y: 10)),
                                                by: .point(CGPoint(x: 4, y: -2)), current: .point(.zero))
        XCTAssertEqual(pair?.from, .point(CGPoint(x: 6, y: 12)))
        let turn = CATransform3DMakeRotation(0.5, 0, 0, 1)
        let start = CATransform3DMakeTranslation(5, 0, 0)
        let transforms = AnimatableValue.resolveBasic(from: .transform(start), to: nil, by: .transform(turn),
                                                      current: .transform(CATransform3DIdentity))
        XCTAssertEqual(transforms?.to, .transform(CATransform3DConcat(start, turn)))
    }

    func testMismatchedKindsGiveNil() {
        XCTAssertNil(AnimatableValue.resolveBasic(from: .number(1), to: .point(.zero), by: nil, current: .number(0)))
        XCTAssertNil(AnimatableValue.resolveBasic(from: nil, to: .number(1), by: nil, current: .size(.zero)))
        XCTAssertNil(AnimatableValue.resolveBasic(from: nil, to: nil, by: .number(1), current: .point(.zero)))
    }
}
