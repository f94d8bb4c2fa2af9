import XCTest
@testable import QuartzCore

/// `LayerState`'s rarely changing fields live in a box shared by copies
/// (`LayerState+Extras.swift`); they must still behave as values.
final class LayerStateExtrasTests: XCTestCase {
    func testCopiesAreIndependentValues() {
        var original = LayerState()
        original.name = "a"
        original.filters = []
        var copy = original
        XCTAssertEqual(copy, original)

        copy.name = "b"
        copy.shape = ShapeState(CAShapeLayer())
        copy.shape?.lineWidth = 4
        XCTAssertEqual(original.name, "a")
        XCTAssertNil(original.shape)
        XCTAssertEqual(copy.shape?.lineWidth, 4)
        XCTAssertNotEqual(copy, original)

        // Equal contents in different boxes are equal states.
        var other = LayerState()
        other.name = "b"
        other.shape = ShapeState(CAShapeLayer())
        other.shape?.lineWidth = 4
        XCTAssertEqual(other, copy)
    }

    func testDefaultsAreApplesAndSharedStatesStayUntouched() {
        let fresh = LayerState()
        XCTAssertEqual(fresh.className, "CALayer")
        XCTAssertEqual(fresh.magnificationFilter, "linear")
        XCTAssertEqual(fresh.contentsGravity, .resize)
        var changed = fresh
        changed.magnificationFilter = "nearest"
        XCTAssertEqual(LayerState().magnificationFilter, "linear", "the shared defaults were not written")
        XCTAssertEqual(changed.withoutOwnRendering.magnificationFilter, "nearest")
    }
}
