import CoreGraphics
import Foundation
import InspectorWire

/// The live layer-tree inspector's server (docs/debugging.md): a thread
/// that listens on a Unix socket, mode 0600, in the owner-only
/// `InspectorDirectory`, and answers `InspectorRequest`s from
/// `lamina-inspect`. Never a network socket.
///
/// Clients are served one at a time. A client that sends nothing for
/// `idleTimeout` seconds, or stops reading a reply for as long, is dropped,
/// so a stalled client delays the next one by that much at most.
final class InspectorServer: Sendable {
    /// The socket's path.
    let socketPath: String
    /// Seconds a client may stay silent (or not read) before it is dropped.
    let idleTimeout: Double

    private let targets: LockedValue<[InspectorTarget]>
    private let stopped = LockedValue(false)
    private let wake = WakePipe()
    private let finished = DispatchSemaphore(value: 0)

    /// Starts listening at this process's socket in `directory`, removing
    /// sockets that dead processes left there. Throws a one-line reason.
    init(directory: InspectorDirectory, targets: [InspectorTarget], idleTimeout: Double = 5) throws(UnixSocket.Failure) {
        self.idleTimeout = idleTimeout
        directory.removeStaleSockets()
        socketPath = directory.socketPath(pid: InspectorDirectory.currentPID)
        InspectorDirectory.remove(socketPath)
        self.targets = LockedValue(targets)
        // The listener belongs to the server thread; it is made there, and
        // the outcome comes back through `opened`.
        let opened = LockedValue<Result<Void, UnixSocket.Failure>?>(nil)
        let ready = DispatchSemaphore(value: 0)
        let path = socketPath
        let thread = Thread { [self] in
            let listener: UnixSocket
            do throws(UnixSocket.Failure) {
                listener = try UnixSocket.listen(at: path)
                opened.withLock { $0 = .success(()) }
            } catch {
                opened.withLock { $0 = .failure(error) }
                ready.signal()
                finished.signal()
                return
            }
            ready.signal()
            serve(listener)
            listener.close()
            finished.signal()
        }
        thread.name = "Lamina.Inspector"
        thread.start()
        ready.wait()
        try opened.withLock { $0 }!.get()
    }

    /// Reports on `target` too.
    func add(_ target: InspectorTarget) { targets.withLock { $0.append(target) } }

    /// Stops reporting on the window `id`; returns how many windows remain.
    func remove(_ id: ObjectIdentifier) -> Int {
        targets.withLock { list in
            list.removeAll { $0.id == id }
            return list.count
        }
    }

    /// Removes the socket at once and ends the thread, waiting for it at
    /// most `timeout` seconds (it may be writing to a slow client).
    func stop(timeout: Double = 1) {
        let wasStopped = stopped.withLock { value in
            defer { value = true }
            return value
        }
        guard !wasStopped else { return }
        InspectorDirectory.remove(socketPath)
        wake.wake()
        _ = finished.wait(timeout: .now() + timeout)
    }

    private var isStopped: Bool { stopped.withLock { $0 } }

    private func serve(_ listener: UnixSocket) {
        while !isStopped {
            let ready = Poll.waitForReadable([listener.descriptor, wake.readEnd], timeout: nil)
            guard !isStopped else { return }
            if ready[0], let client = listener.accept() {
                converse(with: client)
                client.close()
            }
        }
    }

    /// Answers `client`'s requests until it closes, stalls or misbehaves.
    private func converse(with client: UnixSocket) {
        client.setSendTimeout(idleTimeout)
        var deadline = Date(timeIntervalSinceNow: idleTimeout)
        while !isStopped {
            var result = client.bufferedLine()
            if result == nil {
                let remaining = deadline.timeIntervalSinceNow
                guard remaining > 0 else { return }  // stalled: dropped
                let ready = Poll.waitForReadable([client.descriptor, wake.readEnd], timeout: remaining)
                guard ready[0] else { continue }
                result = client.readAvailableLine(maxLength: InspectorRequest.maxLineLength)
            }
            switch result {
            case .line(let line)?:
                guard line.utf8.count <= InspectorRequest.maxLineLength else {
                    client.write(InspectorReply.encode(InspectorRequest.tooLongReply))
                    return
                }
                let current = targets.withLock { $0 }
                if let body = InspectorRequest.reply(to: line, targets: current) {
                    guard client.write(InspectorReply.encode(body)) else { return }
                }
                deadline = Date(timeIntervalSinceNow: idleTimeout)
            case .tooLong?:
                client.write(InspectorReply.encode(InspectorRequest.tooLongReply))
                return
            case .closed?, nil:
                return
            case .pending?:
                continue
            }
        }
    }
}
