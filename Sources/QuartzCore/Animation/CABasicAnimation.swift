/// An animation between two values: Apple's `CABasicAnimation`. Which of
/// `fromValue`, `toValue` and `byValue` are set decides the range, as in
/// Apple's table (see `AnimatableValue.resolveBasic`).
open class CABasicAnimation: CAPropertyAnimation {
    open var fromValue: Any? { get { storage["fromValue"] } set { set(newValue, "fromValue") } }
    open var toValue: Any? { get { storage["toValue"] } set { set(newValue, "toValue") } }
    open var byValue: Any? { get { storage["byValue"] } set { set(newValue, "byValue") } }
}
