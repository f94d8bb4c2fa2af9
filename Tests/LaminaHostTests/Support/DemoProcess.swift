import Foundation
@testable import LaminaHost
import XCTest
import LaminaTestSupport

/// A demo (kiosk-menu unless named) run as a child process, for what only
/// a whole program shows: its exit status and its stderr.
final class DemoProcess {
    let process: ChildProcess

    /// Starts the demo `name` (built next to this test bundle) with
    /// `arguments`, and `DISPLAY` set to `display` (unset when nil).
    /// `environment` adds to (or overrides) this process's environment.
    init(_ name: String = "kiosk-menu", display: String?, arguments: [String] = ["--width", "320", "--height", "240"],
         environment extra: [String: String] = [:]) throws {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        environment.merge(extra) { _, new in new }
        process = try ChildProcess(executable: try Self.executable(named: name), arguments: arguments, environment: environment,
                                   standardOutput: .null, standardError: .pipe)
    }

    deinit {
        if process.isRunning {
            process.terminate()
            if !process.waitForExit(timeout: 5) { process.killNow() }
            process.waitUntilExit()
        }
    }

    /// Waits at most `timeout` seconds for the process to end; returns
    /// whether it did.
    func waitForExit(timeout: Double) -> Bool { process.waitForExit(timeout: timeout) }

    /// What the process wrote to stderr, once it has ended.
    var standardErrorLines: [String] {
        let data = process.readToEnd(.standardError)
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// The package executable `name`, built next to this test bundle.
    static func executable(named name: String = "kiosk-menu") throws -> URL {
        // The test bundle is an executable in the build directory; the
        // package's executables sit beside it.
        let bundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let demo = bundle.deletingLastPathComponent().appendingPathComponent(name)
        guard FileManager.default.isExecutableFile(atPath: demo.path) else {
            throw XCTSkip("\(name) is not built next to the tests (\(demo.path)); run `swift build` first")
        }
        return demo
    }
}

extension XTestDriver {
    /// Waits until a top-level window named `name` is viewable and focused;
    /// returns its id.
    func waitForWindow(named name: String, timeout: Double = 10) -> UInt? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while Date() < deadline {
            for window in topLevelWindows() where window.name == name {
                if geometry(of: window.id)?.isViewable == true, focusedWindow == window.id { return window.id }
            }
            usleep(10_000)
        }
        return nil
    }
}
