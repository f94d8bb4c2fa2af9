import Foundation
@testable import LaminaHost
import QuartzCore
import XCTest
import LaminaTestSupport

/// The base of tests that open windows: every window a test opens is
/// closed after it.
///
/// Test methods are not `@MainActor` (XCTest on Linux cannot call such
/// methods); they run on the main thread and enter the main actor with
/// `MainActor.assumeIsolated`, using the helpers in `HostTest`.
class HostTestCase: XCTestCase {
    override func tearDown() {
        MainActor.assumeIsolated {
            for window in LaminaApplication.shared.windows { window.close() }
        }
        super.tearDown()
    }
}

/// Helpers for window tests, on the main actor.
@MainActor
enum HostTest {

    /// Opens and shows a window on the test display (or `displayName`) and
    /// waits until it is viewable and has the focus.
    static func showWindow(size: CGSize = CGSize(width: 320, height: 240), options: LaminaWindow.Options = [],
                    displayName: String? = nil, file: StaticString = #filePath, line: UInt = #line) throws
        -> (LaminaWindow, XTestDriver) {
        let name = try displayName ?? TestDisplay.name()
        let window = try LaminaWindow(title: "LaminaHostTests \(name)", contentSize: size, options: options,
                                      displayName: name)
        window.makeKeyAndOrderFront(nil)
        let driver = try XTestDriver(displayName: name)
        let shown = turnRunLoop(until: {
            driver.geometry(of: window.windowID)?.isViewable == true && driver.focusedWindow == window.windowID
        })
        XCTAssertTrue(shown, "the window was not shown and focused within 5 s", file: file, line: line)
        return (window, driver)
    }

    /// Turns the main run loop (delivering events and committing
    /// transactions) until `condition` holds or `timeout` seconds pass.
    @discardableResult
    static func turnRunLoop(for timeout: Double = 5, until condition: () -> Bool = { false }) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while !condition() {
            if Date() >= deadline { return false }
            RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.01))
        }
        return true
    }

    /// Runs `LaminaApplication.shared.run()`, stopping it after `timeout`
    /// seconds if nothing else did; returns false on the timeout.
    static func runApplication(timeout: Double = 5) -> Bool {
        let timedOut = TimeoutFlag()
        DispatchQueue.main.asyncAfter(deadline: .now() + timeout) {
            // Only this call's run: a later test's run must not be stopped
            // by a timer left over from an earlier one.
            if !timedOut.isFinished, LaminaApplication.shared.isRunning {
                timedOut.value = true
                LaminaApplication.shared.stop(nil)
            }
        }
        LaminaApplication.shared.run()
        timedOut.isFinished = true
        return !timedOut.value
    }

    /// A red square layer on the window's root layer.
    static func addSquare(to window: LaminaWindow, frame: CGRect, color: CGColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        -> CALayer {
        let square = CALayer()
        square.frame = frame
        square.backgroundColor = color
        window.rootLayer.addSublayer(square)
        return square
    }
}

/// Set on the main thread only.
@MainActor
final class TimeoutFlag {
    var value = false
    /// Set once the run it guards has returned.
    var isFinished = false
}
