#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Returns the current absolute time, in seconds.
///
/// Apple defines absolute time as mach time converted to seconds: a
/// monotonic clock that does not count time the machine spends asleep. The
/// Linux equivalent is `CLOCK_MONOTONIC` (`CLOCK_BOOTTIME` would count
/// suspend). Only differences between values are meaningful.
///
/// While a test has installed a manual clock with
/// `MediaClock.withManualTime(_:_:)`, this returns the manual time instead.
/// Safe to call from any thread.
public func CACurrentMediaTime() -> CFTimeInterval {
    MediaClock.now()
}

/// The process-wide media clock behind `CACurrentMediaTime()`, with a test
/// override.
///
/// The override is deliberately process-global rather than thread-local: a
/// test drives the render thread and the app thread from one manual clock.
/// The price is that two tests must not install manual clocks concurrently
/// in one process. XCTest runs a process's tests serially, and
/// `swift test --parallel` on Linux runs tests in separate processes, so
/// this holds for the suite.
package enum MediaClock {
    /// The installed manual clock, if any. A `LockedValue` (not `@unchecked
    /// Sendable`) so Swift 6 can check every access.
    private static let override = LockedValue<ManualClock?>(nil)
    /// Whether `override` holds a clock, read without the lock: every frame
    /// asks the time several times, and outside tests there is never a
    /// manual clock (the lock was a cache line both threads wrote).
    private static let hasOverride = Atomic<Bool>(false)

    /// Media time: the time animations run on, `CACurrentMediaTime()`.
    /// The display's time (`displayNow()`) unless animations are slowed
    /// (`MediaTimeScale`), when it runs that many times slower.
    package static func now() -> CFTimeInterval {
        MediaTimeScale.mediaTime(atDisplayTime: displayNow())
    }

    /// The display's time: what frames are paced on. The manual time while
    /// one is installed, else `monotonicNow()`.
    package static func displayNow() -> CFTimeInterval {
        if hasOverride.load(ordering: .acquiring), let manual = override.withLock({ $0 }) {
            return manual.now()
        }
        return monotonicNow()
    }

    /// Seconds of `CLOCK_MONOTONIC`, ignoring any manual clock.
    package static func monotonicNow() -> CFTimeInterval {
        var spec = timespec()
        // CLOCK_MONOTONIC cannot fail on Linux with a valid pointer.
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
    }

    /// Runs `body` with a manual clock installed that starts at `start`;
    /// `CACurrentMediaTime()` returns its time until `body` returns (or
    /// throws), then the previous clock (manual or real) is restored, so
    /// calls may nest. `body` sets or advances the time through its argument.
    package static func withManualTime<T>(
        _ start: CFTimeInterval,
        _ body: (ManualClock) throws -> T
    ) rethrows -> T {
        let clock = ManualClock(start)
        let previous = override.withLock { installed in
            let previous = installed
            installed = clock
            hasOverride.store(true, ordering: .releasing)
            return previous
        }
        defer {
            override.withLock { installed in
                installed = previous
                hasOverride.store(previous != nil, ordering: .releasing)
            }
        }
        return try body(clock)
    }
}

/// A clock that only moves when told to. Safe to share between threads.
package final class ManualClock: Sendable {
    private let time: LockedValue<CFTimeInterval>

    /// Creates a clock reading `start`.
    package init(_ start: CFTimeInterval = 0) {
        time = LockedValue(start)
    }

    /// The current manual time.
    package func now() -> CFTimeInterval {
        time.withLock { $0 }
    }

    /// Sets the time. The clock does not enforce monotonicity, so tests can
    /// also step backwards on purpose.
    package func set(_ newTime: CFTimeInterval) {
        time.withLock { $0 = newTime }
    }

    /// Moves the time forward by `seconds` and returns the new time.
    @discardableResult
    package func advance(by seconds: CFTimeInterval) -> CFTimeInterval {
        time.withLock { current in
            current += seconds
            return current
        }
    }
}
