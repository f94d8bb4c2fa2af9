import InspectorWire
import QuartzCore

/// The process's inspector: started when the first window offering it opens
/// (`LaminaWindow.Settings.offersInspector`, `LAMINA_INSPECTOR=1`), stopped, and its
/// socket removed, when the last window closes or the process exits.
enum Inspector {
    private static let server = LockedValue<InspectorServer?>(nil)
    /// The socket to remove at exit, read by the `atexit` handler.
    private static let exitPath = LockedValue<String?>(nil)
    private static let exitHandler: Void = {
        atexit { Inspector.exitPath.withLock { path in path.map(InspectorDirectory.remove) } }
    }()

    /// The socket's path while the inspector runs.
    static var socketPath: String? { server.withLock { $0?.socketPath } }

    /// Reports on `target`, starting the server when it is the first.
    /// Failing to start is said once on stderr; the app runs on without it.
    static func add(_ target: InspectorTarget) {
        server.withLock { server in
            if let server { return server.add(target) }
            do throws(UnixSocket.Failure) {
                let directory = try InspectorDirectory.resolve()
                let started = try InspectorServer(directory: directory, targets: [target])
                server = started
                _ = exitHandler
                exitPath.withLock { $0 = started.socketPath }
            } catch {
                HostLog.line("inspector not started: \(error)")
            }
        }
    }

    /// Stops reporting on window `id`; the last one stops the server.
    static func remove(_ id: ObjectIdentifier) {
        let stopping: InspectorServer? = server.withLock { server in
            guard let running = server, running.remove(id) == 0 else { return nil }
            server = nil
            exitPath.withLock { $0 = nil }
            return running
        }
        stopping?.stop()
    }
}

extension LaminaWindow {
    /// Offers this window to the inspector when its settings ask.
    func registerWithInspector() {
        guard settings.offersInspector else { return }
        Inspector.add(InspectorTarget(id: ObjectIdentifier(self), title: title, renderServer: renderServer, window: self))
    }

    /// Withdraws this window from the inspector.
    func unregisterFromInspector() {
        Inspector.remove(ObjectIdentifier(self))
    }
}
