/// What the profiler and the render-tree dump say about an animation at a
/// moment of its layer's local time. Render thread (pure functions of values).
extension AnimationSnapshot {
    /// Whether the animation is running at `layerTime`: begun and not yet
    /// finished. An animation that only fills (before its start or after its
    /// end) is not running; one that repeats forever always is once begun.
    /// A negative speed runs over the same interval of parent time.
    func isRunning(atLayerTime layerTime: CFTimeInterval) -> Bool {
        timing.isRunning(atLayerTime: layerTime)
    }

    /// A short description of the animation's kind: "basic", "spring",
    /// "keyframes", "path", "group", "transition fade" or "other".
    var kindName: String {
        switch kind {
        case .basic: "basic"
        case .spring: "spring"
        case .keyframes: "keyframes"
        case .path: "path"
        case .group: "group"
        case .transition(let type, _, _, _): "transition \(type.rawValue)"
        case .inert: "other"
        }
    }

    /// Where the animation is at `layerTime`, for people: "42%" of the
    /// current pass (with the repeat when it repeats), "waiting",
    /// "filling" (finished, still shown) or "finished".
    func progressDescription(atLayerTime layerTime: CFTimeInterval) -> String {
        let phase = timing.phase(atParentTime: layerTime)
        switch phase {
        case .before:
            return "waiting"
        case .after:
            return "finished"
        case .active(let iteration, let fraction):
            if layerTime < timing.effectiveBeginTime { return "waiting (filling)" }
            if layerTime >= timing.endTime() { return "filling" }
            let percent = "\(Int(clampedFrom: (fraction * 100).rounded(.down)))%"
            return iteration > 0 ? "\(percent) of repeat \(iteration + 1)" : percent
        }
    }
}
