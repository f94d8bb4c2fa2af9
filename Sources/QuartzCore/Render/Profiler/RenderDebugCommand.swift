import Dispatch

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

/// A render-tree dump asked for on one thread and written on the render
/// thread: the asking thread waits (with a time limit) for the answer.
final class RenderTreeDumpRequest: Sendable {
    private let answer = LockedValue<String?>(nil)
    private let answered = DispatchSemaphore(value: 0)

    /// Called once, on the render thread.
    func fulfil(_ text: String) {
        answer.withLock { $0 = text }
        answered.signal()
    }

    /// The dump, or nil if none came within `timeout` seconds.
    func wait(timeout: TimeInterval) -> String? {
        guard answered.wait(timeout: .now() + timeout) == .success else { return nil }
        return answer.withLock { $0 }
    }
}

extension RenderLoop {
    /// Carries out a debug request on the render thread.
    func handle(_ command: RenderDebugCommand) {
        switch command {
        case .showProfiler(let shown):
            guard debug.showsProfiler != shown else { return }
            debug.showsProfiler = shown
            requestFrame()  // show or take away the panel even when nothing else changes
        case .flashRepaints(let on):
            guard debug.flashesRepaints != on else { return }
            debug.flashesRepaints = on
            requestFrame()
        case .dumpRenderTree(let request):
            request.fulfil(tree.dump(at: MediaClock.now()))
        }
    }
}
