/// A debug request from another thread to the render thread, through the
/// render server's inbox.
enum RenderDebugCommand: Sendable {
    /// Show or hide the profiler panel.
    case showProfiler(Bool)
    /// Turn repaint flashing on or off.
    case flashRepaints(Bool)
    /// Describe the render tree into the request.
    case dumpRenderTree(RenderTreeDumpRequest)
}
