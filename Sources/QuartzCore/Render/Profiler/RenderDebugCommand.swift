/// A debug request from another thread to the render thread, through the
/// render server's inbox.
enum RenderDebugCommand: Sendable {
    /// Show or hide the profiler panel.
    case showProfiler(Bool)
    /// Turn repaint flashing on or off.
    case flashRepaints(Bool)
    /// Describe the render tree into the answer.
    case dumpRenderTree(RenderThreadAnswer<String>)
    /// Highlight the layer with this id (`lamina-inspect select`), or none.
    case highlight(UInt64?)
    /// Turn the overdraw view on or off.
    case showOverdraw(Bool)
    /// Record layer costs (from now, or go on recording); answers the
    /// display time recording started at.
    case recordLayerCosts(RenderThreadAnswer<Double>)
    /// The layer costs of the last `seconds`, as text.
    case reportLayerCosts(seconds: Double, RenderThreadAnswer<String>)
}
