import Foundation
import LaminaTestSupport
import XCTest

/// The cover-flow demo driven by the pointer through XTest, as a mouse or
/// a touchscreen would, and read back from the screen: a drag moves the
/// row and it settles on a cover, a flick carries it further than the
/// finger went, a click on a side cover brings it to the middle.
///
/// Which cover is in the middle is told by the colour there once it has
/// settled, compared with the colours the arrow keys bring (the keys are
/// the reference: CoverFlowScreenTests checks them).
final class CoverFlowPointerScreenTests: HostTestCase {
    /// 640x400 (DemoGalleryTests.size): covers 192 pixels square (30% of the width), the middle one
    /// centred at (320, 180), the row moving a cover for 144 pixels of drag
    /// (the first neighbour's distance, 0.75 of a cover).
    private let (width, height) = DemoGalleryTests.size
    private let pixelsPerCover = 144
    private var middle: (x: Int, y: Int) { (width / 2, Int(Double(height) * 0.45)) }

    private func launch() throws -> RunningDemo {
        try RunningDemo("cover-flow", title: CoverFlowScreenTests.title)  // the gallery's 640x400
    }

    private func settledMiddleColour(_ running: RunningDemo) throws -> [Double] {
        try XCTUnwrap(running.settledColour(x: middle.x, y: middle.y), "nothing readable on screen")
    }

    /// The middle's colour at the start (cover 5 of 9) and after Right
    /// (cover 6), leaving cover 5 in the middle again.
    private func referenceColours(_ running: RunningDemo) throws -> (start: [Double], next: [Double]) {
        Thread.sleep(forTimeInterval: 1)
        let start = try settledMiddleColour(running)
        XCTAssertGreaterThan(start.max() ?? 0, 100, "a cover is in the middle, not the black background")
        running.press(Keysym.right)
        let next = try settledMiddleColour(running)
        XCTAssertGreaterThan(RunningDemo.colourDistance(start, next), 60, "Right brings another cover: \(start) -> \(next)")
        running.press(Keysym.left)
        let back = try settledMiddleColour(running)
        XCTAssertLessThan(RunningDemo.colourDistance(start, back), 8, "Left brings the first back: \(start) -> \(back)")
        return (start, next)
    }

    /// A drag of a little over one cover to the left, held still before
    /// the release (no flick: the velocity at the release is zero), brings
    /// the next cover to the middle, as Right does; the keys still work.
    func testADragOfOneCoverSettlesOnTheNextCover() throws {
        let running = try launch()
        defer { withExtendedLifetime(running) {} }
        let (start, next) = try referenceColours(running)

        let from = (x: middle.x + 80, y: middle.y)
        running.driver.drag(from: from, to: (from.x - pixelsPerCover - 16, from.y), in: running.window, steps: 16,
                            stepDelay: 0.02, release: false)
        // The row follows the finger: while the button is still down, the
        // middle already shows something else.
        let held = try settledMiddleColour(running)
        XCTAssertGreaterThan(RunningDemo.colourDistance(start, held), 30, "the row did not follow the drag: \(start) -> \(held)")
        // Still longer than the velocity tracker's 0.1 s window: the finger stopped.
        Thread.sleep(forTimeInterval: 0.3)
        running.driver.fakeButton(1, down: false)
        let settled = try settledMiddleColour(running)
        XCTAssertLessThan(RunningDemo.colourDistance(next, settled), 8, "the drag settles on the next cover: \(next) vs \(settled)")

        running.press(Keysym.left)
        let back = try settledMiddleColour(running)
        XCTAssertLessThan(RunningDemo.colourDistance(start, back), 8, "Left still works after a drag")
    }

    /// A quick short drag, released while moving: the row carries on past
    /// the next cover (a drag of 0.7 of a cover released with no velocity
    /// would settle on the next one, as the test above shows).
    func testAFlickCarriesTheRowOnPastWhereTheFingerLifted() throws {
        let running = try launch()
        defer { withExtendedLifetime(running) {} }
        let (start, next) = try referenceColours(running)

        let from = (x: middle.x + 60, y: middle.y)
        running.driver.drag(from: from, to: (from.x - 100, from.y), in: running.window, steps: 5, stepDelay: 0.01)
        let settled = try settledMiddleColour(running)
        XCTAssertGreaterThan(RunningDemo.colourDistance(start, settled), 30, "the flick moved the row: \(settled)")
        XCTAssertGreaterThan(RunningDemo.colourDistance(next, settled), 30,
                             "the flick carried the row beyond the next cover: \(settled) is the next cover's \(next)")
    }

    /// A click on the first cover to the right of the middle (its visible
    /// strip, 120 pixels right of the centre) brings it to the middle, as
    /// Right does.
    func testAClickOnASideCoverCentresIt() throws {
        let running = try launch()
        defer { withExtendedLifetime(running) {} }
        let (_, next) = try referenceColours(running)

        running.driver.click(x: middle.x + 120, y: middle.y, in: running.window)
        let settled = try settledMiddleColour(running)
        XCTAssertLessThan(RunningDemo.colourDistance(next, settled), 8, "the clicked cover is in the middle: \(next) vs \(settled)")
    }
}
