/// Layer values as text and back, for the inspector (`lamina-inspect get`
/// and `set`): numbers, booleans, points `x,y`, sizes `w,h`, rects
/// `x,y,w,h`, colours `#rrggbb[aa]`, transforms (`identity` or sixteen
/// numbers, row by row), strings. A value is parsed as the type the key
/// path holds: its current value's, or the declared property's when that
/// is nil. Errors are one line.
package enum LayerValueText {
    package struct Failure: Error, Equatable, CustomStringConvertible {
        package let description: String
        init(_ description: String) { self.description = description }
    }

    /// Keys every layer answers besides its declared properties.
    private static let extraKeys: Set<String> = ["frame", "sublayers", "superlayer", "delegate"]

    /// Reads `keyPath` on `layer` (the model, or a presentation copy);
    /// fails for a key path the layer does not have.
    package static func value(of layer: CALayer, keyPath: String) -> Result<Any?, Failure> {
        guard let base = keyPath.split(separator: ".").first.map(String.init), !keyPath.isEmpty,
              isKnown(base, on: layer) else {
            return .failure(Failure("\(type(of: layer)) has no key \"\(keyPath)\""))
        }
        let (value, messages) = CADiagnostics.capturing { layer.value(forKeyPath: keyPath) }
        if let message = messages.first { return .failure(Failure(message)) }
        return .success(value)
    }

    private static func isKnown(_ key: String, on layer: CALayer) -> Bool {
        let key = CALayerProperties.aliases[key] ?? key
        return type(of: layer).declaredProperties[key] != nil || extraKeys.contains(key) || layer.storage[key] != nil
    }

    /// `text` as a value for `keyPath` on `layer`.
    package static func parse(_ text: String, forKeyPath keyPath: String, on layer: CALayer) -> Result<Any?, Failure> {
        let current: Any?
        switch value(of: layer, keyPath: keyPath) {
        case .success(let value): current = value
        case .failure(let failure): return .failure(failure)
        }
        let text = text.trimmingCharacters(in: .whitespaces)
        let kind = current.map(kind(of:)) ?? declaredKind(keyPath, on: layer)
        guard let kind else { return .failure(Failure("\"\(keyPath)\" holds a value that cannot be set from text")) }
        if text == "nil" || text == "none" {
            guard current == nil || kind == .color || kind == .string else {
                return .failure(Failure("\"\(keyPath)\" cannot be nil"))
            }
            return .success(nil)
        }
        guard let value = parse(text, as: kind) else {
            return .failure(Failure("\"\(text)\" is not \(kind.expected) (for \(keyPath))"))
        }
        return .success(value)
    }

    /// The kinds of value text can give.
    package enum Kind: Equatable {
        case number, bool, point, size, rect, transform, color, string

        var expected: String {
            switch self {
            case .number: return "a number"
            case .bool: return "true or false"
            case .point: return "a point x,y"
            case .size: return "a size w,h"
            case .rect: return "a rect x,y,w,h"
            case .transform: return "a transform (identity, or 16 numbers)"
            case .color: return "a colour #rrggbb or #rrggbbaa"
            case .string: return "a string"
            }
        }
    }

    private static func kind(of value: Any) -> Kind? {
        switch value {
        case is Bool: return .bool
        case is CGFloat, is Double, is Float, is Int, is NSNumber: return .number
        case is CGPoint: return .point
        case is CGSize: return .size
        case is CGRect: return .rect
        case is CATransform3D: return .transform
        case is CGColor: return .color
        case is String: return .string
        case let raw as any RawRepresentable:
            // Apple's string constants (gravity, filters) and option sets.
            return raw.rawValue is String ? .string : raw.rawValue is any BinaryInteger ? .number : nil
        default: return nil
        }
    }

    private static func declaredKind(_ keyPath: String, on layer: CALayer) -> Kind? {
        guard !keyPath.contains("."), let property = type(of: layer).declaredProperties[CALayerProperties.aliases[keyPath] ?? keyPath]
        else { return nil }
        switch property.kind {
        case .cgFloat, .float, .double, .int, .autoresizing, .cornerMask, .edgeMask: return .number
        case .bool: return .bool
        case .point: return .point
        case .size: return .size
        case .rect: return .rect
        case .transform: return .transform
        case .color: return .color
        case .string, .gravity, .fillMode, .contentsFormat, .cornerCurve, .contentsFilter: return .string
        case .object:
            // `CATextLayer.string` is `Any?` (a string or an attributed
            // string); from text it is a string. Other objects (contents,
            // fonts, filters) have no text form.
            return keyPath == "string" ? .string : nil
        }
    }

    /// `text` as a value of `kind`, nil when it is not one.
    package static func parse(_ text: String, as kind: Kind) -> Any? {
        let numbers = text.split(whereSeparator: { $0 == "," || $0 == " " }).map { Double($0) }
        let finite = numbers.allSatisfy { $0?.isFinite == true } ? numbers.compactMap { $0 } : nil
        switch kind {
        case .number:
            return finite?.count == 1 ? CGFloat(finite![0]) : nil
        case .bool:
            switch text.lowercased() {
            case "true", "yes", "1", "on": return true
            case "false", "no", "0", "off": return false
            default: return nil
            }
        case .point:
            return finite.flatMap { $0.count == 2 ? CGPoint(x: $0[0], y: $0[1]) : nil }
        case .size:
            return finite.flatMap { $0.count == 2 ? CGSize(width: $0[0], height: $0[1]) : nil }
        case .rect:
            return finite.flatMap { $0.count == 4 ? CGRect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) : nil }
        case .transform:
            if text.lowercased() == "identity" { return CATransform3DIdentity }
            return finite.flatMap { $0.count == 16 ? CATransform3D(entries: $0.map { CGFloat($0) }) : nil }
        case .color:
            return color(text)
        case .string:
            return text.count >= 2 && text.hasPrefix("\"") && text.hasSuffix("\"") ? String(text.dropFirst().dropLast()) : text
        }
    }

    /// `#rrggbb` or `#rrggbbaa` as an sRGB colour.
    private static func color(_ text: String) -> CGColor? {
        guard text.hasPrefix("#"), [7, 9].contains(text.count), let bits = UInt32(text.dropFirst(), radix: 16) else { return nil }
        let rgba = text.count == 7 ? bits << 8 | 0xFF : bits
        func channel(_ shift: UInt32) -> CGFloat { CGFloat(rgba >> shift & 0xFF) / 255 }
        return CGColor(red: channel(24), green: channel(16), blue: channel(8), alpha: channel(0))
    }

    /// `value` as one line of text, in the forms `parse` reads.
    package static func format(_ value: Any?) -> String {
        switch value {
        case nil: return "nil"
        case let flag as Bool: return flag ? "true" : "false"
        case let value as CGFloat: return number(Double(value))
        case let value as Double: return number(value)
        case let value as Float: return number(Double(value))
        case let value as Int: return String(value)
        case let point as CGPoint: return "\(number(point.x)),\(number(point.y))"
        case let size as CGSize: return "\(number(size.width)),\(number(size.height))"
        case let rect as CGRect:
            return "\(number(rect.minX)),\(number(rect.minY)),\(number(rect.width)),\(number(rect.height))"
        case let transform as CATransform3D:
            return CATransform3DIsIdentity(transform) ? "identity" : transform.entries.map { number($0) }.joined(separator: " ")
        case let color as CGColor:
            let rgba = LayerColor(color).rgba
            return "#" + [rgba.x, rgba.y, rgba.z, rgba.w].map { String(format: "%02x", Int(($0 * 255).rounded())) }.joined()
        case let text as String: return text
        case let raw as any RawRepresentable: return "\(raw.rawValue)"
        case let layers as [CALayer]: return "\(layers.count) layers"
        case let layer as CALayer: return "\(type(of: layer))" + (layer.name.map { " \"\($0)\"" } ?? "")
        case let values as [Any]: return "[" + values.map { format($0) }.joined(separator: ", ") + "]"
        case let value?: return String(describing: value)
        }
    }

    /// A number with at most four decimals, no trailing zeros.
    private static func number(_ value: CGFloat) -> String { number(Double(value)) }

    private static func number(_ value: Double) -> String { ProfilerReadout.trimmed(value, decimals: 4) }
}
