// CoreGraphics on Apple re-exports the geometry types Foundation defines on
// Linux (`CGFloat`, `CGPoint`, `CGSize`, `CGRect`), so importing this module
// alone is enough to use them, as it is on Apple platforms.
@_exported import Foundation

/// A time interval in seconds, as Core Foundation defines it.
public typealias CFTimeInterval = Double
