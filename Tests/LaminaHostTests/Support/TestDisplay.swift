import CoreGraphics
import LaminaHost
import XCTest
import LaminaTestSupport

/// The X display the tests use: `DISPLAY` (scripts/test.sh starts Xvfb and
/// sets it), or else a private Xvfb started once for the whole run. Tests
/// skip, saying why, only when neither can be had.
enum TestDisplay {
    private static let shared = LockedValue<Result<String, XvfbServer.Unavailable>?>(nil)
    /// Keeps the fallback server alive until the process ends.
    private static let fallbackServer = LockedValue<XvfbServer?>(nil)

    static func name() throws -> String {
        let result = shared.withLock { cached in
            if let cached { return cached }
            let found = find()
            cached = found
            return found
        }
        switch result {
        case .success(let name): return name
        case .failure(let reason): throw XCTSkip("no X server for the LaminaHost tests: \(reason)")
        }
    }

    /// Stops the private server, if one was started.
    fileprivate static func stopFallbackServer() {
        fallbackServer.withLock { server in
            server?.stop()
            server = nil
        }
    }

    private static func find() -> Result<String, XvfbServer.Unavailable> {
        if let name = ProcessInfo.processInfo.environment["DISPLAY"], !name.isEmpty,
           (try? XTestDriver(displayName: name)) != nil {
            return .success(name)
        }
        do {
            let server = try XvfbServer()
            fallbackServer.withLock { $0 = server }
            // A static is never deinitialized: stopped when the test process
            // exits (a bare `swift test` left it running; scripts/test.sh
            // starts its own and stops it).
            atexit(stopFallbackServerAtExit)
            return .success(server.displayName)
        } catch let error as XvfbServer.Unavailable {
            return .failure(error)
        } catch {
            return .failure(XvfbServer.Unavailable(description: "\(error)"))
        }
    }
}

/// `TestDisplay`'s private server stopped, for `atexit` (a C function: it
/// captures nothing).
private func stopFallbackServerAtExit() {
    TestDisplay.stopFallbackServer()
}
