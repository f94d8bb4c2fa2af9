import Foundation

// `CGPoint`, `CGSize` and `CGRect` bridge to `NSValue`, as Foundation's
// Swift overlay makes them on Apple: `NSValue(point:)` read back with
// `as? CGPoint`, `rect as NSValue`. Foundation on Linux has the boxes
// (`NSValue(point:)`, `NSValue(size:)`, `NSValue(rect:)`) but not the
// bridging; these conformances add it (retroactively: the types are
// Foundation's). A value boxing another type does not cast.

/// The type encoding Foundation on Linux gives a boxed value of this kind.
private func encoding(of value: NSValue) -> String { String(cString: value.objCType) }
private let pointEncoding = encoding(of: NSValue(point: .zero))
private let sizeEncoding = encoding(of: NSValue(size: .zero))
private let rectEncoding = encoding(of: NSValue(rect: .zero))

extension CGPoint: @retroactive _ObjectiveCBridgeable {
    public typealias _ObjectiveCType = NSValue
    public func _bridgeToObjectiveC() -> NSValue { NSValue(point: self) }
    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CGPoint?) {
        _ = _conditionallyBridgeFromObjectiveC(source, result: &result)
    }
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CGPoint?) -> Bool {
        result = encoding(of: source) == pointEncoding ? source.pointValue : nil
        return result != nil
    }
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CGPoint {
        var result: CGPoint?
        if let source { _ = _conditionallyBridgeFromObjectiveC(source, result: &result) }
        return result ?? .zero
    }
}

extension CGSize: @retroactive _ObjectiveCBridgeable {
    public typealias _ObjectiveCType = NSValue
    public func _bridgeToObjectiveC() -> NSValue { NSValue(size: self) }
    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CGSize?) {
        _ = _conditionallyBridgeFromObjectiveC(source, result: &result)
    }
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CGSize?) -> Bool {
        result = encoding(of: source) == sizeEncoding ? source.sizeValue : nil
        return result != nil
    }
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CGSize {
        var result: CGSize?
        if let source { _ = _conditionallyBridgeFromObjectiveC(source, result: &result) }
        return result ?? .zero
    }
}

extension CGRect: @retroactive _ObjectiveCBridgeable {
    public typealias _ObjectiveCType = NSValue
    public func _bridgeToObjectiveC() -> NSValue { NSValue(rect: self) }
    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CGRect?) {
        _ = _conditionallyBridgeFromObjectiveC(source, result: &result)
    }
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CGRect?) -> Bool {
        result = encoding(of: source) == rectEncoding ? source.rectValue : nil
        return result != nil
    }
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CGRect {
        var result: CGRect?
        if let source { _ = _conditionallyBridgeFromObjectiveC(source, result: &result) }
        return result ?? .zero
    }
}
