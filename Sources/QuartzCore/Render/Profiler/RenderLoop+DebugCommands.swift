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
