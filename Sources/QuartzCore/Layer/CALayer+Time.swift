/// The layer time hierarchy: each layer's `CAMediaTiming` maps its
/// superlayer's time to its own, from media time at the root.
extension CALayer {
    /// This layer's ancestors and itself, root first.
    var timingChain: [CALayer] {
        var chain: [CALayer] = [self]
        var layer = self
        while let parent = layer.superlayerReference {
            chain.append(parent)
            layer = parent
        }
        return chain.reversed()
    }

    /// The layer's timing properties. Read once and kept until a property
    /// (or `style`) changes: the animation lifecycle converts times through
    /// every ancestor for each presented frame, and reading eight properties
    /// through key-value coding per layer showed in the kiosk's profile.
    /// A subclass whose timing getters compute values that change
    /// without a property being set would be read stale; none of Apple's do.
    var mediaTiming: MediaTiming {
        if let cachedMediaTiming { return cachedMediaTiming }
        let timing = MediaTiming(self)
        cachedMediaTiming = timing
        return timing
    }

    /// This layer's local time at media time `t`.
    func localTime(fromMediaTime t: CFTimeInterval) -> CFTimeInterval {
        var time = t
        for layer in timingChain { time = layer.mediaTiming.localTime(fromParent: time) }
        return time
    }

    /// The media time at which this layer's local time is `t`.
    func mediaTime(fromLocalTime t: CFTimeInterval) -> CFTimeInterval {
        timingChain.reversed().reduce(t) { time, layer in layer.mediaTiming.parentTime(fromLocal: time) }
    }

    /// Converts `t` from `l`'s time space (media time when `l` is nil) to this layer's.
    public func convertTime(_ t: CFTimeInterval, from l: CALayer?) -> CFTimeInterval {
        localTime(fromMediaTime: l?.mediaTime(fromLocalTime: t) ?? t)
    }

    /// Converts `t` from this layer's time space to `l`'s (media time when `l` is nil).
    public func convertTime(_ t: CFTimeInterval, to l: CALayer?) -> CFTimeInterval {
        let media = mediaTime(fromLocalTime: t)
        return l?.localTime(fromMediaTime: media) ?? media
    }
}
