import Foundation

/// The app's run loop and its windows, as AppKit's `NSApplication`.
///
/// `run()` turns the main run loop, which delivers key events to windows'
/// responders and, at the end of every turn, commits the implicit
/// `CATransaction`: a key handler that sets a layer property starts its
/// implicit animation when it returns. Animations then run on the render
/// thread whatever the main thread does.
@MainActor
public final class LaminaApplication {
    /// The one application object.
    public static let shared = LaminaApplication()

    /// Open windows, in the order they were created.
    public private(set) var windows: [LaminaWindow] = []
    /// True while `run()` is turning the run loop.
    public private(set) var isRunning = false
    private var stopRequested = false

    private init() {}

    /// Runs the main run loop until `stop(_:)` is called or the last window
    /// closes (for example through the window manager's close button).
    /// Returns at once when no window is open.
    public func run() {
        isRunning = true
        stopRequested = false
        defer { isRunning = false }
        while !stopRequested, !windows.isEmpty {
            // Returns after each batch of main-queue work (events, timers).
            _ = RunLoop.main.run(mode: .default, before: .distantFuture)
        }
    }

    /// Makes `run()` return after the current event.
    public func stop(_ sender: Any?) {
        stopRequested = true
        // Wake the run loop if it sleeps, so it sees the request.
        DispatchQueue.main.async {}
    }

    /// Closes every window and exits the process with status 0.
    public func terminate(_ sender: Any?) -> Never {
        for window in windows { window.close() }
        exit(0)
    }

    func windowDidOpen(_ window: LaminaWindow) {
        windows.append(window)
    }

    func windowDidClose(_ window: LaminaWindow) {
        windows.removeAll { $0 === window }
        if windows.isEmpty { stop(nil) }
    }
}
