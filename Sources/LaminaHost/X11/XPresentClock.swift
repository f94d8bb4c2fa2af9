import CX11
import Foundation

/// The display's refresh interval as the Present extension reports it
/// (`XPresentNotifyMSC` completions carry the media stream counter and its
/// time). Xvfb fakes about 61 Hz this way.
enum XPresentClock {
    /// Measures seconds per frame from three counter notifications on the
    /// root window; nil when Present is missing or does not answer within
    /// `timeout` seconds.
    static func measureInterval(on display: XDisplay, timeout: Double = 0.5) -> Double? {
        var opcode: Int32 = 0, eventBase: Int32 = 0, errorBase: Int32 = 0
        guard XPresentQueryExtension(display.raw, &opcode, &eventBase, &errorBase) != 0 else { return nil }
        let window = display.rootWindow
        let context = XPresentSelectInput(display.raw, window, UInt32(PresentCompleteNotifyMask))
        defer {
            XPresentFreeInput(display.raw, window, context)
            display.flush()
        }
        let deadline = Date(timeIntervalSinceNow: timeout)
        // The counter now, then two later ticks three frames apart.
        XPresentNotifyMSC(display.raw, window, 1, 0, 0, 0)
        guard let now = waitForCompletion(serial: 1, opcode: opcode, on: display, until: deadline) else { return nil }
        XPresentNotifyMSC(display.raw, window, 2, now.msc + 1, 0, 0)
        XPresentNotifyMSC(display.raw, window, 3, now.msc + 4, 0, 0)
        guard let first = waitForCompletion(serial: 2, opcode: opcode, on: display, until: deadline),
              let last = waitForCompletion(serial: 3, opcode: opcode, on: display, until: deadline),
              last.msc > first.msc, last.ust > first.ust else { return nil }
        return Double(last.ust - first.ust) / 1_000_000 / Double(last.msc - first.msc)
    }

    /// Reads events until the completion with `serial`; other events are
    /// dropped (none are selected yet when this runs).
    private static func waitForCompletion(serial: UInt32, opcode: Int32, on display: XDisplay,
                                          until deadline: Date) -> (msc: UInt64, ust: UInt64)? {
        display.flush()
        while true {
            while display.pendingEvents > 0 {
                var event = display.nextEvent()
                guard event.type == GenericEvent, event.xcookie.extension == opcode,
                      XGetEventData(display.raw, &event.xcookie) != 0 else { continue }
                defer { XFreeEventData(display.raw, &event.xcookie) }
                guard event.xcookie.evtype == PresentCompleteNotify, let data = event.xcookie.data else { continue }
                let complete = data.assumingMemoryBound(to: XPresentCompleteNotifyEvent.self).pointee
                if complete.serial_number == serial { return (complete.msc, complete.ust) }
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return nil }
            _ = Poll.waitForReadable([display.fileDescriptor], timeout: remaining)
        }
    }
}
