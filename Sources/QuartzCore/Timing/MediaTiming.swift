/// A plain-value snapshot of the eight `CAMediaTiming` properties.
///
/// Layers and animations are reference types that live on the app thread;
/// commits carry this `Sendable` value to the render thread instead, and all
/// timing arithmetic (here and in `MediaTimingModel.swift`) is pure functions
/// of a `MediaTiming` and a time. Nothing in it reads a clock.
///
/// Defaults are Apple's: beginTime 0, duration 0, speed 1, timeOffset 0,
/// repeatCount 0, repeatDuration 0, autoreverses false, fillMode `.removed`.
///
/// Invalid values never trap, loop or produce NaN; each function says how it
/// treats them. In short: a non-finite `beginTime` or `timeOffset` counts as
/// 0, a NaN `speed` as 1, an infinite `speed` as ±`Float.greatestFiniteMagnitude`.
package struct MediaTiming: Sendable, Equatable {
    package var beginTime: CFTimeInterval
    package var duration: CFTimeInterval
    package var speed: Float
    package var timeOffset: CFTimeInterval
    package var repeatCount: Float
    package var repeatDuration: CFTimeInterval
    package var autoreverses: Bool
    package var fillMode: CAMediaTimingFillMode

    package init(
        beginTime: CFTimeInterval = 0,
        duration: CFTimeInterval = 0,
        speed: Float = 1,
        timeOffset: CFTimeInterval = 0,
        repeatCount: Float = 0,
        repeatDuration: CFTimeInterval = 0,
        autoreverses: Bool = false,
        fillMode: CAMediaTimingFillMode = .removed
    ) {
        self.beginTime = beginTime
        self.duration = duration
        self.speed = speed
        self.timeOffset = timeOffset
        self.repeatCount = repeatCount
        self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses
        self.fillMode = fillMode
    }

    /// Copies the timing properties of a layer or animation.
    package init(_ object: any CAMediaTiming) {
        self.init(
            beginTime: object.beginTime,
            duration: object.duration,
            speed: object.speed,
            timeOffset: object.timeOffset,
            repeatCount: object.repeatCount,
            repeatDuration: object.repeatDuration,
            autoreverses: object.autoreverses,
            fillMode: object.fillMode
        )
    }
}

// MARK: - Sanitized inputs

extension MediaTiming {
    /// `beginTime`, with NaN and infinities read as 0.
    var effectiveBeginTime: Double { beginTime.isFinite ? beginTime : 0 }

    /// `timeOffset`, with NaN and infinities read as 0.
    var effectiveTimeOffset: Double { timeOffset.isFinite ? timeOffset : 0 }

    /// `speed` as a Double: NaN reads as the default 1; an infinite speed is
    /// clamped to the largest finite Float so products stay defined.
    var effectiveSpeed: Double {
        if speed.isNaN { return 1 }
        if speed.isInfinite { return speed > 0 ? Double(Float.greatestFiniteMagnitude) : -Double(Float.greatestFiniteMagnitude) }
        return Double(speed)
    }
}

// MARK: - Stage 1: parent time <-> active local time (the time hierarchy)

extension MediaTiming {
    /// Converts a time in the parent's time space to this object's active
    /// local time: `(t - beginTime) * speed + timeOffset`, as documented for
    /// `CAMediaTiming.timeOffset`.
    ///
    /// This is how a layer's time derives from its superlayer's; it does not
    /// apply `duration`, repeats or fill (layers are not windowed; see
    /// `phase(atParentTime:defaultDuration:)` for animations).
    ///
    /// With speed 0 the result is `timeOffset` for every `t` (a paused
    /// layer). A NaN `t` is read as `beginTime`, so the result is
    /// `timeOffset`. Infinite `t` gives an infinite result (never NaN).
    package func localTime(fromParent t: Double) -> Double {
        let speed = effectiveSpeed
        let offset = effectiveTimeOffset
        // Special-cased so that an infinite t times speed 0 cannot make NaN.
        guard speed != 0, !t.isNaN else { return offset }
        let local = (t - effectiveBeginTime) * speed + offset
        return local.isNaN ? offset : local
    }

    /// The inverse of `localTime(fromParent:)`:
    /// `(t - timeOffset) / speed + beginTime`.
    ///
    /// With speed 0 every parent time maps to the same local time, so there
    /// is no inverse; this returns `beginTime` (the point where the paused
    /// object's timeline is pinned). A NaN `t` also returns `beginTime`.
    package func parentTime(fromLocal t: Double) -> Double {
        let speed = effectiveSpeed
        let begin = effectiveBeginTime
        guard speed != 0, !t.isNaN else { return begin }
        let parent = (t - effectiveTimeOffset) / speed + begin
        return parent.isNaN ? begin : parent
    }

    /// Converts absolute media time (`CACurrentMediaTime()`) to the local
    /// time of the last object in `chain`, where `chain` lists the timing of
    /// every ancestor from the root layer down (the object itself last).
    /// An empty chain returns `mediaTime` unchanged.
    ///
    /// A paused ancestor (speed 0, timeOffset = pause time) freezes every
    /// descendant's time at the value it had when paused.
    package static func localTime(_ mediaTime: Double, through chain: [MediaTiming]) -> Double {
        chain.reduce(mediaTime) { time, timing in timing.localTime(fromParent: time) }
    }

    /// The inverse of `localTime(_:through:)`: the absolute media time at
    /// which the last object in `chain` (root first) reaches `localTime`.
    ///
    /// If some ancestor is paused the answer is not unique; each paused level
    /// maps to its `beginTime` (see `parentTime(fromLocal:)`).
    package static func mediaTime(fromLocal localTime: Double, through chain: [MediaTiming]) -> Double {
        chain.reversed().reduce(localTime) { time, timing in timing.parentTime(fromLocal: time) }
    }
}
