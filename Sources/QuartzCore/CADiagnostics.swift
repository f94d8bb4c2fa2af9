
/// Reports bad input (an unknown key path, a value of the wrong type,
/// non-finite geometry, an inconsistent animation) once per distinct problem,
/// naming the layer and the key path, instead of crashing.
///
/// Messages go to standard error by default. Tests install a handler to see
/// them. Thread-safe: any thread may report.
public enum CADiagnostics {
    /// Receives every message that is reported for the first time.
    public typealias Handler = @Sendable (String) -> Void

    private struct State {
        var seen: Set<String> = []
        var handler: Handler?
    }

    private static let state = LockedValue(State())

    /// Replaces the message handler (nil restores standard error) and forgets
    /// which messages were already reported.
    public static func setHandler(_ handler: Handler?) {
        state.withLock {
            $0.handler = handler
            $0.seen.removeAll()
        }
    }

    /// Collects the messages reported on this thread while `capturing`
    /// runs (bound per thread, as a task-local value).
    @TaskLocal private static var capture: LockedValue<[String]>?

    /// Runs `body` and returns what it reported on this thread, every
    /// message (repeated ones too), instead of sending them on: for a
    /// caller that answers a request and must say why it failed.
    package static func capturing<T>(_ body: () throws -> T) rethrows -> (result: T, messages: [String]) {
        let messages = LockedValue<[String]>([])
        let result = try $capture.withValue(messages) { try body() }
        return (result, messages.withLock { $0 })
    }

    /// Reports `message` unless the identical message was reported before.
    static func report(_ message: String) {
        if let capture {
            capture.withLock { $0.append(message) }
            return
        }
        let (isNew, handler) = state.withLock { state in
            (state.seen.insert(message).inserted, state.handler)
        }
        guard isNew else { return }
        if let handler {
            handler(message)
        } else {
            FileHandle.standardError.write(Data("QuartzCore: \(message)\n".utf8))
        }
    }

    /// Reports a problem with `keyPath` on `layer`.
    static func report(layer: CALayer?, keyPath: String, _ problem: String) {
        let layerName = layer.map { $0.name.map { "\"\($0)\"" } ?? "<\(type(of: $0))>" } ?? "<none>"
        report("layer \(layerName), key path \"\(keyPath)\": \(problem)")
    }
}
