import CoreGraphics
import Foundation
import InspectorWire

/// The live layer-tree inspector's server (docs/debugging.md): a thread
/// that listens on a Unix socket, mode 0600, in the owner-only
/// `InspectorDirectory`, and answers `InspectorRequest`s from
/// `lamina-inspect`. Never a network socket.
///
/// One thread waits (`poll`) on the listener and every client at once, so
/// no client holds up another: a request is carried out on a worker
/// thread and its reply handed back to be written, while the others go on
/// being read. A client that sends nothing for `idleTimeout` seconds, sends
/// a line longer than `InspectorRequest.maxLineLength`, or stops reading
/// its reply for a second, is dropped; past `maxClients` connections a new
/// one gets an error line and is closed. Nothing here touches the render
/// thread except through the render server's own requests, so the app's
/// frames never wait for a client.
final class InspectorServer: Sendable {
    /// The socket's path.
    let socketPath: String
    /// Seconds a client may stay silent before it is dropped.
    let idleTimeout: Double
    /// Connections served at once.
    static let maxClients = 64
    /// Seconds a reply may wait for a client that does not read.
    static let sendTimeout = 1.0

    private let targets: LockedValue<[InspectorTarget]>
    private let stopped = LockedValue(false)
    private let wake = WakePipe()
    private let finished = DispatchSemaphore(value: 0)
    /// Replies made on worker threads, by client number, for the server
    /// thread to write.
    private let replies = LockedValue<[(client: Int, body: String?)]>([])

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
                listener = try UnixSocket.listen(at: path, backlog: 64)
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

    /// A connected client, on the server thread.
    private final class Client {
        let number: Int
        let socket: UnixSocket
        var deadline: Date
        /// A request of this client's is being carried out: its next lines
        /// wait, and it is not idle.
        var isBusy = false

        init(number: Int, socket: UnixSocket, idleTimeout: Double) {
            self.number = number
            self.socket = socket
            deadline = Date(timeIntervalSinceNow: idleTimeout)
        }
    }

    private func serve(_ listener: UnixSocket) {
        var clients: [Client] = []
        var nextNumber = 0
        defer { for client in clients { client.socket.close() } }
        while !isStopped {
            let waiting = clients.filter { !$0.isBusy }
            let earliest = waiting.map(\.deadline).min()
            let ready = Poll.waitForReadable([listener.descriptor, wake.readEnd] + waiting.map(\.socket.descriptor),
                                             timeout: earliest.map { max(0, $0.timeIntervalSinceNow) })
            guard !isStopped else { return }
            if ready[1] { wake.drain() }
            writeReplies(to: &clients)
            // Replies written just now may have dropped a client, or started
            // its next buffered request: neither is read until its turn.
            for (index, client) in waiting.enumerated()
            where ready[index + 2] && !client.isBusy && clients.contains(where: { $0 === client }) {
                if !read(client) { drop(client, from: &clients) }
            }
            for client in clients where !client.isBusy && client.deadline.timeIntervalSinceNow <= 0 {
                drop(client, from: &clients)  // silent too long
            }
            if ready[0], let socket = listener.accept() {
                guard clients.count < Self.maxClients else {
                    socket.setSendTimeout(0.1)
                    socket.write(InspectorReply.encode("error: \(Self.maxClients) inspector clients are connected already; try again"))
                    socket.close()
                    continue
                }
                socket.setSendTimeout(Self.sendTimeout)
                nextNumber += 1
                clients.append(Client(number: nextNumber, socket: socket, idleTimeout: idleTimeout))
            }
        }
    }

    /// Reads what `client` sent and starts its next request; false when
    /// it is to be dropped (closed, or a line too long).
    private func read(_ client: Client) -> Bool {
        switch client.socket.readAvailableLine(maxLength: InspectorRequest.maxLineLength) {
        case .line(let line):
            guard line.utf8.count <= InspectorRequest.maxLineLength else { return refuseTooLong(client) }
            start(line, for: client)
            return true
        case .tooLong:
            return refuseTooLong(client)
        case .pending:
            return true
        case .closed:
            return false
        }
    }

    private func refuseTooLong(_ client: Client) -> Bool {
        client.socket.write(InspectorReply.encode(InspectorRequest.tooLongReply))
        return false
    }

    /// Carries `line` out on a worker thread (a request may wait for the
    /// render thread, the main thread, or `hot`'s seconds).
    private func start(_ line: String, for client: Client) {
        client.isBusy = true
        let number = client.number
        let current = targets.withLock { $0 }
        DispatchQueue.global().async { [self] in
            let body = InspectorRequest.reply(to: line, targets: current)
            replies.withLock { $0.append((number, body)) }
            wake.wake()
        }
    }

    /// Writes the replies that are ready, then starts each client's next
    /// buffered request.
    private func writeReplies(to clients: inout [Client]) {
        let ready = replies.withLock { list in
            defer { list.removeAll() }
            return list
        }
        for (number, body) in ready {
            guard let client = clients.first(where: { $0.number == number }) else { continue }
            client.isBusy = false
            client.deadline = Date(timeIntervalSinceNow: idleTimeout)
            if let body, !client.socket.write(InspectorReply.encode(body)) {
                drop(client, from: &clients)
                continue
            }
            // Lines that came with the last one are answered in turn.
            switch client.socket.bufferedLine() {
            case .line(let line)?:
                if line.utf8.count <= InspectorRequest.maxLineLength { start(line, for: client) }
                else if !refuseTooLong(client) { drop(client, from: &clients) }
            default:
                break
            }
        }
    }

    private func drop(_ client: Client, from clients: inout [Client]) {
        client.socket.close()
        clients.removeAll { $0 === client }
    }
}
