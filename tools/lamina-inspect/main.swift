// lamina-inspect: attaches to a running Lamina app that offers the
// inspector (LAMINA_INSPECTOR=1) and prints its live layer tree or frame
// statistics. See docs/debugging.md.
import Foundation
import InspectorWire

/// Writes `message` to stderr and exits with `status`.
func fail(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data("lamina-inspect: \(message)\n".utf8))
    exit(status)
}

let command: InspectCommand
do throws(UnixSocket.Failure) {
    command = try InspectCommand(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    fail("\(error)\n\(InspectCommand.usage)", status: 2)
}

let directory: InspectorDirectory
do throws(UnixSocket.Failure) {
    directory = try InspectorDirectory.resolve()
} catch {
    fail("\(error)")
}

/// The process name of `pid`, from /proc, for the listing.
func processName(_ pid: Int32) -> String {
    let comm = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? "?"
    return comm.trimmingCharacters(in: .whitespacesAndNewlines)
}

let pid: Int32
if let chosen = command.pid {
    pid = chosen
} else {
    let found = directory.socketPIDs()
    if found.isEmpty {
        fail("no Lamina app offers an inspector in \(directory.path) (start it with LAMINA_INSPECTOR=1)")
    }
    for candidate in found { print("pid \(candidate) \(processName(candidate))") }
    guard found.count == 1 else { fail("\(found.count) apps found; choose one with --pid", status: 2) }
    pid = found[0]
}

let path = directory.socketPath(pid: pid)
let clearsScreen = command.watch != nil && isatty(STDOUT_FILENO) == 1
repeat {
    do throws(UnixSocket.Failure) {
        let lines = try ask(command.request, at: path)
        let screen = (clearsScreen ? "\u{1B}[H\u{1B}[2J" : "") + lines.joined(separator: "\n") + "\n"
        FileHandle.standardOutput.write(Data(screen.utf8))
        if lines.first?.hasPrefix("error:") == true { exit(1) }
    } catch {
        fail("process \(pid): \(error)")
    }
    if let seconds = command.watch { usleep(UInt32(seconds * 1_000_000)) }
} while command.watch != nil
