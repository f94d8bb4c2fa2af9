import XCTest
@testable import QuartzCore

/// `CATextLayer.preferredFrameSize()`: the size of the laid-out text.
final class CATextLayerPreferredSizeTests: ModelTestCase {
    func testGrowsWithStringLengthAndFontSize() {
        let layer = CATextLayer()
        layer.fontSize = 20
        layer.string = "Movies"
        let short = layer.preferredFrameSize()
        layer.string = "Movies and music"
        let long = layer.preferredFrameSize()
        layer.fontSize = 40
        let large = layer.preferredFrameSize()
        XCTAssertGreaterThan(short.width, 40)
        XCTAssertGreaterThan(short.height, 18)
        XCTAssertGreaterThan(long.width, short.width * 2)
        XCTAssertEqual(long.height, short.height)
        XCTAssertEqual(large.width, long.width * 2, accuracy: 3)
        XCTAssertEqual(large.height, long.height * 2, accuracy: 3)
        XCTAssertEqual(short.width, short.width.rounded(.up), "whole points")
    }

    func testEmptyTextIsZero() {
        let layer = CATextLayer()
        XCTAssertEqual(layer.preferredFrameSize(), .zero)
        layer.string = ""
        XCTAssertEqual(layer.preferredFrameSize(), .zero)
    }

    func testIgnoresBoundsUnlessWrapped() {
        let layer = CATextLayer()
        layer.fontSize = 20
        layer.string = "Movies and television shows for everyone"
        let unbounded = layer.preferredFrameSize()
        layer.bounds = CGRect(x: 0, y: 0, width: 120, height: 20)
        layer.truncationMode = .end
        XCTAssertEqual(layer.preferredFrameSize(), unbounded, "the whole text, however it is truncated")
        layer.isWrapped = true
        let wrapped = layer.preferredFrameSize()
        XCTAssertLessThanOrEqual(wrapped.width, 120)
        XCTAssertGreaterThan(wrapped.height, unbounded.height * 2.5)
    }

    func testLinesAndAttributedRunsCount() {
        let layer = CATextLayer()
        layer.fontSize = 20
        layer.string = "Movies"
        let one = layer.preferredFrameSize()
        layer.string = "Movies\nMusic"
        XCTAssertEqual(layer.preferredFrameSize().height, one.height * 2, accuracy: 2)
        let text = NSMutableAttributedString(string: "Movies")
        layer.string = text
        let small = layer.preferredFrameSize()
        XCTAssertLessThan(small.height, one.height, "attributed text without a font is 12 points")
        text.addAttribute(NSAttributedString.Key("NSFont"), value: ["NSFontSizeAttribute": 40] as [String: Any],
                          range: NSRange(location: 0, length: 6))
        layer.string = text
        XCTAssertGreaterThan(layer.preferredFrameSize().height, one.height * 1.5)
    }

    /// Apple: "when a CATextLayer instance is positioned using the
    /// CAConstraintLayoutManager class the bounds of the layer is resized to
    /// fit the text content."
    func testConstraintLayoutSizesTheLayerToItsText() {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 400, height: 300)
        root.layoutManager = CAConstraintLayoutManager()
        let layer = CATextLayer()
        layer.string = "Movies"
        layer.fontSize = 24
        layer.addConstraint(CAConstraint(attribute: .midX, relativeTo: "superlayer", attribute: .midX))
        layer.addConstraint(CAConstraint(attribute: .midY, relativeTo: "superlayer", attribute: .midY))
        root.addSublayer(layer)
        root.layoutIfNeeded()
        XCTAssertEqual(layer.bounds.size, layer.preferredFrameSize())
        XCTAssertGreaterThan(layer.bounds.width, 50)
        XCTAssertEqual(layer.position, CGPoint(x: 200, y: 150))
    }
}
