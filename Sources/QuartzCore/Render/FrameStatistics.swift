/// What one frame cost, phase by phase: sent back to the app thread for
/// the profiler and for tests.
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
}
