/// A font, named: Apple's `CGFont`, as `CATextLayer.font` takes it
/// (`CGFont("Avenir-Heavy" as CFString)`). Lamina draws text with pango,
/// which matches names through fontconfig, so a font is its name: one the
/// machine lacks falls back to a similar font when drawn, where Apple's
/// initializer would give nil.
public final class CGFont: Sendable {
    /// The name the font was made with.
    public let postScriptName: CFString?
    /// The font's full name: its name here.
    public var fullName: CFString? { postScriptName }

    /// The font named `name` (a family, "Helvetica", or a PostScript name,
    /// "Helvetica-Bold"); nil for an empty name.
    public init?(_ name: CFString) {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        postScriptName = trimmed
    }
}

/// Core Foundation's `CFTypeRef`: any object, as `CATextLayer.font` takes
/// one (`"Avenir" as CFTypeRef`).
public typealias CFTypeRef = AnyObject
