import Glibc

/// A mutex with a condition variable whose timed waits run on
/// `CLOCK_MONOTONIC`, the media clock's (`MediaClock.monotonicNow()`).
///
/// The render server sleeps on one between frames. `NSCondition.wait(until:)`
/// takes a `Date`, a wall-clock deadline: a clock set back while the
/// render thread slept (NTP stepping a kiosk's clock) would have stalled its
/// animations for as long as the clock went back, and every frame converted
/// its deadline through the wall clock.
///
/// `@unchecked Sendable`: a pthread mutex and condition are made to be
/// shared between threads. They live at fixed addresses, allocated here and
/// freed in `deinit`, as POSIX requires, and are touched only through
/// pthread calls, which the thread sanitizer understands.
final class MonotonicCondition: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    /// The longest timed wait: a day, far past any frame and well inside `timespec`.
    static let longestWait: Double = 86_400

    init() {
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }

    func unlock() { pthread_mutex_unlock(mutex) }

    /// Wakes every thread waiting (call with the mutex held).
    func broadcast() { pthread_cond_broadcast(condition) }

    /// Waits, the mutex held, for a broadcast (or a spurious wake-up, as any
    /// condition may have).
    func wait() { pthread_cond_wait(condition, mutex) }

    /// Waits, the mutex held, for a broadcast or until `seconds` have passed
    /// on the monotonic clock, at most `longestWait`. Returns at once for no
    /// time, a negative one or NaN.
    func wait(seconds: Double) {
        guard seconds > 0 else { return }  // also NaN
        let wait = min(seconds, Self.longestWait)
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let whole = wait.rounded(.towardZero)
        var deadline = timespec(tv_sec: now.tv_sec + Int(whole),
                                tv_nsec: now.tv_nsec + Int((wait - whole) * 1_000_000_000))
        if deadline.tv_nsec >= 1_000_000_000 {
            deadline.tv_sec += 1
            deadline.tv_nsec -= 1_000_000_000
        }
        pthread_cond_timedwait(condition, mutex, &deadline)
    }
}
