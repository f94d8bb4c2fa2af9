import Foundation
@testable import LaminaHost
import XCTest
import LaminaTestSupport

/// The demo as a whole program: how it starts without a display, quits,
/// and dies with its X server.
final class LifecycleTests: XCTestCase {
    static let demoTitle = "kiosk-menu (Lamina)"

    func testWithoutDISPLAYTheDemoPrintsOneLineNamingItAndExits1() throws {
        let demo = try DemoProcess(display: nil)
        XCTAssertTrue(demo.waitForExit(timeout: 10))
        XCTAssertEqual(demo.process.terminationStatus, 1)
        let lines = demo.standardErrorLines
        XCTAssertEqual(lines.count, 1, "\(lines)")
        XCTAssertTrue(lines.first?.contains("DISPLAY") == true, "\(lines)")
    }

    func testAnUnreachableDisplayIsNamed() throws {
        let demo = try DemoProcess(display: ":237")
        XCTAssertTrue(demo.waitForExit(timeout: 10))
        XCTAssertEqual(demo.process.terminationStatus, 1)
        let lines = demo.standardErrorLines
        XCTAssertEqual(lines.count, 1, "\(lines)")
        XCTAssertTrue(lines.first?.contains("\":237\"") == true && lines.first?.contains("DISPLAY") == true, "\(lines)")
    }

    func testEscapeQuitsTheDemoWithStatus0() throws {
        let server = try privateServer()
        let demo = try DemoProcess(display: server.displayName)
        let driver = try XTestDriver(displayName: server.displayName)
        XCTAssertNotNil(driver.waitForWindow(named: Self.demoTitle), "the demo's window did not appear")
        driver.fakeKey(Keysym.down, down: true)
        driver.fakeKey(Keysym.down, down: false)
        driver.fakeKey(Keysym.escape, down: true)
        driver.fakeKey(Keysym.escape, down: false)
        XCTAssertTrue(demo.waitForExit(timeout: 5), "Escape did not end the demo")
        XCTAssertEqual(demo.process.terminationStatus, 0)
        XCTAssertEqual(demo.standardErrorLines, [])
    }

    func testLosingTheXServerEndsTheDemoWithinASecondWithAMessage() throws {
        let server = try privateServer()
        let demo = try DemoProcess(display: server.displayName)
        do {
            // This process's own connection goes before the server does.
            let driver = try XTestDriver(displayName: server.displayName)
            XCTAssertNotNil(driver.waitForWindow(named: Self.demoTitle), "the demo's window did not appear")
        }
        server.kill()
        let killed = Date()
        XCTAssertTrue(demo.waitForExit(timeout: 5), "the demo hung after its X server died")
        let elapsed = Date().timeIntervalSince(killed)
        XCTAssertLessThan(elapsed, 1, "the demo must notice within a second")
        XCTAssertEqual(demo.process.terminationReason, .exit, "no crash: a clean exit")
        XCTAssertEqual(demo.process.terminationStatus, 1)
        let lines = demo.standardErrorLines
        XCTAssertEqual(lines.count, 1, "\(lines)")
        XCTAssertTrue(lines.first?.contains("lost the connection to the X server") == true, "\(lines)")
    }

    func testWithoutMitShmTheDemoSaysSoOnceAndStillWorks() throws {
        let server = try privateServer(extraArguments: ["-extension", "MIT-SHM"])
        let demo = try DemoProcess(display: server.displayName)
        let driver = try XTestDriver(displayName: server.displayName)
        XCTAssertFalse(driver.hasSharedMemory)
        XCTAssertNotNil(driver.waitForWindow(named: Self.demoTitle), "the demo's window did not appear")
        driver.fakeKey(Keysym.escape, down: true)
        driver.fakeKey(Keysym.escape, down: false)
        XCTAssertTrue(demo.waitForExit(timeout: 5))
        XCTAssertEqual(demo.process.terminationStatus, 0)
        let lines = demo.standardErrorLines
        XCTAssertEqual(lines.count, 1, "\(lines)")
        XCTAssertTrue(lines.first?.contains("no MIT-SHM") == true, "\(lines)")
    }

    private func privateServer(extraArguments: [String] = []) throws -> XvfbServer {
        do {
            return try XvfbServer(extraArguments: extraArguments)
        } catch {
            throw XCTSkip("cannot start a private Xvfb: \(error)")
        }
    }
}

/// The kiosk menu driven by keys from another client, read back from the screen.
final class KioskMenuScreenTests: HostTestCase {
    /// The vertical centre of the selection ring: the middle of the white
    /// rows in a column that crosses the ring's top and bottom edges but no text.
    private func ringCenter(_ driver: XTestDriver, window: UInt, width: Int, height: Int) -> Double? {
        guard let column = driver.capture(window, x: width / 2 - 150, y: 0, width: 1, height: height) else { return nil }
        let white = column.enumerated().filter { _, pixel in
            (pixel >> 16) & 0xFF > 200 && (pixel >> 8) & 0xFF > 200 && pixel & 0xFF > 200
        }.map(\.offset)
        guard let first = white.first, let last = white.last else { return nil }
        return Double(first + last) / 2
    }

    /// The ring's centre once it has stopped moving: five equal readings
    /// over 1.2 s (frames of a debug build with the bloom running, on a
    /// loaded machine, can be slow).
    private func settledRingCenter(_ driver: XTestDriver, window: UInt, width: Int, height: Int) -> Double? {
        var readings: [Double?] = []
        let deadline = Date(timeIntervalSinceNow: 15)
        while Date() < deadline {
            readings.append(ringCenter(driver, window: window, width: width, height: height))
            let recent = readings.suffix(5).compactMap { $0 }
            if recent.count == 5, let first = recent.first, recent.allSatisfy({ abs($0 - first) < 0.5 }) { return first }
            Thread.sleep(forTimeInterval: 0.3)
        }
        return readings.last ?? nil
    }

    private func press(_ driver: XTestDriver, _ keysym: UInt32) {
        driver.fakeKey(keysym, down: true)
        driver.fakeKey(keysym, down: false)
        Thread.sleep(forTimeInterval: 0.3)  // the implicit animation takes 0.25 s
    }

    /// The kiosk demo on a private Xvfb, with its window found.
    /// The test's X connection must close before the server goes (a
    /// connection that outlives its server ends the process), so the
    /// connection is dropped explicitly first.
    private final class RunningKiosk {
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

    private func launchKiosk(_ arguments: [String]) throws -> RunningKiosk {
        let server: XvfbServer
        do { server = try XvfbServer(extraArguments: []) } catch { throw XCTSkip("cannot start a private Xvfb: \(error)") }
        let demo = try DemoProcess(display: server.displayName, arguments: arguments)
        let driver = try XTestDriver(displayName: server.displayName)
        let window = try XCTUnwrap(driver.waitForWindow(named: LifecycleTests.demoTitle), "the demo's window did not appear")
        return RunningKiosk(server: server, demo: demo, driver: driver, window: window)
    }

    func testArrowKeysMoveTheRingAndClampAtTheTop() throws {
        let (width, height) = (640, 480)
        let kiosk = try launchKiosk(["--width", "\(width)", "--height", "\(height)"])
        defer { withExtendedLifetime(kiosk) {} }  // the private server must outlive the test's X connection
        let (demo, driver, window) = (kiosk.demo, kiosk.driver, kiosk.window)
        Thread.sleep(forTimeInterval: 1)
        let movies = try XCTUnwrap(settledRingCenter(driver, window: window, width: width, height: height), "no ring on screen")
        press(driver, Keysym.up)
        XCTAssertEqual(try XCTUnwrap(settledRingCenter(driver, window: window, width: width, height: height)), movies, accuracy: 1,
                       "Up at the top stays on Movies")
        press(driver, Keysym.down)
        let music = try XCTUnwrap(settledRingCenter(driver, window: window, width: width, height: height))
        XCTAssertGreaterThan(music - movies, 30, "Down moves the ring to the next item")
        press(driver, Keysym.down)
        let podcasts = try XCTUnwrap(settledRingCenter(driver, window: window, width: width, height: height))
        XCTAssertEqual(podcasts - movies, 2 * (music - movies), accuracy: 2, "Down, Down: the third item, Podcasts")
        XCTAssertEqual(podcasts, Double(height) / 2, accuracy: 3, "Podcasts is the middle item, at the window's centre")
        press(driver, Keysym.escape)
        XCTAssertTrue(demo.waitForExit(timeout: 5))
    }

    /// F1 shows the profiler panel in the top-right corner and hides it again.
    func testF1TogglesTheProfilerOverlay() throws {
        let (width, height) = (640, 480)
        let kiosk = try launchKiosk(["--width", "\(width)", "--height", "\(height)"])
        defer { withExtendedLifetime(kiosk) {} }  // the private server must outlive the test's X connection
        let (demo, driver, window) = (kiosk.demo, kiosk.driver, kiosk.window)
        func panelShown() -> Bool {
            // The panel's translucent backdrop lifts the black corner.
            let corner = driver.capture(window, x: width - 60, y: 60, width: 1, height: 1)?.first ?? 0
            return corner & 0xFF > 4
        }
        Thread.sleep(forTimeInterval: 1)
        XCTAssertFalse(panelShown())
        press(driver, 0xFFBE)  // F1
        XCTAssertTrue(wait(until: panelShown), "F1 did not show the overlay")
        press(driver, 0xFFBE)
        XCTAssertTrue(wait(until: { !panelShown() }), "F1 again did not hide it")
        press(driver, Keysym.escape)
        XCTAssertTrue(demo.waitForExit(timeout: 5))
    }

    /// `--trace FILE` writes a trace with frames, commits and flows linking them.
    func testTraceFileHoldsFramesAndCommitsLinkedByFlows() throws {
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: trace) }
        let kiosk = try launchKiosk(["--width", "320", "--height", "240", "--trace", trace.path])
        defer { withExtendedLifetime(kiosk) {} }  // the private server must outlive the test's X connection
        let (demo, driver) = (kiosk.demo, kiosk.driver)
        Thread.sleep(forTimeInterval: 0.5)
        press(driver, Keysym.down)
        press(driver, Keysym.escape)
        XCTAssertTrue(demo.waitForExit(timeout: 5))
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: trace)) as? [String: Any]
        let events = try XCTUnwrap(object?["traceEvents"] as? [[String: Any]])
        let names = Set(events.compactMap { $0["name"] as? String })
        XCTAssertTrue(names.contains("Frame"))
        XCTAssertTrue(names.contains("key down"))
        XCTAssertTrue(names.contains { $0.hasPrefix("Commit") })
        let starts = Set(events.filter { $0["ph"] as? String == "s" }.compactMap { "\($0["id"] ?? "")" })
        let finishes = Set(events.filter { $0["ph"] as? String == "f" }.compactMap { "\($0["id"] ?? "")" })
        XCTAssertFalse(starts.isEmpty)
        XCTAssertFalse(starts.intersection(finishes).isEmpty, "a commit's flow ends on a frame")
    }

    private func wait(until condition: () -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: 5)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return false
    }
}
