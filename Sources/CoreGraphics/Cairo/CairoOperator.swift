import CCairo

/// Quartz blend modes as cairo operators.
extension CGBlendMode {
    /// The cairo operator computing this blend mode, or nil when cairo has
    /// none (`.plusDarker`). The Porter-Duff modes map one to one;
    /// `.plusLighter` is cairo's saturating `ADD`; the separable and
    /// non-separable modes are cairo's PDF blend operators.
    var cairoOperator: cairo_operator_t? {
        switch self {
        case .normal: return CAIRO_OPERATOR_OVER
        case .multiply: return CAIRO_OPERATOR_MULTIPLY
        case .screen: return CAIRO_OPERATOR_SCREEN
        case .overlay: return CAIRO_OPERATOR_OVERLAY
        case .darken: return CAIRO_OPERATOR_DARKEN
        case .lighten: return CAIRO_OPERATOR_LIGHTEN
        case .colorDodge: return CAIRO_OPERATOR_COLOR_DODGE
        case .colorBurn: return CAIRO_OPERATOR_COLOR_BURN
        case .softLight: return CAIRO_OPERATOR_SOFT_LIGHT
        case .hardLight: return CAIRO_OPERATOR_HARD_LIGHT
        case .difference: return CAIRO_OPERATOR_DIFFERENCE
        case .exclusion: return CAIRO_OPERATOR_EXCLUSION
        case .hue: return CAIRO_OPERATOR_HSL_HUE
        case .saturation: return CAIRO_OPERATOR_HSL_SATURATION
        case .color: return CAIRO_OPERATOR_HSL_COLOR
        case .luminosity: return CAIRO_OPERATOR_HSL_LUMINOSITY
        case .clear: return CAIRO_OPERATOR_CLEAR
        case .copy: return CAIRO_OPERATOR_SOURCE
        case .sourceIn: return CAIRO_OPERATOR_IN
        case .sourceOut: return CAIRO_OPERATOR_OUT
        case .sourceAtop: return CAIRO_OPERATOR_ATOP
        case .destinationOver: return CAIRO_OPERATOR_DEST_OVER
        case .destinationIn: return CAIRO_OPERATOR_DEST_IN
        case .destinationOut: return CAIRO_OPERATOR_DEST_OUT
        case .destinationAtop: return CAIRO_OPERATOR_DEST_ATOP
        case .xor: return CAIRO_OPERATOR_XOR
        case .plusLighter: return CAIRO_OPERATOR_ADD
        case .plusDarker: return nil
        }
    }

    /// cairo's operators that change pixels outside the shape drawn; Quartz
    /// confines every blend mode to the shape, so `CairoContext` emulates that.
    static let unboundedCairoOperators: [cairo_operator_t] = [
        CAIRO_OPERATOR_IN, CAIRO_OPERATOR_OUT, CAIRO_OPERATOR_DEST_IN, CAIRO_OPERATOR_DEST_ATOP,
    ]
}
