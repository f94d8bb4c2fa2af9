/// Optional hooks into a window's life, as AppKit's `NSWindowDelegate`.
/// Called on the main thread; every method has a default.
@MainActor
public protocol LaminaWindowDelegate: AnyObject {
    /// The window manager's close button was pressed (or `performClose(_:)`
    /// called). Return false to keep the window open. Default: true.
    func windowShouldClose(_ sender: LaminaWindow) -> Bool
    /// The window is about to close.
    func windowWillClose(_ window: LaminaWindow)
    /// The window changed size; the root layer already has the new bounds.
    func windowDidResize(_ window: LaminaWindow)
}

extension LaminaWindowDelegate {
    public func windowShouldClose(_ sender: LaminaWindow) -> Bool { true }
    public func windowWillClose(_ window: LaminaWindow) {}
    public func windowDidResize(_ window: LaminaWindow) {}
}
