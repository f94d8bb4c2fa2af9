import Foundation
@testable import LaminaHost
import XCTest

/// The demo as a whole program: how it starts without a display, quits,
/// and dies with its X server.
final class LifecycleTests: XCTestCase {
    static let demoTitle = "Lamina kiosk menu"

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
