/// The inspector's wire format: one request per line (`tree`, `stats`,
/// `help`); each reply is lines of text ending with a line holding only
/// `.`. A reply line that starts with `.` gets another `.` in front
/// (as in SMTP), so no reply line can end the reply early.
public enum InspectorReply {
    /// The line that ends a reply.
    public static let terminator = "."

    /// `body` framed for the wire: dot-stuffed, then the terminator.
    public static func encode(_ body: String) -> String {
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix(".") ? "." + line : String(line)
        }
        return (lines + [terminator]).joined(separator: "\n") + "\n"
    }

    /// A received line without its dot-stuffing; nil for the terminator.
    public static func decode(_ line: String) -> String? {
        if line == terminator { return nil }
        return line.hasPrefix("..") ? String(line.dropFirst()) : line
    }
}
