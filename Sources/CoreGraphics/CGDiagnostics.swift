
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

    /// Replaces the message handler; nil restores standard error.
    public static func setHandler(_ newHandler: Handler?) {
        handler.withLock { $0 = newHandler }
    }

    /// Reports one failure.
    package static func report(_ message: String) {
        if let current = handler.withLock({ $0 }) {
            current(message)
        } else {
            FileHandle.standardError.write(Data("CoreGraphics: \(message)\n".utf8))
        }
    }
}
