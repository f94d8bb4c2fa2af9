// Opening a demo's window and running it: the part every demo repeats.
import Foundation
import LaminaHost
import QuartzCore

/// Opens a demo's window and runs the application until Escape (or the
/// window manager's close button), then prints the frame summary.
///
/// ```swift
/// let options = ClockCommand.parseOrExit()
/// let window = DemoWindow.open(title: "Lamina clock", options: options.demo)
/// // ... build the scene in window.rootLayer ...
/// DemoWindow.run(window, responder: clock, options: options.demo)
/// ```
@MainActor
public enum DemoWindow {
    /// Opens a window of the options' size titled `title`, with a black
    /// root layer, and the debugging tools the options ask for (on top of
    /// what the `LAMINA_*` variables ask for).
    ///
    /// Without a usable display (DISPLAY unset, or no X server there) it
    /// prints one line, `NAME: REASON`, on stderr and exits with status 1;
    /// `name` defaults to the executable's name.
    public static func open(title: String, options: DemoOptions, name: String? = nil) -> LaminaWindow {
        var settings = LaminaWindow.Settings.environment
        if let trace = options.trace { settings.traceFile = trace }
        if options.inspector { settings.offersInspector = true }
        if options.profiler { settings.showsProfiler = true }
        let window: LaminaWindow
        do {
            window = try LaminaWindow(
                title: title,
                contentSize: CGSize(width: options.width, height: options.height),
                options: options.fullscreen ? [.fullscreen, .hidesCursor] : [],
                settings: settings)
        } catch {
            let program = name ?? URL(fileURLWithPath: CommandLine.arguments.first ?? "demo").lastPathComponent
            FileHandle.standardError.write(Data("\(program): \(error)\n".utf8))
            exit(1)
        }
        window.rootLayer.backgroundColor = CGColor(gray: 0, alpha: 1)
        return window
    }

    /// Makes `responder` the first responder (with the window after it, so
    /// the keys it does not handle — F1 to F4 — reach the window), shows
    /// the window, and runs the application until it stops. Then prints
    /// the window's frame summary on stdout and closes the window.
    public static func run(_ window: LaminaWindow, responder: LaminaResponder, options: DemoOptions) {
        responder.nextResponder = window
        window.makeFirstResponder(responder)
        window.makeKeyAndOrderFront(nil)

        if options.frameCounter {
            // For the peer harness (shared/peers/bench.py), which reads these lines.
            _ = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in
                MainActor.assumeIsolated {
                    let line = "FRAMES \(window.framesRendered) T \(Int(Date().timeIntervalSince1970 * 1000))\n"
                    FileHandle.standardOutput.write(Data(line.utf8))
                }
            }
        }

        // Until Escape, or the window manager's close button.
        LaminaApplication.shared.run()
        print(window.frameSummary)
        window.close()
    }
}

/// A responder that quits on Escape: the base of every demo's key handler.
///
/// Subclasses override `moveUp(_:)`, `moveDown(_:)`, `moveLeft(_:)`,
/// `moveRight(_:)` and `insertNewline(_:)`, as an `NSResponder` does.
open class DemoResponder: LaminaResponder {
    /// Escape: leave the run loop; the program then prints its frame
    /// summary and exits normally.
    open override func cancelOperation(_ sender: Any?) {
        LaminaApplication.shared.stop(nil)
    }
}
