import CX11
import Foundation
import LaminaHost

/// Drives and inspects an X display from outside a window, as a test or a
/// benchmark does: keys and the pointer through the XTest extension
/// (`XTestFakeKeyEvent`, `XTestFakeMotionEvent`, `XTestFakeButtonEvent`)
/// or keys through `XSendEvent`, window geometry (`XGetWindowAttributes`), pixels
/// (`XGetImage`), the close button (`WM_DELETE_WINDOW`), resizes.
///
/// A separate connection, like another program's. One thread at a time.
package final class XTestDriver {
    private let display: XDisplay

    package init(displayName: String) throws(LaminaHostError) {
        display = try XDisplay(name: displayName)
    }

    package var displayName: String { display.name }

    /// The screen's size in pixels.
    package var screenSize: (width: Int, height: Int) { display.screenSize }

    /// Whether the server has MIT-SHM.
    package var hasSharedMemory: Bool { display.hasSharedMemory }

    /// A window's size and whether it is viewable (mapped, parents mapped).
    package func geometry(of window: UInt) -> (width: Int, height: Int, isViewable: Bool)? {
        display.geometry(of: window)
    }

    /// The root window's children (top-level windows when no window
    /// manager reparents them) with their `WM_NAME`s.
    package func topLevelWindows() -> [(id: UInt, name: String)] {
        var root: UInt = 0, parent: UInt = 0
        var children: UnsafeMutablePointer<UInt>?
        var count: UInt32 = 0
        guard XQueryTree(display.raw, display.rootWindow, &root, &parent, &children, &count) != 0, let children else {
            return []
        }
        defer { XFree(children) }
        return (0..<Int(count)).map { index in
            var name: UnsafeMutablePointer<CChar>?
            XFetchName(display.raw, children[index], &name)
            defer { if let name { XFree(name) } }
            return (children[index], name.map { String(cString: $0) } ?? "")
        }
    }

    /// The window that has the keyboard focus (0: none, 1: PointerRoot).
    package var focusedWindow: UInt {
        var focus: UInt = 0
        var revert: Int32 = 0
        XGetInputFocus(display.raw, &focus, &revert)
        return focus
    }

    /// Presses or releases the key that types `keysym`, as a keyboard would
    /// (through XTest: the server routes it to the focused window).
    /// Returns false when XTest is missing or no key types `keysym`.
    @discardableResult
    package func fakeKey(_ keysym: UInt32, down: Bool) -> Bool {
        var eventBase: Int32 = 0, errorBase: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        let code = XKeyboard.keycode(for: keysym, on: display)
        guard code != 0, XTestQueryExtension(display.raw, &eventBase, &errorBase, &major, &minor) != 0 else { return false }
        XTestFakeKeyEvent(display.raw, UInt32(code), down ? 1 : 0, 0)
        display.sync()
        return true
    }

    /// Moves the pointer to (`x`, `y`) in `window`'s pixels (the screen's
    /// when `window` is nil), through XTest as a mouse or touchscreen would.
    @discardableResult
    package func fakeMotion(x: Int, y: Int, in window: UInt? = nil) -> Bool {
        var eventBase: Int32 = 0, errorBase: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        guard XTestQueryExtension(display.raw, &eventBase, &errorBase, &major, &minor) != 0 else { return false }
        var (screenX, screenY) = (Int32(x), Int32(y))
        if let window {
            var child: UInt = 0
            XTranslateCoordinates(display.raw, window, display.rootWindow, Int32(x), Int32(y), &screenX, &screenY, &child)
        }
        XTestFakeMotionEvent(display.raw, display.screen, screenX, screenY, 0)
        display.sync()
        return true
    }

    /// Presses or releases X button `button` (1 left, 2 middle, 3 right,
    /// 4-7 the wheel) where the pointer is, through XTest.
    @discardableResult
    package func fakeButton(_ button: UInt32, down: Bool) -> Bool {
        var eventBase: Int32 = 0, errorBase: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        guard XTestQueryExtension(display.raw, &eventBase, &errorBase, &major, &minor) != 0 else { return false }
        XTestFakeButtonEvent(display.raw, button, down ? 1 : 0, 0)
        display.sync()
        return true
    }

    /// A click: the pointer to (`x`, `y`) in `window`, then `button` down and up.
    package func click(x: Int, y: Int, in window: UInt, button: UInt32 = 1) {
        fakeMotion(x: x, y: y, in: window)
        fakeButton(button, down: true)
        fakeButton(button, down: false)
    }

    /// A drag: press at `from`, move in `steps` even steps `stepDelay`
    /// seconds apart to `to`, release there (or not, when `release` is false).
    package func drag(from: (x: Int, y: Int), to: (x: Int, y: Int), in window: UInt, steps: Int = 10,
                      stepDelay: Double = 0.016, release: Bool = true) {
        fakeMotion(x: from.x, y: from.y, in: window)
        fakeButton(1, down: true)
        for step in 1...max(1, steps) {
            let t = Double(step) / Double(max(1, steps))
            usleep(UInt32(stepDelay * 1_000_000))
            fakeMotion(x: from.x + Int((Double(to.x - from.x) * t).rounded()),
                       y: from.y + Int((Double(to.y - from.y) * t).rounded()), in: window)
        }
        if release { fakeButton(1, down: false) }
    }

    /// Sends a synthetic key press and release straight to `window`
    /// (`XSendEvent`, as `xdotool key --window` does).
    package func sendKey(_ keysym: UInt32, to window: UInt) {
        for type in [KeyPress, KeyRelease] {
            var event = XEvent()
            event.xkey.type = type
            event.xkey.display = display.raw
            event.xkey.window = window
            event.xkey.root = display.rootWindow
            event.xkey.same_screen = 1
            event.xkey.keycode = UInt32(XKeyboard.keycode(for: keysym, on: display))
            event.xkey.time = UInt(CurrentTime)
            let mask = type == KeyPress ? KeyPressMask : KeyReleaseMask
            XSendEvent(display.raw, window, 1, mask, &event)
        }
        display.sync()
    }

    /// Asks `window` to close as a window manager's close button does: a
    /// `WM_PROTOCOLS` client message carrying `WM_DELETE_WINDOW`.
    package func requestClose(_ window: UInt) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = window
        event.xclient.message_type = display.atom("WM_PROTOCOLS")
        event.xclient.format = 32
        event.xclient.data.l.0 = Int(bitPattern: display.atom("WM_DELETE_WINDOW"))
        event.xclient.data.l.1 = Int(CurrentTime)
        // No event mask: delivered to the window's creator, as a WM's is.
        XSendEvent(display.raw, window, 0, NoEventMask, &event)
        display.sync()
    }

    /// Unmaps and maps `window` again: its pixels are lost (nothing keeps
    /// a backing store) and it gets an `Expose` to repaint them.
    package func remap(_ window: UInt) {
        XUnmapWindow(display.raw, window)
        XMapWindow(display.raw, window)
        display.sync()
    }

    /// Unmaps `window` (as a window manager iconifying it would).
    package func unmap(_ window: UInt) {
        XUnmapWindow(display.raw, window)
        display.sync()
    }

    /// Resizes `window` as a window manager (or the user) would.
    package func resize(_ window: UInt, width: Int, height: Int) {
        XResizeWindow(display.raw, window, UInt32(width), UInt32(height))
        display.sync()
    }

    /// The window's pixels in `rect` (window coordinates) as 0xRRGGBB
    /// words, row by row; nil when the window cannot be read.
    package func capture(_ window: UInt, x: Int, y: Int, width: Int, height: Int) -> [UInt32]? {
        var image: UnsafeMutablePointer<XImage>?
        _ = XErrorHandling.trapping(display) {
            image = XGetImage(display.raw, window, Int32(x), Int32(y), UInt32(width), UInt32(height), ~0, ZPixmap)
        }
        guard let image else { return nil }
        defer { _ = image.pointee.f.destroy_image(image) }
        var pixels: [UInt32] = []
        pixels.reserveCapacity(width * height)
        for row in 0..<height {
            for column in 0..<width {
                pixels.append(UInt32(truncatingIfNeeded: image.pointee.f.get_pixel(image, Int32(column), Int32(row)))
                              & 0xff_ffff)
            }
        }
        return pixels
    }
}
