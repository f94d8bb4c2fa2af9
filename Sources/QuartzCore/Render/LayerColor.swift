/// A colour as the render server holds it in a `LayerState`: the `CGColor`
/// a commit carried, or the red, green, blue and alpha an animation wrote
/// this frame.
///
/// Why two forms: a colour animation writes a new colour into its layer's
/// presented state on every frame, and making a `CGColor` object for each
/// (an allocation, its release and the old one's deallocation) was an
/// eighth of evaluating 10,000 animations (issue 7, docs/performance.md).
/// The components form is exactly the colour `CGColor(red:green:blue:alpha:)`
/// would make of them, and compares equal to it.
enum LayerColor: Hashable, Sendable {
    /// A colour object as given: it keeps its colour space and components.
    case object(CGColor)
    /// A colour in generic RGB, each component already clamped to 0...1
    /// (NaN to 0) as `CGColor(red:green:blue:alpha:)` clamps them.
    case components(SIMD4<Double>)

    /// `color` as given.
    init(_ color: CGColor) {
        self = .object(color)
    }

    /// The colour `CGColor(red:green:blue:alpha:)` makes of `rgba`, without
    /// making it: the components clamped the same way.
    init(genericRGB rgba: SIMD4<Double>) {
        func clamped(_ c: Double) -> Double { c.isNaN ? 0 : min(max(c, 0), 1) }
        self = .components(SIMD4(clamped(rgba.x), clamped(rgba.y), clamped(rgba.z), clamped(rgba.w)))
    }

    /// The colour as an object, made when asked for the components form
    /// (drawing, the general animation evaluator, the inspector).
    var cgColor: CGColor {
        switch self {
        case .object(let color): return color
        case .components(let v):
            return CGColor(red: CGFloat(v.x), green: CGFloat(v.y), blue: CGFloat(v.z), alpha: CGFloat(v.w))
        }
    }

    /// Red, green, blue and alpha, as `CGColor.rgba` gives them (gray widened to RGB).
    var rgba: SIMD4<Double> {
        switch self {
        case .object(let color):
            let rgba = color.rgba
            return SIMD4(Double(rgba.red), Double(rgba.green), Double(rgba.blue), Double(rgba.alpha))
        case .components(let v): return v
        }
    }

    /// The alpha component, as `CGColor.alpha` gives it.
    var alpha: CGFloat {
        switch self {
        case .object(let color): return color.alpha
        case .components(let v): return CGFloat(v.w)
        }
    }

    /// Equal exactly when the `CGColor`s they stand for are equal.
    static func == (lhs: LayerColor, rhs: LayerColor) -> Bool {
        switch (lhs, rhs) {
        case let (.object(a), .object(b)): return a == b
        case let (.components(a), .components(b)): return a == b
        case let (.object(color), .components(v)), let (.components(v), .object(color)):
            return color.isGenericRGB(red: CGFloat(v.x), green: CGFloat(v.y), blue: CGFloat(v.z), alpha: CGFloat(v.w))
        }
    }

    /// Hashes what `rgba` gives: equal colours have equal components.
    func hash(into hasher: inout Hasher) {
        let v = rgba
        hasher.combine(v.x)
        hasher.combine(v.y)
        hasher.combine(v.z)
        hasher.combine(v.w)
    }
}

extension EffectColor {
    /// `color`'s components, gray widened to RGB.
    init(_ color: LayerColor) {
        let rgba = color.rgba
        self.init(red: rgba.x, green: rgba.y, blue: rgba.z, alpha: rgba.w)
    }
}
