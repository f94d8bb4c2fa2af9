import Foundation
@testable import LaminaHost
import XCTest
import LaminaTestSupport

/// The particles demo on a private Xvfb, driven by keys from another
/// client and read back from the screen: Left tilts the fountain, Down
/// stops it (the drops in the air fall away), Up starts it again, Escape
/// quits with status 0 after printing the frame summary.
final class ParticlesDemoTests: XCTestCase {
    static let title = "Lamina particles"
    static let (width, height) = (320, 240)

    /// The demo as a child process (posix_spawn, see `ChildProcess`), its
    /// stdout kept for the frame summary.
    private final class Demo {
        let process: ChildProcess
        init(display: String) throws {
            var environment = ProcessInfo.processInfo.environment
            environment["DISPLAY"] = display
            process = try ChildProcess(executable: try DemoProcess.executable(named: "particles"),
                                       arguments: ["--width", "\(ParticlesDemoTests.width)",
                                                   "--height", "\(ParticlesDemoTests.height)"],
                                       environment: environment, standardOutput: .pipe, standardError: .null)
        }
        deinit {
            if process.isRunning {
                process.terminate()
                if !process.waitForExit(timeout: 5) { process.killNow() }
                process.waitUntilExit()
            }
        }
    }

    /// The drops on screen: blue pixels (the label at the top is grey and
    /// left out), counted, with their mean x.
    private struct Spray {
        var count = 0
        var meanX = 0.0
    }

    private func spray(_ driver: XTestDriver, window: UInt) -> Spray? {
        let top = 40
        guard let pixels = driver.capture(window, x: 0, y: top, width: Self.width, height: Self.height - top) else { return nil }
        var spray = Spray()
        var sumX = 0
        for (index, pixel) in pixels.enumerated() {
            let red = Int((pixel >> 16) & 0xFF), blue = Int(pixel & 0xFF)
            guard blue > 90, blue > red + 40 else { continue }
            spray.count += 1
            sumX += index % Self.width
        }
        spray.meanX = spray.count > 0 ? Double(sumX) / Double(spray.count) : 0
        return spray
    }

    private func press(_ driver: XTestDriver, _ keysym: UInt32, times: Int = 1) {
        for _ in 0..<times {
            driver.fakeKey(keysym, down: true)
            driver.fakeKey(keysym, down: false)
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    func testArrowKeysSteerAndStopTheFountainAndEscapeQuits() throws {
        let server: XvfbServer
        do { server = try XvfbServer(extraArguments: []) } catch { throw XCTSkip("cannot start a private Xvfb: \(error)") }
        let demo = try Demo(display: server.displayName)
        var connection: XTestDriver? = try XTestDriver(displayName: server.displayName)
        // The test's X connection must close before the server goes.
        defer { connection = nil; withExtendedLifetime(server) {} }
        let driver = connection!
        let window = try XCTUnwrap(driver.waitForWindow(named: Self.title), "the demo's window did not appear")

        Thread.sleep(forTimeInterval: 2.5)
        let upright = try XCTUnwrap(spray(driver, window: window))
        XCTAssertGreaterThan(upright.count, 300, "the fountain sprays")
        XCTAssertEqual(upright.meanX, Double(Self.width) / 2, accuracy: 25, "straight up from the middle")

        press(driver, Keysym.left, times: 4)  // 60° to the left
        Thread.sleep(forTimeInterval: 3)  // the upright drops have fallen
        let tilted = try XCTUnwrap(spray(driver, window: window))
        XCTAssertGreaterThan(tilted.count, 100)
        XCTAssertLessThan(tilted.meanX, upright.meanX - 40, "Left tilts the spray to the left")

        press(driver, Keysym.down, times: 3)  // birth rate 0
        Thread.sleep(forTimeInterval: 3.5)  // every drop and its glitter has died
        let stopped = try XCTUnwrap(spray(driver, window: window))
        XCTAssertLessThan(stopped.count, 10, "Down to 0 stops the fountain")

        press(driver, Keysym.up, times: 3)
        Thread.sleep(forTimeInterval: 1.5)
        let restarted = try XCTUnwrap(spray(driver, window: window))
        XCTAssertGreaterThan(restarted.count, 100, "Up starts it again")

        press(driver, Keysym.escape)
        XCTAssertTrue(demo.process.waitForExit(timeout: 5), "Escape did not end the demo")
        XCTAssertEqual(demo.process.terminationStatus, 0)
        let summary = String(decoding: demo.process.readToEnd(.standardOutput), as: UTF8.self)
        XCTAssertTrue(summary.contains("frames in"), "the frame summary is printed at exit: \(summary)")
    }
}
