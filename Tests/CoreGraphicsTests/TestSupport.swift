import CoreGraphics
import XCTest

/// Asserts two points are equal within `accuracy` on both axes.
func XCTAssertPointEqual(_ actual: CGPoint, _ expected: CGPoint, accuracy: CGFloat = 1e-6,
                         _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(actual.x, expected.x, accuracy: accuracy, "x of \(actual) vs \(expected) \(message)",
                   file: file, line: line)
    XCTAssertEqual(actual.y, expected.y, accuracy: accuracy, "y of \(actual) vs \(expected) \(message)",
                   file: file, line: line)
}

/// Asserts two rectangles are equal within `accuracy` on every edge.
func XCTAssertRectEqual(_ actual: CGRect, _ expected: CGRect, accuracy: CGFloat = 1e-6,
                        file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(actual.minX, expected.minX, accuracy: accuracy, "minX of \(actual)", file: file, line: line)
    XCTAssertEqual(actual.minY, expected.minY, accuracy: accuracy, "minY of \(actual)", file: file, line: line)
    XCTAssertEqual(actual.maxX, expected.maxX, accuracy: accuracy, "maxX of \(actual)", file: file, line: line)
    XCTAssertEqual(actual.maxY, expected.maxY, accuracy: accuracy, "maxY of \(actual)", file: file, line: line)
}

/// Asserts two transforms are equal within `accuracy` in every entry.
func XCTAssertTransformEqual(_ actual: CGAffineTransform, _ expected: CGAffineTransform,
                             accuracy: CGFloat = 1e-9, file: StaticString = #filePath, line: UInt = #line) {
    let pairs = [(actual.a, expected.a), (actual.b, expected.b), (actual.c, expected.c),
                 (actual.d, expected.d), (actual.tx, expected.tx), (actual.ty, expected.ty)]
    for (index, pair) in pairs.enumerated() {
        XCTAssertEqual(pair.0, pair.1, accuracy: accuracy, "entry \(index) of \(actual) vs \(expected)",
                       file: file, line: line)
    }
}

/// One element as read through Apple's `applyWithBlock(_:)`.
struct RecordedElement: Equatable {
    var type: CGPathElementType
    var points: [CGPoint]
}

extension CGPath {
    /// The elements as Apple's enumeration reports them.
    var recordedElements: [RecordedElement] {
        var result: [RecordedElement] = []
        applyWithBlock { element in
            let count: Int
            switch element.pointee.type {
            case .moveToPoint, .addLineToPoint: count = 1
            case .addQuadCurveToPoint: count = 2
            case .addCurveToPoint: count = 3
            case .closeSubpath: count = 0
            }
            let points = (0..<count).map { element.pointee.points[$0] }
            result.append(RecordedElement(type: element.pointee.type, points: points))
        }
        return result
    }

    /// Just the element types, in order.
    var elementTypes: [CGPathElementType] { recordedElements.map(\.type) }
}

/// Asserts a recorded element list matches the expected types and points.
func XCTAssertElements(_ path: CGPath, _ expected: [(CGPathElementType, [CGPoint])], accuracy: CGFloat = 1e-5,
                       file: StaticString = #filePath, line: UInt = #line) {
    let actual = path.recordedElements
    XCTAssertEqual(actual.map(\.type), expected.map(\.0), "element types", file: file, line: line)
    guard actual.count == expected.count else { return }
    for (index, (element, wanted)) in zip(actual, expected).enumerated() {
        XCTAssertEqual(element.points.count, wanted.1.count, "point count of element \(index)", file: file, line: line)
        for (point, wantedPoint) in zip(element.points, wanted.1) {
            XCTAssertPointEqual(point, wantedPoint, accuracy: accuracy, "element \(index)", file: file, line: line)
        }
    }
}

/// Shorthand for a point in tests.
func pt(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: x, y: y) }
