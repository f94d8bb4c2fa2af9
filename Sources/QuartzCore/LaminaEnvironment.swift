/// The `LAMINA_*` environment variables the library reads, parsed here and
/// only here, with one grammar; `docs/debugging.md` documents them.
///
/// | variable | kind | read by |
/// | --- | --- | --- |
/// | `LAMINA_PROFILER` | flag | `DebugSettings`: the profiler panel starts shown |
/// | `LAMINA_FLASH_REPAINTS` | flag | `DebugSettings`: repainted regions flash |
/// | `LAMINA_TRACE` | path | `LaminaWindow.Settings`: a Chrome trace is written there |
/// | `LAMINA_INSPECTOR` | flag | `LaminaWindow.Settings`: the window offers the inspector |
/// | `LAMINA_NO_SHM` | flag | `LaminaWindow.Settings`: present with `XPutImage`, not MIT-SHM |
/// | `LAMINA_SLOW_ANIMATIONS` | factor | `LaminaWindow.Settings`: animations run that many times slower |
/// | `LAMINA_RENDER_THREADS` | count | `CompositingThreads`: threads that composite a large area (1: only the render thread) |
///
/// A flag is on for `1`, `true`, `yes` or `on` and off for `0`, `false`,
/// `no` or `off` (any case), and off when unset or empty; any other value
/// is reported through `CADiagnostics` and read as off. A path is any
/// non-empty value. A factor is a number from 0.01 to 1000; anything else
/// is reported and read as 1. A count is a whole number from 1 to 64;
/// anything else is reported and read as unset. Programs pass these as settings (`LaminaWindow.Settings`);
/// the environment only gives their defaults.
package struct LaminaEnvironment: Sendable {
    /// The variables, by name.
    package enum Variable: String, CaseIterable, Sendable {
        case profiler = "LAMINA_PROFILER"
        case flashRepaints = "LAMINA_FLASH_REPAINTS"
        case trace = "LAMINA_TRACE"
        case inspector = "LAMINA_INSPECTOR"
        case noSharedMemory = "LAMINA_NO_SHM"
        case slowAnimations = "LAMINA_SLOW_ANIMATIONS"
        case renderThreads = "LAMINA_RENDER_THREADS"
    }

    private let variables: [String: String]

    /// The variables of `environment` (the process's, for `process`).
    package init(_ environment: [String: String]) {
        variables = environment
    }

    /// This process's environment, as it was when first asked.
    package static let process = LaminaEnvironment(ProcessInfo.processInfo.environment)

    /// Whether the flag `variable` is on (see the type's description).
    package func flag(_ variable: Variable) -> Bool {
        guard let value = variables[variable.rawValue]?.lowercased(), !value.isEmpty else { return false }
        switch value {
        case "1", "true", "yes", "on": return true
        case "0", "false", "no", "off": return false
        default:
            CADiagnostics.report("\(variable.rawValue)=\(value) is not a flag (use 1 or 0); read as off")
            return false
        }
    }

    /// The path `variable` names, or nil when it is unset or empty.
    package func path(_ variable: Variable) -> String? {
        guard let value = variables[variable.rawValue], !value.isEmpty else { return nil }
        return value
    }

    /// The factor `variable` gives (see the type's description): 1 when
    /// unset or empty.
    package func factor(_ variable: Variable) -> Double {
        guard let value = variables[variable.rawValue], !value.isEmpty else { return 1 }
        guard let number = Double(value), number.isFinite, (0.01...1000).contains(number) else {
            CADiagnostics.report("\(variable.rawValue)=\(value) is not a factor from 0.01 to 1000; read as 1")
            return 1
        }
        return number
    }

    /// The count `variable` gives (see the type's description), nil when
    /// unset, empty or not a count.
    package func count(_ variable: Variable) -> Int? {
        guard let value = variables[variable.rawValue], !value.isEmpty else { return nil }
        guard let number = Int(value), (1...64).contains(number) else {
            CADiagnostics.report("\(variable.rawValue)=\(value) is not a count from 1 to 64; ignored")
            return nil
        }
        return number
    }
}
