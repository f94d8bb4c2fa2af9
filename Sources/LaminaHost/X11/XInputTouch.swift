import CX11

/// A touch as XInput 2.2 reports it (`XI_TouchBegin`/`Update`/`End`).
struct TouchRecord: Sendable, Equatable {
    enum Phase: Sendable, Equatable { case begin, update, end }

    /// The server's touch id (`detail`), unique among the touches down.
    let id: UInt32
    let phase: Phase
    /// Window pixels (XInput gives fractions).
    let x: Double
    let y: Double
    /// The effective modifier mask.
    let state: UInt32
    /// Server time in milliseconds.
    let time: UInt
}

/// XInput 2 multi-touch on one window: asking for touch events (a window
/// that does, X no longer turns its touches into pointer events) and
/// reading them out of `GenericEvent` cookies.
enum XInputTouch {
    /// XInput 2 is there with touch events (version 2.2 or later); its
    /// major opcode, which `GenericEvent`s carry, when so.
    static func opcode(on display: XDisplay) -> Int32? {
        var opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        guard XQueryExtension(display.raw, "XInputExtension", &opcode, &event, &error) != 0 else { return nil }
        var major: Int32 = 2, minor: Int32 = 2
        guard XIQueryVersion(display.raw, &major, &minor) == Success, major > 2 || (major == 2 && minor >= 2) else {
            return nil
        }
        return opcode
    }

    /// Selects touch events on `window` (or none, when `enabled` is false)
    /// from every device. Returns false when the server refused.
    static func select(_ enabled: Bool, on display: XDisplay, window: UInt) -> Bool {
        var mask = [UInt8](repeating: 0, count: Int(cx11_xi_mask_length(XI_LASTEVENT)))
        if enabled {
            for event in [XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd] { cx11_xi_set_mask(&mask, event) }
        }
        let error = mask.withUnsafeMutableBufferPointer { bytes in
            var eventMask = XIEventMask(deviceid: XIAllDevices, mask_len: Int32(bytes.count), mask: bytes.baseAddress)
            return XErrorHandling.trapping(display) { XISelectEvents(display.raw, window, &eventMask, 1) }
        }
        return error == nil
    }

    /// The touch on `window` in a `GenericEvent` of XInput's `opcode`, if
    /// it is one (the cookie's data is fetched and freed here).
    static func record(from event: inout XEvent, display: XDisplay, opcode: Int32, window: UInt) -> TouchRecord? {
        guard event.type == GenericEvent, event.xcookie.extension == opcode,
              XGetEventData(display.raw, &event.xcookie) != 0 else { return nil }
        defer { XFreeEventData(display.raw, &event.xcookie) }
        guard let data = event.xcookie.data else { return nil }
        let device = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
        return device.event == window ? record(from: device) : nil
    }

    /// The touch an `XIDeviceEvent` describes; nil for other XInput events.
    static func record(from device: XIDeviceEvent) -> TouchRecord? {
        let phase: TouchRecord.Phase
        switch device.evtype {
        case XI_TouchBegin: phase = .begin
        case XI_TouchUpdate: phase = .update
        case XI_TouchEnd: phase = .end
        default: return nil
        }
        guard device.event_x.isFinite, device.event_y.isFinite else { return nil }
        return TouchRecord(id: UInt32(truncatingIfNeeded: device.detail), phase: phase, x: device.event_x,
                           y: device.event_y, state: UInt32(truncatingIfNeeded: device.mods.effective),
                           time: UInt(device.time))
    }
}
