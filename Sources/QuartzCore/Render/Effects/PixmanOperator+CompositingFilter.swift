import CPixman

/// How the compositor can draw a layer's `compositingFilter`.
package enum CompositingOperator: Equatable, Sendable {
    /// pixman draws the filter exactly with this operator (layer = source,
    /// what is behind it = destination).
    case exact(pixman_op_t)
    /// pixman's operator matches the filter where both the layer and what
    /// is behind it are opaque, and differs where either is translucent.
    case approximate(pixman_op_t)
    /// An Apple compositing filter pixman has no operator for; the caller
    /// falls back to source-over and reports it.
    case unsupported
    /// Not a compositing filter name Apple defines; the caller falls back to
    /// source-over and reports it.
    case unknown

    /// The operator to draw with, exact or approximate; nil when the caller
    /// must fall back (to `PIXMAN_OP_OVER`) and report.
    package var pixmanOperator: pixman_op_t? {
        switch self {
        case .exact(let op), .approximate(let op): op
        case .unsupported, .unknown: nil
        }
    }

    /// The operator for a `compositingFilter` given by name: a Core Image
    /// filter name (`CIMultiplyBlendMode`, what a `CIFilter` value carries),
    /// Core Animation's string form (`multiplyBlendMode`, `plusL`,
    /// `sourceAtop`…, the `kCAFilter…` constants), or a Core Image name
    /// without its `CI` prefix and with a lowercase first letter
    /// (`additionCompositing`). Names are case-sensitive, as `CIFilter(name:)`
    /// is.
    ///
    /// pixman's blend operators implement the PDF / W3C Compositing
    /// separable and non-separable blend modes on premultiplied colour,
    /// which is what Core Image's `…BlendMode` filters document ("blends
    /// colors from two images…", with the input image over the background).
    package init(filterName name: String) {
        self = CompositingOperator.byName[name] ?? .unknown
    }

    /// `CI…` names and Core Animation's names, each to its operator.
    private static let byName: [String: CompositingOperator] = {
        var table: [String: CompositingOperator] = [:]
        for (name, op) in coreImageFilters {
            table[name] = op
            // "CIAdditionCompositing" -> "additionCompositing"
            let bare = name.dropFirst(2)
            table[bare.prefix(1).lowercased() + bare.dropFirst()] = op
        }
        for (name, op) in coreAnimationFilters { table[name] = op }
        return table
    }()

    /// Core Image's compositing filters (the CICategoryCompositeOperation
    /// category).
    private static let coreImageFilters: [String: CompositingOperator] = [
        "CISourceOverCompositing": .exact(PIXMAN_OP_OVER),
        "CISourceInCompositing": .exact(PIXMAN_OP_IN),
        "CISourceOutCompositing": .exact(PIXMAN_OP_OUT),
        "CISourceAtopCompositing": .exact(PIXMAN_OP_ATOP),
        // min(1, S + D) on every premultiplied channel, alpha included.
        "CIAdditionCompositing": .exact(PIXMAN_OP_ADD),
        "CIMultiplyBlendMode": .exact(PIXMAN_OP_MULTIPLY),
        "CIScreenBlendMode": .exact(PIXMAN_OP_SCREEN),
        "CIOverlayBlendMode": .exact(PIXMAN_OP_OVERLAY),
        "CIDarkenBlendMode": .exact(PIXMAN_OP_DARKEN),
        "CILightenBlendMode": .exact(PIXMAN_OP_LIGHTEN),
        "CIColorDodgeBlendMode": .exact(PIXMAN_OP_COLOR_DODGE),
        "CIColorBurnBlendMode": .exact(PIXMAN_OP_COLOR_BURN),
        "CISoftLightBlendMode": .exact(PIXMAN_OP_SOFT_LIGHT),
        "CIHardLightBlendMode": .exact(PIXMAN_OP_HARD_LIGHT),
        "CIDifferenceBlendMode": .exact(PIXMAN_OP_DIFFERENCE),
        "CIExclusionBlendMode": .exact(PIXMAN_OP_EXCLUSION),
        "CIHueBlendMode": .exact(PIXMAN_OP_HSL_HUE),
        "CISaturationBlendMode": .exact(PIXMAN_OP_HSL_SATURATION),
        "CIColorBlendMode": .exact(PIXMAN_OP_HSL_COLOR),
        "CILuminosityBlendMode": .exact(PIXMAN_OP_HSL_LUMINOSITY),
        // Component-wise S × D, max(S, D), min(S, D) and min(1, S + D): equal
        // to the PDF multiply, lighten, darken and pixman's add where both
        // sides are opaque; their alpha differs elsewhere.
        "CIMultiplyCompositing": .approximate(PIXMAN_OP_MULTIPLY),
        "CIMaximumCompositing": .approximate(PIXMAN_OP_LIGHTEN),
        "CIMinimumCompositing": .approximate(PIXMAN_OP_DARKEN),
        "CILinearDodgeBlendMode": .approximate(PIXMAN_OP_ADD),
        "CILinearBurnBlendMode": .unsupported,
        "CILinearLightBlendMode": .unsupported,
        "CIPinLightBlendMode": .unsupported,
        "CIVividLightBlendMode": .unsupported,
        "CISubtractBlendMode": .unsupported,
        "CIDivideBlendMode": .unsupported,
    ]

    /// Core Animation's own filter names (`kCAFilter…` string values) that
    /// `compositingFilter` accepts in place of a `CIFilter`.
    private static let coreAnimationFilters: [String: CompositingOperator] = [
        "normalBlendMode": .exact(PIXMAN_OP_OVER),
        "sourceOver": .exact(PIXMAN_OP_OVER),
        "copy": .exact(PIXMAN_OP_SRC),
        "clear": .exact(PIXMAN_OP_CLEAR),
        "sourceIn": .exact(PIXMAN_OP_IN),
        "sourceOut": .exact(PIXMAN_OP_OUT),
        "sourceAtop": .exact(PIXMAN_OP_ATOP),
        "destOver": .exact(PIXMAN_OP_OVER_REVERSE),
        "destIn": .exact(PIXMAN_OP_IN_REVERSE),
        "destOut": .exact(PIXMAN_OP_OUT_REVERSE),
        "destAtop": .exact(PIXMAN_OP_ATOP_REVERSE),
        "xor": .exact(PIXMAN_OP_XOR),
        // Plus-lighter: min(1, S + D).
        "plusL": .exact(PIXMAN_OP_ADD),
        "multiply": .approximate(PIXMAN_OP_MULTIPLY),
        "maximum": .approximate(PIXMAN_OP_LIGHTEN),
        "minimum": .approximate(PIXMAN_OP_DARKEN),
        // Plus-darker: max(0, 1 - ((1 - S) + (1 - D))).
        "plusD": .unsupported,
        "subtractS": .unsupported,
        "subtractD": .unsupported,
        "darkenSourceOver": .unsupported,
        "lightenSourceOver": .unsupported,
    ]
}
