import Foundation
import InspectorWire
import XCTest

/// The built `lamina-inspect`, run as a user would, against apps that
/// keep their sockets in a private `XDG_RUNTIME_DIR`, so test runs never
/// see each other's.
struct LaminaInspect {
    let runtimeDirectory: String

    /// Makes a fresh private runtime directory (mode 0700).
    init() throws {
        runtimeDirectory = NSTemporaryDirectory() + "lamina-inspector-tests-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: runtimeDirectory, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o700])
    }

    /// Removes the directory.
    func remove() { try? FileManager.default.removeItem(atPath: runtimeDirectory) }

    /// What an app started with it needs in its environment.
    var environment: [String: String] { ["XDG_RUNTIME_DIR": runtimeDirectory] }

    func directory() throws -> InspectorDirectory {
        try InspectorDirectory.resolve(environment: environment)
    }

    /// The socket of process `pid`, once it exists (15 s at most).
    func waitForSocket(of process: ChildProcess) throws -> String {
        let path = try directory().socketPath(pid: process.processIdentifier)
        let deadline = Date(timeIntervalSinceNow: 15)
        while InspectorDirectory.mode(of: path) == nil, process.isRunning, Date() < deadline { usleep(20_000) }
        guard InspectorDirectory.mode(of: path) != nil else {
            XCTFail("no inspector socket at \(path)")
            throw XCTSkip("the demo did not offer the inspector")
        }
        return path
    }

    /// Runs it with `arguments`; its status and stdout + stderr.
    func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtimeDirectory
        let process = try ChildProcess(executable: try DemoProcess.executable(named: "lamina-inspect"),
                                       arguments: arguments, environment: environment,
                                       standardOutput: .pipe, standardError: .pipe)
        // Small outputs: stderr (a line at most) cannot fill its pipe while
        // stdout is read to its end.
        var data = process.readToEnd(.standardOutput)
        data.append(process.readToEnd(.standardError))
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Runs it until its output contains `text` (the socket opens with the
    /// window, before the app's first commit), `timeout` seconds at most.
    func run(_ arguments: [String], until text: String, timeout: Double = 10) throws -> (status: Int32, output: String) {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            let result = try run(arguments)
            if result.output.contains(text) || Date() > deadline { return result }
            usleep(50_000)
        }
    }

    /// One reply's lines read from `socket`, without the terminator.
    static func readReply(_ socket: UnixSocket) -> [String] {
        var lines: [String] = []
        while case .line(let line) = socket.readLine() {
            guard let text = InspectorReply.decode(line) else { return lines }
            lines.append(text)
        }
        return lines
    }
}
