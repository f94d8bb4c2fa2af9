import Foundation

/// Whether `value` is `NSNull`, which key-value coding takes for nil.
///
/// Only an object can be `NSNull`; `value is NSNull` on a Swift value (a
/// `CGFloat`, a `CGRect`) first bridged it to an object to test it (on
/// Linux, a new `NSNumber` or box every time), and layer properties are
/// read through this test (issue 7: a key press's commit read every
/// property of the changed layer).
@inline(__always)
func isNSNull(_ value: Any) -> Bool {
    type(of: value) is AnyClass && value is NSNull
}
