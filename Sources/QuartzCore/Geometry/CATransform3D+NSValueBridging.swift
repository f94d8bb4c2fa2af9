import Foundation

/// `CATransform3D` bridges to `NSValue`, as QuartzCore's Swift overlay
/// makes it on Apple: `transform as NSValue` boxes it (as
/// `NSValue(caTransform3D:)`), and `animation.toValue as? CATransform3D`
/// reads a boxed transform back (nil for a value boxing anything else).
/// Swift on Linux casts through this conformance as Apple's does.
extension CATransform3D: _ObjectiveCBridgeable {
    public typealias _ObjectiveCType = NSValue

    public func _bridgeToObjectiveC() -> NSValue { NSValue(caTransform3D: self) }

    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CATransform3D?) {
        // Apple traps on a value of another type; Lamina reads the identity
        // (as `caTransform3DValue` does) rather than crash on input.
        result = source.caTransform3DValue
    }

    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CATransform3D?) -> Bool {
        result = source.boxesCATransform3D ? source.caTransform3DValue : nil
        return result != nil
    }

    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CATransform3D {
        source?.caTransform3DValue ?? CATransform3DIdentity
    }
}
