import Foundation
import Glibc

/// Where inspector sockets live (`getuid`, `mkdir`, `lstat`, `unlink`,
/// `access`): `$XDG_RUNTIME_DIR`, else `/tmp/lamina-<uid>` created
/// with mode 0700. Either must be a real directory (not a symlink) owned by
/// this user with no access for group or others, or it is refused.
///
/// Sockets are named `lamina-inspector-<pid>.sock`. A plain value.
public struct InspectorDirectory: Sendable, Equatable {
    /// The directory's path.
    public let path: String

    /// The file name prefix and suffix of a socket.
    static let prefix = "lamina-inspector-", suffix = ".sock"

    /// The directory `environment` names, checked (and created when it is
    /// the /tmp fallback). Throws a one-line reason when it is unsafe.
    public static func resolve(environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(UnixSocket.Failure) -> InspectorDirectory {
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            return try checked(runtime)
        }
        let fallback = "/tmp/lamina-\(getuid())"
        if mkdir(fallback, 0o700) != 0 && errno != EEXIST {
            throw UnixSocket.Failure(message: "mkdir \(fallback): \(String(cString: strerror(errno)))")
        }
        return try checked(fallback)
    }

    /// `path` if it is a directory owned by this user, mode 0700 or stricter.
    static func checked(_ path: String) throws(UnixSocket.Failure) -> InspectorDirectory {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            throw UnixSocket.Failure(message: "\(path): \(String(cString: strerror(errno)))")
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw UnixSocket.Failure(message: "\(path) is not a directory")
        }
        guard status.st_uid == getuid() else {
            throw UnixSocket.Failure(message: "\(path) belongs to another user")
        }
        guard status.st_mode & 0o077 == 0 else {
            throw UnixSocket.Failure(message: "\(path) is open to other users (mode \(String(status.st_mode & 0o777, radix: 8)); it must be 0700)")
        }
        return InspectorDirectory(path: path)
    }

    /// The socket of process `pid`.
    public func socketPath(pid: Int32) -> String { path + "/" + Self.prefix + "\(pid)" + Self.suffix }

    /// The processes with a socket here, by pid, ascending; `live` keeps
    /// only those whose process still exists.
    public func socketPIDs(live: Bool = true) -> [Int32] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        let pids = names.compactMap { name -> Int32? in
            guard name.hasPrefix(Self.prefix), name.hasSuffix(Self.suffix) else { return nil }
            return Int32(name.dropFirst(Self.prefix.count).dropLast(Self.suffix.count))
        }
        return pids.filter { !live || Self.processExists($0) }.sorted()
    }

    /// Removes the sockets left by processes that no longer exist (killed
    /// before they could remove their own).
    public func removeStaleSockets() {
        for pid in socketPIDs(live: false) where !Self.processExists(pid) { unlink(socketPath(pid: pid)) }
    }

    /// Removes the socket at `path` (gone already is fine).
    public static func remove(_ path: String) { unlink(path) }

    /// The mode bits of the file at `path` (for tests and checks), nil when absent.
    public static func mode(of path: String) -> UInt32? {
        var status = stat()
        return lstat(path, &status) == 0 ? UInt32(status.st_mode & 0o7777) : nil
    }

    /// This process's id.
    public static var currentPID: Int32 { getpid() }

    /// Whether `pid` is a live process (its /proc entry exists; `kill(pid, 0)`
    /// may be refused by a sandbox).
    static func processExists(_ pid: Int32) -> Bool { pid > 0 && access("/proc/\(pid)", F_OK) == 0 }
}
