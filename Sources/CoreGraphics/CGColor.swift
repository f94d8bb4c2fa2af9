/// An immutable colour, Apple's `CGColor`.
///
/// Immutable and therefore `Sendable`: a colour set on a layer is carried by
/// value to the render thread.
public final class CGColor: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The colour space the components are in.
    public let colorSpace: CGColorSpace?
    /// The colour components followed by alpha, as Apple returns them.
    public let components: [CGFloat]?

    /// The number of components including alpha.
    public var numberOfComponents: Int { components?.count ?? 0 }

    /// The alpha component.
    public var alpha: CGFloat { components?.last ?? 1 }

    /// An RGB colour in the generic RGB space (Apple: "Creates a color in the
    /// Generic RGB color space"); components are clamped to 0...1.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        colorSpace = .genericRGB
        // Written out rather than mapped: `map` grew a second array, and the
        // render server makes one of these per colour animation per frame.
        components = [Self.clampComponent(red), Self.clampComponent(green), Self.clampComponent(blue),
                      Self.clampComponent(alpha)]
    }

    /// A gray colour in the generic gray space (Apple: "Creates a color in the
    /// Generic gray color space"); components are clamped to 0...1.
    public init(gray: CGFloat, alpha: CGFloat) {
        colorSpace = .genericGray
        components = [gray, alpha].map(CGColor.clampComponent)
    }

    /// A colour in `space` from its components (alpha last), or nil when the
    /// count does not match the space.
    public init?(colorSpace space: CGColorSpace, components values: UnsafePointer<CGFloat>) {
        let count = space.numberOfComponents + 1
        guard space.numberOfComponents > 0 else { return nil }
        colorSpace = space
        components = (0..<count).map { CGColor.clampComponent(values[$0]) }
    }

    init(space: CGColorSpace, clampedComponents: [CGFloat]) {
        colorSpace = space
        components = clampedComponents
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
        guard let values = components else { return (0, 0, 0, 1) }
        switch values.count {
        case 2: return (values[0], values[0], values[0], values[1])
        case 4: return (values[0], values[1], values[2], values[3])
        case 5: // CMYK, naive conversion
            let k = values[3]
            return ((1 - values[0]) * (1 - k), (1 - values[1]) * (1 - k), (1 - values[2]) * (1 - k), values[4])
        default: return (0, 0, 0, values.last ?? 1)
        }
    }

    /// NaN becomes 0; everything else is clamped to 0...1.
    static func clampComponent(_ value: CGFloat) -> CGFloat {
        value.isNaN ? 0 : min(max(value, 0), 1)
    }

    /// Colours are equal when their spaces and components are (Apple's `CFEqual`).
    public static func == (lhs: CGColor, rhs: CGColor) -> Bool {
        lhs === rhs || (lhs.colorSpace == rhs.colorSpace && lhs.components == rhs.components)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(colorSpace)
        hasher.combine(components)
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
