/// The render server's debug switches, read from the environment.
///
/// This is the one place environment variables are parsed, and
/// `docs/debugging.md` the one place they are documented:
///
/// | variable | effect |
/// | --- | --- |
/// | `LAMINA_PROFILER=1` | the profiler panel starts shown (F1 in the host) |
/// | `LAMINA_FLASH_REPAINTS=1` | repainted regions flash (F2 in the host) |
/// | `LAMINA_TRACE=<file>` | a Chrome trace (Trace Event Format JSON) is written to the file at exit |
/// | `LAMINA_INSPECTOR=1` | the host offers the live layer-tree inspector (`lamina-inspect`) on a Unix socket |
///
/// Flags accept `1`, `true`, `yes`, `on` and `0`, `false`, `no`, `off`
/// (any case); anything else is reported through `CADiagnostics` and read
/// as off. A plain value, safe to pass between threads.
package struct DebugSettings: Sendable, Equatable {
    /// Draw the profiler panel over every frame.
    package var showsProfiler = false
    /// Tint each repainted region, fading over `RepaintFlasher.fadeDuration`.
    package var flashesRepaints = false
    /// Where to write a trace; nil records none.
    package var tracePath: String?
    /// Offer the live layer-tree inspector on an owner-only Unix socket.
    package var inspector = false

    /// Everything off.
    package init() {}

    /// The settings `environment` asks for.
    package init(environment: [String: String]) {
        showsProfiler = Self.flag("LAMINA_PROFILER", in: environment)
        flashesRepaints = Self.flag("LAMINA_FLASH_REPAINTS", in: environment)
        inspector = Self.flag("LAMINA_INSPECTOR", in: environment)
        if let path = environment["LAMINA_TRACE"], !path.isEmpty { tracePath = path }
    }

    /// The settings of this process's environment, read once.
    package static let environment = DebugSettings(environment: ProcessInfo.processInfo.environment)

    /// The boolean value of `name` in `environment`; unset or empty is off.
    static func flag(_ name: String, in environment: [String: String]) -> Bool {
        guard let value = environment[name]?.lowercased(), !value.isEmpty else { return false }
        switch value {
        case "1", "true", "yes", "on": return true
        case "0", "false", "no", "off": return false
        default:
            CADiagnostics.report("\(name)=\(value) is not a flag (use 1 or 0); read as off")
            return false
        }
    }
}
