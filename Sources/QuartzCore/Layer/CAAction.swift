/// An object that responds to a layer event: Apple's `CAAction`. `CAAnimation`
/// adopts it (running an animation adds it to the layer) and so does `NSNull`
/// (which, found by the action search, means "no action").
public protocol CAAction {
    /// Performs the action for `event` on `anObject` (a layer).
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

extension NSNull: CAAction {
    /// Does nothing: `NSNull` in an action dictionary disables the action.
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}
