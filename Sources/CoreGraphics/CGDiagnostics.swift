
/// Where CoreGraphics reports why something it was asked to do failed: a
/// bitmap layout it does not support, an image file it could not decode, a
/// drawing call it had to ignore. A Lamina addition, not Apple API (Apple
/// logs such reasons to the system console).
///
/// Each failure is reported once, as one line. Messages go to standard error
/// unless a handler is installed (tests install one to see them).
/// Thread-safe: any thread may report.
public enum CGDiagnostics {
    /// Receives every reported message.
    public typealias Handler = @Sendable (String) -> Void

    private static let handler = LockedValue<Handler?>(nil)
    /// The messages `reportOnce(_:)` has already sent.
    private static let reportedOnce = LockedValue<Set<String>>([])

    /// Replaces the message handler (nil restores standard error) and
    /// forgets which messages `reportOnce` has sent, so each handler sees
    /// them afresh.
    public static func setHandler(_ newHandler: Handler?) {
        handler.withLock { $0 = newHandler }
        reportedOnce.withLock { $0.removeAll() }
    }

    /// Reports one failure.
    package static func report(_ message: String) {
        if let current = handler.withLock({ $0 }) {
            current(message)
        } else {
            FileHandle.standardError.write(Data("CoreGraphics: \(message)\n".utf8))
        }
    }

    /// Reports `message` unless the identical message was reported this way
    /// before: for problems of values that have no object to remember them
    /// (a path being built), which a program may repeat every frame.
    package static func reportOnce(_ message: String) {
        guard reportedOnce.withLock({ $0.insert(message).inserted }) else { return }
        report(message)
    }
}
