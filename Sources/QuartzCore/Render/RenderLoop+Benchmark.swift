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

    /// Whether this processor runs the one pass eight pixels at a time.
    package static var processorHasWideVectors: Bool { BloomCache.processorHasWideVectors }

    /// What evaluating the tree's animations found.
    package struct EvaluationResult: Sendable {
        /// Layers visited.
        package var layers = 0
        /// Animations running at the time evaluated.
        package var runningAnimations = 0
        /// The sum of the presented opacities: a use of every result, so
        /// that no evaluation can be optimized away.
        package var opacitySum: Double = 0
    }

    /// Evaluates every layer's animations at `mediaTime` as a frame's
    /// `prepare` does (each layer at its own local time), without working
    /// out geometry, draw nodes or damage.
    package func evaluateAnimations(at mediaTime: CFTimeInterval) -> EvaluationResult {
        var result = EvaluationResult()
        guard let rootID = tree.rootID else { return result }
        var stack: [(id: UInt64, parentTime: CFTimeInterval)] = [(rootID, mediaTime)]
        while let (id, parentTime) = stack.popLast() {
            guard let node = tree.nodes[id] else { continue }
            let localTime = node.state.timing.localTime(fromParent: parentTime)
            result.layers += 1
            // Read in place: the compositor copies the presented state into its draw node instead.
            result.opacitySum += node.withPresentedState(at: localTime) { Double($0.opacity) }
            result.runningAnimations += node.runningAnimationCount(atLayerTime: localTime)
            for sublayer in node.sublayers { stack.append((sublayer, localTime)) }
        }
        return result
    }
}
