/// The names of `CAValueFunction`s.
public struct CAValueFunctionName: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let rotateX = CAValueFunctionName(rawValue: "rotateX")
    public static let rotateY = CAValueFunctionName(rawValue: "rotateY")
    public static let rotateZ = CAValueFunctionName(rawValue: "rotateZ")
    public static let scale = CAValueFunctionName(rawValue: "scale")
    public static let scaleX = CAValueFunctionName(rawValue: "scaleX")
    public static let scaleY = CAValueFunctionName(rawValue: "scaleY")
    public static let scaleZ = CAValueFunctionName(rawValue: "scaleZ")
    public static let translate = CAValueFunctionName(rawValue: "translate")
    public static let translateX = CAValueFunctionName(rawValue: "translateX")
    public static let translateY = CAValueFunctionName(rawValue: "translateY")
    public static let translateZ = CAValueFunctionName(rawValue: "translateZ")
}

/// Turns an animation's interpolated numbers into a transform, so that
/// `transform` can be animated by angle or by scale: Apple's `CAValueFunction`.
public final class CAValueFunction: Sendable {
    public let name: CAValueFunctionName

    /// A function of a known name, or nil.
    public init?(name: CAValueFunctionName) {
        let known: Set<CAValueFunctionName> = [.rotateX, .rotateY, .rotateZ, .scale, .scaleX, .scaleY, .scaleZ,
                                               .translate, .translateX, .translateY, .translateZ]
        guard known.contains(name) else { return nil }
        self.name = name
    }

    /// The transform for `value`: a number for the one-axis functions, three
    /// numbers (or a number, used for every axis) for `scale` and `translate`.
    func transform(for value: AnimatableValue) -> CATransform3D? {
        let numbers: [CGFloat]
        switch value {
        case .number(let number): numbers = [CGFloat(number)]
        case .array(let values): numbers = values.compactMap(\.number).map { CGFloat($0) }
        case .point(let point): numbers = [point.x, point.y]
        default: return nil
        }
        guard let first = numbers.first else { return nil }
        func component(_ index: Int, _ fallback: CGFloat) -> CGFloat { index < numbers.count ? numbers[index] : fallback }
        switch name {
        case .rotateX: return CATransform3DMakeRotation(first, 1, 0, 0)
        case .rotateY: return CATransform3DMakeRotation(first, 0, 1, 0)
        case .rotateZ: return CATransform3DMakeRotation(first, 0, 0, 1)
        case .scale: return CATransform3DMakeScale(first, component(1, first), component(2, numbers.count == 1 ? first : 1))
        case .scaleX: return CATransform3DMakeScale(first, 1, 1)
        case .scaleY: return CATransform3DMakeScale(1, first, 1)
        case .scaleZ: return CATransform3DMakeScale(1, 1, first)
        case .translate: return CATransform3DMakeTranslation(first, component(1, 0), component(2, 0))
        case .translateX: return CATransform3DMakeTranslation(first, 0, 0)
        case .translateY: return CATransform3DMakeTranslation(0, first, 0)
        case .translateZ: return CATransform3DMakeTranslation(0, 0, first)
        default: return nil
        }
    }
}
