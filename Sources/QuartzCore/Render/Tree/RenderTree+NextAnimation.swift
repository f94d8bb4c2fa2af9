extension RenderTree {
    /// The earliest media time after `mediaTime` at which something animates,
    /// `mediaTime` itself when something animates now, nil when nothing will.
    /// An animation that ended after `lastFrame` (the media time of the last
    /// frame drawn) still asks for one frame now, so its end state is shown.
    func nextAnimationTime(after mediaTime: CFTimeInterval, lastFrame: CFTimeInterval? = nil) -> CFTimeInterval? {
        guard let rootID else { return nil }
        var search = NextAnimationSearch(nodes: nodes, emitterHistories: emitterHistories, mediaTime: mediaTime,
                                         lastFrame: lastFrame)
        search.visit(rootID, parentTime: mediaTime, lastParentTime: lastFrame)
        return search.next
    }
}

/// `RenderTree.nextAnimationTime`'s walk, which the render server runs
/// before every frame. A struct with a mutating walk rather than a nested
/// function: the function's captured variables lived in boxes checked for
/// exclusive access at run time, three calls a layer, and copying each
/// layer's timing onto a chain (retaining its fill mode) cost as much
/// again, for a chain that is read only when an animation has not begun
/// (in the kiosk menu's render thread).
private struct NextAnimationSearch {
    let nodes: [UInt64: RenderTree.Node]
    let emitterHistories: [UInt64: EmitterHistory]
    let mediaTime: CFTimeInterval
    let lastFrame: CFTimeInterval?
    /// What the walk has found so far.
    var next: CFTimeInterval?
    /// The layers from the root down to the one visited, whose timings map
    /// a begin time back to media time.
    private var path: [UInt64] = []

    init(nodes: [UInt64: RenderTree.Node], emitterHistories: [UInt64: EmitterHistory], mediaTime: CFTimeInterval,
         lastFrame: CFTimeInterval?) {
        self.nodes = nodes
        self.emitterHistories = emitterHistories
        self.mediaTime = mediaTime
        self.lastFrame = lastFrame
        path.reserveCapacity(16)
    }

    mutating func visit(_ id: UInt64, parentTime: CFTimeInterval, lastParentTime: CFTimeInterval?) {
        // Nothing can come sooner than now: with 1000 animated layers the
        // walk stops at the first, instead of visiting every layer every frame.
        guard next != mediaTime, let node = nodes[id] else { return }
        path.append(id)
        defer { path.removeLast() }
        let localTime = node.state.timing.localTime(fromParent: parentTime)
        let lastLocal = lastParentTime.map { node.state.timing.localTime(fromParent: $0) }
        if !emitterHistories.isEmpty, let history = emitterHistories[id], history.mayHaveParticles(at: localTime) {
            // Live particles change every frame.
            next = mediaTime
        }
        for index in node.animations.indices {
            let timing = node.animations[index].timing
            let begin = timing.beginTime, end = timing.endTime()
            let running = localTime < end || (timing.speed < 0 && localTime > begin)
            let endedSinceLastFrame = lastLocal.map { $0 < end && localTime >= end } ?? false
            guard running || endedSinceLastFrame else { continue }
            let start = running && localTime < begin && timing.speed >= 0
                ? MediaTiming.mediaTime(fromLocal: begin, through: path.compactMap { nodes[$0]?.state.timing }) : mediaTime
            next = min(next ?? start, max(start, mediaTime))
        }
        // Tiles fading in need frames until they are in, and one after.
        if let fadeEnd = node.state.tiled?.fadeEnd,
           mediaTime < fadeEnd || (lastFrame.map { $0 < fadeEnd } ?? false) {
            next = mediaTime
        }
        for sublayer in node.sublayers {
            visit(sublayer, parentTime: localTime, lastParentTime: lastLocal)
        }
        if let mask = node.mask { visit(mask, parentTime: localTime, lastParentTime: lastLocal) }
    }
}
