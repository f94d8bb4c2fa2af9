import QuartzCore

/// A pointer event in a window, as AppKit's `NSEvent` describes mouse and
/// scroll-wheel events: a button pressed or released, the pointer moved or
/// dragged, the wheel turned, the pointer entering or leaving the window.
///
/// Locations are in window pixels with the origin at the top left: the
/// root layer's space, so `location(in:)` converts with the layer tree's
/// own `convert(_:from:)`. (AppKit's window origin is bottom left because
/// AppKit's layers are; Lamina's layers, like UIKit's, put it top left.)
///
/// A touchscreen whose touches the window has not asked for
/// (`LaminaWindow.acceptsTouchEvents`) reaches it as these events too: the
/// X server turns the first finger into the left button.
public struct LaminaMouseEvent: Sendable, Equatable {
    /// What happened (AppKit's `NSEvent.EventType` names).
    public enum EventType: Sendable, Equatable {
        case leftMouseDown, leftMouseUp, leftMouseDragged
        case rightMouseDown, rightMouseUp, rightMouseDragged
        /// The middle button and any further buttons (`buttonNumber` 2 up).
        case otherMouseDown, otherMouseUp, otherMouseDragged
        /// The pointer moved with no button down (delivered only when the
        /// window's `acceptsMouseMovedEvents` is true, as in AppKit).
        case mouseMoved
        case scrollWheel
        case mouseEntered, mouseExited
    }

    public typealias ModifierFlags = LaminaKeyEvent.ModifierFlags

    public let type: EventType
    /// Where the pointer was, in window pixels from the top left.
    public let locationInWindow: CGPoint
    /// The button: 0 left, 1 right, 2 middle, 3 and up the side buttons
    /// (AppKit's numbering). For moves, scrolls and crossings, the lowest
    /// button held, or 0.
    public let buttonNumber: Int
    /// 1 for a single click, 2 for the second press of a double click, and
    /// so on: presses of the same button within `doubleClickInterval` of
    /// each other and `doubleClickDistance` pixels apart. Up and drag
    /// events carry their press's count; moves, scrolls and crossings 0.
    public let clickCount: Int
    public let modifierFlags: ModifierFlags
    /// When it happened, on `CACurrentMediaTime()`'s clock (converted from
    /// the X server's time).
    public let timestamp: Double
    /// For moves and drags, how far the pointer moved since the previous
    /// pointer event (pixels, y down); for the scroll wheel, the scrolled
    /// lines, as `scrollingDeltaX`/`Y`.
    public let deltaX: CGFloat
    public let deltaY: CGFloat
    /// For `.scrollWheel`: lines scrolled, positive up (`deltaY`) and left
    /// (`deltaX`), as AppKit gives a wheel that is not precise. One wheel
    /// step is one line.
    public let scrollingDeltaX: CGFloat
    public let scrollingDeltaY: CGFloat
    /// The buttons held when the event happened, bit n for `buttonNumber`
    /// n (AppKit's `NSEvent.pressedMouseButtons` encoding), after the
    /// event: a press includes its button, a release does not.
    public let pressedMouseButtons: Int

    /// Seconds between the presses of a double click (macOS's default).
    public static let doubleClickInterval = 0.5
    /// How far apart, in pixels, the presses of a double click may be: a
    /// finger on a touchscreen lands a little differently each time.
    public static let doubleClickDistance: CGFloat = 8

    public init(type: EventType, locationInWindow: CGPoint, buttonNumber: Int = 0, clickCount: Int = 0,
                modifierFlags: ModifierFlags = [], timestamp: Double = 0, deltaX: CGFloat = 0, deltaY: CGFloat = 0,
                scrollingDeltaX: CGFloat = 0, scrollingDeltaY: CGFloat = 0, pressedMouseButtons: Int = 0) {
        self.type = type
        self.locationInWindow = locationInWindow
        self.buttonNumber = buttonNumber
        self.clickCount = clickCount
        self.modifierFlags = modifierFlags
        self.timestamp = timestamp
        self.deltaX = deltaX
        self.deltaY = deltaY
        self.scrollingDeltaX = scrollingDeltaX
        self.scrollingDeltaY = scrollingDeltaY
        self.pressedMouseButtons = pressedMouseButtons
    }

    /// A wheel gives whole lines, not a trackpad's pixels (AppKit's answer
    /// for a mouse wheel).
    public var hasPreciseScrollingDeltas: Bool { false }

    /// The event's location in `layer`'s coordinate space, through the
    /// model tree's geometry (as AppKit's `convert(_:from: nil)`). Pass the
    /// layer's `presentation()` to convert through what is on screen
    /// during an animation.
    public func location(in layer: CALayer) -> CGPoint {
        layer.convert(locationInWindow, from: nil)
    }

    /// True for the three kinds of press.
    public var isButtonDown: Bool { [.leftMouseDown, .rightMouseDown, .otherMouseDown].contains(type) }
    /// True for the three kinds of release.
    public var isButtonUp: Bool { [.leftMouseUp, .rightMouseUp, .otherMouseUp].contains(type) }
    /// True for the three kinds of drag.
    public var isDrag: Bool { [.leftMouseDragged, .rightMouseDragged, .otherMouseDragged].contains(type) }
}
