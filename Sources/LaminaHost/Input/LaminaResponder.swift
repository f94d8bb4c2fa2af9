/// An object that handles key, pointer and touch events, as AppKit's
/// `NSResponder`: the window sends each key to its first responder, and a
/// press, scroll or touch to the responder of the layer under the pointer
/// (`LaminaWindow.responder(at:)`); what a responder does not handle goes
/// to its `nextResponder`. Every method's default passes the event on.
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

    // MARK: - Pointer (AppKit's mouse methods)
    //
    // A press goes to the responder of the layer under the pointer; its
    // drags and its release go to the same responder wherever the pointer
    // is then, as in AppKit. Moves (when the window accepts them), entering
    // and leaving go to the first responder.

    /// The left button (or a touchscreen's first finger) went down.
    open func mouseDown(with event: LaminaMouseEvent) { nextResponder?.mouseDown(with: event) }
    /// The pointer moved with the left button down.
    open func mouseDragged(with event: LaminaMouseEvent) { nextResponder?.mouseDragged(with: event) }
    /// The left button went up.
    open func mouseUp(with event: LaminaMouseEvent) { nextResponder?.mouseUp(with: event) }
    /// The pointer moved with no button down; only when the window's
    /// `acceptsMouseMovedEvents` is true.
    open func mouseMoved(with event: LaminaMouseEvent) { nextResponder?.mouseMoved(with: event) }
    open func rightMouseDown(with event: LaminaMouseEvent) { nextResponder?.rightMouseDown(with: event) }
    open func rightMouseDragged(with event: LaminaMouseEvent) { nextResponder?.rightMouseDragged(with: event) }
    open func rightMouseUp(with event: LaminaMouseEvent) { nextResponder?.rightMouseUp(with: event) }
    /// The middle button or a side button (`event.buttonNumber` says which).
    open func otherMouseDown(with event: LaminaMouseEvent) { nextResponder?.otherMouseDown(with: event) }
    open func otherMouseDragged(with event: LaminaMouseEvent) { nextResponder?.otherMouseDragged(with: event) }
    open func otherMouseUp(with event: LaminaMouseEvent) { nextResponder?.otherMouseUp(with: event) }
    /// The wheel turned (`scrollingDeltaY`: lines, positive up).
    open func scrollWheel(with event: LaminaMouseEvent) { nextResponder?.scrollWheel(with: event) }
    /// The pointer came into the window.
    open func mouseEntered(with event: LaminaMouseEvent) { nextResponder?.mouseEntered(with: event) }
    /// The pointer left the window.
    open func mouseExited(with event: LaminaMouseEvent) { nextResponder?.mouseExited(with: event) }

    // MARK: - Touches (UIKit's shape)
    //
    // Only when the window accepts touch events; each touch goes to the
    // responder of the layer it began on, for its whole life.

    /// Fingers landed.
    open func touchesBegan(_ touches: Set<LaminaTouch>, with event: LaminaTouchEvent) {
        nextResponder?.touchesBegan(touches, with: event)
    }
    /// Fingers moved.
    open func touchesMoved(_ touches: Set<LaminaTouch>, with event: LaminaTouchEvent) {
        nextResponder?.touchesMoved(touches, with: event)
    }
    /// Fingers lifted.
    open func touchesEnded(_ touches: Set<LaminaTouch>, with event: LaminaTouchEvent) {
        nextResponder?.touchesEnded(touches, with: event)
    }
    /// The touches will not end normally (the window went away or stopped
    /// accepting touches): undo what they began.
    open func touchesCancelled(_ touches: Set<LaminaTouch>, with event: LaminaTouchEvent) {
        nextResponder?.touchesCancelled(touches, with: event)
    }
}
