import CoreGraphics
import XCTest

/// Copies, transformed copies, equality and the Sendable snapshot.
final class CGPathCopyTests: XCTestCase {
    private func sample() -> CGMutablePath {
        let path = CGMutablePath()
        path.move(to: pt(1, 1))
        path.addLine(to: pt(4, 1))
        path.addQuadCurve(to: pt(4, 4), control: pt(6, 2))
        path.closeSubpath()
        return path
    }

    func testEqualityComparesElementsAcrossMutableAndImmutable() {
        let rect = CGRect(x: 0, y: 0, width: 5, height: 5)
        let mutable = CGMutablePath()
        mutable.addRect(rect)
        let immutable = CGPath(rect: rect, transform: nil)
        XCTAssertEqual(mutable, immutable)
        XCTAssertEqual(mutable.hashValue, immutable.hashValue)
        XCTAssertEqual(Set<CGPath>([mutable, immutable]).count, 1)
        XCTAssertNotEqual(immutable, CGPath(rect: rect.insetBy(dx: 1, dy: 1), transform: nil))
        XCTAssertNotEqual(immutable, CGPath(ellipseIn: rect, transform: nil))
        XCTAssertEqual(CGMutablePath(), CGMutablePath())
    }

    func testMutableCopyIsIndependent() throws {
        let original = sample()
        let copy = try XCTUnwrap(original.mutableCopy())
        XCTAssertEqual(copy, original)
        copy.addLine(to: pt(9, 9))
        XCTAssertNotEqual(copy, original)
        XCTAssertEqual(original.elements.count, 4, "original unchanged")
        original.addRect(.zero.insetBy(dx: -1, dy: -1))
        XCTAssertEqual(copy.elements.count, 6, "copy unchanged by the original")
    }

    func testImmutableCopyDoesNotFollowLaterMutation() throws {
        let path = sample()
        let frozen = try XCTUnwrap(path.copy())
        XCTAssertFalse(frozen is CGMutablePath)
        XCTAssertEqual(frozen, path)
        path.addLine(to: pt(20, 20))
        XCTAssertEqual(frozen.elements.count, 4)
        XCTAssertNotEqual(frozen, path)
    }

    func testCopyUsingTransformMapsEveryPoint() throws {
        var t = CGAffineTransform(translationX: 10, y: 20)
        let path = sample()
        let moved = try XCTUnwrap(path.copy(using: &t))
        XCTAssertEqual(moved.elements, [
            .moveTo(pt(11, 21)), .addLineTo(pt(14, 21)),
            .addQuadCurveTo(control: pt(16, 22), end: pt(14, 24)), .closeSubpath,
        ])
        XCTAssertEqual(moved.currentPoint, pt(11, 21))
        XCTAssertEqual(path.elements.first, .moveTo(pt(1, 1)), "original unchanged")
        XCTAssertEqual(path.copy(using: nil), path)
    }

    func testMutableCopyUsingTransform() throws {
        var t = CGAffineTransform(scaleX: 2, y: 2)
        let copy = try XCTUnwrap(sample().mutableCopy(using: &t))
        XCTAssertEqual(copy.boundingBox, CGRect(x: 2, y: 2, width: 10, height: 6))
        copy.addLine(to: .zero)
        XCTAssertEqual(copy.currentPoint, .zero)
        XCTAssertEqual(sample().mutableCopy(using: nil), sample())
    }

    func testSnapshotIsAValueUnaffectedByMutation() {
        let path = sample()
        let snapshot = path.snapshot
        path.addLine(to: pt(50, 50))
        XCTAssertEqual(snapshot.elements.count, 4)
        XCTAssertEqual(path.snapshot.elements.count, 6)
        XCTAssertEqual(CGPath(snapshot), sample(), "a snapshot rebuilds an equal path")
    }

    func testSnapshotCrossesToAnotherThread() async {
        func requireSendable<T: Sendable>(_ value: T) -> T { value }
        let snapshot = requireSendable(CGPath(rect: CGRect(x: 0, y: 0, width: 3, height: 4), transform: nil).snapshot)
        let box = await Task.detached { snapshot.boundingBoxOfPath }.value
        XCTAssertEqual(box, CGRect(x: 0, y: 0, width: 3, height: 4))
    }

    func testSnapshotAnswersTheSameGeometryAsThePath() {
        let path = sample()
        let snapshot = path.snapshot
        XCTAssertEqual(snapshot.boundingBox, path.boundingBox)
        XCTAssertEqual(snapshot.boundingBoxOfPath, path.boundingBoxOfPath)
        XCTAssertEqual(snapshot.currentPoint, path.currentPoint)
        XCTAssertEqual(snapshot.isEmpty, path.isEmpty)
        XCTAssertEqual(snapshot.contains(pt(3, 2)), path.contains(pt(3, 2)))
        XCTAssertTrue(snapshot.contains(pt(3, 2)))
    }

    func testSnapshotFromElementsUsesPathRules() {
        let snapshot = CGPathSnapshot(elements: [.addLineTo(pt(1, 1)), .moveTo(.zero), .addLineTo(pt(1, 0)),
                                                 .closeSubpath, .addLineTo(pt(0, 1))])
        XCTAssertEqual(snapshot.elements, [.moveTo(.zero), .addLineTo(pt(1, 0)), .closeSubpath,
                                           .moveTo(.zero), .addLineTo(pt(0, 1))])
        XCTAssertEqual(snapshot.applying(CGAffineTransform(translationX: 1, y: 0)).elements.first,
                       .moveTo(pt(1, 0)))
    }

    func testElementValueHelpers() {
        let curve = CGPathElementValue.addCurveTo(control1: pt(1, 1), control2: pt(2, 2), end: pt(3, 3))
        XCTAssertEqual(curve.type, .addCurveToPoint)
        XCTAssertEqual(curve.points, [pt(1, 1), pt(2, 2), pt(3, 3)])
        XCTAssertEqual(curve.endPoint, pt(3, 3))
        XCTAssertNil(CGPathElementValue.closeSubpath.endPoint)
        XCTAssertEqual(CGPathElementValue.addQuadCurveTo(control: pt(1, 0), end: pt(2, 0)).points, [pt(1, 0), pt(2, 0)])
        XCTAssertEqual(curve.applying(CGAffineTransform(scaleX: 2, y: 1)),
                       .addCurveTo(control1: pt(2, 1), control2: pt(4, 2), end: pt(6, 3)))
    }
}
