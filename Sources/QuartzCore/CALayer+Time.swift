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

    /// This layer's local time at media time `t`.
    func localTime(fromMediaTime t: CFTimeInterval) -> CFTimeInterval {
        timingChain.reduce(t) { time, layer in MediaTiming(layer).localTime(fromParent: time) }
    }

    /// The media time at which this layer's local time is `t`.
    func mediaTime(fromLocalTime t: CFTimeInterval) -> CFTimeInterval {
        timingChain.reversed().reduce(t) { time, layer in MediaTiming(layer).parentTime(fromLocal: time) }
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
