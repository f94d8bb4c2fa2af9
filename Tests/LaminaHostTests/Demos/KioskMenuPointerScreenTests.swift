import Foundation
import LaminaTestSupport
import XCTest

/// The kiosk menu driven by the pointer through XTest, as a mouse or a
/// touchscreen would, and read back from the screen: a click moves the
/// selection ring to the item clicked (in a window and in full screen,
/// where the cursor is hidden), hovering lights the item under the pointer
/// and leaving the window puts the light out. The keys' own behaviour is
/// KioskMenuScreenTests'.
final class KioskMenuPointerScreenTests: HostTestCase {
    /// The vertical centre of the selection ring: the middle of the white
    /// rows in a column that crosses the ring's top and bottom edges, 150
    /// pixels left of the middle, where no text is.
    private func ringCenter(_ running: RunningDemo, width: Int, height: Int) -> Double? {
        guard let column = running.driver.capture(running.window, x: width / 2 - 150, y: 0, width: 1, height: height) else {
            return nil
        }
        let white = column.enumerated().filter { _, pixel in
            (pixel >> 16) & 0xFF > 200 && (pixel >> 8) & 0xFF > 200 && pixel & 0xFF > 200
        }.map(\.offset)
        guard let first = white.first, let last = white.last else { return nil }
        return Double(first + last) / 2
    }

    /// The ring's centre once it has stopped moving (the selection
    /// animates for 0.25 s; the bloom's pulse does not move the edges).
    private func settledRingCenter(_ running: RunningDemo, width: Int, height: Int) throws -> Double {
        try XCTUnwrap(running.settledReading({ ringCenter(running, width: width, height: height) }, count: 5, tolerance: 0.5,
                                      distance: { abs($0 - $1) }), "no ring on screen")
    }

    /// The items' vertical centres, from the ring on the first item at the
    /// start and the third item, Podcasts, at the window's middle.
    private func itemCenters(firstItem: Double, height: Int) -> [Int] {
        let pitch = (Double(height) / 2 - firstItem) / 2
        return (0..<5).map { Int((firstItem + Double($0) * pitch).rounded()) }
    }

    /// The kiosk at the gallery's 640x400 (DemoGalleryTests.size), with `arguments` added.
    private func launch(_ arguments: [String] = []) throws -> RunningDemo {
        try RunningDemo("kiosk-menu", title: LifecycleTests.demoTitle, arguments: arguments)
    }

    /// A click on the last item, Internet, moves the ring there; Up then
    /// moves it to Photos, as the keys always did.
    func testAClickOnTheLastItemMovesTheRingThere() throws {
        let (width, height) = DemoGalleryTests.size
        let running = try launch()
        defer { withExtendedLifetime(running) {} }
        Thread.sleep(forTimeInterval: 1)
        let movies = try settledRingCenter(running, width: width, height: height)
        let items = itemCenters(firstItem: movies, height: height)
        XCTAssertGreaterThan(items[1] - items[0], 30, "the items are apart: \(items)")

        running.driver.click(x: width / 2, y: items[4], in: running.window)
        let clicked = try settledRingCenter(running, width: width, height: height)
        XCTAssertEqual(clicked, Double(items[4]), accuracy: 2, "the ring is on Internet (items at \(items))")

        running.press(Keysym.up)
        let photos = try settledRingCenter(running, width: width, height: height)
        XCTAssertEqual(photos, Double(items[3]), accuracy: 2, "Up after the click: Photos")
    }

    /// In full screen the cursor is hidden; a click (or a tap) still selects.
    func testAClickSelectsInFullScreenWhereTheCursorIsHidden() throws {
        let running = try launch(["--fullscreen"])
        defer { withExtendedLifetime(running) {} }
        let size = try XCTUnwrap(running.driver.geometry(of: running.window))
        Thread.sleep(forTimeInterval: 1)
        let movies = try settledRingCenter(running, width: size.width, height: size.height)
        let items = itemCenters(firstItem: movies, height: size.height)

        running.driver.click(x: size.width / 2, y: items[4], in: running.window)
        let clicked = try settledRingCenter(running, width: size.width, height: size.height)
        XCTAssertEqual(clicked, Double(items[4]), accuracy: 2, "the ring is on Internet (items at \(items))")
    }

    /// Resting the pointer on Photos lights it: a faint fill where the
    /// item's background was black, left of its text; leaving the window
    /// puts it out. The ring, on Movies, stays where it is.
    func testHoveringLightsTheItemAndLeavingTheWindowPutsItOut() throws {
        let (width, height) = DemoGalleryTests.size
        let running = try launch()
        defer { withExtendedLifetime(running) {} }
        Thread.sleep(forTimeInterval: 1)
        let movies = try settledRingCenter(running, width: width, height: height)
        let photos = itemCenters(firstItem: movies, height: height)[3]
        // 170 pixels left of the middle: inside the 400-pixel-wide item, clear of its text.
        let spot = (x: width / 2 - 170, y: photos)
        let dark = try XCTUnwrap(running.settledColour(x: spot.x, y: spot.y))

        running.driver.fakeMotion(x: width / 2, y: photos, in: running.window)
        let lit = try XCTUnwrap(running.settledColour(x: spot.x, y: spot.y))
        XCTAssertGreaterThan(RunningDemo.colourDistance(dark, lit), 15, "hovering lights Photos: \(dark) -> \(lit)")
        XCTAssertLessThan(lit.max() ?? 255, 100, "a subtle light, not a second selection: \(lit)")
        XCTAssertEqual(try settledRingCenter(running, width: width, height: height), movies, accuracy: 1,
                       "hovering does not move the ring")

        // Off the window (the screen is larger): the pointer leaves it.
        running.driver.fakeMotion(x: width + 100, y: height + 100)
        let out = try XCTUnwrap(running.settledColour(x: spot.x, y: spot.y))
        XCTAssertLessThan(RunningDemo.colourDistance(dark, out), 4, "leaving the window puts the light out: \(out)")
    }
}
