import Foundation
import InspectorWire
import QuartzCore

/// One window the inspector reports on: its title (as it was when it
/// opened) and its render server, which answers from any thread.
struct InspectorTarget: Sendable {
    let id: ObjectIdentifier
    let title: String
    let renderServer: RenderServer
}

/// The inspector's requests, one per line, and the text each gets back
/// (before `InspectorReply` frames it). Malformed requests get one line
/// starting `error:`.
enum InspectorRequest: String, CaseIterable {
    case tree, stats, help

    /// The longest request line read; longer lines are refused.
    static let maxLineLength = 256

    /// The reply body to `line` about `targets`; nil for a blank line,
    /// which gets no reply.
    static func reply(to line: String, targets: [InspectorTarget]) -> String? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        guard let request = InspectorRequest(rawValue: trimmed.lowercased()) else {
            return "error: unknown request \"\(printable(trimmed))\"; send help"
        }
        return request.reply(targets: targets)
    }

    /// The reply to a request line longer than `maxLineLength`.
    static let tooLongReply = "error: request longer than \(maxLineLength) bytes; closing"

    private func reply(targets: [InspectorTarget]) -> String {
        switch self {
        case .help:
            return [
                "Lamina inspector, process \(InspectorDirectory.currentPID): one request per line",
                "tree   the live layer tree of each window: id, class, name, frame, opacity, running animations",
                "stats  frames, achieved rate, frame-time percentiles and dropped frames of each window",
                "help   this text",
            ].joined(separator: "\n")
        case .tree, .stats:
            guard !targets.isEmpty else { return "no open windows" }
            return targets.map { target in
                let body = self == .tree ? target.renderServer.dumpRenderTree(timeout: 1)
                                         : target.renderServer.exitSummary()
                return "window \"\(Self.printable(target.title))\"\n" + body
            }.joined(separator: "\n")
        }
    }

    /// `text` cut to 40 characters, control characters shown as `?`.
    private static func printable(_ text: String) -> String {
        let cleaned = String(text.unicodeScalars.prefix(40).map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) })
        return text.unicodeScalars.count > 40 ? cleaned + "…" : cleaned
    }
}
