import InspectorWire

/// `lamina-inspect`'s command line: `[--pid PID] COMMAND [ARGUMENT...]`,
/// `tree --watch [SECONDS]` to keep a live tree on screen.
struct InspectCommand: Equatable {
    var pid: Int32?
    var watch: Double?
    /// The request's words, command first.
    var request = ["tree"]

    static let commands: Set<String> = ["tree", "stats", "help", "version", "select", "get", "set", "slow", "hot", "overdraw"]
    static let defaultWatchSeconds = 1.0

    static let usage = """
        usage: lamina-inspect [--pid PID] COMMAND [ARGUMENT...]
          tree [--watch [SECONDS]]   the live layer tree, with running animations (again every SECONDS)
          stats                      frame statistics
          select LAYER|none          highlight a layer in the window
          get LAYER KEYPATH          its model and presentation value
          set LAYER KEYPATH VALUE    change it, as app code would (implicit animations run)
          slow FACTOR                animations FACTOR times slower (1: normal speed)
          hot [SECONDS]              layers by compositing time over the last SECONDS
          overdraw on|off            tint pixels by how many layers cover them
          version, help
          LAYER: a name, a path of names (menuLayer/item2), or #ID as tree prints it.
          The app must offer the inspector (LAMINA_INSPECTOR=1; kiosk-menu: --inspector).
          Without --pid, lists the apps it finds and uses the only one.
        """

    /// Parses `arguments` (without the program name); throws a one-line reason.
    init(arguments: [String]) throws(UnixSocket.Failure) {
        var rest = arguments[...]
        var words: [String] = []
        while let argument = rest.popFirst() {
            if argument == "--pid", words.isEmpty || words == ["tree"] {
                guard let value = rest.popFirst().flatMap({ Int32($0) }), value > 0 else {
                    throw UnixSocket.Failure(message: "--pid needs a process id")
                }
                pid = value
            } else if argument == "--watch", words.isEmpty || words == ["tree"] {
                // An optional number of seconds.
                if let next = rest.first, let value = Double(next) {
                    rest = rest.dropFirst()
                    guard value >= 0.1, value <= 3600 else {
                        throw UnixSocket.Failure(message: "--watch needs seconds between 0.1 and 3600")
                    }
                    watch = value
                } else {
                    watch = Self.defaultWatchSeconds
                }
            } else if words.isEmpty {
                guard Self.commands.contains(argument) else {
                    throw UnixSocket.Failure(message: "unknown command \"\(argument)\"")
                }
                words.append(argument)
            } else {
                words.append(argument)
            }
        }
        request = words.isEmpty ? ["tree"] : words
        if watch != nil, request != ["tree"] { throw UnixSocket.Failure(message: "--watch goes with tree only") }
    }

    /// Seconds to wait for the reply: `hot` takes its seconds first.
    var replyTimeout: Double {
        guard request.first == "hot" else { return 5 }
        return 5 + (request.dropFirst().first.flatMap(Double.init).map { min(max($0, 0), 30) } ?? 2)
    }
}

/// Asks the app at `path` one request and returns the reply's lines.
func ask(_ request: [String], at path: String, timeout: Double) throws(UnixSocket.Failure) -> [String] {
    let socket = try UnixSocket.connect(to: path, timeout: timeout)
    defer { socket.close() }
    guard socket.write(RequestLine.quote(request) + "\n") else {
        throw UnixSocket.Failure(message: "\(path): could not send the request")
    }
    var lines: [String] = []
    while true {
        switch socket.readLine() {
        case .line(let line):
            guard let text = InspectorReply.decode(line) else { return lines }
            lines.append(text)
        case .closed, .tooLong, .pending:
            throw UnixSocket.Failure(message: "\(path): the app closed the connection or did not answer within \(Int(timeout)) s")
        }
    }
}
