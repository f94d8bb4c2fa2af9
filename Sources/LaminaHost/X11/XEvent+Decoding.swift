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
    /// A button, motion or crossing on the window.
    case pointer(PointerRecord)
    /// An XInput 2 touch on the window.
    case touch(TouchRecord)
    /// The window was unmapped: buttons held will not be released to it.
    case unmapped
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
    /// The event in the terms of `window` (its close protocol atoms);
    /// `touchOpcode` is XInput's, when touches are read.
    mutating func decoded(for window: XWindow, touchOpcode: Int32? = nil) -> DecodedXEvent {
        let event = self
        switch event.type {
        case GenericEvent:
            guard let opcode = touchOpcode,
                  let touch = XInputTouch.record(from: &self, display: window.display, opcode: opcode,
                                                          window: window.id) else { return .other }
            return .touch(touch)
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
        case UnmapNotify:
            return .unmapped
        case ButtonPress, ButtonRelease:
            let button = event.xbutton
            // An event for another window (one already destroyed) is not ours.
            guard button.window == window.id else { return .other }
            let kind: PointerRecord.Kind = event.type == ButtonPress ? .press(button: button.button) : .release(button: button.button)
            return .pointer(.init(kind: kind, x: Double(button.x), y: Double(button.y), state: button.state, time: button.time))
        case MotionNotify:
            let motion = event.xmotion
            guard motion.window == window.id else { return .other }
            return .pointer(.init(kind: .motion, x: Double(motion.x), y: Double(motion.y), state: motion.state, time: motion.time))
        case EnterNotify, LeaveNotify:
            let crossing = event.xcrossing
            guard crossing.window == window.id else { return .other }
            let kind: PointerRecord.Kind = event.type == EnterNotify ? .enter : .leave(grabbed: crossing.mode == NotifyGrab)
            return .pointer(.init(kind: kind, x: Double(crossing.x), y: Double(crossing.y), state: crossing.state, time: crossing.time))
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
