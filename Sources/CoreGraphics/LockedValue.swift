import Foundation

/// A value behind an `NSLock`. Used where threads really contend and the
/// thread sanitizer must see the locking: `NSLock` is a pthread mutex, which
/// the sanitizer understands, while `Synchronization.Mutex` on Linux waits on
/// a futex directly and is invisible to it (reported as races).
///
/// `@unchecked Sendable`: `value` is only read or written inside `lock`, and
/// `Value` is `Sendable`, so what leaves `withLock` is safe to share.
package final class LockedValue<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) { self.value = value }

    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
