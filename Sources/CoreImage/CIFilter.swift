@_exported import CoreGraphics

/// A named image filter with key-value parameters, Apple's `CIFilter`.
///
/// Lamina's compositor implements the filters in `CIFilter.knownFilters`;
/// `CIFilter(name:)` returns nil for any other name, as Apple does for names
/// it does not know. A filter is a mutable parameter bag that belongs to the
/// thread that made it; a layer's commit carries a `Sendable` snapshot of it.
open class CIFilter: CustomStringConvertible {
    /// A filter's known inputs with their default values.
    struct Definition: Sendable {
        let inputs: [(key: String, defaultValue: CIFilterValue)]
    }

    /// The filters the compositor can render, with Apple's input keys and defaults.
    static let knownFilters: [String: Definition] = [
        "CIGaussianBlur": Definition(inputs: [("inputImage", .none), ("inputRadius", .number(10))]),
        "CIBloom": Definition(inputs: [("inputImage", .none), ("inputRadius", .number(10)), ("inputIntensity", .number(0.5))]),
        "CIColorPosterize": Definition(inputs: [("inputImage", .none), ("inputLevels", .number(6))]),
    ]

    /// The filter's class name, as given to `init(name:)`.
    public let filterName: String
    /// The name a layer's key paths use for this filter (`filters.NAME.inputKey`).
    /// Defaults to the class name, as on Apple.
    open var name: String
    private var values: [String: Any] = [:]

    /// A filter of a known class, or nil.
    public init?(name: String) {
        guard CIFilter.knownFilters[name] != nil else { return nil }
        filterName = name
        self.name = name
    }

    /// The filter's input keys, as Apple lists them.
    open var inputKeys: [String] { CIFilter.knownFilters[filterName]?.inputs.map(\.key) ?? [] }
    /// The filter's output keys.
    open var outputKeys: [String] { ["outputImage"] }

    /// Sets every input to its default value.
    open func setDefaults() {
        for input in CIFilter.knownFilters[filterName]?.inputs ?? [] {
            if case .number(let number) = input.defaultValue { values[input.key] = NSNumber(value: Double(number)) }
        }
    }

    open func setValue(_ value: Any?, forKey key: String) {
        if key == "name", let newName = value as? String { name = newName; return }
        values[key] = value
    }

    open func value(forKey key: String) -> Any? {
        if key == "name" { return name }
        return values[key]
    }

    /// An independent copy with the same class, name and inputs.
    open func copy() -> CIFilter {
        let copy = CIFilter(name: filterName)!
        copy.name = name
        copy.values = values
        return copy
    }

    /// The numeric inputs as a `Sendable` snapshot, for the render thread.
    public var snapshot: CIFilterSnapshot {
        var numbers: [String: Double] = [:]
        for (key, value) in values {
            if let number = value as? NSNumber { numbers[key] = number.doubleValue }
            else if let number = value as? Double { numbers[key] = number }
            else if let number = value as? CGFloat { numbers[key] = Double(number) }
            else if let number = value as? Float { numbers[key] = Double(number) }
            else if let number = value as? Int { numbers[key] = Double(number) }
        }
        return CIFilterSnapshot(filterName: filterName, name: name, numbers: numbers)
    }

    public var description: String { "<CIFilter \(filterName) name=\(name)>" }
}

/// A default input value.
enum CIFilterValue: Sendable {
    case none
    case number(CGFloat)
}

/// An immutable copy of a filter's class, name and numeric inputs.
public struct CIFilterSnapshot: Sendable, Equatable, Hashable {
    public let filterName: String
    public let name: String
    public let numbers: [String: Double]
    /// For the filters that spread a drawing (`CIGaussianBlur`, `CIBloom`),
    /// `number("inputRadius")`, found once: the compositor asks for every
    /// blurred layer's reach at every frame, and hashing the key there cost
    /// more than the rest of the question. Nil for other filters.
    public let blurRadius: Double?

    public init(filterName: String, name: String, numbers: [String: Double]) {
        self.filterName = filterName
        self.name = name
        self.numbers = numbers
        switch filterName {
        case "CIGaussianBlur", "CIBloom": blurRadius = numbers["inputRadius"] ?? Self.defaultNumber("inputRadius", of: filterName)
        default: blurRadius = nil
        }
    }

    /// The numeric input `key`, or the filter's default for it.
    public func number(_ key: String) -> Double? {
        numbers[key] ?? Self.defaultNumber(key, of: filterName)
    }

    private static func defaultNumber(_ key: String, of filterName: String) -> Double? {
        guard let input = CIFilter.knownFilters[filterName]?.inputs.first(where: { $0.key == key }),
              case .number(let value) = input.defaultValue else { return nil }
        return Double(value)
    }
}
