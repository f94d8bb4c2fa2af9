import Foundation
import InspectorWire
import QuartzCore

/// One window the inspector reports on: its title (as it was when it
/// opened), its render server, which answers from any thread, and the
/// window itself, for the model layers (main thread only).
struct InspectorTarget: Sendable {
    let id: ObjectIdentifier
    let title: String
    let renderServer: RenderServer
    let window: LaminaWindow?
}

/// One inspector request, parsed from its line (docs/debugging.md has the
/// protocol). `LAYER` is a layer's name, a path of names (`menu/item2`), or
/// `#ID` as `tree` prints it.
enum InspectorRequest: Equatable {
    case help, version, tree, stats
    /// Highlight a layer on screen; nil clears it.
    case select(layer: String?)
    case get(layer: String, keyPath: String)
    case set(layer: String, keyPath: String, value: String)
    /// Animation time runs this many times slower (1 restores it).
    case slow(factor: Double)
    /// Layers by compositing cost over the last seconds.
    case hot(seconds: Double)
    case overdraw(on: Bool)

    /// The protocol's version, which `version` prints. 1 had only tree,
    /// stats and help.
    static let protocolVersion = 2
    /// The longest request line read; longer lines are refused.
    static let maxLineLength = 1024
    /// `hot`'s window when none is given, and its limit.
    static let defaultHotSeconds = 2.0, maxHotSeconds = 30.0

    /// Why a line is not a request: one line, shown after `error: `.
    struct Malformed: Error, Equatable {
        let message: String
    }

    /// The request on `line`; nil for a blank line.
    static func parse(_ line: String) throws(Malformed) -> InspectorRequest? {
        guard let words = RequestLine.words(line) else { throw Malformed(message: "a quote is not closed") }
        guard let verb = words.first else { return nil }
        let arguments = Array(words.dropFirst())
        func expect(_ count: ClosedRange<Int>, _ usage: String) throws(Malformed) {
            guard count.contains(arguments.count) else { throw Malformed(message: "usage: \(usage)") }
        }
        switch verb.lowercased() {
        case "help": try expect(0...0, "help"); return .help
        case "version": try expect(0...0, "version"); return .version
        case "tree": try expect(0...0, "tree"); return .tree
        case "stats": try expect(0...0, "stats"); return .stats
        case "select":
            try expect(1...1, "select LAYER|none")
            return .select(layer: arguments[0].lowercased() == "none" ? nil : arguments[0])
        case "get":
            try expect(2...2, "get LAYER KEYPATH")
            return .get(layer: arguments[0], keyPath: arguments[1])
        case "set":
            guard arguments.count >= 3 else { throw Malformed(message: "usage: set LAYER KEYPATH VALUE") }
            // The value may be written as several words (`10, 20`).
            return .set(layer: arguments[0], keyPath: arguments[1], value: arguments[2...].joined(separator: " "))
        case "slow":
            try expect(1...1, "slow FACTOR (1 restores normal speed)")
            guard let factor = Double(arguments[0]), MediaTimeScale.factorRange.contains(factor) else {
                throw Malformed(message: "slow: FACTOR must be a number from 0.01 to 1000")
            }
            return .slow(factor: factor)
        case "hot":
            try expect(0...1, "hot [SECONDS]")
            guard let text = arguments.first else { return .hot(seconds: defaultHotSeconds) }
            guard let seconds = Double(text), seconds >= 0.1, seconds <= maxHotSeconds else {
                throw Malformed(message: "hot: SECONDS must be a number from 0.1 to \(Int(maxHotSeconds))")
            }
            return .hot(seconds: seconds)
        case "overdraw":
            try expect(1...1, "overdraw on|off")
            switch arguments[0].lowercased() {
            case "on", "1", "true": return .overdraw(on: true)
            case "off", "0", "false": return .overdraw(on: false)
            default: throw Malformed(message: "usage: overdraw on|off")
            }
        default:
            throw Malformed(message: "unknown request \"\(printable(verb))\"; send help")
        }
    }

    /// The reply to a request line longer than `maxLineLength`.
    static let tooLongReply = "error: request longer than \(maxLineLength) bytes; closing"

    static let helpText = """
        tree                     the live layer tree of each window: id, class, name, frame, opacity, running animations
        stats                    frames, achieved rate, frame-time percentiles and dropped frames of each window
        select LAYER|none        highlight LAYER's presented bounds in its window (none clears it)
        get LAYER KEYPATH        the model value and the presentation value of KEYPATH
        set LAYER KEYPATH VALUE  set KEYPATH on the main thread in a transaction (implicit animations run)
        slow FACTOR              animation time runs FACTOR times slower; 1 restores it
        hot [SECONDS]            layers by compositing time over the last SECONDS (default 2)
        overdraw on|off          tint every pixel by how many layers were composited onto it
        version                  the protocol version
        help                     this text
        LAYER: a name, a path of names from the root (menu/item2), or #ID as tree prints it.
        VALUE: a number, true/false, x,y  w,h  x,y,w,h  #rrggbb[aa]  identity  nil, or text ("quoted" with spaces).
        """

    /// `text` cut to 40 characters, control characters shown as `?`.
    static func printable(_ text: String) -> String {
        let cleaned = String(text.unicodeScalars.prefix(40).map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) })
        return text.unicodeScalars.count > 40 ? cleaned + "…" : cleaned
    }
}
