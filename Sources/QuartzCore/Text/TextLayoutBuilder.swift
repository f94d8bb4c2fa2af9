/// Turns a `TextRenderDescription` into a configured pango layout: wrapping,
/// truncation and alignment as Apple's `CATextLayer` applies them.
///
/// - Wrapped text breaks into lines at the bounds width. Truncated wrapped
///   text ends with the last line that fits the bounds height, ellipsized.
/// - Unwrapped text keeps one line per paragraph; truncation ellipsizes each
///   line at the bounds width, otherwise lines run on and are clipped.
/// - Lines are aligned within the bounds width (natural follows the script).
struct TextLayoutBuilder {
    let description: TextRenderDescription
    let fontSize: CGFloat
    /// Pixels a point, for the largest font drawn.
    let scale: CGFloat
    /// Measuring for the preferred size: no truncation, no bounds height.
    let measuring: Bool

    private var boundsWidth: Double { Double(description.boundsSize.width) }
    private var truncates: Bool { !measuring && ellipsis != .none }
    private var wraps: Bool { description.isWrapped && (!measuring || boundsWidth > 0) }
    /// Whether pango gets the bounds width (and aligns lines within it itself).
    private var hasWidth: Bool { wraps || truncates }

    func layout(in fontMap: SharedPangoFontMap) -> PangoTextLayout {
        let layout = PangoTextLayout(fontMap: fontMap)
        layout.setFont(PangoFontDescriptionBox(FontNameMatch(name: description.font.name), size: Double(fontSize)))
        // Pango stops at a NUL; a space keeps every UTF-8 offset in place.
        let text = description.text.replacingOccurrences(of: "\0", with: " ")
        layout.setText(text)
        let runs = clampedRuns(textLength: text.utf8.count)
        if !runs.isEmpty { layout.setAttributes(PangoAttributeListBox(runs: runs)) }
        if wraps {
            layout.setWidth(max(0, boundsWidth))
            layout.setWrapsWords()
        }
        if truncates {
            layout.setWidth(max(0, boundsWidth))
            layout.setEllipsis(ellipsis)
            layout.setMaximumHeight(wraps ? max(0, Double(description.boundsSize.height)) : nil)
        }
        let (alignment, followsScript, justify) = pangoAlignment
        layout.setAlignment(alignment, followsScript: followsScript, justify: justify)
        return layout
    }

    /// Where the layout's top-left corner goes, in points: the top of the
    /// bounds, and, for a layout without a width, shifted so its lines sit
    /// within the bounds width as the alignment asks.
    func origin(of layout: PangoTextLayout) -> CGPoint {
        guard !hasWidth else { return .zero }
        let extents = layout.logicalExtents
        let free = boundsWidth - Double(extents.width)
        let shift: Double
        switch description.alignmentMode {
        case .left: shift = 0
        case .right: shift = free
        case .center: shift = free / 2
        default: shift = PangoTextLayout.isRightToLeft(description.text) ? free : 0
        }
        return CGPoint(x: shift - Double(extents.minX), y: 0)
    }

    private var ellipsis: PangoTextLayout.Ellipsis {
        switch description.truncationMode {
        case .start: return .start
        case .middle: return .middle
        case .end: return .end
        default: return .none
        }
    }

    private var pangoAlignment: (PangoTextLayout.Alignment, Bool, Bool) {
        switch description.alignmentMode {
        case .left: return (.left, false, false)
        case .right: return (.right, false, false)
        case .center: return (.center, true, false)
        case .justified: return (.left, true, true)
        default: return (.left, true, false)
        }
    }

    /// Runs cut to the text, so a stale or hand-made range cannot reach pango.
    private func clampedRuns(textLength: Int) -> [TextRun] {
        description.runs.compactMap { run in
            let lower = min(max(0, run.utf8Range.lowerBound), textLength)
            let upper = min(max(lower, run.utf8Range.upperBound), textLength)
            guard lower < upper else { return nil }
            var clamped = run
            clamped.utf8Range = lower..<upper
            if let font = run.font {
                // Same reading of a size as the layer's own (0 is 12 points).
                clamped.font = TextRenderer.drawnFontSize(font.size, scale: scale).map { TextFont(name: font.name, size: $0) }
            }
            return clamped
        }
    }
}
