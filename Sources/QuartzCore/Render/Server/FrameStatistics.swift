/// What one frame cost, phase by phase: sent back to the app thread for
/// the profiler and for tests. `frameTime` is the media time the frame is
/// for; durations and `startedAt`/`finishedAt` are seconds of the monotonic
/// clock (`MediaClock.monotonicNow()`), never a manual media clock.
package struct FrameStatistics: Sendable, Equatable {
    package var frameTime: CFTimeInterval = 0
    package var applyingCommits: Double = 0
    package var evaluatingAnimations: Double = 0
    package var compositing: Double = 0
    package var presenting: Double = 0
    package var damagedPixels = 0
    package var targetPixels = 0
    package var layerCount = 0
    package var droppedFramesSoFar = 0
    /// Animations running this frame (begun and not finished, fill aside)
    /// on layers in the tree.
    package var runningAnimations = 0
    /// Seconds spent on debug overlays (profiler panel, repaint flashes)
    /// drawn over the frame; not part of `workTime` (see `Render/Profiler/`).
    package var debugOverlays: Double = 0
    /// The monotonic clock when the frame began (before evaluating animations).
    package var startedAt: CFTimeInterval = 0
    /// The monotonic clock when presenting finished.
    package var finishedAt: CFTimeInterval = 0
}
