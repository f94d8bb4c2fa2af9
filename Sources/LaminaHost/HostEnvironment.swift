import Foundation

/// The environment variables LaminaHost reads, all parsed here and listed
/// in `docs/x11-host.md`.
enum HostEnvironment {
    /// `LAMINA_NO_SHM=1`: present with `XPutImage` even when MIT-SHM works
    /// (to compare the paths, or to rule out shared memory).
    static var sharedMemoryDisabled: Bool { isSet("LAMINA_NO_SHM") }

    private static func isSet(_ name: String) -> Bool {
        guard let value = ProcessInfo.processInfo.environment[name] else { return false }
        return !["", "0", "no", "false"].contains(value.lowercased())
    }
}
