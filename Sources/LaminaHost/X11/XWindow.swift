import CX11
import Foundation

/// A top-level X window (`XCreateWindow` and the properties a window
/// manager reads): created, changed and destroyed on its connection's thread.
final class XWindow {
    let display: XDisplay
    let id: UInt
    /// `WM_PROTOCOLS` and `WM_DELETE_WINDOW`: a window manager's close
    /// request is a `ClientMessage` of the first carrying the second.
    let protocolsAtom: UInt
    let deleteWindowAtom: UInt
    private var isDestroyed = false

    /// Creates (but does not map) a window of `width` x `height` pixels on
    /// the default screen, with a black background, selecting key, pointer,
    /// exposure and structure events.
    init(display: XDisplay, width: Int, height: Int) throws(LaminaHostError) {
        self.display = display
        protocolsAtom = display.atom("WM_PROTOCOLS")
        deleteWindowAtom = display.atom("WM_DELETE_WINDOW")
        var attributes = XSetWindowAttributes()
        attributes.background_pixel = XBlackPixel(display.raw, display.screen)
        attributes.bit_gravity = NorthWestGravity
        attributes.event_mask = KeyPressMask | KeyReleaseMask | ExposureMask | StructureNotifyMask | FocusChangeMask
            | ButtonPressMask | ButtonReleaseMask | PointerMotionMask | EnterWindowMask | LeaveWindowMask
        let mask = UInt(CWBackPixel | CWBitGravity | CWEventMask)
        var created: UInt = 0
        let error = XErrorHandling.trapping(display) {
            created = XCreateWindow(display.raw, display.rootWindow, 0, 0, UInt32(max(1, width)), UInt32(max(1, height)),
                                    0, Int32(CopyFromParent), UInt32(InputOutput), nil, mask, &attributes)
        }
        if let error { throw .windowCreationFailed(XErrorHandling.describe(error, on: display)) }
        id = created
        var protocols = [deleteWindowAtom]
        XSetWMProtocols(display.raw, id, &protocols, 1)
    }

    deinit { destroy() }

    /// Sets `WM_NAME` (Latin-1, for old window managers), `_NET_WM_NAME`
    /// (UTF-8) and `WM_CLASS`.
    func setTitle(_ title: String) {
        XStoreName(display.raw, id, title)
        let bytes = Array(title.utf8)
        XChangeProperty(display.raw, id, display.atom("_NET_WM_NAME"), display.atom("UTF8_STRING"), 8,
                        PropModeReplace, bytes, Int32(bytes.count))
        let instance = ProcessInfo.processInfo.processName
        instance.withCString { name in
            "Lamina".withCString { className in
                var hint = XClassHint(res_name: UnsafeMutablePointer(mutating: name),
                                      res_class: UnsafeMutablePointer(mutating: className))
                XSetClassHint(display.raw, id, &hint)
            }
        }
    }

    /// Asks the window manager for full screen (`_NET_WM_STATE_FULLSCREEN`),
    /// before mapping. Without a window manager the property does nothing,
    /// so the window is also created at the screen's size.
    func requestFullscreen() {
        let state = [display.atom("_NET_WM_STATE_FULLSCREEN")]
        // Format-32 properties are passed as C longs.
        _ = state.withUnsafeBytes { bytes in
            XChangeProperty(display.raw, id, display.atom("_NET_WM_STATE"), XA_ATOM, 32, PropModeReplace,
                            bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), 1)
        }
    }

    /// Shows no pointer over the window (a blank 1x1 cursor).
    func hideCursor() {
        let blank = XCreatePixmap(display.raw, id, 1, 1, 1)
        var foreground = XColor(), background = XColor()
        let cursor = XCreatePixmapCursor(display.raw, blank, blank, &foreground, &background, 0, 0)
        XDefineCursor(display.raw, id, cursor)
        // The window keeps the cursor alive; the ids can go.
        XFreeCursor(display.raw, cursor)
        XFreePixmap(display.raw, blank)
    }

    func map() {
        XMapRaised(display.raw, id)
        display.flush()
    }

    /// Takes the keyboard focus (the window must be viewable: call after
    /// `MapNotify`). Under a bare X server with no window manager, nothing
    /// else would give it focus.
    func takeFocus() {
        _ = XErrorHandling.trapping(display) {
            XSetInputFocus(display.raw, id, RevertToParent, UInt(CurrentTime))
        }
    }

    func destroy() {
        guard !isDestroyed else { return }
        isDestroyed = true
        XDestroyWindow(display.raw, id)
        display.flush()
    }
}
