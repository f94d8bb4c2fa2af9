/// What the render loop records in a trace: each batch of commits applied
/// (a slice, and a step of each commit's flow arrow) and each frame (a
/// slice with its phases nested in it, and the end of the flow arrow of
/// every commit it is the first to show). Render thread.
final class FrameTracer {
    let recorder: TraceRecorder
    /// Which host's commits this loop applies (see `TraceRecorder.flowID`).
    let host: UInt64
    /// Commits applied since the last frame: the next frame shows them first.
    private var unshown: [UInt64] = []

    /// Made on the render thread, which it names in the trace.
    init(recorder: TraceRecorder, host: UInt64, threadName: String) {
        self.recorder = recorder
        self.host = host
        recorder.nameCurrentThread(threadName)
    }

    /// The app thread handed commit `sequence` over from `start` to `end`
    /// (monotonic clock): a slice, where the commit's flow arrow starts.
    /// Called on the app thread.
    static func recordCommit(_ commit: RenderCommit, host: UInt64, start: CFTimeInterval, end: CFTimeInterval,
                             in recorder: TraceRecorder) {
        recorder.slice("Commit #\(commit.sequence)", category: "commit", start: start, end: end,
                       args: ["sequence": .int(Int(commit.sequence)), "layers": .int(commit.updates.count)])
        recorder.flow(.flowStart, id: TraceRecorder.flowID(host: host, sequence: commit.sequence), name: "commit",
                      at: (start + end) / 2)
    }

    /// Commits `sequences` were applied to the render tree from `start` to `end`.
    func didApply(_ sequences: [UInt64], start: CFTimeInterval, end: CFTimeInterval) {
        recorder.slice("Apply commits", category: "render", start: start, end: end,
                       args: ["sequences": .ints(sequences.map { Int($0) })])
        for sequence in sequences {
            recorder.flow(.flowStep, id: TraceRecorder.flowID(host: host, sequence: sequence), name: "commit",
                          at: (start + end) / 2)
        }
        unshown += sequences
    }

    /// The phases of one frame, as monotonic-clock instants.
    struct Timeline {
        /// When `renderFrame` was entered, a clock read before `start`: the
        /// frame slice's own time before its first phase, where the flow
        /// arrows end so that they bind to the frame rather than a phase.
        var begin: CFTimeInterval = 0
        var start: CFTimeInterval = 0
        var evaluated: CFTimeInterval = 0
        var restored: CFTimeInterval = 0
        var composited: CFTimeInterval = 0
        var overlaid: CFTimeInterval = 0
        var presented: CFTimeInterval = 0
    }

    /// A frame was drawn and presented; `overlaid` when debug overlays
    /// were drawn or taken away.
    func didRender(_ stats: FrameStatistics, timeline: Timeline, overlaid: Bool) {
        let t = timeline
        var args: [String: TraceArgument] = [
            "frameTime": .double(stats.frameTime), "damagedPixels": .int(stats.damagedPixels),
            "layers": .int(stats.layerCount), "animations": .int(stats.runningAnimations),
            "droppedFramesSoFar": .int(stats.droppedFramesSoFar),
        ]
        if !unshown.isEmpty { args["commits"] = .ints(unshown.map { Int($0) }) }
        recorder.slice("Frame", category: "render", start: t.begin, end: t.presented, args: args)
        recorder.slice("Evaluate animations", category: "render", start: t.start, end: t.evaluated)
        recorder.slice("Composite", category: "render", start: t.restored, end: t.composited)
        if overlaid {
            recorder.slice("Restore scene under overlays", category: "debug", start: t.evaluated, end: t.restored)
            recorder.slice("Debug overlays", category: "debug", start: t.composited, end: t.overlaid)
        }
        recorder.slice("Present", category: "render", start: t.overlaid, end: t.presented)
        for sequence in unshown {
            recorder.flow(.flowEnd, id: TraceRecorder.flowID(host: host, sequence: sequence), name: "commit",
                          at: (t.begin + t.start) / 2)
        }
        unshown.removeAll()
    }
}
