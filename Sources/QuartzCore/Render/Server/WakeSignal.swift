import CEventWait
import Glibc

/// What the render thread sleeps on between frames: an eventfd waited on
/// with `ppoll`, whose timeout has nanosecond precision on the monotonic
/// clock (the media clock's, `MediaClock.monotonicNow()`).
///
/// It replaced a condition variable: a timed wait that runs out makes
/// glibc take the mutex back as if contended, so the unlock after it cost a
/// `futex` wake-up, one system call more every frame an animation runs.
/// One sleeping thread, any number of waking ones; a wake-up that comes
/// before the sleep is kept, so none is lost between a check and the sleep.
final class WakeSignal: Sendable {
    /// The eventfd; -1 if none could be made (out of descriptors).
    private let descriptor: Int32
    /// Without a descriptor nothing can interrupt a sleep: sleeps are cut
    /// into pieces this long, after each of which the sleeper looks again.
    static let fallbackSlice = 0.01
    /// The longest wait: the condition variable's (a day, far past any frame).
    static let longestWait = MonotonicCondition.longestWait

    init() {
        descriptor = lamina_event_create()
        if descriptor < 0 {
            let reason = String(cString: strerror(errno))
            CADiagnostics.report("the render thread has no eventfd (\(reason)); it looks for work every 10 ms instead")
        }
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// Whether wake-ups interrupt a sleep (false only without an eventfd).
    var isInterruptible: Bool { descriptor >= 0 }

    /// Wakes the sleeper, or makes its next sleep return at once.
    func signal() {
        if descriptor >= 0 { lamina_event_signal(descriptor) }
    }

    /// Sleeps until `signal()` or until `seconds` have passed (nil: no
    /// limit). Returns at once for no time, a negative one or NaN, and when
    /// a wake-up is already waiting (taking it). Returns whether it was woken.
    @discardableResult
    func wait(seconds: Double?) -> Bool {
        var limit = seconds.map { min($0, Self.longestWait) } ?? -1
        if let seconds, !(seconds > 0) { limit = 0 }  // also NaN: just look
        guard descriptor >= 0 else {
            let slice = limit < 0 ? Self.fallbackSlice : min(limit, Self.fallbackSlice)
            if slice > 0 { usleep(UInt32(slice * 1_000_000)) }
            return false
        }
        return lamina_event_wait(descriptor, limit) == 1
    }
}
