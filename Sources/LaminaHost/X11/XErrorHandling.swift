import CoreGraphics
import CX11
import Foundation
import Synchronization

/// Xlib's process-wide error handlers (`XSetErrorHandler`,
/// `XSetIOErrorHandler`) and error trapping.
///
/// - Protocol errors (a bad request) never end the process, as Xlib's
///   default handler would: inside `trapping(_:_:)` they are recorded for
///   the caller; elsewhere each kind is logged once. `BadWindow` and
///   `BadDrawable` are not logged: the presenter's connection may draw into
///   a window that the X thread's connection has just destroyed.
/// - Losing the connection (the server died or went away) prints one line
///   naming the display and ends the process with status 1 at once, from
///   whichever thread noticed; Xlib cannot carry on after it anyway.
package enum XErrorHandling {
    private struct State {
        var installed = false
        /// Connections (by `XDisplay.identity`) being trapped, with the
        /// error codes seen so far.
        var traps: [Int: [UInt8]] = [:]
        /// (error code, request code) pairs already logged.
        var reported: Set<Int> = []
    }

    private static let state = LockedValue(State())
    private static let connectionLost = Atomic<Bool>(false)

    /// Installs the handlers (once, before the first connection).
    static func install() {
        let isFirst = state.withLock { state in
            defer { state.installed = true }
            return !state.installed
        }
        guard isFirst else { return }
        // Xlib is thread-safe only after XInitThreads (libX11 1.8 calls it
        // implicitly; older versions need it before any other call).
        XInitThreads()
        XSetErrorHandler { display, event in
            guard let display, let event else { return 0 }
            XErrorHandling.handleError(display: display, event: event.pointee)
            return 0
        }
        XSetIOErrorHandler { display in
            XErrorHandling.connectionWasLost(displayName: display.map { String(cString: XDisplayString($0)) })
        }
    }

    /// Runs `body` and returns the first X error it caused on `display`
    /// (after a round trip), or nil when it caused none.
    package static func trapping(_ display: XDisplay, _ body: () -> Void) -> UInt8? {
        display.sync()  // errors of earlier requests are not the caller's
        state.withLock { $0.traps[display.identity] = [] }
        body()
        display.sync()
        return state.withLock { $0.traps.removeValue(forKey: display.identity)?.first }
    }

    /// Drops any state about a connection being closed.
    static func forget(_ display: XDisplay) {
        _ = state.withLock { $0.traps.removeValue(forKey: display.identity) }
    }

    /// Xlib's text for an error code ("BadAccess (attempt to access private resource denied)").
    static func describe(_ code: UInt8, on display: XDisplay) -> String {
        text(of: code, display: display.raw)
    }

    private static func handleError(display: OpaquePointer, event: XErrorEvent) {
        record(code: event.error_code, request: event.request_code, minor: UInt16(event.minor_code), display: display)
    }

    /// An error XCB handed over (`XDisplay.nextXCBResponse`) for a request
    /// sent with XCB: handled as Xlib's handler handles one.
    static func handle(_ error: XCBResponse.Failure, on display: XDisplay) {
        record(code: error.code, request: error.request, minor: error.minorRequest, display: display.raw)
    }

    private static func record(code: UInt8, request: UInt8, minor: UInt16, display: OpaquePointer) {
        let identity = Int(bitPattern: UnsafeRawPointer(display))
        let shouldLog = state.withLock { state -> Bool in
            if state.traps[identity] != nil {
                state.traps[identity]?.append(code)
                return false
            }
            guard code != UInt8(BadWindow), code != UInt8(BadDrawable) else { return false }
            return state.reported.insert(Int(code) << 24 | Int(request) << 16 | Int(minor)).inserted
        }
        guard shouldLog else { return }
        HostLog.line("X error \(text(of: code, display: display)) on request \(request).\(minor); continuing")
    }

    private static func text(of code: UInt8, display: OpaquePointer) -> String {
        var buffer = [CChar](repeating: 0, count: 160)
        XGetErrorText(display, Int32(code), &buffer, Int32(buffer.count))
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Called by Xlib when the connection breaks (and by
    /// `XDisplay.nextXCBResponse`); never returns.
    static func connectionWasLost(displayName: String?) -> Never {
        // Several threads may notice at once; one message is enough.
        if !connectionLost.exchange(true, ordering: .sequentiallyConsistent) {
            HostLog.line("lost the connection to the X server (DISPLAY \"\(displayName ?? "?")\"); exiting")
        } else {
            // Let the thread printing the message finish it.
            usleep(100_000)
        }
        // _exit, not exit: other threads may hold locks that atexit handlers
        // would wait for, and nothing left is worth saving.
        _exit(1)
    }
}
