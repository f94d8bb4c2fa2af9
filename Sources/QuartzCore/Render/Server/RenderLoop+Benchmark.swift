/// Benchmark hooks (Benchmarks/render-benchmark): parts of a frame timed alone.
extension RenderLoop {
    /// `Compositor.compositesBloomInOnePass`, to measure the one pass
    /// against pixman's passes.
    package var compositesBloomInOnePass: Bool {
        get { compositor.compositesBloomInOnePass }
        set { compositor.compositesBloomInOnePass = newValue }
    }

    /// `BloomCache.onePassUsesWideVectors`, to measure eight pixels at a
    /// time (AVX2) against four (SSE2).
    package var bloomUsesWideVectors: Bool {
        get { compositor.bloomCache.onePassUsesWideVectors }
        set { compositor.bloomCache.onePassUsesWideVectors = newValue }
    }

    /// `Compositor.drawsOverLeafBackdrops`, to measure drawing a lone
    /// changing leaf over its kept backdrop against repainting under it.
    package var drawsOverLeafBackdrops: Bool {
        get { compositor.drawsOverLeafBackdrops }
        set { compositor.drawsOverLeafBackdrops = newValue }
    }

    /// Frames that drew a leaf over its kept backdrop.
    package var framesDrawnOverBackdrop: Int { compositor.framesDrawnOverBackdrop }

    /// Whether this processor runs the one pass eight pixels at a time.
    package static var processorHasWideVectors: Bool { BloomCache.processorHasWideVectors }

    /// What evaluating the tree's animations found.
    package struct EvaluationResult: Sendable, Equatable {
        /// Layers visited.
        package var layers = 0
        /// Animations running at the time evaluated.
        package var runningAnimations = 0
    }

    /// A frame's evaluation phase alone (`FrameEvaluation`) at `mediaTime`:
    /// every layer's animations applied at its own local time, without
    /// geometry, draw nodes or damage. The presented states it writes
    /// into the nodes are its result, so none of it can be optimized away.
    /// `prefetchingAhead: false` leaves out the loading ahead
    /// (`NodeView.prefetchAhead`), to measure what it buys.
    package func evaluateAnimations(at mediaTime: CFTimeInterval, prefetchingAhead: Bool = true) -> EvaluationResult {
        let result = FrameEvaluation.evaluate(tree, at: mediaTime, prefetchingAhead: prefetchingAhead)
        return EvaluationResult(layers: result.layers, runningAnimations: result.runningAnimations)
    }
}
