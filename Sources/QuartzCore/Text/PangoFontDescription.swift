import CPango

/// A pango font description: families, weight, slant and size.
final class PangoFontDescriptionBox {
    /// The description; only the other pango wrappers use it.
    let pointer: OpaquePointer

    /// The font `match` names at `size` points (user-space units of the
    /// cairo context the text is drawn in).
    init(_ match: FontNameMatch, size: Double) {
        pointer = pango_font_description_new()
        pango_font_description_set_family(pointer, match.families.joined(separator: ","))
        pango_font_description_set_weight(pointer, PangoWeight(rawValue: UInt32(match.weight)))
        switch match.slant {
        case .upright: pango_font_description_set_style(pointer, PANGO_STYLE_NORMAL)
        case .italic: pango_font_description_set_style(pointer, PANGO_STYLE_ITALIC)
        case .oblique: pango_font_description_set_style(pointer, PANGO_STYLE_OBLIQUE)
        }
        pango_font_description_set_absolute_size(pointer, Double(PangoUnits.from(size)))
    }

    deinit { pango_font_description_free(pointer) }
}

/// Pango's fixed-point units: 1024 to a point.
enum PangoUnits {
    static let scale = Double(PANGO_SCALE)

    /// `points` in pango units, clamped to what pango can hold.
    static func from(_ points: Double) -> Int32 {
        guard points.isFinite else { return 0 }
        return Int32(clamping: Int64((points * scale).rounded().clamped(to: -1e15...1e15)))
    }

    static func toPoints(_ units: Int32) -> Double { Double(units) / scale }
}

private extension Double {
    func clamped(to range: ClosedRange<Double>) -> Double { Swift.min(Swift.max(self, range.lowerBound), range.upperBound) }
}
