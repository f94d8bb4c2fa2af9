import Foundation

/// QuartzCore's boxing of transforms in `NSValue`, as apps write animations:
/// `animation.values = [NSValue(caTransform3D: t), ...]`,
/// `toValue = NSValue(caTransform3D: t)`.
///
/// On Linux, Foundation cannot box a struct by its Objective-C type
/// (`NSValue(bytes:objCType:)` traps for a `{...}` encoding), so the sixteen
/// entries, `m11` to `m44` in the struct's order, are boxed as an array of
/// doubles: `objCType` is `[16d]` where Apple's is
/// `{CATransform3D=dddddddddddddddd}`. Two boxes of equal transforms are
/// equal, as on Apple (docs/behaviour.md, Values).
extension NSValue {
    /// The type encoding of a boxed `CATransform3D` on Linux.
    static let caTransform3DObjCType = "[16d]"

    /// A value boxing `t`.
    public convenience init(caTransform3D t: CATransform3D) {
        let entries = t.entries.map(Double.init)
        self.init(bytes: entries, objCType: NSValue.caTransform3DObjCType)
    }

    /// The transform this value boxes; the identity for a value that boxes
    /// something else (Apple leaves that undefined).
    public var caTransform3DValue: CATransform3D {
        guard boxesCATransform3D else { return CATransform3DIdentity }
        var entries = [Double](repeating: 0, count: 16)
        entries.withUnsafeMutableBytes { getValue($0.baseAddress!) }
        return CATransform3D(entries: entries.map { CGFloat($0) })
    }

    /// Whether this value boxes a transform (as `init(caTransform3D:)` boxes one).
    var boxesCATransform3D: Bool {
        let type = String(cString: objCType)
        return type == NSValue.caTransform3DObjCType || type.hasPrefix("{CATransform3D")
    }
}
