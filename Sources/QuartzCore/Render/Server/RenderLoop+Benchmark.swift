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
    /// `prepare` does (each layer at its own local time, the nodes read
    /// through views taken when their superlayer is visited, the next one's
    /// data loaded while this one is evaluated), without working out
    /// geometry, draw nodes or damage. `prefetchingAhead: false` leaves out
    /// the loading ahead (`NodeView.prefetchAhead`), to measure what it buys.
    package func evaluateAnimations(at mediaTime: CFTimeInterval, prefetchingAhead: Bool = true) -> EvaluationResult {
        var result = EvaluationResult()
        guard let root = tree.rootID.flatMap(tree.view(of:)) else { return result }
        var stack: [(node: RenderTree.NodeView, parentTime: CFTimeInterval)] = [(root, mediaTime)]
        while let (node, parentTime) = stack.popLast() {
            if prefetchingAhead {
                let count = stack.count
                RenderTree.NodeView.prefetchAhead(next: stack.last?.node, second: count > 1 ? stack[count - 2].node : nil,
                                                  third: count > 2 ? stack[count - 3].node : nil)
            }
            let localTime = node.localTime(fromParent: parentTime)
            result.layers += 1
            // Read in place: the compositor copies the presented state into its draw node instead.
            result.opacitySum += node.withPresentedState(at: localTime) { Double($0.opacity) }
            result.runningAnimations += node.runningAnimationCount(atLayerTime: localTime)
            node.withSublayers { sublayers in
                for sublayer in sublayers.reversed() {
                    if let child = tree.view(of: sublayer) { stack.append((child, localTime)) }
                }
            }
        }
        return result
    }
}
