import InspectorWire

/// `lamina-inspect`'s command line: `[--pid PID] [--watch SECONDS] [tree|stats|help]`.
struct InspectCommand: Equatable {
    var pid: Int32?
    var watch: Double?
    var request = "tree"

    static let usage = """
        usage: lamina-inspect [--pid PID] [--watch SECONDS] [tree|stats|help]
          Prints the live layer tree (or frame statistics) of a running Lamina app
          started with LAMINA_INSPECTOR=1 (kiosk-menu: --inspector).
          Without --pid, lists the apps it finds and uses the only one.
        """

    /// Parses `arguments` (without the program name); throws a one-line reason.
    init(arguments: [String]) throws(UnixSocket.Failure) {
        var rest = arguments[...]
        var requests: [String] = []
        while let argument = rest.popFirst() {
            switch argument {
            case "--pid":
                guard let value = rest.popFirst().flatMap({ Int32($0) }), value > 0 else {
                    throw UnixSocket.Failure(message: "--pid needs a process id")
                }
                pid = value
            case "--watch":
                guard let value = rest.popFirst().flatMap({ Double($0) }), value >= 0.1, value <= 3600 else {
                    throw UnixSocket.Failure(message: "--watch needs seconds between 0.1 and 3600")
                }
                watch = value
            case "tree", "stats", "help":
                requests.append(argument)
            default:
                throw UnixSocket.Failure(message: "unknown argument \"\(argument)\"")
            }
        }
        guard requests.count <= 1 else { throw UnixSocket.Failure(message: "one request at a time") }
        request = requests.first ?? "tree"
    }
}

/// Asks the app at `path` one request and returns the reply's lines.
func ask(_ request: String, at path: String) throws(UnixSocket.Failure) -> [String] {
    let socket = try UnixSocket.connect(to: path, timeout: 5)
    defer { socket.close() }
    guard socket.write(request + "\n") else { throw UnixSocket.Failure(message: "\(path): could not send the request") }
    var lines: [String] = []
    while true {
        switch socket.readLine() {
        case .line(let line):
            guard let text = InspectorReply.decode(line) else { return lines }
            lines.append(text)
        case .closed, .tooLong, .pending:
            throw UnixSocket.Failure(message: "\(path): the app closed the connection or did not answer within 5 s")
        }
    }
}
