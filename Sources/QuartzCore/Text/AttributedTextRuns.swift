/// Reads an `NSAttributedString` into text and `TextRun`s: the per-run
/// foreground colour and font that Lamina understands.
///
/// Linux has no `UIColor`, `NSFont` or `CTFont`, so the attribute values
/// read are:
/// - colour (`"NSColor"`, Apple's `NSAttributedString.Key.foregroundColor`,
///   or `"CTForegroundColor"`, `kCTForegroundColorAttributeName`): a `CGColor`;
/// - font (`"NSFont"`, `NSAttributedString.Key.font` and `kCTFontAttributeName`):
///   a font name `String` at Core Text's default 12 points, or a font
///   descriptor dictionary with `"NSFontNameAttribute"` or
///   `"NSFontFamilyAttribute"` and `"NSFontSizeAttribute"`.
///
/// Text with no colour is black and text with no font is Helvetica 12, Core
/// Text's defaults (`CATextLayer`'s own font and colour apply only to plain strings).
struct AttributedTextRuns {
    static let colorKeys = [NSAttributedString.Key("NSColor"), NSAttributedString.Key("CTForegroundColor")]
    static let fontKey = NSAttributedString.Key("NSFont")
    static let defaultFont = TextFont(name: FontNameMatch.defaultFamily, size: 12)

    private(set) var text: String
    private(set) var runs: [TextRun] = []
    /// Descriptions of attribute values that were not understood.
    private(set) var ignored: [String] = []

    init(_ attributed: NSAttributedString) {
        text = attributed.string
        var cursor = text.startIndex
        var cursorOffset = 0
        attributed.enumerateAttributes(in: NSRange(location: 0, length: attributed.length), options: []) { attributes, range, _ in
            guard let bounds = Range(range, in: text), bounds.lowerBound >= cursor else { return }
            let lower = cursorOffset + text.utf8.distance(from: cursor, to: bounds.lowerBound)
            let upper = lower + text.utf8.distance(from: bounds.lowerBound, to: bounds.upperBound)
            (cursor, cursorOffset) = (bounds.upperBound, upper)
            let color = color(in: attributes)
            let font = font(in: attributes)
            if color != nil || font != nil {
                runs.append(TextRun(utf8Range: lower..<upper, font: font, color: color))
            }
        }
    }

    private mutating func color(in attributes: [NSAttributedString.Key: Any]) -> TextColor? {
        guard let value = Self.colorKeys.lazy.compactMap({ attributes[$0] }).first else { return nil }
        if let color = value as? CGColor { return TextColor(color) }
        ignored.append("a foreground colour of type \(type(of: value)) (expected CGColor)")
        return nil
    }

    private mutating func font(in attributes: [NSAttributedString.Key: Any]) -> TextFont? {
        guard let value = attributes[Self.fontKey] else { return nil }
        if let name = value as? String { return TextFont(name: name, size: Self.defaultFont.size) }
        if let descriptor = value as? [String: Any] {
            let name = (descriptor["NSFontNameAttribute"] ?? descriptor["NSFontFamilyAttribute"]) as? String
            let size = descriptor["NSFontSizeAttribute"].flatMap(LayerProperty.number)
            return TextFont(name: name ?? Self.defaultFont.name, size: size.map { CGFloat($0) } ?? Self.defaultFont.size)
        }
        ignored.append("a font of type \(type(of: value)) (expected a font name or descriptor dictionary)")
        return nil
    }
}
