/// Where an animation is on its timeline at one instant, before its timing
/// function is applied.
package enum AnimationPhase: Equatable, Sendable {
    /// Not started yet and not filling backwards: the animation is not applied.
    case before
    /// The animation is applied and shows this frame. `iteration` counts
    /// whole repeats (a forward-and-back pass is one repeat when
    /// autoreversing) for cumulative animations; `fraction` is in `[0, 1]`
    /// within one basic duration, with autoreversing already applied and the
    /// timing function not yet applied. Fill modes also report `.active`,
    /// clamped to the first or final frame; use `endTime` to tell a finished
    /// but filling animation from a running one.
    case active(iteration: Int, fraction: Double)
    /// Finished and not filling forwards: the animation is not applied.
    case after
}

// MARK: - Stage 2: active local time -> basic local time (animations)

extension MediaTiming {
    /// The duration an animation uses when its `duration` is 0: 0.25 s, the
    /// same as `CATransaction`'s default animation duration.
    package static let defaultAnimationDuration: CFTimeInterval = 0.25

    /// The length of one basic pass: `duration`, or `defaultDuration` when
    /// `duration` is 0, negative or NaN. Layers pass `.infinity`; animations
    /// pass `defaultAnimationDuration` (the default). A `defaultDuration`
    /// that is not positive is read as 0.25. Always > 0, may be infinite.
    package func basicDuration(defaultDuration: CFTimeInterval = MediaTiming.defaultAnimationDuration) -> CFTimeInterval {
        if duration > 0 { return duration }
        return defaultDuration > 0 ? defaultDuration : MediaTiming.defaultAnimationDuration
    }

    /// How long the animation runs, in its active local time (before
    /// `speed` is applied): `repeatDuration` if > 0, else the repeat count
    /// times one cycle (a cycle is forward plus back when `autoreverses`),
    /// where a count of 0 (or negative, or NaN) means one cycle, fractional
    /// counts play part of the last cycle, and `.infinity` or
    /// `Float.greatestFiniteMagnitude` (Apple's documented "forever") gives
    /// `.infinity`. Always > 0.
    package func activeDuration(defaultDuration: CFTimeInterval = MediaTiming.defaultAnimationDuration) -> CFTimeInterval {
        let duration = basicDuration(defaultDuration: defaultDuration)
        return ResolvedTiming.activeDuration(of: self, cycle: autoreverses ? duration * 2 : duration)
    }

    /// When the animation finishes, in its parent's time space:
    /// `beginTime + activeDuration / |speed|`. `.infinity` when it repeats
    /// forever or its speed is 0 (a paused animation never finishes). This
    /// holds for negative speeds too, which play the same interval backwards.
    package func endTime(defaultDuration: CFTimeInterval = MediaTiming.defaultAnimationDuration) -> CFTimeInterval {
        // ResolvedTiming's arithmetic without building one (which copies the fill
        // mode's string): the render server asks this of every animation
        // on every frame.
        let speed = effectiveSpeed
        guard speed != 0 else { return .infinity }
        return effectiveBeginTime + activeDuration(defaultDuration: defaultDuration) / abs(speed)
    }

    /// Where an animation is at time `t` of its parent (the layer's local
    /// time, or the enclosing group's), following Apple's two-stage model:
    ///
    /// 1. `elapsed = (t - beginTime) * |speed|` places `t` in the active
    ///    period `[0, activeDuration)`; before it is `.before` (or the first
    ///    frame with `.backwards`/`.both`), at or past its end is `.after`
    ///    (or the final frame with `.forwards`/`.both`).
    /// 2. The position within the active period is shifted by `timeOffset`
    ///    and wraps around: an animation of duration 3 with timeOffset 1
    ///    starts 1 s in, plays to the end, wraps to 0 and ends 1 s in. The
    ///    position is then split into repeats and a fraction of one duration,
    ///    reversing on the way back when `autoreverses`.
    ///
    /// Speed 0 keeps `elapsed` at 0, so the animation always shows the frame
    /// at `timeOffset` (scrubbing). Negative speed plays the active period
    /// from its end to its start over the same parent-time interval
    /// `[beginTime, endTime]`; its first frame is the forward final frame.
    /// The final frame of a forward run is the limit from inside: for
    /// autoreversing integer repeat counts that is fraction 0, for
    /// repeatCount 2.5 it is 0.5.
    ///
    /// A NaN `t` counts as before the start; `t` of ±infinity is before or
    /// after (an animation that repeats forever is active at +infinity, at an
    /// unspecified but valid frame).
    package func phase(
        atParentTime t: Double,
        defaultDuration: CFTimeInterval = MediaTiming.defaultAnimationDuration
    ) -> AnimationPhase {
        ResolvedTiming(self, defaultDuration: defaultDuration).phase(at: t)
    }
}
