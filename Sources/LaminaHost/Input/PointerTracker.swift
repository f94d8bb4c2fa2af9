import QuartzCore

/// A pointer event as X reports it, before it means anything: which kind,
/// where, the modifier and button mask, and the server time.
struct PointerRecord: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// X button numbers: 1 left, 2 middle, 3 right, 4-7 the wheel
        /// (up, down, left, right), 8 and 9 the side buttons.
        case press(button: UInt32)
        case release(button: UInt32)
        case motion
        case enter
        /// `grabbed`: another client took the pointer (a `LeaveNotify` in
        /// grab mode), so the releases of the buttons held will not come.
        case leave(grabbed: Bool)
    }

    let kind: Kind
    let x: Double
    let y: Double
    /// The X state mask: modifiers in the low byte, buttons 1-5 in bits 8-12.
    let state: UInt32
    /// Server time in milliseconds.
    let time: UInt
}

/// Turns X's pointer records into AppKit-shaped mouse events: click counts,
/// drags by the buttons held, deltas, wheel steps as scrolls. It keeps a
/// drag from getting stuck: a release without its press is dropped, and a
/// press whose release can no longer come (the pointer grabbed away, a
/// state mask that no longer has the button) is released for it.
///
/// A plain value, used on the X thread; tested on synthetic records.
struct PointerTracker {
    /// AppKit button numbers held, in the order pressed.
    private(set) var held: [Int] = []
    private var location: CGPoint?
    private var lastPress: (button: Int, time: Double, location: CGPoint, count: Int)?
    /// The click count of each held button's press, for its drags and release.
    private var pressCounts: [Int: Int] = [:]

    /// AppKit's number for an X button (nil for the wheel's 4-7).
    static func appKitButton(_ xButton: UInt32) -> Int? {
        switch xButton {
        case 1: return 0
        case 2: return 2
        case 3: return 1
        case 4...7: return nil
        default: return Int(xButton) - 5  // 8, 9: the side buttons, 3 and 4
        }
    }

    /// The events `record` makes, at `timestamp` on the media clock.
    mutating func events(for record: PointerRecord, timestamp: Double) -> [LaminaMouseEvent] {
        let point = CGPoint(x: record.x, y: record.y)
        let flags = LaminaKeyEvent.ModifierFlags(xState: record.state, keysym: 0)
        var events = releasesMissing(from: record, at: point, flags: flags, timestamp: timestamp)
        let delta = location.map { CGPoint(x: point.x - $0.x, y: point.y - $0.y) } ?? .zero
        // Crossings come before the motion that made them, at its position:
        // they must not swallow its delta.
        switch record.kind {
        case .enter, .leave: break
        default: location = point
        }
        func event(_ type: LaminaMouseEvent.EventType, button: Int, clicks: Int = 0, delta: CGPoint = .zero,
                   scroll: CGPoint = .zero) -> LaminaMouseEvent {
            LaminaMouseEvent(type: type, locationInWindow: point, buttonNumber: button, clickCount: clicks,
                             modifierFlags: flags, timestamp: timestamp, deltaX: delta.x, deltaY: delta.y,
                             scrollingDeltaX: scroll.x, scrollingDeltaY: scroll.y, pressedMouseButtons: pressedMask)
        }
        switch record.kind {
        case .press(let xButton):
            guard let button = Self.appKitButton(xButton) else {
                let scroll = Self.wheelLines(xButton)
                events.append(event(.scrollWheel, button: held.first ?? 0, delta: scroll, scroll: scroll))
                break
            }
            guard !held.contains(button) else { break }  // a second press without a release: one press
            let count = clickCount(button: button, at: point, timestamp: timestamp)
            held.append(button)
            pressCounts[button] = count
            events.append(event(Self.downType(button), button: button, clicks: count))
        case .release(let xButton):
            guard let button = Self.appKitButton(xButton), let index = held.firstIndex(of: button) else { break }
            held.remove(at: index)
            let count = pressCounts.removeValue(forKey: button) ?? 1
            events.append(event(Self.upType(button), button: button, clicks: count))
        case .motion:
            guard delta != .zero || events.isEmpty else { break }
            if let button = draggingButton {
                events.append(event(Self.dragType(button), button: button, clicks: pressCounts[button] ?? 1,
                                    delta: delta))
            } else {
                events.append(event(.mouseMoved, button: 0, delta: delta))
            }
        case .enter:
            events.append(event(.mouseEntered, button: held.first ?? 0))
        case .leave(let grabbed):
            if grabbed { events += releaseAll(at: point, flags: flags, timestamp: timestamp) }
            events.append(event(.mouseExited, button: held.first ?? 0))
        }
        return events
    }

    /// Releases every held button now (the window lost the pointer or went
    /// away): the releases X will not send.
    mutating func releaseAll(at point: CGPoint? = nil, flags: LaminaKeyEvent.ModifierFlags = [],
                             timestamp: Double) -> [LaminaMouseEvent] {
        let point = point ?? location ?? .zero
        var events: [LaminaMouseEvent] = []
        while let button = held.last {
            held.removeLast()
            let count = pressCounts.removeValue(forKey: button) ?? 1
            events.append(LaminaMouseEvent(type: Self.upType(button), locationInWindow: point, buttonNumber: button,
                                           clickCount: count, modifierFlags: flags, timestamp: timestamp,
                                           pressedMouseButtons: pressedMask))
        }
        return events
    }

    /// The button a drag belongs to: the left one when held (AppKit sends
    /// `leftMouseDragged` while it is down), else the first held.
    var draggingButton: Int? { held.contains(0) ? 0 : held.first }

    private var pressedMask: Int { held.reduce(0) { $0 | (1 << $1) } }

    /// Held buttons 1-3 whose bit the record's state mask no longer has:
    /// their release was lost (X reports buttons 1-5 in the mask). A
    /// record of the button's own release is left to release it.
    private mutating func releasesMissing(from record: PointerRecord, at point: CGPoint,
                                          flags: LaminaKeyEvent.ModifierFlags, timestamp: Double) -> [LaminaMouseEvent] {
        guard case .motion = record.kind else { return [] }
        let lost = held.filter { button in
            let xButton: UInt32 = button == 0 ? 1 : button == 1 ? 3 : button == 2 ? 2 : 0
            return xButton != 0 && record.state & (1 << (7 + xButton)) == 0
        }
        return lost.map { button in
            held.removeAll { $0 == button }
            let count = pressCounts.removeValue(forKey: button) ?? 1
            return LaminaMouseEvent(type: Self.upType(button), locationInWindow: point, buttonNumber: button,
                                    clickCount: count, modifierFlags: flags, timestamp: timestamp,
                                    pressedMouseButtons: pressedMask)
        }
    }

    private mutating func clickCount(button: Int, at point: CGPoint, timestamp: Double) -> Int {
        var count = 1
        if let last = lastPress, last.button == button, timestamp - last.time <= LaminaMouseEvent.doubleClickInterval,
           hypot(point.x - last.location.x, point.y - last.location.y) <= LaminaMouseEvent.doubleClickDistance {
            count = last.count + 1
        }
        lastPress = (button, timestamp, point, count)
        return count
    }

    /// One wheel step as lines: up and left positive, as AppKit's deltas.
    static func wheelLines(_ xButton: UInt32) -> CGPoint {
        switch xButton {
        case 4: return CGPoint(x: 0, y: 1)
        case 5: return CGPoint(x: 0, y: -1)
        case 6: return CGPoint(x: 1, y: 0)
        default: return CGPoint(x: -1, y: 0)
        }
    }

    static func downType(_ button: Int) -> LaminaMouseEvent.EventType {
        button == 0 ? .leftMouseDown : button == 1 ? .rightMouseDown : .otherMouseDown
    }

    static func upType(_ button: Int) -> LaminaMouseEvent.EventType {
        button == 0 ? .leftMouseUp : button == 1 ? .rightMouseUp : .otherMouseUp
    }

    static func dragType(_ button: Int) -> LaminaMouseEvent.EventType {
        button == 0 ? .leftMouseDragged : button == 1 ? .rightMouseDragged : .otherMouseDragged
    }
}
