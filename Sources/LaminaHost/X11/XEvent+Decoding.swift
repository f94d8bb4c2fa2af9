import CX11

/// What the X thread needs from an event, read out of Xlib's `XEvent` union.
enum DecodedXEvent {
    case key(KeyRecord)
    /// The window's size (pixels) after a move or resize.
    case configured(width: Int, height: Int)
    /// Part of the window needs repainting; `remaining` more such events follow.
    case exposed(remaining: Int)
    case mapped
    /// The window manager's close button (`WM_DELETE_WINDOW`).
    case deleteRequested
    case other

    /// A key press or release, looked up in the keyboard layout.
    struct KeyRecord {
        let isPress: Bool
        let keyCode: UInt16
        let keysym: UInt32
        let text: String
        let plainText: String
        /// The X modifier and button state mask.
        let state: UInt32
        /// Server time in milliseconds.
        let time: UInt
    }
}

extension XEvent {
    /// The event in the terms of `window` (its close protocol atoms).
    func decoded(for window: XWindow) -> DecodedXEvent {
        let event = self
        switch event.type {
        case KeyPress, KeyRelease:
            let key = event.xkey
            let (keysym, text, plainText) = XKeyboard.lookup(key)
            return .key(.init(isPress: event.type == KeyPress, keyCode: UInt16(key.keycode), keysym: keysym,
                              text: text, plainText: plainText, state: key.state, time: key.time))
        case ConfigureNotify:
            return .configured(width: Int(event.xconfigure.width), height: Int(event.xconfigure.height))
        case Expose:
            return .exposed(remaining: Int(event.xexpose.count))
        case MapNotify:
            return .mapped
        case ClientMessage:
            let message = event.xclient
            if message.message_type == window.protocolsAtom, message.format == 32,
               UInt(bitPattern: message.data.l.0) == window.deleteWindowAtom {
                return .deleteRequested
            }
            return .other
        default:
            return .other
        }
    }
}
