/// How colours being drawn combine with the pixels already there, Apple's
/// `CGBlendMode`. The raw values are Apple's `kCGBlendMode…` constants.
///
/// The formulas Apple documents use premultiplied colours: `R` the result,
/// `S` the source, `D` the destination, `Sa`/`Da` their alphas.
public enum CGBlendMode: Int32, Sendable, CaseIterable {
    case normal = 0
    case multiply = 1
    case screen = 2
    case overlay = 3
    case darken = 4
    case lighten = 5
    case colorDodge = 6
    case colorBurn = 7
    case softLight = 8
    case hardLight = 9
    case difference = 10
    case exclusion = 11
    case hue = 12
    case saturation = 13
    case color = 14
    case luminosity = 15
    /// `R = 0`
    case clear = 16
    /// `R = S`
    case copy = 17
    /// `R = S*Da`
    case sourceIn = 18
    /// `R = S*(1 - Da)`
    case sourceOut = 19
    /// `R = S*Da + D*(1 - Sa)`
    case sourceAtop = 20
    /// `R = S*(1 - Da) + D`
    case destinationOver = 21
    /// `R = D*Sa`
    case destinationIn = 22
    /// `R = D*(1 - Sa)`
    case destinationOut = 23
    /// `R = S*(1 - Da) + D*Sa`
    case destinationAtop = 24
    /// `R = S*(1 - Da) + D*(1 - Sa)`
    case xor = 25
    /// `R = MAX(0, 1 - ((1 - D) + (1 - S)))`. Lamina has no such operator
    /// and draws with `.normal`, reporting it once per context.
    case plusDarker = 26
    /// `R = MIN(1, S + D)`
    case plusLighter = 27
}

/// How smoothly images are resampled when drawn scaled, Apple's
/// `CGInterpolationQuality`. Lamina uses nearest-neighbour for `.none`,
/// bilinear for `.default`, `.low` and `.medium`, and cairo's "good"
/// filter (box-filtered when shrinking) for `.high`.
public enum CGInterpolationQuality: Int32, Sendable {
    /// The context's default (bilinear in Lamina).
    case `default` = 0
    /// No interpolation: nearest neighbour.
    case none = 1
    case low = 2
    case high = 3
    case medium = 4
}

/// What `drawPath(using:)` paints, Apple's `CGPathDrawingMode`.
public enum CGPathDrawingMode: Int32, Sendable {
    /// Fill with the non-zero winding rule.
    case fill = 0
    /// Fill with the even-odd rule.
    case eoFill = 1
    case stroke = 2
    /// Fill (winding), then stroke.
    case fillStroke = 3
    /// Fill (even-odd), then stroke.
    case eoFillStroke = 4
}
