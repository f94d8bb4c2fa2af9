/// The first phase of a frame: every layer's presented state at the frame's
/// media time. Each layer's local time comes from its superlayer's through
/// its own timing; a layer with animations has them applied at that time
/// into the buffer its node keeps (`PresentationBuffer`), where the phases
/// after this one read it without evaluating again. A hidden layer's
/// sublayers are not drawn, so they are not evaluated.
///
/// The walk takes nodes from a stack and starts loading the next three
/// nodes' animation data while it evaluates one (`NodeView.prefetchAhead`),
/// so that over thousands of animated layers their cache misses overlap
/// instead of following one another.
enum FrameEvaluation {
    /// What the phase found.
    struct Result: Equatable {
        /// Layers visited.
        var layers = 0
        /// Animations running at the frame's time (begun and not finished,
        /// fill aside), for the profiler (`FrameStatistics.runningAnimations`).
        var runningAnimations = 0
        /// The highest frame rate a running animation asks for
        /// (`preferredFrameRateRange`): +infinity for the display's own, 0
        /// when none runs. The render loop draws no faster than needed.
        var frameRate: Float = 0
    }

    /// Evaluates every shown layer of `tree` at `mediaTime`.
    /// `prefetchingAhead: false` leaves out the loading ahead, to measure
    /// what it buys (render-benchmark evaluation).
    static func evaluate(_ tree: RenderTree, at mediaTime: CFTimeInterval, prefetchingAhead: Bool = true) -> Result {
        var result = Result()
        guard let root = tree.rootID.flatMap(tree.view(of:)) else { return result }
        var stack: [(node: RenderTree.NodeView, parentTime: CFTimeInterval)] = []
        // Room for a layer's sublayers at once: grown from one, the stack
        // was copied three or four times a frame (2 % of the kiosk's render thread).
        stack.reserveCapacity(64)
        stack.append((root, mediaTime))
        while let (node, parentTime) = stack.popLast() {
            if prefetchingAhead {
                let count = stack.count
                RenderTree.NodeView.prefetchAhead(next: stack.last?.node, second: count > 1 ? stack[count - 2].node : nil,
                                                  third: count > 2 ? stack[count - 3].node : nil)
            }
            let localTime = node.localTime(fromParent: parentTime)
            result.layers += 1
            let isHidden = node.withPresentedState(at: localTime) { $0.isHidden }
            if node.hasAnimations {
                let running = node.runningAnimations(atLayerTime: localTime)
                result.runningAnimations += running.count
                result.frameRate = max(result.frameRate, running.frameRate)
            }
            guard !isHidden else { continue }
            if let mask = node.mask, let view = tree.view(of: mask) { stack.append((view, localTime)) }
            node.withSublayers { sublayers in
                // Reversed, so that the first sublayer is taken first.
                for sublayer in sublayers.reversed() {
                    if let child = tree.view(of: sublayer) { stack.append((child, localTime)) }
                }
            }
        }
        return result
    }
}
