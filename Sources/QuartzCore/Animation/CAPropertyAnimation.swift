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
