import Foundation

/// Whether `value` is `NSNull`, which key-value coding takes for nil, as
/// `value is NSNull` answers (looking through optionals).
///
/// Only an object can be `NSNull`; `value is NSNull` on a Swift value (a
/// `CGFloat`, a `CGRect`) first bridged it to an object to test it (on
/// Linux, a new `NSNumber` or box every time), and layer properties are
/// read through this test (a key press's commit read every
/// property of the changed layer). So the test runs only on objects, and
/// on optionals held in an `Any`, which it looks into as `is` does.
@inline(__always)
func isNSNull(_ value: Any?) -> Bool {
    guard let value else { return false }
    if type(of: value) is AnyClass { return value is NSNull }
    // The metatype, not the value: testing the value for the protocol cost as much as the cast.
    return type(of: value) is OptionalValue.Type && value is NSNull
}

/// Any `Optional`, to tell one held in an `Any` from other values without
/// bridging them.
private protocol OptionalValue {}
extension Optional: OptionalValue {}
