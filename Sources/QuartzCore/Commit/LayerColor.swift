/// A colour as the render server holds it in a `LayerState`: the `CGColor`
/// a commit carried, or the red, green, blue and alpha an animation wrote
/// this frame.
///
/// Why not a `CGColor`: a colour animation writes a new colour into its
/// layer's presented state on every frame, and making a `CGColor` object
/// for each (an allocation, its release and the old one's deallocation)
/// was an eighth of evaluating 10,000 animations (docs/performance.md).
/// Components alone (`object` nil) stand for exactly
/// the colour `CGColor(red:green:blue:alpha:)` would make of them, and
/// compare equal to it. Either way the components are kept inline, so
/// reading them never touches the object, and copying a `LayerColor` costs
/// what copying an optional `CGColor` did (one retain).
struct LayerColor: Hashable, Sendable {
    /// Red, green, blue and alpha, as `CGColor.rgba` gives them (gray
    /// widened to RGB); clamped to 0...1.
    let rgba: SIMD4<Double>
    /// The colour object given, which keeps its colour space; nil for a
    /// colour written as components (generic RGB).
    let object: CGColor?

    /// `color` as given.
    init(_ color: CGColor) {
        let rgba = color.rgba
        self.rgba = SIMD4(Double(rgba.red), Double(rgba.green), Double(rgba.blue), Double(rgba.alpha))
        object = color
    }

    /// The colour `CGColor(red:green:blue:alpha:)` makes of `rgba`, without
    /// making it: the components clamped the same way (NaN to 0).
    init(genericRGB rgba: SIMD4<Double>) {
        func clamped(_ c: Double) -> Double { c.isNaN ? 0 : min(max(c, 0), 1) }
        self.rgba = SIMD4(clamped(rgba.x), clamped(rgba.y), clamped(rgba.z), clamped(rgba.w))
        object = nil
    }

    /// The colour as an object, made when asked for one written as
    /// components (drawing, the general animation evaluator).
    var cgColor: CGColor {
        object ?? CGColor(red: CGFloat(rgba.x), green: CGFloat(rgba.y), blue: CGFloat(rgba.z), alpha: CGFloat(rgba.w))
    }

    /// The alpha component, as `CGColor.alpha` gives it.
    var alpha: CGFloat { CGFloat(rgba.w) }

    /// Equal exactly when the `CGColor`s they stand for are equal.
    static func == (lhs: LayerColor, rhs: LayerColor) -> Bool {
        switch (lhs.object, rhs.object) {
        case let (a?, b?): return a == b
        case (nil, nil): return lhs.rgba == rhs.rgba
        case let (color?, nil), let (nil, color?):
            let v = lhs.object == nil ? lhs.rgba : rhs.rgba
            return color.isGenericRGB(red: CGFloat(v.x), green: CGFloat(v.y), blue: CGFloat(v.z), alpha: CGFloat(v.w))
        }
    }

    /// Hashes the components: equal colours have equal components.
    func hash(into hasher: inout Hasher) {
        hasher.combine(rgba.x)
        hasher.combine(rgba.y)
        hasher.combine(rgba.z)
        hasher.combine(rgba.w)
    }
}

extension EffectColor {
    /// `color`'s components, gray widened to RGB.
    init(_ color: LayerColor) {
        let rgba = color.rgba
        self.init(red: rgba.x, green: rgba.y, blue: rgba.z, alpha: rgba.w)
    }
}
