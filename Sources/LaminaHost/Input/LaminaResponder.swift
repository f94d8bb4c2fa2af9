/// An object that handles key events, as AppKit's `NSResponder`: the window
/// sends each key to its first responder; what a responder does not handle
/// goes to its `nextResponder`.
///
/// Main-thread only, like everything a window calls.
@MainActor
open class LaminaResponder {
    /// Where unhandled events and commands go next (nil: nowhere). Weak,
    /// as in AppKit: the chain does not keep responders alive.
    open weak var nextResponder: LaminaResponder?

    public init() {}

    /// A key went down (or repeated). The default interprets the key: the
    /// arrows, Return (and keypad Enter) and Escape call `moveUp(_:)`,
    /// `moveDown(_:)`, `moveLeft(_:)`, `moveRight(_:)`, `insertNewline(_:)`
    /// and `cancelOperation(_:)`; other keys, and keys held with Control,
    /// Option or Command, go to the next responder.
    open func keyDown(with event: LaminaKeyEvent) {
        if !interpretKeyEvent(event) { nextResponder?.keyDown(with: event) }
    }

    /// A key went up. The default passes it to the next responder.
    open func keyUp(with event: LaminaKeyEvent) {
        nextResponder?.keyUp(with: event)
    }

    /// Calls the standard command for `event`'s key (AppKit's key bindings
    /// for the keys above) and returns true, or returns false when the key
    /// has none.
    @discardableResult
    open func interpretKeyEvent(_ event: LaminaKeyEvent) -> Bool {
        guard event.type == .keyDown, event.modifierFlags.isDisjoint(with: [.control, .option, .command]),
              let key = event.specialKey else { return false }
        switch key {
        case .upArrow: moveUp(event)
        case .downArrow: moveDown(event)
        case .leftArrow: moveLeft(event)
        case .rightArrow: moveRight(event)
        case .carriageReturn, .enter: insertNewline(event)
        case .escape: cancelOperation(event)
        case .tab, .delete: return false
        }
        return true
    }

    // Standard commands: each passes to the next responder unless overridden.

    /// The Up arrow. `sender` is the key event.
    open func moveUp(_ sender: Any?) { nextResponder?.moveUp(sender) }
    /// The Down arrow.
    open func moveDown(_ sender: Any?) { nextResponder?.moveDown(sender) }
    /// The Left arrow.
    open func moveLeft(_ sender: Any?) { nextResponder?.moveLeft(sender) }
    /// The Right arrow.
    open func moveRight(_ sender: Any?) { nextResponder?.moveRight(sender) }
    /// Return or keypad Enter.
    open func insertNewline(_ sender: Any?) { nextResponder?.insertNewline(sender) }
    /// Escape.
    open func cancelOperation(_ sender: Any?) { nextResponder?.cancelOperation(sender) }
}
