/// A property value in the form the animation engine does arithmetic on.
///
/// Model properties hold whatever Swift value the user set (`Double`, `Int`,
/// `NSNumber`, `CGPoint`, …); animations and the render server work on this
/// normalized, `Sendable` form. `init?(_:)` converts from `Any`, and
/// `boxed(like:)` converts back to the Swift type a property expects.
enum AnimatableValue: Sendable, Equatable {
    case number(Double)
    case point(CGPoint)
    case size(CGSize)
    case rect(CGRect)
    /// Boxed (`indirect`): a 128-byte matrix inline would make every value
    /// that size, and animation evaluation copies values constantly.
    indirect case transform(CATransform3D)
    case color(CGColor)
    case array([AnimatableValue])
    /// A path (`CAShapeLayer.path`): interpolates point by point with a path
    /// of the same element structure (see `AnimatableValue+Path.swift`).
    case path(CGPathSnapshot)

    /// Normalizes any Swift number, `NSNumber`, `NSValue`, geometry struct,
    /// `CGAffineTransform` (widened to 3D), `CGColor`, `CGPath` or array of those.
    /// Returns nil for anything else.
    init?(_ any: Any?) {
        guard let any else { return nil }
        if let value = Self.commonValueType(any) ?? Self.commonObject(any) {
            self = value
            return
        }
        switch any {
        case let value as AnimatableValue: self = value
        case let value as Double: self = .number(value)
        case let value as CGFloat: self = .number(Double(value))
        case let value as Float: self = .number(Double(value))
        case let value as Int: self = .number(Double(value))
        case let value as Int32: self = .number(Double(value))
        case let value as Int64: self = .number(Double(value))
        case let value as UInt: self = .number(Double(value))
        case let value as UInt32: self = .number(Double(value))
        case let value as Bool: self = .number(value ? 1 : 0)
        case let value as NSNumber: self = .number(value.doubleValue)
        case let value as CGPoint: self = .point(value)
        case let value as CGSize: self = .size(value)
        case let value as CGRect: self = .rect(value)
        case let value as CATransform3D: self = .transform(value)
        case let value as CGAffineTransform: self = .transform(CATransform3DMakeAffineTransform(value))
        case let value as CGColor: self = .color(value)
        case let value as CGPath: self = .path(value.snapshot)
        case let value as CGPathSnapshot: self = .path(value)
        case let value as NSValue:
            guard let converted = AnimatableValue(nsValue: value) else { return nil }
            self = converted
        case let values as [Any]:
            var converted: [AnimatableValue] = []
            converted.reserveCapacity(values.count)
            for element in values {
                guard let value = AnimatableValue(element) else { return nil }
                converted.append(value)
            }
            self = .array(converted)
        default:
            return nil
        }
    }

    /// The value types layer properties hold, converted without trying any
    /// class first: casting a value to a class type (`NSNumber`, `CGColor`)
    /// bridges it to an object to test, an allocation a cast (about a
    /// third of a key press's work on the main thread). Nil for
    /// objects and other types, which the full list of casts then takes.
    private static func commonValueType(_ any: Any) -> AnimatableValue? {
        guard !(type(of: any) is AnyClass) else { return nil }
        switch any {
        case let value as AnimatableValue: return value
        case let value as Double: return .number(value)
        case let value as CGFloat: return .number(Double(value))
        case let value as Float: return .number(Double(value))
        case let value as Int: return .number(Double(value))
        case let value as Bool: return .number(value ? 1 : 0)
        case let value as CGPoint: return .point(value)
        case let value as CGSize: return .size(value)
        case let value as CGRect: return .rect(value)
        case let value as CATransform3D: return .transform(value)
        case let value as CGAffineTransform: return .transform(CATransform3DMakeAffineTransform(value))
        default: return nil
        }
    }

    /// The objects values come boxed in (an implicit animation's `NSValue`
    /// of a point, a number, a colour, a path), tried by class before the
    /// full list of casts: there each `as Double` or `as CGPoint` a box
    /// failed looked for a bridging conformance, some 200 K instructions
    /// for one value. Nil for values, other objects and boxes of what
    /// cannot animate, which the full list then takes (and refuses).
    private static func commonObject(_ any: Any) -> AnimatableValue? {
        guard type(of: any) is AnyClass else { return nil }
        switch any {
        case let value as NSNumber: return .number(value.doubleValue)
        case let value as NSValue: return AnimatableValue(nsValue: value)
        case let value as CGColor: return .color(value)
        case let value as CGPath: return .path(value.snapshot)
        default: return nil
        }
    }

    /// A boxed point, size, rect (as Foundation on Linux boxes them) or
    /// transform (`NSValue(caTransform3D:)`).
    private init?(nsValue: NSValue) {
        if nsValue.boxesCATransform3D {
            self = .transform(nsValue.caTransform3DValue)
            return
        }
        // By the outermost type: a rect's encoding names a point and a size
        // inside it (`{CGRect={CGPoint=dd}{CGSize=dd}}`), and reading it as a
        // point made Foundation trap on the cast.
        let type = String(cString: nsValue.objCType)
        if type.hasPrefix("{CGRect") || type.hasPrefix("{NSRect") { self = .rect(nsValue.rectValue) }
        else if type.hasPrefix("{CGPoint") || type.hasPrefix("{NSPoint") { self = .point(nsValue.pointValue) }
        else if type.hasPrefix("{CGSize") || type.hasPrefix("{NSSize") { self = .size(nsValue.sizeValue) }
        else { return nil }
    }

    /// The scalar, when this is a number.
    var number: Double? {
        if case .number(let value) = self { return value }
        return nil
    }
}

extension AnimatableValue {
    /// Back to a Swift value of the same type as `template` (the property's
    /// current value), so a `Float` property stays `Float`, an `Int` key an `Int`.
    func boxed(like template: Any?) -> Any {
        switch self {
        case .number(let number):
            switch template {
            case is Float: return Float(number)
            case is Double: return number
            case is Int: return Int(clampedFrom: number.rounded())
            case is Bool: return number >= 0.5
            case is NSNumber: return NSNumber(value: number)
            default: return CGFloat(number)
            }
        case .point(let point): return point
        case .size(let size): return size
        case .rect(let rect): return rect
        case .transform(let transform):
            if template is CGAffineTransform { return CATransform3DGetAffineTransform(transform) }
            return transform
        case .color(let color): return color
        case .path(let path): return CGPath(path)
        case .array(let values):
            let templates = template as? [Any]
            return values.enumerated().map { index, value in
                value.boxed(like: templates.flatMap { index < $0.count ? $0[index] : $0.last })
            }
        }
    }
}
