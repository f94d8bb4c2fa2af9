import CX11

/// Key lookup (`XLookupString`) and XKB's detectable autorepeat.
package enum XKeyboard {
    /// Asks that a held key repeat as KeyPress events alone, with no fake
    /// KeyRelease between them, so a repeat is a press of a key already
    /// down. Returns whether the server agreed.
    static func enableDetectableAutoRepeat(on display: XDisplay) -> Bool {
        var supported: Int32 = 0
        return XkbSetDetectableAutoRepeat(display.raw, 1, &supported) != 0 && supported != 0
    }

    /// The keysym of a key event as the layout maps it with the event's
    /// modifiers, its text (Latin-1, as `XLookupString` gives), and the
    /// text with no modifiers.
    static func lookup(_ event: XKeyEvent) -> (keysym: UInt32, text: String, plainText: String) {
        var pressed = event
        let (keysym, text) = lookupString(&pressed)
        var plain = event
        plain.state = 0
        let (_, plainText) = lookupString(&plain)
        return (keysym, text, plainText)
    }

    private static func lookupString(_ event: inout XKeyEvent) -> (UInt32, String) {
        var buffer = [CChar](repeating: 0, count: 16)
        var keysym: KeySym = 0
        let count = XLookupString(&event, &buffer, Int32(buffer.count), &keysym, nil)
        // Latin-1 bytes map one to one onto the first 256 code points.
        let scalars = buffer.prefix(Int(max(0, count))).map { Character(Unicode.Scalar(UInt8(bitPattern: $0))) }
        return (UInt32(truncatingIfNeeded: keysym), String(scalars))
    }

    /// The keycode that types `keysym` on this server's keyboard (0: none).
    package static func keycode(for keysym: UInt32, on display: XDisplay) -> UInt8 {
        XKeysymToKeycode(display.raw, KeySym(keysym))
    }
}
