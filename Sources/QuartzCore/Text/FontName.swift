/// How an Apple font name is matched on Linux: the families to try, in
/// order, with the weight and slant its style suffix names.
///
/// Apple names fonts by family ("Helvetica", "Helvetica Neue") or by
/// PostScript name ("Helvetica-Bold", "HelveticaNeue-LightItalic"). Linux
/// fonts are found by family through fontconfig, so a PostScript name is
/// split into its family (also tried with spaces between its words) and its
/// style. Fontconfig's aliases then pick a similar font the machine has
/// (Helvetica becomes DejaVu Sans or Liberation Sans, say), and an unknown
/// name falls back to the default sans-serif font.
struct FontNameMatch: Equatable {
    /// Family names to try, best first; never empty.
    var families: [String]
    /// A CSS/OpenType weight: 100 (thin) to 900 (black); 400 is regular.
    var weight: Int
    var slant: Slant

    enum Slant: Equatable {
        case upright, italic, oblique
    }

    /// The name Apple falls back to, and CATextLayer's default font.
    static let defaultFamily = "Helvetica"

    init(name: String) {
        let cleaned = name.replacingOccurrences(of: ",", with: " ").trimmingCharacters(in: .whitespaces)
        guard !cleaned.isEmpty else {
            self.init(families: [FontNameMatch.defaultFamily], weight: 400, slant: .upright)
            return
        }
        var families = [cleaned]
        var style = ""
        if let dash = cleaned.firstIndex(of: "-"), dash != cleaned.startIndex {
            families.append(String(cleaned[..<dash]))
            style = String(cleaned[cleaned.index(after: dash)...]).lowercased()
        }
        if let spaced = families.last.map(FontNameMatch.spacingWords), !families.contains(spaced) {
            families.append(spaced)
        }
        self.init(families: families, weight: FontNameMatch.weight(of: style), slant: FontNameMatch.slant(of: style))
    }

    init(families: [String], weight: Int, slant: Slant) {
        self.families = families
        self.weight = weight
        self.slant = slant
    }

    /// "HelveticaNeue" becomes "Helvetica Neue": a space before each capital
    /// that follows a lower-case letter.
    static func spacingWords(_ name: String) -> String {
        var result = ""
        var previous: Character?
        for character in name {
            if character.isUppercase, previous?.isLowercase == true { result.append(" ") }
            result.append(character)
            previous = character
        }
        return result
    }

    /// The weight a lower-cased style suffix names ("bold", "semibold", "light"...).
    static func weight(of style: String) -> Int {
        let table: [(String, Int)] = [
            ("ultralight", 200), ("extralight", 200), ("semibold", 600), ("demibold", 600),
            ("extrabold", 800), ("ultrabold", 800), ("black", 900), ("heavy", 900),
            ("bold", 700), ("medium", 500), ("light", 300), ("thin", 100),
        ]
        return table.first { style.contains($0.0) }?.1 ?? 400
    }

    static func slant(of style: String) -> Slant {
        if style.contains("italic") { return .italic }
        if style.contains("oblique") { return .oblique }
        return .upright
    }
}
