import CPixman

/// Filters on a group's pixels (`CIGaussianBlur`, `CIBloom`, `CIColorPosterize`).
enum ImageFilterRenderer {
    /// How far (pixels) the filters spread a layer's drawing.
    static func outset(for filters: [CIFilterSnapshot]) -> Int { 0 }

    /// Applies `filters` in order to `area` of `buffer`.
    static func apply(_ filters: [CIFilterSnapshot], to buffer: RasterBuffer, area: PixelRect) {}
}

/// Layer shadows.
enum ShadowRenderer {
    static func drawShadow(of node: DrawNode, content: LayerContent?, into destination: PixmanImage,
                           clip: PixelRect, opacity: Float) {}

    static func drawGroupShadow(of node: DrawNode, groupAlpha: RasterBuffer, area: PixelRect,
                                into destination: PixmanImage, clip: PixelRect, opacity: Float) {}
}

/// Apple's compositing filter names as pixman operators.
enum BlendModes {
    static func operation(forFilterName name: String) -> pixman_op_t? { nil }
}
