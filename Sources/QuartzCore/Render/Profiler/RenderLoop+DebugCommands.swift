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
        case .dumpRenderTree(let answer):
            answer.fulfil(tree.dump(at: MediaClock.now()))
        case .highlight(let id):
            guard debug.highlighter.layerID != id else { return }
            debug.highlighter.layerID = id
            requestFrame()
        case .showOverdraw(let on):
            guard debug.showsOverdraw != on else { return }
            debug.showsOverdraw = on
            requestFrame()
        case .recordLayerCosts(let answer):
            answer.fulfil(debug.recordLayerCosts(now: MediaClock.displayNow()))
        case .reportLayerCosts(let seconds, let answer):
            answer.fulfil(debug.layerCostReport(over: seconds, now: MediaClock.displayNow()))
        }
    }
}
