import Foundation
import QuartzCore

/// A top-level X11 window showing a layer tree, as an AppKit user expects
/// of `NSWindow` with a layer-backed content view: add sublayers to
/// `rootLayer`, make a responder first responder, `makeKeyAndOrderFront`,
/// then `LaminaApplication.shared.run()`.
///
/// Main-thread only. Behind it are two threads: the window's X thread reads
/// input and window events as they arrive, and a render server composites
/// frames at the display's rate into MIT-SHM images (or through `XPutImage`
/// when MIT-SHM is missing), so animations run even while the main thread is
/// busy. If the X server goes away the process prints one line and exits
/// with status 1 within a moment.
@MainActor
public final class LaminaWindow: LaminaResponder {
    /// How the window looks.
    public struct Options: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Cover the screen: the window is made at the screen's size and asks
        /// the window manager for `_NET_WM_STATE_FULLSCREEN`.
        public static let fullscreen = Options(rawValue: 1 << 0)
        /// No pointer over the window (for kiosks driven by keys).
        public static let hidesCursor = Options(rawValue: 1 << 1)
    }

    /// The layer tree's root: it always covers the window (its bounds are
    /// the window's size in pixels, origin top left), and sublayers with an
    /// `autoresizingMask` follow it when the window is resized. It has no
    /// background: uncovered pixels are black.
    public let rootLayer = CALayer()
    /// The window's size in pixels (one layer point is one pixel).
    public private(set) var contentSize: CGSize
    /// The window's title (`_NET_WM_NAME`).
    public var title: String {
        didSet { connection.send(.setTitle(title)) }
    }
    public weak var delegate: LaminaWindowDelegate?
    /// Where key events go first; the window itself until changed. Weak,
    /// as in AppKit: keep your responder alive yourself.
    public private(set) weak var firstResponder: LaminaResponder?
    /// True once `makeKeyAndOrderFront(_:)` showed the window.
    public private(set) var isVisible = false
    /// True once the window is closed; it cannot be shown again.
    public private(set) var isClosed = false
    /// Whether the first responder gets `mouseMoved(with:)` when the pointer
    /// moves with no button down (false by default, as in AppKit). Drags
    /// are always delivered.
    public var acceptsMouseMovedEvents = false
    /// Whether the window asks for XInput 2 touch events, delivered through
    /// the responders' `touchesBegan(_:with:)` and siblings (false by
    /// default, as AppKit's `acceptsTouchEvents`). Until it does, a
    /// touchscreen reaches the window as the left button. When the server
    /// has no XInput 2.2, touches stay pointer events.
    public var acceptsTouchEvents = false {
        didSet {
            guard acceptsTouchEvents != oldValue else { return }
            if !acceptsTouchEvents { pointerRouting.cancelTouches(timestamp: CACurrentMediaTime()) }
            connection.send(.acceptTouches(acceptsTouchEvents))
        }
    }
    /// Whether XInput 2 touches are being delivered (the server said yes to
    /// `acceptsTouchEvents`).
    package private(set) var deliversTouches = false
    let pointerRouting = PointerRouting()

    private let connection: WindowConnection
    let renderServer: RenderServer
    private let presentationStatus = PresentationStatus()
    /// Signalled when the render thread's presenter has closed its connection.
    private let presenterClosed = CloseSignal()
    private let setup: WindowConnection.Setup
    /// What the window was opened with.
    public let settings: Settings
    /// Where this window's trace goes (`Settings.traceFile`), if anywhere:
    /// its render server's commits and frames, and its key presses.
    package let traceRecorder: TraceRecorder?

    /// Opens a connection to the X server (`displayName`, or `DISPLAY`) and
    /// creates the window, not yet shown. Throws a `LaminaHostError`, whose
    /// description is one line fit for stderr, when there is no usable display.
    /// Each side of `contentSize` is rounded and kept within 1...16384
    /// pixels (non-finite sides become 1). `settings` chooses the debugging
    /// tools and the presentation path; by default the `LAMINA_*`
    /// environment variables do.
    public init(title: String = "Lamina", contentSize: CGSize = CGSize(width: 1280, height: 720),
                options: Options = [], displayName: String? = nil,
                settings: Settings = .environment) throws(LaminaHostError) {
        let configuration = WindowConnection.Configuration(
            displayName: displayName, title: title, width: Self.pixels(contentSize.width),
            height: Self.pixels(contentSize.height), fullscreen: options.contains(.fullscreen),
            hidesCursor: options.contains(.hidesCursor))
        let relay = WindowEventRelay()
        (connection, setup) = try WindowConnection.open(configuration) { event in
            DispatchQueue.main.async { relay.deliver(event) }
        }
        self.title = title
        self.contentSize = CGSize(width: setup.width, height: setup.height)
        self.settings = settings
        traceRecorder = settings.traceFile.map(TraceRecorder.writingAtExit(to:))
        let presenter = Self.presenterFactory(setup: setup, size: connection.targetSize, status: presentationStatus,
                                              closed: presenterClosed, usesSharedMemory: settings.usesSharedMemory)
        // Display links fire on this display's ticks, as the render server draws on them.
        DisplayRefresh.setInterval(setup.pacing.interval)
        if settings.animationSlowdown != 1 && !MediaTimeScale.setFactor(settings.animationSlowdown) {
            HostLog.line("animationSlowdown \(settings.animationSlowdown) is not a factor from 0.01 to 1000; ignored")
        }
        renderServer = RenderServer(interval: setup.pacing.interval, presenter: presenter,
                                    debug: settings.debugOverlays, trace: traceRecorder)
        connection.attach(renderServer)
        super.init()
        relay.window = self
        firstResponder = self
        rootLayer.bounds = CGRect(origin: .zero, size: self.contentSize)
        rootLayer.position = CGPoint(x: self.contentSize.width / 2, y: self.contentSize.height / 2)
        rootLayer.attach(to: renderServer)
        LaminaApplication.shared.windowDidOpen(self)
        registerWithInspector()
    }

    /// Shows the window (maps it) and gives it the keyboard focus.
    public func makeKeyAndOrderFront(_ sender: Any?) {
        guard !isClosed, !isVisible else { return }
        isVisible = true
        connection.send(.show)
    }

    /// Makes `responder` receive key events first (nil: the window).
    /// Returns true, as AppKit does when the change is accepted.
    @discardableResult
    public func makeFirstResponder(_ responder: LaminaResponder?) -> Bool {
        firstResponder = responder ?? self
        return true
    }

    /// Asks the delegate, then closes (the close button does this).
    public func performClose(_ sender: Any?) {
        guard delegate?.windowShouldClose(self) ?? true else { return }
        close()
    }

    /// Closes the window now: stops its render server, destroys the X
    /// window and ends its X thread. When it was the last window,
    /// `LaminaApplication.run()` returns.
    public func close() {
        guard !isClosed else { return }
        delegate?.windowWillClose(self)
        isClosed = true
        isVisible = false
        unregisterFromInspector()
        rootLayer.detachFromHost()
        connection.attach(nil)
        renderServer.stop()
        // Both connections are closed before close() returns, so a caller
        // may then stop the X server without the process noticing it go.
        presenterClosed.wait(timeout: 1)
        connection.close()
        LaminaApplication.shared.windowDidClose(self)
    }

    // MARK: - For tests and benchmarks

    /// The X window id.
    package var windowID: UInt { setup.windowID }
    /// The display connected to.
    package var displayName: String { setup.displayName }
    /// Seconds between display ticks the render server paces at.
    package var displayInterval: Double { setup.pacing.interval }
    /// Where the interval came from ("present", "randr", "fallback").
    package var pacingSource: String { setup.pacing.source.rawValue }
    /// How frames reach the server, once the render thread has started.
    package var presentationPath: PresentationPath? { presentationStatus.current }

    // MARK: - Events

    fileprivate func handle(_ event: WindowConnection.Event) {
        guard !isClosed else { return }
        switch event {
        case .key(let key):
            traceRecorder?.instant(key.type == .keyDown ? "key down" : "key up", category: "input",
                                          args: ["keysym": .int(Int(key.keysym))])
            if handleDebugKey(key) { return }
            let responder = firstResponder ?? self
            if key.type == .keyDown { responder.keyDown(with: key) } else { responder.keyUp(with: key) }
        case .pointer(let pointer):
            handlePointer(pointer)
        case .touch(let record, let timestamp):
            handleTouch(record, timestamp: timestamp)
        case .touchesAccepted(let accepted):
            deliversTouches = accepted && acceptsTouchEvents
        case .resized(let width, let height):
            contentSize = CGSize(width: width, height: height)
            CATransaction.begin()
            CATransaction.setDisableActions(true)  // a window's content follows a resize at once
            rootLayer.bounds = CGRect(origin: .zero, size: contentSize)
            rootLayer.position = CGPoint(x: contentSize.width / 2, y: contentSize.height / 2)
            CATransaction.commit()
            delegate?.windowDidResize(self)
        case .closeRequested:
            performClose(nil)
        }
    }

    /// A window side in pixels, within what X and memory allow.
    private static func pixels(_ length: CGFloat) -> Int {
        length.isFinite ? Int(min(16384, max(1, length.rounded()))) : 1
    }

    /// Makes the render thread's presenter for this window.
    private static func presenterFactory(setup: WindowConnection.Setup, size: TargetSize, status: PresentationStatus,
                                         closed: CloseSignal, usesSharedMemory: Bool) -> FramePresenterFactory {
        let allowSharedMemory = usesSharedMemory
        if !allowSharedMemory { HostLog.line("shared memory is off (Settings.usesSharedMemory, LAMINA_NO_SHM); presenting with XPutImage") }
        return {
            if let presenter = WindowPresenter(displayName: setup.displayName, window: setup.windowID, size: size,
                                               allowSharedMemory: allowSharedMemory, status: status, closed: closed) {
                return presenter
            }
            HostLog.line("the render thread cannot connect to \"\(setup.displayName)\"; frames will not be shown")
            status.report(.none)
            closed.signal()
            let current = size.value
            return DetachedPresenter(width: current.width, height: current.height)
        }
    }
}

/// Hands events from the X thread to the window on the main thread; the
/// window may be gone by then.
@MainActor
private final class WindowEventRelay {
    weak var window: LaminaWindow?

    func deliver(_ event: WindowConnection.Event) { window?.handle(event) }
}
