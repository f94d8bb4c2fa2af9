import Foundation

/// Layer and animation values in a form `NSKeyedArchiver` keeps with
/// secure coding: Foundation objects only, each Swift value in a small
/// dictionary naming its type (`"$type"`) so that it comes back as the same
/// Swift type (a `Float` stays a `Float`, a `CGPoint` a `CGPoint`, a
/// `CALayerContentsGravity` that struct). Layers, animations and emitter
/// cells are archived as themselves (they are `NSSecureCoding`).
///
/// Apple does not publish its archive's keys or format; archives are
/// read back by Lamina, not by Apple's QuartzCore (docs/behaviour.md).
enum ArchivedValue {
    /// The classes an archive of layers and animations holds.
    static let classes: [AnyClass] = [NSDictionary.self, NSArray.self, NSString.self, NSNumber.self, NSData.self,
                                      NSAttributedString.self, CALayer.self, CAAnimation.self, CAEmitterCell.self]

    /// `value` in archivable form, or nil for a value that cannot be
    /// archived (a closure, an object of another kind).
    static func encode(_ value: Any) -> NSObject? {
        if let object = encodeObject(value) { return object }
        if let tagged = encodeTagged(value) { return NSDictionary(dictionary: ["$type": tagged.type, "value": tagged.value]) }
        return nil
    }

    private static func encodeObject(_ value: Any) -> NSObject? {
        switch value {
        case let layer as CALayer: return layer
        case let animation as CAAnimation: return animation
        case let cell as CAEmitterCell: return cell
        case let text as NSAttributedString: return text
        default: return nil
        }
    }

    private static func numbers(_ values: [CGFloat]) -> NSArray { NSArray(array: values.map { NSNumber(value: Double($0)) }) }

    private static func encodeTagged(_ value: Any) -> (type: String, value: NSObject)? {
        switch value {
        case let number as Double: return ("Double", NSNumber(value: number))
        case let number as CGFloat: return ("CGFloat", NSNumber(value: Double(number)))
        case let number as Float: return ("Float", NSNumber(value: number))
        case let number as Int: return ("Int", NSNumber(value: number))
        case let flag as Bool: return ("Bool", NSNumber(value: flag))
        case let text as String: return ("String", NSString(string: text))
        case let number as NSNumber: return ("NSNumber", number)
        case let point as CGPoint: return ("CGPoint", numbers([point.x, point.y]))
        case let size as CGSize: return ("CGSize", numbers([size.width, size.height]))
        case let rect as CGRect: return ("CGRect", numbers([rect.origin.x, rect.origin.y, rect.width, rect.height]))
        case let transform as CATransform3D: return ("CATransform3D", numbers(transform.entries))
        case let t as CGAffineTransform: return ("CGAffineTransform", numbers([t.a, t.b, t.c, t.d, t.tx, t.ty]))
        case let value as NSValue: return encodeTagged(AnimatableValue(value).map { $0.boxed(like: nil) } as Any)
        case let color as CGColor:
            return ("CGColor", NSDictionary(dictionary: ["space": color.colorSpace?.name ?? "", "components": numbers(color.components ?? [])]))
        case let path as CGPath:
            return ("CGPath", NSArray(array: path.elements.map { element in
                NSArray(array: [NSNumber(value: element.type.rawValue)] + element.points.flatMap { [NSNumber(value: Double($0.x)), NSNumber(value: Double($0.y))] })
            }))
        case let image as CGImage:
            guard let png = pngData(of: image) else { return nil }
            return ("CGImage", png)
        case let function as CAMediaTimingFunction:
            var points = [Float](repeating: 0, count: 4)
            for index in 0..<4 {
                var point: [Float] = [0, 0]
                function.getControlPoint(at: index, values: &point)
                if index == 1 { points[0] = point[0]; points[1] = point[1] }
                if index == 2 { points[2] = point[0]; points[3] = point[1] }
            }
            return ("CAMediaTimingFunction", NSArray(array: points.map { NSNumber(value: $0) }))
        case let function as CAValueFunction: return ("CAValueFunction", NSString(string: function.name.rawValue))
        case let font as CGFont: return font.postScriptName.map { ("CGFont", NSString(string: $0)) }
        case let filter as CIFilter:
            var inputs: [String: NSObject] = [:]
            for key in filter.inputKeys { if let input = filter.value(forKey: key), let encoded = encode(input) { inputs[key] = encoded } }
            return ("CIFilter", NSDictionary(dictionary: ["filterName": filter.filterName, "name": filter.name,
                                                          "inputs": NSDictionary(dictionary: inputs)]))
        case let range as CAFrameRateRange:
            return ("CAFrameRateRange", NSArray(array: [range.minimum, range.maximum, range.preferred ?? 0].map { NSNumber(value: $0) }))
        case let raw as any ArchivableString: return (String(describing: type(of: raw)), NSString(string: raw.archivedString))
        case let raw as any ArchivableBits: return (String(describing: type(of: raw)), NSNumber(value: raw.archivedBits))
        case let values as [Any]:
            var encoded: [NSObject] = []
            for element in values {
                guard let element = encode(element) else { return nil }
                encoded.append(element)
            }
            return ("Array", NSArray(array: encoded))
        case let values as [String: Any]:
            var encoded: [String: NSObject] = [:]
            for (key, element) in values {
                guard let element = encode(element) else { return nil }
                encoded[key] = element
            }
            return ("Dictionary", NSDictionary(dictionary: encoded))
        case is NSNull: return ("NSNull", NSString(string: ""))
        default: return nil
        }
    }

    /// The value `object` archived, or nil when it is not one this reads.
    static func decode(_ object: Any) -> Any? {
        if let plain = object as? NSObject, let decoded = decodeObject(plain) { return decoded }
        guard let tagged = object as? NSDictionary, let type = tagged["$type"] as? String, let value = tagged["value"]
        else { return nil }
        return decodeTagged(type: type, value: value)
    }

    private static func decodeObject(_ object: NSObject) -> Any? {
        switch object {
        case let layer as CALayer: return layer
        case let animation as CAAnimation: return animation
        case let cell as CAEmitterCell: return cell
        case let text as NSAttributedString: return text
        default: return nil
        }
    }

    private static func cgFloats(_ value: Any, count: Int) -> [CGFloat]? {
        guard let array = value as? [Any] else { return nil }
        let numbers = array.compactMap { ($0 as? NSNumber)?.doubleValue }.map { CGFloat($0) }
        return numbers.count == count ? numbers : nil
    }

    private static func decodeTagged(type: String, value: Any) -> Any? {
        let number = value as? NSNumber
        switch type {
        case "Double": return number?.doubleValue
        case "CGFloat": return number.map { CGFloat($0.doubleValue) }
        case "Float": return number?.floatValue
        case "Int": return number?.intValue
        case "Bool": return number?.boolValue
        case "String": return value as? String
        case "NSNumber": return number
        case "CGPoint": return cgFloats(value, count: 2).map { CGPoint(x: $0[0], y: $0[1]) }
        case "CGSize": return cgFloats(value, count: 2).map { CGSize(width: $0[0], height: $0[1]) }
        case "CGRect": return cgFloats(value, count: 4).map { CGRect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) }
        case "CATransform3D": return cgFloats(value, count: 16).map { CATransform3D(entries: $0) }
        case "CGAffineTransform":
            return cgFloats(value, count: 6).map { CGAffineTransform(a: $0[0], b: $0[1], c: $0[2], d: $0[3], tx: $0[4], ty: $0[5]) }
        case "CGColor": return decodeColor(value)
        case "CGPath": return decodePath(value)
        case "CGImage": return (value as? Data).flatMap(image(fromPNG:))
        case "CAMediaTimingFunction":
            guard let points = cgFloats(value, count: 4) else { return nil }
            return CAMediaTimingFunction(controlPoints: Float(points[0]), Float(points[1]), Float(points[2]), Float(points[3]))
        case "CAValueFunction": return (value as? String).flatMap { CAValueFunction(name: CAValueFunctionName(rawValue: $0)) }
        case "CGFont": return (value as? String).flatMap { CGFont($0) }
        case "CIFilter": return decodeFilter(value)
        case "CAFrameRateRange":
            guard let numbers = (value as? [Any])?.compactMap({ ($0 as? NSNumber)?.floatValue }), numbers.count == 3 else { return nil }
            return CAFrameRateRange(minimum: numbers[0], maximum: numbers[1], preferred: numbers[2] == 0 ? nil : numbers[2])
        case "Array": return (value as? [Any]).map { $0.compactMap(decode) }
        case "Dictionary":
            guard let entries = value as? NSDictionary else { return nil }
            var decoded: [String: Any] = [:]
            for (key, element) in entries { if let key = key as? String, let element = decode(element) { decoded[key] = element } }
            return decoded
        case "NSNull": return NSNull()
        default:
            if let raw = value as? String, let make = ArchivableTypes.strings[type] { return make(raw) }
            if let bits = number?.uint64Value, let make = ArchivableTypes.bits[type] { return make(bits) }
            return nil
        }
    }

    private static func decodeColor(_ value: Any) -> CGColor? {
        guard let entries = value as? NSDictionary, let components = (entries["components"] as? [Any])?
            .compactMap({ ($0 as? NSNumber)?.doubleValue }).map({ CGFloat($0) }) else { return nil }
        let name = entries["space"] as? String ?? ""
        let space = CGColorSpace(name: name) ?? (components.count == 2 ? CGColorSpaceCreateDeviceGray() : CGColorSpaceCreateDeviceRGB())
        return components.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { CGColor(colorSpace: space, components: $0) }
        }
    }

    private static func decodePath(_ value: Any) -> CGPath? {
        guard let elements = value as? [Any] else { return nil }
        let path = CGMutablePath()
        for element in elements {
            guard let numbers = (element as? [Any])?.compactMap({ ($0 as? NSNumber)?.doubleValue }), let kind = numbers.first,
                  let type = CGPathElementType(rawValue: Int32(kind)) else { return nil }
            let points = stride(from: 1, to: numbers.count - 1, by: 2).map { CGPoint(x: numbers[$0], y: numbers[$0 + 1]) }
            switch (type, points.count) {
            case (.moveToPoint, 1): path.move(to: points[0])
            case (.addLineToPoint, 1): path.addLine(to: points[0])
            case (.addQuadCurveToPoint, 2): path.addQuadCurve(to: points[1], control: points[0])
            case (.addCurveToPoint, 3): path.addCurve(to: points[2], control1: points[0], control2: points[1])
            case (.closeSubpath, 0): path.closeSubpath()
            default: return nil
            }
        }
        return path.copy()
    }

    private static func decodeFilter(_ value: Any) -> CIFilter? {
        guard let entries = value as? NSDictionary, let filterName = entries["filterName"] as? String,
              let filter = CIFilter(name: filterName) else { return nil }
        if let name = entries["name"] as? String { filter.name = name }
        for (key, input) in (entries["inputs"] as? NSDictionary) ?? [:] {
            if let key = key as? String, let decoded = decode(input) { filter.setValue(decoded, forKey: key) }
        }
        return filter
    }

    private static func pngData(of image: CGImage) -> NSData? {
        let data = NSMutableData()
        guard let destination = CGImageDestinationCreateWithData(data, "public.png", 1, nil) else { return nil }
        CGImageDestinationAddImage(destination, image, nil)
        return CGImageDestinationFinalize(destination) ? data : nil
    }

    private static func image(fromPNG data: Data) -> CGImage? {
        CGImageSourceCreateWithData(data, nil).flatMap { CGImageSourceCreateImageAtIndex($0, 0, nil) }
    }
}
