import CX11
import Foundation

/// One connection to an X server (Xlib's `Display *`): every Xlib call on
/// the connection itself goes through here.
///
/// Each connection belongs to one thread: the window's X thread has one, the
/// render thread's presenter has its own (so shared-memory completions and
/// window events never mix). Not `Sendable`. Package-visible for the test
/// support's `XTestDriver`, which drives a display as another program would.
package final class XDisplay {
    /// The Xlib handle. Only the `X11/` wrappers (and `XTestDriver`) use it.
    package let raw: OpaquePointer
    /// The name the connection was made to (":99", "localhost:10.0").
    package let name: String
    package let screen: Int32
    package let rootWindow: UInt
    /// Called right after the connection is closed (in `deinit`, once
    /// nothing uses it), so another thread can wait until it is gone:
    /// a connection outliving its server would end the process.
    var afterClose: (@Sendable () -> Void)?

    /// Connects to `name`, or to `DISPLAY` when nil.
    package init(name requested: String?) throws(LaminaHostError) {
        XErrorHandling.install()
        guard let handle = Self.connect(to: requested) else {
            throw .cannotOpenDisplay(name: requested ?? ProcessInfo.processInfo.environment["DISPLAY"])
        }
        raw = handle
        name = String(cString: XDisplayString(handle))
        screen = XDefaultScreen(handle)
        rootWindow = XRootWindow(handle, screen)
    }

    /// `XOpenDisplay` (through `XConnectionLifecycle`, which registers the
    /// connection with the extensions under the lock every close takes),
    /// tried again briefly: an X server that has just lost its last client
    /// resets, refusing connections for a moment.
    private static func connect(to name: String?) -> OpaquePointer? {
        if name == nil, ProcessInfo.processInfo.environment["DISPLAY"]?.isEmpty ?? true { return nil }
        for attempt in 0..<3 {
            if attempt > 0 { usleep(50_000) }
            if let handle = XConnectionLifecycle.open(name) { return handle }
        }
        return nil
    }

    deinit {
        XErrorHandling.forget(self)
        XConnectionLifecycle.close(raw)
        afterClose?()
    }

    /// The screen's size in pixels.
    package var screenSize: (width: Int, height: Int) {
        (Int(XDisplayWidth(raw, screen)), Int(XDisplayHeight(raw, screen)))
    }

    /// The socket to the server, for `poll`.
    var fileDescriptor: Int32 { XConnectionNumber(raw) }

    /// An address identifying this connection in error callbacks.
    var identity: Int { Int(bitPattern: UnsafeRawPointer(raw)) }

    package func atom(_ name: String) -> UInt { XInternAtom(raw, name, 0) }

    /// Sends queued requests.
    func flush() { XFlush(raw) }

    /// The connection under Xlib, for requests sent with XCB
    /// (`XShmImage.put`).
    var xcbConnection: OpaquePointer { XGetXCBConnection(raw) }

    /// Sends what was queued with XCB without reading anything back.
    /// `XFlush` reads after writing (one `recvmsg` at least, which at
    /// display rate finds nothing most of the time); a frame's completion is
    /// read when the next frame needs the image.
    func flushWithoutReading() { _ = xcb_flush(xcbConnection) }

    /// Lets XCB, not Xlib, hold the events this connection receives, so
    /// that `nextXCBResponse` reads the socket once for a frame's completion
    /// (Xlib's `XPending` reads until the socket is empty: a second
    /// `recvmsg` that finds nothing). Xlib still handles the replies and
    /// errors of its own requests, but only of those it sends checked, and
    /// it decides that when it takes the socket from XCB: so a `NoOperation`
    /// goes out through XCB here, which makes Xlib give the socket back;
    /// its next request takes it again, checked, and its errors are
    /// reported at its next round trip (`sync`, and so
    /// `XErrorHandling.trapping`). Call when Xlib's queue is empty; calls
    /// after the first do nothing.
    func handEventsToXCB() {
        guard !eventsGoToXCB else { return }
        eventsGoToXCB = true
        XSetEventQueueOwner(raw, XCBOwnsEventQueue)
        _ = xcb_no_operation(xcbConnection)
    }

    /// Whether `handEventsToXCB` was called.
    private var eventsGoToXCB = false

    /// The next event or error XCB holds for this connection
    /// (`handEventsToXCB`): one already read, else, with `reading`, what one
    /// read of the socket brings (nothing when the server has sent nothing).
    /// A connection gone ends the process, as Xlib's does.
    func nextXCBResponse(reading: Bool) -> XCBResponse? {
        let connection = xcbConnection
        guard let response = reading ? xcb_poll_for_event(connection) : xcb_poll_for_queued_event(connection) else {
            if xcb_connection_has_error(connection) != 0 { XErrorHandling.connectionWasLost(displayName: name) }
            return nil
        }
        defer { free(response) }
        return XCBResponse(response.pointee)
    }

    /// Sends queued requests and waits until the server has handled them
    /// (and reported any errors they caused).
    package func sync() { XSync(raw, 0) }

    /// Whether the server has MIT-SHM.
    package var hasSharedMemory: Bool { XShmImage.isAvailable(on: self) }

    /// A window's size and whether it is viewable (mapped, parents mapped);
    /// nil when there is no such window.
    package func geometry(of window: UInt) -> (width: Int, height: Int, isViewable: Bool)? {
        var attributes = XWindowAttributes()
        var status: Int32 = 0
        _ = XErrorHandling.trapping(self) { status = XGetWindowAttributes(raw, window, &attributes) }
        guard status != 0 else { return nil }
        return (Int(attributes.width), Int(attributes.height), attributes.map_state == IsViewable)
    }

    /// Events readable without blocking (flushes and reads the socket).
    var pendingEvents: Int { Int(XPending(raw)) }

    /// The next event, blocking until one arrives.
    func nextEvent() -> XEvent {
        var event = XEvent()
        XNextEvent(raw, &event)
        return event
    }

    /// The 24-bit TrueColor visual with 8-bit channels at 0xff0000, 0xff00,
    /// 0xff (the compositor's premultiplied ARGB32 with alpha ignored), if
    /// it is the screen's default.
    var defaultVisualIsARGBCompatible: Bool {
        let depth = XDefaultDepth(raw, screen)
        guard depth == 24 || depth == 32, let visual = XDefaultVisual(raw, screen) else { return false }
        return visual.pointee.red_mask == 0xff0000 && visual.pointee.green_mask == 0xff00
            && visual.pointee.blue_mask == 0xff && bitsPerPixel(forDepth: depth) == 32
    }

    var defaultDepth: Int32 { XDefaultDepth(raw, screen) }

    /// The default visual. Only the `X11/` wrappers use it.
    var defaultVisual: UnsafeMutablePointer<Visual>? { XDefaultVisual(raw, screen) }

    private func bitsPerPixel(forDepth depth: Int32) -> Int32 {
        var count: Int32 = 0
        guard let formats = XListPixmapFormats(raw, &count) else { return 0 }
        defer { XFree(formats) }
        for index in 0..<Int(count) where formats[index].depth == depth { return formats[index].bits_per_pixel }
        return 0
    }
}
