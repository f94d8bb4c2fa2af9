/// The colour model of a colour space.
public enum CGColorSpaceModel: Int32, Sendable {
    case unknown = -1
    case monochrome = 0
    case rgb = 1
    case cmyk = 2
    case lab = 3
    case deviceN = 4
    case indexed = 5
    case pattern = 6
    case XYZ = 7
}

/// A colour space. Lamina composites in device RGB; gray colours are widened
/// to RGB when they are drawn.
public final class CGColorSpace: Equatable, Hashable, Sendable {
    /// Apple's constant names, so `CGColorSpace(name: CGColorSpace.sRGB)` compiles.
    public static let sRGB = "kCGColorSpaceSRGB"
    public static let genericRGBLinear = "kCGColorSpaceGenericRGBLinear"
    public static let genericGrayGamma2_2 = "kCGColorSpaceGenericGrayGamma2_2"
    public static let linearGray = "kCGColorSpaceLinearGray"
    public static let deviceRGBName = "kCGColorSpaceDeviceRGB"
    public static let deviceGrayName = "kCGColorSpaceDeviceGray"

    public let name: String?
    public let model: CGColorSpaceModel

    /// The number of colour components, not counting alpha.
    public var numberOfComponents: Int {
        switch model {
        case .monochrome: return 1
        case .cmyk: return 4
        case .rgb, .lab, .XYZ: return 3
        default: return 0
        }
    }

    init(name: String?, model: CGColorSpaceModel) {
        self.name = name
        self.model = model
    }

    /// A named colour space, or nil for a name Lamina does not know.
    public convenience init?(name: String) {
        switch name {
        case CGColorSpace.sRGB, CGColorSpace.genericRGBLinear, CGColorSpace.deviceRGBName, kCGColorSpaceGenericRGB:
            self.init(name: name, model: .rgb)
        case CGColorSpace.genericGrayGamma2_2, CGColorSpace.linearGray, CGColorSpace.deviceGrayName:
            self.init(name: name, model: .monochrome)
        default:
            return nil
        }
    }

    static let deviceRGB = CGColorSpace(name: deviceRGBName, model: .rgb)
    /// The space of `CGColor(red:green:blue:alpha:)`, as Apple documents it.
    static let genericRGB = CGColorSpace(name: kCGColorSpaceGenericRGB, model: .rgb)
    /// The sRGB space, of `CGColor(srgbRed:green:blue:alpha:)`; equal to
    /// `CGColorSpace(name: CGColorSpace.sRGB)`.
    static let standardRGB = CGColorSpace(name: sRGB, model: .rgb)
    /// The space of `CGColor(gray:alpha:)` and the constant colours (Apple's generic gray).
    static let genericGray = CGColorSpace(name: genericGrayGamma2_2, model: .monochrome)
    static let deviceGray = CGColorSpace(name: deviceGrayName, model: .monochrome)

    public static func == (lhs: CGColorSpace, rhs: CGColorSpace) -> Bool {
        lhs.model == rhs.model && lhs.name == rhs.name
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(model)
    }
}

/// The name of the generic RGB colour space. Apple exposes this one as a
/// global constant rather than a `CGColorSpace` type property.
public let kCGColorSpaceGenericRGB = "kCGColorSpaceGenericRGB"

/// The device RGB colour space.
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { .deviceRGB }

/// The device gray colour space.
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace { .deviceGray }
