/// An immutable colour, Apple's `CGColor`.
///
/// Immutable and therefore `Sendable`: a colour set on a layer is carried by
/// value to the render thread.
public final class CGColor: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The colour space the components are in.
    public let colorSpace: CGColorSpace?
    /// The components followed by alpha, held inline rather than in an
    /// array: a colour is then one allocation, not two, and the render
    /// server makes one per colour animation per frame. Five places fit
    /// every space's count (CMYK's four and alpha); those past `count`
    /// are 0.
    private let values: (CGFloat, CGFloat, CGFloat, CGFloat, CGFloat)
    /// How many of `values` are used: the space's components and alpha.
    private let count: Int

    /// The colour components followed by alpha, as Apple returns them.
    public var components: [CGFloat]? {
        (0..<count).map(component)
    }

    /// The number of components including alpha.
    public var numberOfComponents: Int { count }

    /// The alpha component.
    public var alpha: CGFloat { count > 0 ? component(count - 1) : 1 }

    /// An RGB colour in the generic RGB space (Apple: "Creates a color in the
    /// Generic RGB color space"); components are clamped to 0...1.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        colorSpace = .genericRGB
        values = (Self.clampComponent(red), Self.clampComponent(green), Self.clampComponent(blue),
                  Self.clampComponent(alpha), 0)
        count = 4
    }

    /// An RGB colour in the sRGB space, `CGColorSpace(name: CGColorSpace.sRGB)`
    /// (Apple's `CGColorCreateSRGB`: "Creates a color in the sRGB color
    /// space"); components are clamped to 0...1. Lamina composites every
    /// RGB space alike, so it draws as `CGColor(red:green:blue:alpha:)`
    /// does, but it is not equal to that colour: the spaces differ.
    public init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        colorSpace = .standardRGB
        values = (Self.clampComponent(red), Self.clampComponent(green), Self.clampComponent(blue),
                  Self.clampComponent(alpha), 0)
        count = 4
    }

    /// A gray colour in the generic gray space (Apple: "Creates a color in the
    /// Generic gray color space"); components are clamped to 0...1.
    public init(gray: CGFloat, alpha: CGFloat) {
        colorSpace = .genericGray
        values = (Self.clampComponent(gray), Self.clampComponent(alpha), 0, 0, 0)
        count = 2
    }

    /// A colour in `space` from its components (alpha last), or nil when the
    /// count does not match the space.
    public convenience init?(colorSpace space: CGColorSpace, components values: UnsafePointer<CGFloat>) {
        let count = space.numberOfComponents + 1
        guard space.numberOfComponents > 0 else { return nil }
        self.init(space: space, clampedComponents: (0..<count).map { CGColor.clampComponent(values[$0]) })
    }

    /// A colour of up to five components (every space's count with alpha).
    init(space: CGColorSpace, clampedComponents: [CGFloat]) {
        precondition(clampedComponents.count <= 5, "a colour has at most five components")
        func at(_ index: Int) -> CGFloat { index < clampedComponents.count ? clampedComponents[index] : 0 }
        colorSpace = space
        values = (at(0), at(1), at(2), at(3), at(4))
        count = clampedComponents.count
    }

    /// Component `index` (alpha last), for `index < count`.
    private func component(_ index: Int) -> CGFloat {
        switch index {
        case 0: values.0
        case 1: values.1
        case 2: values.2
        case 3: values.3
        default: values.4
        }
    }

    /// The colour with a different alpha.
    public func copy(alpha: CGFloat) -> CGColor? {
        guard var values = components, let space = colorSpace else { return nil }
        values[values.count - 1] = CGColor.clampComponent(alpha)
        return CGColor(space: space, clampedComponents: values)
    }

    /// Opaque black, white, and fully transparent black.
    public static let black = CGColor(gray: 0, alpha: 1)
    public static let white = CGColor(gray: 1, alpha: 1)
    public static let clear = CGColor(gray: 0, alpha: 0)

    /// Red, green, blue, alpha in 0...1, widening gray. The render server uses this.
    public var rgba: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        switch count {
        case 2: return (values.0, values.0, values.0, values.1)
        case 4: return (values.0, values.1, values.2, values.3)
        case 5: // CMYK, naive conversion
            let k = values.3
            return ((1 - values.0) * (1 - k), (1 - values.1) * (1 - k), (1 - values.2) * (1 - k), values.4)
        default: return (0, 0, 0, alpha)
        }
    }

    /// NaN becomes 0; everything else is clamped to 0...1.
    static func clampComponent(_ value: CGFloat) -> CGFloat {
        value.isNaN ? 0 : min(max(value, 0), 1)
    }

    /// Whether this colour equals `CGColor(red:green:blue:alpha:)` of these
    /// components (already clamped), without making that colour: the render
    /// server holds animated colours as components (`LayerColor`).
    package func isGenericRGB(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) -> Bool {
        colorSpace == .genericRGB && count == 4
            && values.0 == red && values.1 == green && values.2 == blue && values.3 == alpha
    }

    /// Colours are equal when their spaces and components are (Apple's `CFEqual`).
    public static func == (lhs: CGColor, rhs: CGColor) -> Bool {
        guard lhs !== rhs else { return true }
        guard lhs.colorSpace == rhs.colorSpace, lhs.count == rhs.count else { return false }
        return (0..<lhs.count).allSatisfy { lhs.component($0) == rhs.component($0) }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(colorSpace)
        hasher.combine(count)
        for index in 0..<count { hasher.combine(component(index)) }
    }

    public var description: String {
        "CGColor(\(colorSpace?.name ?? "nil"), \(components ?? []))"
    }
}

/// How the ends of stroked lines are drawn.
public enum CGLineCap: Int32, Sendable {
    case butt = 0
    case round = 1
    case square = 2
}

/// How the joins of stroked lines are drawn.
public enum CGLineJoin: Int32, Sendable {
    case miter = 0
    case round = 1
    case bevel = 2
}
