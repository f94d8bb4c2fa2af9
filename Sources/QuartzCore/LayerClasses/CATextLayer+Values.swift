/// The text layer's declared properties, the checks its setters make, and
/// the `Sendable` description the render server draws it from.
enum CATextLayerProperties {
    /// Apple's defaults: Helvetica 36 in opaque white, unwrapped, untruncated,
    /// natural alignment. `fontSize` and `foregroundColor` are animatable.
    static let text: [LayerProperty] = [
        LayerProperty("string", .object, nil, animatable: false),
        LayerProperty("font", .object, FontNameMatch.defaultFamily, animatable: false),
        LayerProperty("fontSize", .cgFloat, CGFloat(36), animatable: true),
        LayerProperty("foregroundColor", .color, CGColor.white, animatable: true),
        LayerProperty("wrapped", .bool, false, animatable: false),
        LayerProperty("truncationMode", .object, CATextLayerTruncationMode.none, animatable: false),
        LayerProperty("alignmentMode", .object, CATextLayerAlignmentMode.natural, animatable: false),
        LayerProperty("allowsFontSubpixelQuantization", .bool, false, animatable: false),
    ]

    static let all: [String: LayerProperty] = CALayerProperties.all.merging(CALayerProperties.table(text)) { $1 }

    /// The keys `CATextLayer` adds to `CALayer`'s.
    static let keys = Set(text.map(\.key))

    /// Key-value coding accepts Swift's spelling `isWrapped` for `wrapped`.
    static let aliases = ["isWrapped": "wrapped"]

    /// Keys whose values `setTextProperty` checks and converts (the others
    /// have value kinds `LayerProperty` checks).
    static let checkedKeys: Set<String> = ["string", "font", "truncationMode", "alignmentMode"]

    static let truncationModes: [CATextLayerTruncationMode] = [.none, .start, .end, .middle]
    static let alignmentModes: [CATextLayerAlignmentMode] = [.natural, .left, .right, .center, .justified]
}

extension CATextLayer {
    /// Checks and converts a value for one of `CATextLayerProperties.checkedKeys`,
    /// then sets it; a value of the wrong type is reported and ignored.
    func setTextProperty(_ value: Any?, forKey key: String) {
        guard let value, !isNSNull(value) else { return setProperty(nil, forKey: key) }
        let converted: Any?
        switch key {
        case "string":
            if let attributed = value as? NSAttributedString {
                converted = attributed.copy()
            } else {
                converted = value as? String
            }
        case "font":
            // A name, or a `CGFont` (Apple also takes `CTFont` and `NSFont`,
            // which Linux lacks), kept as given: Apple's property reads back
            // the object set. Drawn with the name it stands for.
            converted = value as? CGFont ?? value as? String
        case "truncationMode":
            converted = (value as? CATextLayerTruncationMode ?? (value as? String).map(CATextLayerTruncationMode.init))
                .flatMap { CATextLayerProperties.truncationModes.contains($0) ? $0 : nil }
        case "alignmentMode":
            converted = (value as? CATextLayerAlignmentMode ?? (value as? String).map(CATextLayerAlignmentMode.init))
                .flatMap { CATextLayerProperties.alignmentModes.contains($0) ? $0 : nil }
        default:
            converted = value
        }
        guard let converted else {
            let expected = [
                "string": "a String or NSAttributedString", "font": "a font name (String) or a CGFont",
                "truncationMode": "none, start, end or middle",
                "alignmentMode": "natural, left, right, center or justified",
            ][key] ?? "another type"
            return CADiagnostics.report(layer: self, keyPath: key, "\(Self.describe(value)) is not \(expected); ignored")
        }
        setProperty(converted, forKey: key)
    }

    private static func describe(_ value: Any) -> String {
        if let text = value as? String { return "\"\(text)\"" }
        if let mode = value as? CATextLayerTruncationMode { return "\"\(mode.rawValue)\"" }
        if let mode = value as? CATextLayerAlignmentMode { return "\"\(mode.rawValue)\"" }
        return "a value of type \(type(of: value))"
    }

    /// The name of the font the text is drawn in: `font`'s, a `CGFont`'s
    /// name or the default family.
    var fontName: String {
        (font as? CGFont)?.postScriptName ?? font as? String ?? FontNameMatch.defaultFamily
    }

    /// What the render server needs to draw this layer's text, from its
    /// current values (call it on a presentation copy for the values shown).
    /// An attributed string's colours and fonts it does not understand are
    /// reported, and drawn in Core Text's defaults.
    package var textRenderDescription: TextRenderDescription {
        var description = TextRenderDescription(
            text: "", font: TextFont(name: fontName, size: fontSize),
            color: foregroundColor.map(TextColor.init) ?? .black,
            isWrapped: isWrapped, truncationMode: truncationMode, alignmentMode: alignmentMode,
            boundsSize: bounds.size, contentsScale: contentsScale,
            allowsFontSubpixelQuantization: allowsFontSubpixelQuantization)
        switch string {
        case let attributed as NSAttributedString:
            let read = AttributedTextRuns(attributed)
            for problem in read.ignored {
                CADiagnostics.report(layer: self, keyPath: "string", "attributed string has \(problem); ignored")
            }
            description.text = read.text
            description.runs = read.runs
            description.font = AttributedTextRuns.defaultFont
            description.color = .black
        case let text as String:
            description.text = text
        default:
            break
        }
        return description
    }
}
