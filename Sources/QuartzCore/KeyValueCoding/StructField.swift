/// Apple's structure-field key paths: the fields of `CGPoint` (`x`, `y`),
/// `CGSize` (`width`, `height`) and `CGRect` (`origin`, `size` and theirs), as
/// in `position.x` or `bounds.size.width`.
enum StructField {
    /// The field `path` of `value`, or nil when `value` has no such field.
    static func get(_ value: Any, path: ArraySlice<String>) -> Any? {
        guard let field = path.first else { return value }
        let rest = path.dropFirst()
        switch (value, field) {
        case (let point as CGPoint, "x") where rest.isEmpty: return point.x
        case (let point as CGPoint, "y") where rest.isEmpty: return point.y
        case (let size as CGSize, "width") where rest.isEmpty: return size.width
        case (let size as CGSize, "height") where rest.isEmpty: return size.height
        case (let rect as CGRect, "origin"): return get(rect.origin, path: rest)
        case (let rect as CGRect, "size"): return get(rect.size, path: rest)
        default: return nil
        }
    }

    /// `value` with field `path` replaced by `newValue`, or nil when there is
    /// no such field or `newValue` has the wrong type.
    static func set(_ value: Any, path: ArraySlice<String>, to newValue: Any) -> Any? {
        guard let field = path.first else { return AnimatableValue(newValue).flatMap { sameKind(as: value, $0) } }
        let rest = path.dropFirst()
        switch (value, field) {
        case (var point as CGPoint, "x") where rest.isEmpty:
            guard let number = LayerProperty.number(newValue) else { return nil }
            point.x = CGFloat(number)
            return point
        case (var point as CGPoint, "y") where rest.isEmpty:
            guard let number = LayerProperty.number(newValue) else { return nil }
            point.y = CGFloat(number)
            return point
        case (var size as CGSize, "width") where rest.isEmpty:
            guard let number = LayerProperty.number(newValue) else { return nil }
            size.width = CGFloat(number)
            return size
        case (var size as CGSize, "height") where rest.isEmpty:
            guard let number = LayerProperty.number(newValue) else { return nil }
            size.height = CGFloat(number)
            return size
        case (var rect as CGRect, "origin"):
            guard let origin = set(rect.origin, path: rest, to: newValue) as? CGPoint else { return nil }
            rect.origin = origin
            return rect
        case (var rect as CGRect, "size"):
            guard let size = set(rect.size, path: rest, to: newValue) as? CGSize else { return nil }
            rect.size = size
            return rect
        default:
            return nil
        }
    }

    /// `replacement` unboxed as the same Swift type as `value`, if it is of that kind.
    private static func sameKind(as value: Any, _ replacement: AnimatableValue) -> Any? {
        switch (value, replacement) {
        case (is CGPoint, .point(let point)): return point
        case (is CGSize, .size(let size)): return size
        default: return nil
        }
    }
}
