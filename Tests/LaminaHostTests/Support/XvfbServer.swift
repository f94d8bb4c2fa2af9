import Foundation

/// A private Xvfb for one test (or for the whole run when there is no
/// `DISPLAY`), on a display number Xvfb picks itself (`-displayfd`).
final class XvfbServer: Sendable {
    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    let displayName: String
    private let process: ChildProcess

    /// Starts `Xvfb` with a screen of `screen` ("WxHxDepth") and any
    /// `extraArguments` (`-extension MIT-SHM` turns MIT-SHM off), and
    /// waits until it accepts connections.
    init(screen: String = "1280x1024x24", extraArguments: [String] = []) throws {
        guard let executable = Self.findExecutable("Xvfb") else {
            throw Unavailable(description: "Xvfb is not installed (apt-get install xvfb)")
        }
        let arguments = ["-displayfd", "1", "-screen", "0", screen, "-nolisten", "tcp", "-noreset"] + extraArguments
        process = try ChildProcess(executable: executable, arguments: arguments,
                                   environment: ProcessInfo.processInfo.environment,
                                   standardOutput: .pipe, standardError: .null)
        // Xvfb writes the display number once it is ready, or exits.
        let line = process.readLine(.standardOutput)
        guard let number = Int(line.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.killNow()
            process.waitUntilExit()
            throw Unavailable(description: "Xvfb did not start (Xvfb \(arguments.joined(separator: " ")))")
        }
        displayName = ":\(number)"
    }

    deinit { stop() }

    var isRunning: Bool { process.isRunning }

    /// Ends the server politely and waits for it.
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    /// Kills the server at once, as a crash would.
    func kill() {
        guard process.isRunning else { return }
        process.killNow()
        process.waitUntilExit()
    }

    static func findExecutable(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
