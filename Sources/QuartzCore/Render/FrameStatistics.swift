/// What one frame cost, phase by phase: sent back to the app thread for
/// the profiler and for tests.
struct FrameStatistics: Sendable, Equatable {
    var frameTime: CFTimeInterval = 0
    var applyingCommits: Double = 0
    var evaluatingAnimations: Double = 0
    var compositing: Double = 0
    var presenting: Double = 0
    var damagedPixels = 0
    var targetPixels = 0
    var layerCount = 0
    var droppedFramesSoFar = 0
}
