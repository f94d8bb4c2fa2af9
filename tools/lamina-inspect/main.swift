// lamina-inspect: attaches to a running Lamina app that offers the
// inspector (LAMINA_INSPECTOR=1): prints its live layer tree or frame
// statistics, selects, reads and changes layers, slows its animations,
// names its costliest layers. See docs/debugging.md.
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
        let stale = directory.socketPIDs(live: false)
        let note = stale.isEmpty ? "" : "; sockets of ended processes: \(stale.map(String.init).joined(separator: ", "))"
        fail("no Lamina app offers an inspector in \(directory.path) (start it with LAMINA_INSPECTOR=1)\(note)")
    }
    guard found.count == 1 else {
        let list = found.map { "  pid \($0) \(processName($0))" }.joined(separator: "\n")
        fail("\(found.count) apps offer an inspector; choose one with --pid:\n\(list)", status: 2)
    }
    pid = found[0]
    // On stderr, so stdout holds only the app's reply.
    FileHandle.standardError.write(Data("lamina-inspect: pid \(pid) \(processName(pid))\n".utf8))
}

let path = directory.socketPath(pid: pid)
let clearsScreen = command.watch != nil && isatty(STDOUT_FILENO) == 1
repeat {
    do throws(UnixSocket.Failure) {
        let lines = try ask(command.request, at: path, timeout: command.replyTimeout)
        let screen = (clearsScreen ? "\u{1B}[H\u{1B}[2J" : "") + lines.joined(separator: "\n") + "\n"
        FileHandle.standardOutput.write(Data(screen.utf8))
        if lines.first?.hasPrefix("error:") == true { exit(1) }
    } catch {
        fail("process \(pid): \(error)")
    }
    if let seconds = command.watch { usleep(UInt32(seconds * 1_000_000)) }
} while command.watch != nil
