/// A key pressed or released in a window, as AppKit's `NSEvent` describes
/// keys: delivered on the main thread to the window's first responder.
public struct LaminaKeyEvent: Sendable, Equatable {
    /// Down or up.
    public enum EventType: Sendable, Equatable {
        case keyDown
        case keyUp
    }

    /// Modifier keys held when the event happened (AppKit's names; Option
    /// is X's Mod1 (Alt), Command is Mod4 (Super)).
    public struct ModifierFlags: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let capsLock = ModifierFlags(rawValue: 1 << 16)
        public static let shift = ModifierFlags(rawValue: 1 << 17)
        public static let control = ModifierFlags(rawValue: 1 << 18)
        public static let option = ModifierFlags(rawValue: 1 << 19)
        public static let command = ModifierFlags(rawValue: 1 << 20)
        /// The key is on the numeric keypad.
        public static let numericPad = ModifierFlags(rawValue: 1 << 21)
    }

    /// Keys without a printable character, as AppKit's
    /// `NSEvent.SpecialKey` (plus `escape`).
    public enum SpecialKey: Sendable, Equatable {
        case upArrow, downArrow, leftArrow, rightArrow
        /// Return on the main keyboard.
        case carriageReturn
        /// Enter on the keypad.
        case enter
        case escape
        case tab
        case delete
    }

    public let type: EventType
    /// The X keysym (`XK_Down` is 0xff54): the key's meaning in the
    /// keyboard layout, with Shift applied.
    public let keysym: UInt32
    /// The X keycode: which physical key it was.
    public let keyCode: UInt16
    /// The text the key types with the modifiers applied. Arrows give
    /// AppKit's function-key characters (`NSUpArrowFunctionKey`, U+F700...).
    public let characters: String
    /// The text the key types with no modifiers.
    public let charactersIgnoringModifiers: String
    public let modifierFlags: ModifierFlags
    /// True for a key-down that the keyboard's autorepeat produced while the
    /// key was held (X autorepeat, made detectable through XKB).
    public let isARepeat: Bool
    /// When the key went down or up, on `CACurrentMediaTime()`'s clock
    /// (converted from the X server's time, as pointer events are).
    public let timestamp: Double

    public init(type: EventType, keysym: UInt32, keyCode: UInt16 = 0, characters: String = "",
                charactersIgnoringModifiers: String? = nil, modifierFlags: ModifierFlags = [],
                isARepeat: Bool = false, timestamp: Double = 0) {
        self.type = type
        self.keysym = keysym
        self.keyCode = keyCode
        self.characters = characters.isEmpty ? Self.functionKeyCharacters(for: keysym) : characters
        self.charactersIgnoringModifiers = charactersIgnoringModifiers ?? self.characters
        self.modifierFlags = modifierFlags
        self.isARepeat = isARepeat
        self.timestamp = timestamp
    }

    /// The special key this is, if any.
    public var specialKey: SpecialKey? {
        switch keysym {
        case 0xff52, 0xff97: return .upArrow          // XK_Up, XK_KP_Up
        case 0xff54, 0xff99: return .downArrow        // XK_Down, XK_KP_Down
        case 0xff51, 0xff96: return .leftArrow        // XK_Left, XK_KP_Left
        case 0xff53, 0xff98: return .rightArrow       // XK_Right, XK_KP_Right
        case 0xff0d: return .carriageReturn           // XK_Return
        case 0xff8d: return .enter                    // XK_KP_Enter
        case 0xff1b: return .escape                   // XK_Escape
        case 0xff09, 0xfe20: return .tab              // XK_Tab, XK_ISO_Left_Tab
        case 0xff08, 0xffff: return .delete           // XK_BackSpace, XK_Delete
        default: return nil
        }
    }

    /// AppKit's characters for keys X gives no text for.
    private static func functionKeyCharacters(for keysym: UInt32) -> String {
        switch keysym {
        case 0xff52, 0xff97: return "\u{F700}"
        case 0xff54, 0xff99: return "\u{F701}"
        case 0xff51, 0xff96: return "\u{F702}"
        case 0xff53, 0xff98: return "\u{F703}"
        default:
            // Unicode keysyms (0x1000000 + code point) from non-Latin layouts.
            if keysym & 0xff00_0000 == 0x0100_0000, let scalar = Unicode.Scalar(keysym & 0x00ff_ffff) {
                return String(Character(scalar))
            }
            return ""
        }
    }
}
