import Foundation
import QuartzCore

/// The window's X thread, seen from the app thread: it owns the window's X
/// connection, reads its events as they arrive (even while the app thread
/// is busy), and takes commands from other threads.
///
/// Only `Sendable` values cross: commands in, `Event`s out (through
/// `deliver`, which the window points at the main queue), sizes to the
/// presenter through `targetSize`, and resize requests to the render server.
final class WindowConnection: Sendable {
    /// What the window asks for.
    struct Configuration: Sendable {
        var displayName: String?
        var title: String
        var width: Int
        var height: Int
        var fullscreen: Bool
        var hidesCursor: Bool
    }

    /// What the X thread reports once the window exists.
    struct Setup: Sendable {
        /// The display actually connected to (`DISPLAY`'s value when none was given).
        let displayName: String
        let windowID: UInt
        let width: Int
        let height: Int
        let pacing: DisplayPacing
        let detectableAutoRepeat: Bool
        /// The server has XInput 2.2, so touches can be asked for.
        let offersTouches: Bool
    }

    /// Commands for the X thread.
    enum Command: Sendable {
        case show
        case setTitle(String)
        /// Ask for XInput 2 touch events on the window, or stop.
        case acceptTouches(Bool)
        case close
    }

    /// What the X thread sends the app thread.
    enum Event: Sendable {
        case key(LaminaKeyEvent)
        /// A button, move, drag, scroll or crossing.
        case pointer(LaminaMouseEvent)
        /// A touch, its time on the media clock.
        case touch(TouchRecord, timestamp: Double)
        /// Whether the window now gets XInput 2 touches (false when the
        /// server has no XInput 2.2).
        case touchesAccepted(Bool)
        /// The window's new size in pixels.
        case resized(width: Int, height: Int)
        /// The window manager's close button.
        case closeRequested
    }

    /// The frame size the presenter allocates.
    let targetSize: TargetSize
    private let commands = LockedValue<[Command]>([])
    private let wakePipe = WakePipe()
    private let renderServer = LockedValue<RenderServer?>(nil)
    /// Signalled once the X thread has closed its connection.
    let closed = CloseSignal()

    private init(width: Int, height: Int) {
        targetSize = TargetSize(width: width, height: height)
    }

    /// Starts the X thread, which connects and creates the window (unmapped),
    /// and waits for it to report. `deliver` is called on the X thread.
    static func open(_ configuration: Configuration,
                     deliver: @escaping @Sendable (Event) -> Void) throws(LaminaHostError) -> (WindowConnection, Setup) {
        let connection = WindowConnection(width: configuration.width, height: configuration.height)
        let outcome = LockedValue<Result<Setup, LaminaHostError>?>(nil)
        let reported = DispatchSemaphore(value: 0)
        let thread = Thread {
            let loop: XEventLoop
            do throws(LaminaHostError) {
                loop = try XEventLoop(configuration, connection: connection, deliver: deliver)
            } catch {
                outcome.withLock { $0 = .failure(error) }
                reported.signal()
                connection.closed.signal()
                return
            }
            outcome.withLock { $0 = .success(loop.setup) }
            reported.signal()
            // The loop's connection signals `closed` when it closes, after this.
            loop.run()
        }
        thread.name = "LaminaHost.X11"
        thread.qualityOfService = .userInteractive
        thread.start()
        // Connecting to a local server takes milliseconds; measuring the
        // display rate a few frames.
        guard reported.wait(timeout: .now() + 10) == .success, let result = outcome.withLock({ $0 }) else {
            throw .displayNotResponding(name: configuration.displayName
                                        ?? ProcessInfo.processInfo.environment["DISPLAY"] ?? "")
        }
        let setup = try result.get()
        connection.targetSize.set(width: setup.width, height: setup.height)
        return (connection, setup)
    }

    /// The render server to tell about resizes and exposures.
    func attach(_ server: RenderServer?) {
        renderServer.withLock { $0 = server }
    }

    func send(_ command: Command) {
        commands.withLock { $0.append(command) }
        wakePipe.wake()
    }

    /// Destroys the window and ends the X thread, waiting at most `timeout`
    /// seconds for its connection to close.
    func close(timeout: Double = 1) {
        send(.close)
        closed.wait(timeout: timeout)
    }

    // MARK: - X thread

    var wakeDescriptor: Int32 { wakePipe.readEnd }

    func takeCommands() -> [Command] {
        wakePipe.drain()
        return commands.withLock { pending in
            defer { pending.removeAll() }
            return pending
        }
    }

    /// Asks the render server to repaint the whole window at `width` x `height`.
    /// The window has a new size: frames at that size, repainted whole.
    func resize(width: Int, height: Int) {
        renderServer.withLock { $0 }?.resize(width: width, height: height)
    }

    /// Parts of the window were exposed: repaint everything.
    func repaint() {
        renderServer.withLock { $0 }?.invalidate()
    }
}
