import CoreGraphics
import Foundation
import Glibc

/// A program the tests start (a demo, `lamina-inspect`, `Xvfb`), spawned
/// with `posix_spawn` and reaped with `waitpid`, with nothing running in the
/// background.
///
/// Not Foundation's `Process`: on Linux its monitoring thread (a CFRunLoop
/// source per process) can still touch a `Process` after the caller has
/// released it. The suite once died with "malloc(): unaligned tcache chunk
/// detected" on the main thread right after the tests that start dozens of
/// processes, with that thread the only one alive besides dispatch's.
///
/// The names (`processIdentifier`, `isRunning`, `terminationStatus`,
/// `terminationReason`, `terminate()`) are `Process`'s, so tests read the same.
final class ChildProcess: Sendable {
    enum TerminationReason: Equatable, Sendable {
        case exit
        case uncaughtSignal
    }

    /// Where a standard stream of the child goes.
    enum Stream {
        /// `/dev/null`.
        case null
        /// A pipe this object reads (see `readToEnd(_:)`, `readLine(_:)`).
        case pipe
        /// The test process's own stream.
        case inherit
    }

    struct SpawnFailure: Error, CustomStringConvertible {
        let description: String
    }

    let processIdentifier: pid_t
    /// The read ends of the child's stdout and stderr pipes, when piped.
    private let outputDescriptor: Int32?
    private let errorDescriptor: Int32?
    /// Set once `waitpid` has reaped the child.
    private let status = LockedValue<(reason: TerminationReason, code: Int32)?>(nil)

    /// Starts `executable` with `arguments` and exactly `environment`. Every
    /// descriptor of this process other than the three standard ones is
    /// closed in the child (`posix_spawn_file_actions_addclosefrom_np`).
    init(executable: URL, arguments: [String], environment: [String: String],
         standardOutput: Stream = .null, standardError: Stream = .null) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var parentEnds: [Int32] = []
        var childEnds: [Int32] = []
        defer { childEnds.forEach { _ = close($0) } }
        func route(_ stream: Stream, to target: Int32) throws -> Int32? {
            switch stream {
            case .inherit:
                return nil
            case .null:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_WRONLY, 0)
                return nil
            case .pipe:
                var ends: [Int32] = [-1, -1]
                guard pipe(&ends) == 0 else {
                    throw SpawnFailure(description: "pipe failed: \(String(cString: strerror(errno)))")
                }
                // Other children (spawned from this thread only) must not inherit them.
                ends.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
                parentEnds.append(ends[0])
                childEnds.append(ends[1])
                // dup2 in the child clears close-on-exec on the target.
                posix_spawn_file_actions_adddup2(&actions, ends[1], target)
                return ends[0]
            }
        }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        let outputEnd = try route(standardOutput, to: 1)
        let errorEnd = try route(standardError, to: 2)
        _ = Self.closeFrom?(&actions, 3)

        let argv = [executable.path] + arguments
        let envp = environment.map { "\($0.key)=\($0.value)" }
        var pid: pid_t = 0
        let result = Self.withCStrings(argv) { argvPointers in
            Self.withCStrings(envp) { envPointers in
                posix_spawn(&pid, executable.path, &actions, nil, argvPointers, envPointers)
            }
        }
        guard result == 0 else {
            parentEnds.forEach { _ = close($0) }
            throw SpawnFailure(description: "cannot start \(executable.path): \(String(cString: strerror(result)))")
        }
        processIdentifier = pid
        outputDescriptor = outputEnd
        errorDescriptor = errorEnd
    }

    deinit {
        if isRunning {
            kill(processIdentifier, SIGKILL)
            waitUntilExit()
        }
        [outputDescriptor, errorDescriptor].compactMap { $0 }.forEach { _ = close($0) }
    }

    /// Whether the child has not exited yet (reaps it once it has).
    var isRunning: Bool {
        reap(blocking: false)
        return status.withLock { $0 } == nil
    }

    /// The exit code, or the signal number when a signal ended it.
    /// Only meaningful once the child has exited.
    var terminationStatus: Int32 { status.withLock { $0?.code } ?? -1 }
    var terminationReason: TerminationReason { status.withLock { $0?.reason } ?? .exit }

    /// Sends SIGTERM, as `Process.terminate()` does.
    func terminate() {
        if isRunning { kill(processIdentifier, SIGTERM) }
    }

    /// Sends SIGKILL, as a crash would end it.
    func killNow() {
        if isRunning { kill(processIdentifier, SIGKILL) }
    }

    func waitUntilExit() { reap(blocking: true) }

    /// Waits at most `timeout` seconds; returns whether the child exited.
    func waitForExit(timeout: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while isRunning, Date() < deadline { usleep(5000) }
        return !isRunning
    }

    /// A piped output stream of the child.
    enum PipedStream {
        case standardOutput
        case standardError
    }

    /// Everything the child writes to `stream` until it closes it (at exit);
    /// empty when the stream is not piped.
    func readToEnd(_ stream: PipedStream) -> Data {
        guard let descriptor = descriptor(of: stream) else { return Data() }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(descriptor, &chunk, chunk.count)
            if count > 0 { data.append(contentsOf: chunk[0..<count]); continue }
            if count < 0, errno == EINTR { continue }
            return data
        }
    }

    /// The first line the child writes to `stream` (without the newline),
    /// or what it wrote before closing it.
    func readLine(_ stream: PipedStream) -> String {
        guard let descriptor = descriptor(of: stream) else { return "" }
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = read(descriptor, &byte, 1)
            if count < 0, errno == EINTR { continue }
            if count <= 0 || byte == 0x0A { break }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private func descriptor(of stream: PipedStream) -> Int32? {
        stream == .standardOutput ? outputDescriptor : errorDescriptor
    }

    private func reap(blocking: Bool) {
        guard status.withLock({ $0 }) == nil else { return }
        var raw: Int32 = 0
        var result: pid_t
        repeat { result = waitpid(processIdentifier, &raw, blocking ? 0 : WNOHANG) } while result < 0 && errno == EINTR
        guard result == processIdentifier else { return }
        // The <sys/wait.h> macros, which Swift does not import.
        let signal = raw & 0x7f
        status.withLock { $0 = signal == 0 ? (.exit, (raw >> 8) & 0xff) : (.uncaughtSignal, signal) }
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later),
    /// which Swift's Glibc module leaves out (it needs `_GNU_SOURCE`). Without
    /// it, only close-on-exec descriptors stay out of the child.
    private static let closeFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else {
            return nil
        }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }()

    /// Runs `body` with a NULL-terminated C array of `strings`.
    private static func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
        var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
        pointers.append(nil)
        defer { pointers.forEach { free($0) } }
        return body(pointers)
    }
}
