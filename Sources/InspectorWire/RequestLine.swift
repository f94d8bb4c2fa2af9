import Foundation

/// A request line's words: separated by spaces or tabs; a word holding
/// spaces is written in double quotes, inside which `\"` and `\\` stand
/// for a quote and a backslash. `lamina-inspect` joins its arguments with
/// `quote`; the server splits them with `words`.
public enum RequestLine {
    /// `arguments` as one line (without the newline).
    public static func quote(_ arguments: [String]) -> String {
        arguments.map { argument in
            let plain = !argument.isEmpty && !argument.contains { $0 == " " || $0 == "\t" || $0 == "\"" || $0 == "\\" }
            guard !plain else { return argument }
            let escaped = argument.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            return "\"" + escaped + "\""
        }.joined(separator: " ")
    }

    /// The words of `line`; nil when a quote is left open.
    public static func words(_ line: String) -> [String]? {
        var words: [String] = []
        var current = ""
        var inWord = false, quoted = false, escaped = false
        for character in line {
            if quoted {
                if escaped {
                    current.append(character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    quoted = false
                } else {
                    current.append(character)
                }
            } else if character == " " || character == "\t" {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else if character == "\"" {
                quoted = true
                inWord = true
            } else {
                current.append(character)
                inWord = true
            }
        }
        guard !quoted else { return nil }
        if inWord { words.append(current) }
        return words
    }
}
