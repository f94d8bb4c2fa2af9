import CPango

/// A pango layout: text broken into lines in a font, measured and drawn.
final class PangoTextLayout {
    private let layout: OpaquePointer

    /// How lines sit between the layout's edges (`width`, or the widest line).
    enum Alignment {
        case left, center, right
    }

    /// Where an ellipsis replaces text that does not fit the width.
    enum Ellipsis {
        case none, start, middle, end
    }

    init(fontMap: SharedPangoFontMap) {
        layout = pango_layout_new(fontMap.context)
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(layout)) }

    func setText(_ text: String) {
        pango_layout_set_text(layout, text, Int32(clamping: text.utf8.count))
    }

    func setFont(_ description: PangoFontDescriptionBox) {
        pango_layout_set_font_description(layout, description.pointer)
    }

    func setAttributes(_ attributes: PangoAttributeListBox) {
        pango_layout_set_attributes(layout, attributes.pointer)
    }

    /// The width lines wrap or are ellipsized at, in points; nil for none.
    func setWidth(_ points: Double?) {
        pango_layout_set_width(layout, points.map { max(0, PangoUnits.from($0)) } ?? -1)
    }

    /// The height in points past which no line starts when ellipsizing (the
    /// last line that fits is ellipsized); nil ellipsizes each paragraph to
    /// one line.
    func setMaximumHeight(_ points: Double?) {
        pango_layout_set_height(layout, points.map { max(0, PangoUnits.from($0)) } ?? -1)
    }

    /// Lines break between words, and inside a word too long for a line.
    func setWrapsWords() {
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
    }

    func setEllipsis(_ ellipsis: Ellipsis) {
        switch ellipsis {
        case .none: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_NONE)
        case .start: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_START)
        case .middle: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_MIDDLE)
        case .end: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        }
    }

    /// `followsScript` mirrors the alignment for right-to-left paragraphs
    /// (natural alignment); `justify` stretches every line but a paragraph's last.
    func setAlignment(_ alignment: Alignment, followsScript: Bool, justify: Bool) {
        switch alignment {
        case .left: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        }
        pango_layout_set_auto_dir(layout, followsScript ? 1 : 0)
        pango_layout_set_justify(layout, justify ? 1 : 0)
    }

    /// The laid-out text's logical rectangle (line boxes, not ink) in points.
    var logicalExtents: CGRect {
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        return CGRect(x: PangoUnits.toPoints(logical.x), y: PangoUnits.toPoints(logical.y),
                      width: PangoUnits.toPoints(logical.width), height: PangoUnits.toPoints(logical.height))
    }

    var lineCount: Int { Int(pango_layout_get_line_count(layout)) }

    /// Draws the layout with its top-left corner at the surface's current point.
    func show(in surface: CairoImageSurface) {
        pango_cairo_show_layout(surface.context, layout)
    }

    /// True when `text`'s first strong character is right-to-left.
    static func isRightToLeft(_ text: String) -> Bool {
        pango_find_base_dir(text, Int32(clamping: text.utf8.count)) == PANGO_DIRECTION_RTL
    }
}
