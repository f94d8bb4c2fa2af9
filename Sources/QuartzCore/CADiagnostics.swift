
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

    /// Reports `message` unless the identical message was reported before.
    static func report(_ message: String) {
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
