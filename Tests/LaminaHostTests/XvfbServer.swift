import Foundation

/// A private Xvfb for one test (or for the whole run when there is no
/// `DISPLAY`), on a display number Xvfb picks itself (`-displayfd`).
final class XvfbServer: Sendable {
    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    let displayName: String
    private let process: Process

    /// Starts `Xvfb` with a screen of `screen` ("WxHxDepth") and any
    /// `extraArguments` (`-extension MIT-SHM` turns MIT-SHM off), and
    /// waits until it accepts connections.
    init(screen: String = "1280x1024x24", extraArguments: [String] = []) throws {
        guard let executable = Self.findExecutable("Xvfb") else {
            throw Unavailable(description: "Xvfb is not installed (apt-get install xvfb)")
        }
        process = Process()
        process.executableURL = executable
        process.arguments = ["-displayfd", "1", "-screen", "0", screen, "-nolisten", "tcp", "-noreset"] + extraArguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Xvfb writes the display number once it is ready, or exits.
        var text = ""
        while !text.contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.terminate()
            throw Unavailable(description: "Xvfb did not start (\(process.arguments!.joined(separator: " ")))")
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
        Foundation.kill(process.processIdentifier, SIGKILL)
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
