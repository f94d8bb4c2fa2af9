#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The C calls the trace recorder needs, wrapped once: telling threads
/// apart, and running code at process exit.
enum ProcessHooks {
    /// A number that tells the calling thread from every other running
    /// thread (its pthread handle; a thread that has exited may pass its
    /// number on). Swift's Glibc does not declare `gettid`.
    static func currentThreadKey() -> UInt {
        UInt(pthread_self())
    }

    /// Runs `handler` when the process exits normally (`exit`, or returning
    /// from `main`); not on a crash or a fatal signal. The handler cannot
    /// capture anything: it must reach what it needs through globals.
    static func atExit(_ handler: @convention(c) () -> Void) {
        atexit(handler)
    }
}
