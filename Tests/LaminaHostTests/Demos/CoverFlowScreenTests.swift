import Foundation
@testable import LaminaHost
import XCTest
import LaminaTestSupport

/// The cover-flow demo on a private Xvfb: Right brings the next cover to
/// the middle (the colour at the window's centre changes), Left brings the
/// first one back, Escape exits with status 0.
final class CoverFlowScreenTests: HostTestCase {
    static let title = "Lamina cover flow"

    /// The demo, its private server and the test's connection to it; the
    /// connection must close before the server goes (see KioskMenuScreenTests).
    private final class RunningDemo {
        private var connection: XTestDriver?
        var driver: XTestDriver { connection! }
        let window: UInt
        let demo: DemoProcess
        let server: XvfbServer
        init(server: XvfbServer, demo: DemoProcess, driver: XTestDriver, window: UInt) {
            (self.server, self.demo, self.connection, self.window) = (server, demo, driver, window)
        }
        deinit { connection = nil }
    }

    private func launch(width: Int, height: Int) throws -> RunningDemo {
        let server: XvfbServer
        do { server = try XvfbServer(extraArguments: []) } catch { throw XCTSkip("cannot start a private Xvfb: \(error)") }
        let demo = try DemoProcess("cover-flow", display: server.displayName,
                                   arguments: ["--width", "\(width)", "--height", "\(height)"])
        let driver = try XTestDriver(displayName: server.displayName)
        let window = try XCTUnwrap(driver.waitForWindow(named: Self.title), "the demo's window did not appear")
        return RunningDemo(server: server, demo: demo, driver: driver, window: window)
    }

    /// The mean colour of a 9x9 box at the focused cover's centre (the
    /// demo centres it at 45% of the height), as (red, green, blue).
    private func centreColour(_ running: RunningDemo, width: Int, height: Int) -> [Double]? {
        let (x, y) = (width / 2 - 4, Int(Double(height) * 0.45) - 4)
        guard let pixels = running.driver.capture(running.window, x: x, y: y, width: 9, height: 9) else { return nil }
        return [16, 8, 0].map { shift in
            pixels.reduce(0.0) { $0 + Double(($1 >> UInt32(shift)) & 0xFF) } / Double(pixels.count)
        }
    }

    /// The centre colour once it has stopped changing (the move animates
    /// for 0.4 s; frames of a debug build on a loaded machine can be slow).
    private func settledCentreColour(_ running: RunningDemo, width: Int, height: Int) -> [Double]? {
        var readings: [[Double]] = []
        let deadline = Date(timeIntervalSinceNow: 15)
        while Date() < deadline {
            if let colour = centreColour(running, width: width, height: height) { readings.append(colour) }
            let recent = readings.suffix(4)
            if recent.count == 4, let first = recent.first,
               recent.allSatisfy({ zip($0, first).allSatisfy { abs($0 - $1) < 1 } }) { return first }
            Thread.sleep(forTimeInterval: 0.25)
        }
        return readings.last
    }

    private func distance(_ a: [Double], _ b: [Double]) -> Double {
        zip(a, b).map { abs($0 - $1) }.max() ?? 0
    }

    func testWithoutDISPLAYItSaysSoInOneLineAndExits1() throws {
        let demo = try DemoProcess("cover-flow", display: nil)
        XCTAssertTrue(demo.waitForExit(timeout: 10))
        XCTAssertEqual(demo.process.terminationStatus, 1)
        let lines = demo.standardErrorLines
        XCTAssertEqual(lines.count, 1, "\(lines)")
        XCTAssertTrue(lines.first?.hasPrefix("cover-flow: ") == true && lines.first?.contains("DISPLAY") == true, "\(lines)")
    }

    func testRightMovesTheFocusAndEscapeExits() throws {
        let (width, height) = (640, 400)
        let running = try launch(width: width, height: height)
        defer { withExtendedLifetime(running) {} }
        Thread.sleep(forTimeInterval: 1)
        let first = try XCTUnwrap(settledCentreColour(running, width: width, height: height), "nothing on screen")
        XCTAssertGreaterThan(first.max() ?? 0, 100, "a cover is in the middle, not the black background")

        running.driver.fakeKey(Keysym.right, down: true)
        running.driver.fakeKey(Keysym.right, down: false)
        Thread.sleep(forTimeInterval: 0.5)
        let next = try XCTUnwrap(settledCentreColour(running, width: width, height: height))
        XCTAssertGreaterThan(distance(first, next), 60, "Right brings another cover to the middle: \(first) -> \(next)")

        running.driver.fakeKey(Keysym.left, down: true)
        running.driver.fakeKey(Keysym.left, down: false)
        Thread.sleep(forTimeInterval: 0.5)
        let back = try XCTUnwrap(settledCentreColour(running, width: width, height: height))
        XCTAssertLessThan(distance(first, back), 8, "Left brings the first cover back: \(first) -> \(back)")

        running.driver.fakeKey(Keysym.escape, down: true)
        running.driver.fakeKey(Keysym.escape, down: false)
        XCTAssertTrue(running.demo.waitForExit(timeout: 10), "Escape quits")
        XCTAssertEqual(running.demo.process.terminationStatus, 0)
    }
}
