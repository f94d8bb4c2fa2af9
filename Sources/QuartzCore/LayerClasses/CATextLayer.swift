/// A layer that provides simple text layout and rendering of plain or
/// attributed strings: Apple's `CATextLayer`. The first line is aligned to
/// the top of the layer.
///
/// On Linux, `font` takes a font name (`String`): a family such as
/// "Helvetica" or a PostScript name such as "Helvetica-Bold". Fonts are
/// matched through fontconfig, so a name the machine lacks falls back to a
/// similar font (DejaVu Sans for Helvetica on a minimal system).
///
/// The text is drawn on the app thread when the layer displays (at the
/// commit that changed it, as every backing store is), from
/// `textRenderDescription` with `TextRenderer`, into `contents`;
/// `preferredFrameSize()` is the size of the laid-out text.
open class CATextLayer: CALayer {
    override class var declaredProperties: [String: LayerProperty] { CATextLayerProperties.all }

    /// The text to be rendered: a `String` (or `NSString`) or an
    /// `NSAttributedString`. Defaults to nil. Other types are refused with a
    /// logged message. An attributed string is copied, as Apple copies it.
    open var string: Any? {
        get { propertyValue(forKey: "string") }
        set { setTextProperty(newValue, forKey: "string") }
    }

    /// The font used to render the text, when `string` is not an attributed
    /// string: a font name (`String`, or `"Avenir" as CFTypeRef`) or a
    /// `CGFont`, read back as it was set (the `CGFont` object, as on Apple).
    /// Defaults to Helvetica. Apple's type is `CFTypeRef?`; `Any?` here takes
    /// everything that type does.
    open var font: Any? {
        get { propertyValue(forKey: "font") }
        set { setTextProperty(newValue, forKey: "font") }
    }

    /// The font size in points, when `string` is not an attributed string.
    /// Defaults to 36. Animatable.
    open var fontSize: CGFloat {
        get { get("fontSize", 36) }
        set { setProperty(newValue, forKey: "fontSize") }
    }

    /// The colour of the text, when `string` is not an attributed string.
    /// Defaults to opaque white. Animatable.
    open var foregroundColor: CGColor? {
        get { get("foregroundColor", nil) }
        set { setProperty(newValue, forKey: "foregroundColor") }
    }

    /// Whether the text wraps to fit within the bounds' width. Defaults to false.
    open var isWrapped: Bool {
        get { get("wrapped", false) }
        set { setProperty(newValue, forKey: "wrapped") }
    }

    /// How the text is truncated to fit within the bounds. Defaults to `.none`.
    open var truncationMode: CATextLayerTruncationMode {
        get { get("truncationMode", .none) }
        set { setProperty(newValue, forKey: "truncationMode") }
    }

    /// How lines are horizontally aligned within the bounds. Defaults to `.natural`.
    open var alignmentMode: CATextLayerAlignmentMode {
        get { get("alignmentMode", .natural) }
        set { setProperty(newValue, forKey: "alignmentMode") }
    }

    /// Whether glyph positions may be quantized to whole pixels. Defaults to false.
    open var allowsFontSubpixelQuantization: Bool {
        get { get("allowsFontSubpixelQuantization", false) }
        set { setProperty(newValue, forKey: "allowsFontSubpixelQuantization") }
    }

    /// The size of the laid-out text: what the layer needs to show all of it
    /// (wrapped at the bounds width when `isWrapped`).
    open override func preferredFrameSize() -> CGSize {
        TextRenderer.preferredSize(textRenderDescription)
    }

    /// True for the text keys, the bounds and the contents scale: a change
    /// to any of them redraws the text.
    open override class func needsDisplay(forKey key: String) -> Bool {
        CATextLayerProperties.keys.contains(key) || key == "bounds" || key == "contentsScale"
            || super.needsDisplay(forKey: key)
    }

    /// Draws the text (laid out with pango) into the layer's contents,
    /// unless the delegate supplies the contents itself.
    open override func display() {
        if delegateImplemented({ $0.display(self) }) {
            needsDisplayFlag = false
            return
        }
        needsDisplayFlag = false
        setComputedProperty(TextRenderer.render(textRenderDescription), forKey: "contents")
    }

    /// Sets `value` for `key`, checking and converting the text keys
    /// (`isWrapped` is accepted for `wrapped`).
    open override func setValue(_ value: Any?, forKey key: String) {
        let key = CATextLayerProperties.aliases[key] ?? key
        guard CATextLayerProperties.checkedKeys.contains(key) else { return super.setValue(value, forKey: key) }
        setTextProperty(value, forKey: key)
    }

    /// The value for `key` (`isWrapped` reads `wrapped`).
    open override func value(forKey key: String) -> Any? {
        super.value(forKey: CATextLayerProperties.aliases[key] ?? key)
    }
}

/// How `CATextLayer` truncates text that does not fit its bounds.
public struct CATextLayerTruncationMode: RawRepresentable, Hashable, Sendable {
    /// The mode's name, as Apple's string constants spell it.
    public var rawValue: String
    /// The mode named `rawValue`; the layer accepts only the names below.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Each line is wrapped or clipped.
    public static let none = CATextLayerTruncationMode(rawValue: "none")
    /// The end of each line fits; an ellipsis replaces the missing beginning.
    public static let start = CATextLayerTruncationMode(rawValue: "start")
    /// The beginning of each line fits; an ellipsis replaces the missing end.
    public static let end = CATextLayerTruncationMode(rawValue: "end")
    /// Beginning and end fit; an ellipsis replaces the missing middle.
    public static let middle = CATextLayerTruncationMode(rawValue: "middle")
}

/// How `CATextLayer` aligns lines horizontally within its bounds.
public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable {
    /// The mode's name, as Apple's string constants spell it.
    public var rawValue: String
    /// The mode named `rawValue`; the layer accepts only the names below.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The natural alignment of the text's script.
    public static let natural = CATextLayerAlignmentMode(rawValue: "natural")
    /// Visually left aligned.
    public static let left = CATextLayerAlignmentMode(rawValue: "left")
    /// Visually right aligned.
    public static let right = CATextLayerAlignmentMode(rawValue: "right")
    /// Visually centred.
    public static let center = CATextLayerAlignmentMode(rawValue: "center")
    /// Justified: every line but a paragraph's last fills the width.
    public static let justified = CATextLayerAlignmentMode(rawValue: "justified")
}
