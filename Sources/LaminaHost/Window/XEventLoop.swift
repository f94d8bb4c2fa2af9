import Foundation
import QuartzCore

/// The X thread's state: the window's connection, the window, the keys
/// and buttons held down. Created and used only on the X thread.
///
/// Pointer motion is compressed: a burst of moves becomes one event, and
/// moves are passed on at most once a display interval (the first after a
/// pause at once), the latest position winning. Any other event passes the
/// move waiting before it first, so the order is kept.
final class XEventLoop {
    let setup: WindowConnection.Setup
    private let display: XDisplay
    private let window: XWindow
    private let connection: WindowConnection
    private let deliver: @Sendable (WindowConnection.Event) -> Void
    /// Keycodes down now: a press of one of these is an autorepeat.
    private var keysDown: Set<UInt16> = []
    private var size: (width: Int, height: Int)
    private var pointer = PointerTracker()
    private var serverTime = ServerTimeMapping()
    /// XInput's opcode while touches are asked for.
    private var touchOpcode: Int32?
    private let xinputOpcode: Int32?
    /// The latest move not yet passed on, with its arrival time.
    private var pendingMotion: (record: PointerRecord, arrival: Double)?
    private var lastMotionDelivery = -Double.infinity
    private let motionInterval: Double

    init(_ configuration: WindowConnection.Configuration, connection: WindowConnection,
         deliver: @escaping @Sendable (WindowConnection.Event) -> Void) throws(LaminaHostError) {
        display = try XDisplay(name: configuration.displayName)
        display.afterClose = { connection.closed.signal() }
        guard display.defaultVisualIsARGBCompatible else { throw .unsupportedVisual(depth: Int(display.defaultDepth)) }
        // Measured before the window exists, so no window event is in the way.
        let pacing = DisplayPacing.measure(on: display)
        size = configuration.fullscreen ? display.screenSize : (max(1, configuration.width), max(1, configuration.height))
        window = try XWindow(display: display, width: size.width, height: size.height)
        window.setTitle(configuration.title)
        if configuration.fullscreen { window.requestFullscreen() }
        if configuration.hidesCursor { window.hideCursor() }
        let detectable = XKeyboard.enableDetectableAutoRepeat(on: display)
        xinputOpcode = XInputTouch.opcode(on: display)
        display.flush()
        self.connection = connection
        self.deliver = deliver
        motionInterval = pacing.interval
        setup = WindowConnection.Setup(displayName: display.name, windowID: window.id, width: size.width,
                                       height: size.height, pacing: pacing, detectableAutoRepeat: detectable,
                                       offersTouches: xinputOpcode != nil)
    }

    /// Handles events and commands until the window is closed. Losing the
    /// server ends the process from inside Xlib (see `XErrorHandling`).
    func run() {
        while true {
            for command in connection.takeCommands() {
                switch command {
                case .show: window.map()
                case .setTitle(let title): window.setTitle(title); display.flush()
                case .acceptTouches(let accept): acceptTouches(accept)
                case .close:
                    window.destroy()
                    return
                }
            }
            var exposed = false
            let sizeBefore = size
            while display.pendingEvents > 0 {
                var event = display.nextEvent()
                if handle(event.decoded(for: window, touchOpcode: touchOpcode)) { exposed = true }
            }
            let now = MediaClock.monotonicNow()
            if pendingMotion != nil, now - lastMotionDelivery >= motionInterval { flushMotion() }
            // One request for a burst of events: a new size (which repaints
            // everything) or a repaint of what was exposed.
            if size != sizeBefore {
                connection.resize(width: size.width, height: size.height)
            } else if exposed {
                connection.repaint()
            }
            // A move held back wakes the loop when its interval is up.
            let timeout = pendingMotion.map { _ in max(0, lastMotionDelivery + motionInterval - now) }
            _ = Poll.waitForReadable([display.fileDescriptor, connection.wakeDescriptor], timeout: timeout)
        }
    }

    /// Handles one event; returns true when the window needs repainting.
    private func handle(_ event: DecodedXEvent) -> Bool {
        if case .pointer(let record) = event, record.kind == .motion {
            pendingMotion = (record, MediaClock.monotonicNow())
            return false
        }
        if case .other = event { return false }
        flushMotion()
        switch event {
        case .key(let record):
            deliver(.key(keyEvent(from: record)))
        case .pointer(let record):
            deliverPointer(record, arrival: MediaClock.monotonicNow())
        case .touch(let record):
            deliver(.touch(record, timestamp: mediaTime(ofServerTime: record.time, arrival: MediaClock.monotonicNow())))
        case .unmapped:
            let now = MediaTimeScale.mediaTime(atDisplayTime: MediaClock.monotonicNow())
            for event in pointer.releaseAll(timestamp: now) { deliver(.pointer(event)) }
        case .configured(let width, let height):
            guard width != size.width || height != size.height else { return false }
            size = (width, height)
            connection.targetSize.set(width: width, height: height)
            deliver(.resized(width: width, height: height))
            return true
        case .exposed(let remaining):
            return remaining == 0
        case .mapped:
            window.takeFocus()
        case .deleteRequested:
            deliver(.closeRequested)
        case .other:
            break
        }
        return false
    }

    /// An event's time on the media clock: the server's time mapped onto
    /// the monotonic clock it arrived by, then slowed as animations are.
    private func mediaTime(ofServerTime time: UInt, arrival: Double) -> Double {
        MediaTimeScale.mediaTime(atDisplayTime: serverTime.localTime(serverTime: time, arrival: arrival))
    }

    private func deliverPointer(_ record: PointerRecord, arrival: Double) {
        let timestamp = mediaTime(ofServerTime: record.time, arrival: arrival)
        for event in pointer.events(for: record, timestamp: timestamp) { deliver(.pointer(event)) }
    }

    /// Passes on the move held back, if any.
    private func flushMotion() {
        guard let (record, arrival) = pendingMotion else { return }
        pendingMotion = nil
        lastMotionDelivery = MediaClock.monotonicNow()
        deliverPointer(record, arrival: arrival)
    }

    /// Asks for XInput 2 touches on the window, or stops; tells the window
    /// whether it gets them.
    private func acceptTouches(_ accept: Bool) {
        guard let opcode = xinputOpcode else {
            deliver(.touchesAccepted(false))
            return
        }
        let selected = XInputTouch.select(accept, on: display, window: window.id)
        display.flush()
        touchOpcode = accept && selected ? opcode : nil
        deliver(.touchesAccepted(touchOpcode != nil))
    }

    private func keyEvent(from record: DecodedXEvent.KeyRecord) -> LaminaKeyEvent {
        let isRepeat: Bool
        if record.isPress {
            isRepeat = !keysDown.insert(record.keyCode).inserted
        } else {
            keysDown.remove(record.keyCode)
            isRepeat = false
        }
        return LaminaKeyEvent(type: record.isPress ? .keyDown : .keyUp, keysym: record.keysym, keyCode: record.keyCode,
                              characters: record.text, charactersIgnoringModifiers: record.plainText,
                              modifierFlags: .init(xState: record.state, keysym: record.keysym),
                              isARepeat: isRepeat, timestamp: Double(record.time) / 1000)
    }
}

extension LaminaKeyEvent.ModifierFlags {
    /// From an X state mask (Shift 1, Lock 2, Control 4, Mod1 8, Mod4 0x40).
    init(xState state: UInt32, keysym: UInt32) {
        var flags: Self = []
        if state & 0x01 != 0 { flags.insert(.shift) }
        if state & 0x02 != 0 { flags.insert(.capsLock) }
        if state & 0x04 != 0 { flags.insert(.control) }
        if state & 0x08 != 0 { flags.insert(.option) }
        if state & 0x40 != 0 { flags.insert(.command) }
        if (0xff80...0xffbd).contains(keysym) { flags.insert(.numericPad) }  // XK_KP_Space...XK_KP_9
        self = flags
    }
}
