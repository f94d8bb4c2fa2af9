/// An animation of one layer property, named by a key path: Apple's
/// `CAPropertyAnimation`.
open class CAPropertyAnimation: CAAnimation {
    /// An animation of `path` (`"position"`, `"transform.rotation.z"`, …).
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    /// The key path animated, relative to the layer.
    open var keyPath: String? { get { get("keyPath", nil) } set { set(newValue, "keyPath") } }
    /// Whether the animated value is added to the property's current value.
    open var isAdditive: Bool { get { get("isAdditive", false) } set { set(newValue, "isAdditive") } }
    /// Whether each repetition starts where the previous one ended.
    open var isCumulative: Bool { get { get("isCumulative", false) } set { set(newValue, "isCumulative") } }
    /// Turns the interpolated values into the property's value (a transform).
    open var valueFunction: CAValueFunction? { get { get("valueFunction", nil) } set { set(newValue, "valueFunction") } }
}

/// An animation between two values: Apple's `CABasicAnimation`. Which of
/// `fromValue`, `toValue` and `byValue` are set decides the range, as in
/// Apple's table (see `AnimatableValue.resolveBasic`).
open class CABasicAnimation: CAPropertyAnimation {
    open var fromValue: Any? { get { storage["fromValue"] } set { set(newValue, "fromValue") } }
    open var toValue: Any? { get { storage["toValue"] } set { set(newValue, "toValue") } }
    open var byValue: Any? { get { storage["byValue"] } set { set(newValue, "byValue") } }
}

/// A group of animations run together in the group's time: Apple's
/// `CAAnimationGroup`. Children are clipped to the group's duration.
open class CAAnimationGroup: CAAnimation {
    open var animations: [CAAnimation]? { get { get("animations", nil) } set { set(newValue, "animations") } }
}
