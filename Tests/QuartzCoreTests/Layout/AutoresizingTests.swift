import XCTest
@testable import QuartzCore

/// Records the old superlayer sizes it is told about.
private final class ResizeRecordingLayer: CALayer {
    var oldSuperlayerSizes: [CGSize] = []
    override func resize(withOldSuperlayerSize size: CGSize) {
        oldSuperlayerSizes.append(size)
        super.resize(withOldSuperlayerSize: size)
    }
}

/// Autoresizing masks (`CAAutoresizingMask`, macOS): when a superlayer's
/// bounds size changes, each sublayer's flexible margins and dimensions on an
/// axis take up the change. CALayer documents no rule of its own for sharing
/// it, so AppKit's applies, from `NSView.autoresizingMask`: "distributes the
/// size difference as evenly as possible among the flexible portions. For
/// example, if NSViewWidthSizable and NSViewMaxXMargin are set and the
/// superview's width has increased by 10.0 points, the view's frame and
/// right margin are each widened by 5.0 points." (UIKit's views share it
/// proportionally instead; CALayer's mask is the macOS one.)
final class AutoresizingTests: XCTestCase {
    /// A 100 × 100 superlayer holding `child` at `frame` with `mask`.
    private func parent(of child: CALayer, frame: CGRect, mask: CAAutoresizingMask,
                        size: CGSize = CGSize(width: 100, height: 100)) -> CALayer {
        let parent = CALayer()
        parent.bounds = CGRect(origin: .zero, size: size)
        child.frame = frame
        child.autoresizingMask = mask
        parent.addSublayer(child)
        parent.layoutIfNeeded()
        return parent
    }

    /// Resizes `parent` and runs the layout pass (Apple applies autoresizing
    /// before the layer's own layout, so the frames are final after it).
    private func resize(_ parent: CALayer, to size: CGSize) {
        parent.bounds.size = size
        parent.layoutIfNeeded()
    }

    func testNotSizableLayerKeepsItsFrame() {
        let child = CALayer()
        let parent = parent(of: child, frame: CGRect(x: 10, y: 10, width: 30, height: 30), mask: [])
        resize(parent, to: CGSize(width: 200, height: 300))
        XCTAssertEqual(child.frame, CGRect(x: 10, y: 10, width: 30, height: 30))
    }

    func testFlexibleWidthTakesTheWholeChange() {
        let child = CALayer()
        let parent = parent(of: child, frame: CGRect(x: 10, y: 10, width: 30, height: 30), mask: .layerWidthSizable)
        resize(parent, to: CGSize(width: 200, height: 150))
        XCTAssertEqual(child.frame, CGRect(x: 10, y: 10, width: 130, height: 30))
    }

    func testFlexibleMinXMarginMovesTheLayer() {
        let child = CALayer()
        let parent = parent(of: child, frame: CGRect(x: 10, y: 10, width: 30, height: 30), mask: .layerMinXMargin)
        resize(parent, to: CGSize(width: 200, height: 100))
        XCTAssertEqual(child.frame, CGRect(x: 110, y: 10, width: 30, height: 30), "the right margin stays 60")
    }

    func testFlexibleMaxXMarginAloneKeepsTheFrame() {
        let child = CALayer()
        let parent = parent(of: child, frame: CGRect(x: 10, y: 10, width: 30, height: 30), mask: .layerMaxXMargin)
        resize(parent, to: CGSize(width: 200, height: 100))
        XCTAssertEqual(child.frame, CGRect(x: 10, y: 10, width: 30, height: 30))
    }

    /// The `NSView.autoresizingMask` example, exactly: width and right margin
    /// flexible, superview 10 points wider, each widened by 5.
    func testAppKitExampleWidthAndMaxXMarginShareEvenly() {
        let child = CALayer()
        let parent = parent(of: child, frame: CGRect(x: 0, y: 0, width: 100, height: 10),
                            mask: [.layerWidthSizable, .layerMaxXMargin], size: CGSize(width: 400, height: 10))
        resize(parent, to: CGSize(width: 410, height: 10))
        XCTAssertEqual(child.frame, CGRect(x: 0, y: 0, width: 105, height: 10))
        XCTAssertEqual(parent.bounds.width - child.frame.maxX, 305, "the right margin grew by 5 too")
    }

    /// Both margins flexible: each takes half, whatever their current sizes.
    func testBothMarginsShareEvenly() {
        let child = CALayer()
        let parent = parent(of: child, frame: CGRect(x: 10, y: 0, width: 30, height: 10),
                            mask: [.layerMinXMargin, .layerMaxXMargin])
        resize(parent, to: CGSize(width: 200, height: 100))
        XCTAssertEqual(child.frame, CGRect(x: 60, y: 0, width: 30, height: 10))
    }

    func testAllThreeFlexiblePartsShareEvenly() {
        let child = CALayer()
        let parent = parent(of: child, frame: CGRect(x: 20, y: 0, width: 40, height: 10),
                            mask: [.layerMinXMargin, .layerWidthSizable, .layerMaxXMargin])
        resize(parent, to: CGSize(width: 130, height: 100))
        XCTAssertEqual(child.frame, CGRect(x: 30, y: 0, width: 50, height: 10))
    }

    /// The y axis follows the same rules, with its own change.
    func testHeightAndMinYMarginShareTheVerticalChange() {
        let child = CALayer()
        let parent = parent(of: child, frame: CGRect(x: 0, y: 10, width: 20, height: 30),
                            mask: [.layerHeightSizable, .layerMinYMargin, .layerWidthSizable])
        resize(parent, to: CGSize(width: 120, height: 160))
        XCTAssertEqual(child.frame, CGRect(x: 0, y: 40, width: 40, height: 60))
    }

    func testMaxYMarginAndHeight() {
        let child = CALayer()
        let parent = parent(of: child, frame: CGRect(x: 0, y: 10, width: 20, height: 30),
                            mask: [.layerHeightSizable, .layerMaxYMargin])
        resize(parent, to: CGSize(width: 100, height: 40))
        XCTAssertEqual(child.frame, CGRect(x: 0, y: 10, width: 20, height: 0), "60 points less, 30 each")
    }

    /// The frame is reached through `position`, so the anchor point matters
    /// only to where `position` ends up, not to the frame.
    func testAnchorPointDoesNotChangeTheFrame() {
        let child = CALayer()
        child.anchorPoint = CGPoint(x: 0, y: 0)
        let parent = parent(of: child, frame: CGRect(x: 10, y: 10, width: 30, height: 30),
                            mask: [.layerMinXMargin, .layerWidthSizable])
        resize(parent, to: CGSize(width: 140, height: 100))
        XCTAssertEqual(child.frame, CGRect(x: 30, y: 10, width: 50, height: 30))
        XCTAssertEqual(child.position, CGPoint(x: 30, y: 10))
    }

    /// Only a change of size resizes; moving the bounds origin does not.
    func testBoundsOriginChangeDoesNotResize() {
        let child = CALayer()
        let parent = parent(of: child, frame: CGRect(x: 10, y: 10, width: 30, height: 30),
                            mask: [.layerMinXMargin, .layerWidthSizable])
        parent.bounds.origin = CGPoint(x: 50, y: 50)
        parent.layoutIfNeeded()
        XCTAssertEqual(child.frame, CGRect(x: 10, y: 10, width: 30, height: 30))
    }

    /// `resizeSublayers(withOldSize:)` hands each sublayer the superlayer's
    /// previous size, once per change.
    func testSublayersHearTheOldSuperlayerSize() {
        let child = ResizeRecordingLayer()
        let parent = parent(of: child, frame: CGRect(x: 0, y: 0, width: 10, height: 10), mask: .layerWidthSizable,
                            size: CGSize(width: 100, height: 50))
        resize(parent, to: CGSize(width: 120, height: 60))
        resize(parent, to: CGSize(width: 90, height: 60))
        XCTAssertEqual(child.oldSuperlayerSizes, [CGSize(width: 100, height: 50), CGSize(width: 120, height: 60)])
        XCTAssertEqual(child.frame.width, 0, "10 + 20 - 30")
    }

    /// A resized sublayer resizes its own sublayers in turn.
    func testAutoresizingCascadesDownTheTree() {
        let child = CALayer(), grandchild = CALayer()
        let parent = parent(of: child, frame: CGRect(x: 0, y: 0, width: 100, height: 100),
                            mask: [.layerWidthSizable, .layerHeightSizable])
        grandchild.frame = CGRect(x: 10, y: 10, width: 80, height: 80)
        grandchild.autoresizingMask = [.layerMinXMargin, .layerMaxXMargin, .layerHeightSizable]
        child.addSublayer(grandchild)
        resize(parent, to: CGSize(width: 200, height: 120))
        XCTAssertEqual(child.frame, CGRect(x: 0, y: 0, width: 200, height: 120))
        XCTAssertEqual(grandchild.frame, CGRect(x: 60, y: 10, width: 80, height: 100))
    }
}
