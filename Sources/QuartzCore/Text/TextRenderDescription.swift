/// Everything needed to draw a text layer's contents, as a `Sendable` value
/// the render server can take to its own thread: the text with its attribute
/// runs, the layer's text properties, and the size of the image to make.
///
/// `CATextLayer.textRenderDescription` makes one from the layer's current
/// values (a presentation copy gives the values being shown);
/// `TextRenderer.render(_:)` turns it into a `CGImage`.
package struct TextRenderDescription: Sendable, Hashable {
    /// The text; empty for a nil `string`.
    package var text: String
    /// Font and colour overrides for parts of `text` (from an attributed
    /// string), in order; parts no run covers use `font` and `color`.
    package var runs: [TextRun]
    /// The font for text no run overrides.
    package var font: TextFont
    /// The colour for text no run overrides.
    package var color: TextColor
    package var isWrapped: Bool
    package var truncationMode: CATextLayerTruncationMode
    package var alignmentMode: CATextLayerAlignmentMode
    /// The layer's bounds size in points.
    package var boundsSize: CGSize
    /// Pixels per point of the image.
    package var contentsScale: CGFloat
    /// Apple's `allowsFontSubpixelQuantization`: glyph positions are rounded
    /// to whole pixels when true.
    package var allowsFontSubpixelQuantization: Bool

    package init(text: String, runs: [TextRun] = [], font: TextFont, color: TextColor,
                 isWrapped: Bool = false, truncationMode: CATextLayerTruncationMode = .none,
                 alignmentMode: CATextLayerAlignmentMode = .natural, boundsSize: CGSize,
                 contentsScale: CGFloat = 1, allowsFontSubpixelQuantization: Bool = false) {
        self.text = text
        self.runs = runs
        self.font = font
        self.color = color
        self.isWrapped = isWrapped
        self.truncationMode = truncationMode
        self.alignmentMode = alignmentMode
        self.boundsSize = boundsSize
        self.contentsScale = contentsScale
        self.allowsFontSubpixelQuantization = allowsFontSubpixelQuantization
    }
}

/// A font by name (a family such as "Helvetica", or a PostScript-style name
/// such as "Helvetica-Bold") and size in points. Names are matched through
/// fontconfig, so a name the machine lacks falls back to a similar font.
package struct TextFont: Sendable, Hashable {
    package var name: String
    package var size: CGFloat

    package init(name: String, size: CGFloat) {
        self.name = name
        self.size = size
    }
}

/// A straight (not premultiplied) RGBA colour, components in 0...1.
package struct TextColor: Sendable, Hashable {
    package var red: Double
    package var green: Double
    package var blue: Double
    package var alpha: Double

    package init(red: Double, green: Double, blue: Double, alpha: Double) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Opaque black: Core Text's colour for text that names none.
    package static let black = TextColor(red: 0, green: 0, blue: 0, alpha: 1)

    /// The colour of `color`, widened to RGB.
    package init(_ color: CGColor) {
        let rgba = color.rgba
        self.init(red: Double(rgba.red), green: Double(rgba.green), blue: Double(rgba.blue), alpha: Double(rgba.alpha))
    }
}

/// Attributes for a stretch of the text, by UTF-8 byte offsets.
package struct TextRun: Sendable, Hashable {
    package var utf8Range: Range<Int>
    /// Nil keeps the description's font.
    package var font: TextFont?
    /// Nil keeps the description's colour.
    package var color: TextColor?

    package init(utf8Range: Range<Int>, font: TextFont? = nil, color: TextColor? = nil) {
        self.utf8Range = utf8Range
        self.font = font
        self.color = color
    }
}
