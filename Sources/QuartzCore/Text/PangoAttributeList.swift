import CPango

/// A pango attribute list: per-run fonts and colours of an attributed string.
final class PangoAttributeListBox {
    /// The list; only the other pango wrappers use it.
    let pointer: OpaquePointer

    /// Attributes for `runs`, whose UTF-8 ranges must lie inside the text.
    init(runs: [TextRun]) {
        pointer = pango_attr_list_new()
        for run in runs where !run.utf8Range.isEmpty {
            if let font = run.font {
                let description = PangoFontDescriptionBox(FontNameMatch(name: font.name), size: Double(font.size))
                insert(pango_attr_font_desc_new(description.pointer), run.utf8Range)
            }
            if let color = run.color {
                insert(pango_attr_foreground_new(Self.channel(color.red), Self.channel(color.green), Self.channel(color.blue)),
                       run.utf8Range)
                // Pango reads an alpha of 0 as "not set"; 1/65535 is as good as clear.
                insert(pango_attr_foreground_alpha_new(max(1, Self.channel(color.alpha))), run.utf8Range)
            }
        }
    }

    deinit { pango_attr_list_unref(pointer) }

    private func insert(_ attribute: UnsafeMutablePointer<PangoAttribute>?, _ range: Range<Int>) {
        guard let attribute else { return }
        attribute.pointee.start_index = UInt32(clamping: range.lowerBound)
        attribute.pointee.end_index = UInt32(clamping: range.upperBound)
        pango_attr_list_insert(pointer, attribute)
    }

    /// A 0...1 component as pango's 16-bit channel.
    private static func channel(_ value: Double) -> UInt16 {
        guard value.isFinite else { return 0 }
        return UInt16((min(max(value, 0), 1) * 65535).rounded())
    }
}
