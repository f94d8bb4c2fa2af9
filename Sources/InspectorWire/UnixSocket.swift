import Glibc

/// A local stream socket (`socket(AF_UNIX)`, `bind`, `listen`, `accept`,
/// `connect`, `read`, `write`, `chmod`): the only place the inspector's
/// socket calls are made. Never a network socket.
///
/// Not `Sendable`: a socket and its read buffer belong to one thread.
public final class UnixSocket {
    /// The file descriptor, for `poll`.
    public let descriptor: Int32
    private var buffer: [UInt8] = []
    private var isClosed = false

    private init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { close() }

    /// Errors, each one line naming the call and `strerror`.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        init(_ call: String, _ path: String) {
            description = "\(call) \(path): \(String(cString: strerror(errno)))"
        }
        public init(message: String) { description = message }
    }

    /// Listens at `path`, which must not exist, with the file mode 0600
    /// (only the owner may connect). Call it inside a directory only the
    /// owner can enter, so nobody can connect before the `chmod`.
    public static func listen(at path: String, backlog: Int32 = 8) throws(Failure) -> UnixSocket {
        let socket = try open(path)
        try socket.withAddress(path) { (address, length) throws(Failure) in
            guard bind(socket.descriptor, address, length) == 0 else { throw Failure("bind", path) }
        }
        guard chmod(path, 0o600) == 0 else {
            let failure = Failure("chmod", path)
            unlink(path)
            throw failure
        }
        guard Glibc.listen(socket.descriptor, backlog) == 0 else {
            let failure = Failure("listen", path)
            unlink(path)
            throw failure
        }
        return socket
    }

    /// Connects to the socket at `path`; reads and writes give up after
    /// `timeout` seconds.
    public static func connect(to path: String, timeout: Double) throws(Failure) -> UnixSocket {
        let socket = try open(path)
        var limit = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1_000_000))
        _ = setsockopt(socket.descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        _ = setsockopt(socket.descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        try socket.withAddress(path) { (address, length) throws(Failure) in
            guard Glibc.connect(socket.descriptor, address, length) == 0 else { throw Failure("connect", path) }
        }
        return socket
    }

    /// Accepts a waiting connection (call it when `descriptor` is readable);
    /// nil when there was none or it failed.
    public func accept() -> UnixSocket? {
        let client = Glibc.accept(descriptor, nil, nil)
        guard client >= 0 else { return nil }
        _ = fcntl(client, F_SETFD, FD_CLOEXEC)
        return UnixSocket(descriptor: client)
    }

    /// What reading a line gave.
    public enum LineResult: Equatable {
        /// A line, without its newline (and without a trailing carriage return).
        case line(String)
        /// More than the limit arrived without a newline.
        case tooLong
        /// The peer closed, or the read failed or timed out.
        case closed
        /// Nothing complete yet; read again when readable (from `readAvailableLine`).
        case pending
    }

    /// Reads until a whole line is buffered, blocking (up to the socket's
    /// timeout) as needed.
    public func readLine(maxLength: Int = 1 << 20) -> LineResult {
        while true {
            let result = readAvailableLine(maxLength: maxLength)
            if result != .pending { return result }
        }
    }

    /// Returns a buffered line, or does at most one `read`: call it when
    /// `descriptor` is readable, so it does not block.
    public func readAvailableLine(maxLength: Int) -> LineResult {
        if let line = takeLine() { return line }
        guard buffer.count <= maxLength else { return .tooLong }
        var chunk = [UInt8](repeating: 0, count: 4096)
        var count: Int
        repeat { count = read(descriptor, &chunk, chunk.count) } while count < 0 && errno == EINTR
        guard count > 0 else { return .closed }
        buffer += chunk[0..<count]
        if let line = takeLine() { return line }
        return buffer.count > maxLength ? .tooLong : .pending
    }

    /// A line already buffered, without reading; nil when none is.
    public func bufferedLine() -> LineResult? { takeLine() }

    private func takeLine() -> LineResult? {
        guard let newline = buffer.firstIndex(of: 0x0A) else { return nil }
        var bytes = buffer[..<newline]
        buffer.removeSubrange(...newline)
        if bytes.last == 0x0D { bytes = bytes.dropLast() }
        return .line(String(decoding: bytes, as: UTF8.self))
    }

    /// Writes all of `text`; false when the peer is gone or stalls past the
    /// send timeout. `MSG_NOSIGNAL`: a closed peer is an error, not SIGPIPE.
    @discardableResult
    public func write(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    /// Gives writes to this socket up after `seconds` (a stalled reader).
    public func setSendTimeout(_ seconds: Double) {
        var limit = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - seconds.rounded(.down)) * 1_000_000))
        _ = setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Closes the descriptor (again is harmless).
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        _ = Glibc.close(descriptor)
    }

    private static func open(_ path: String) throws(Failure) -> UnixSocket {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw Failure("socket", path) }
        return UnixSocket(descriptor: descriptor)
    }

    private func withAddress(_ path: String,
                             _ body: (UnsafePointer<sockaddr>, socklen_t) throws(Failure) -> Void) throws(Failure) {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity, !bytes.contains(0) else {
            throw Failure(message: "\(path): too long for a socket path (at most \(capacity - 1) bytes)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let length = socklen_t(MemoryLayout<sockaddr_un>.size)
        let result: Result<Void, Failure> = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                do throws(Failure) { try body(address, length); return .success(()) } catch { return .failure(error) }
            }
        }
        try result.get()
    }
}
