/// A group of animations run together in the group's time: Apple's
/// `CAAnimationGroup`. Children are clipped to the group's duration.
open class CAAnimationGroup: CAAnimation {
    open var animations: [CAAnimation]? { get { get("animations", nil) } set { set(newValue, "animations") } }
}
