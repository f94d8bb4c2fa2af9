import Foundation

/// One-line diagnostics on stderr, prefixed `lamina:`. Safe from any thread.
enum HostLog {
    static func line(_ message: String) {
        FileHandle.standardError.write(Data("lamina: \(message)\n".utf8))
    }
}
