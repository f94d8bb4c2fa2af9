#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A `MediaTiming` with every input made valid, ready for arithmetic.
/// Internal rather than private so a compiled animation
/// (`CompiledAnimation`) can resolve its timing once, when its commit is
/// applied, instead of on every frame.
struct ResolvedTiming: Sendable {
    let begin: Double
    let speed: Double
    let offset: Double
    let duration: Double  // > 0, may be infinite
    let activeDuration: Double  // > 0, may be infinite
    let autoreverses: Bool
    // Worked out once rather than at every phase (a compiled animation's
    // timing is resolved when its commit is applied).
    let fillsBackwards: Bool
    let fillsForwards: Bool
    // The rest is derived, at a few instructions each, rather than stored:
    // a compiled animation's bytes are read from memory on every frame,
    // and the caches miss them at 10,000 animations.
    /// One cycle: `duration`, doubled when autoreversing.
    var cycle: Double { autoreverses ? duration * 2 : duration }
    /// `|speed|`.
    var rate: Double { abs(speed) }
    var hasFiniteActiveDuration: Bool { activeDuration.isFinite }
    var hasFiniteCycle: Bool { cycle.isFinite }
    /// How near a cycle boundary a position snaps onto it.
    var tolerance: Double { min(cycle, activeDuration) * 1e-9 }

    init(_ timing: MediaTiming, defaultDuration: Double) {
        begin = timing.effectiveBeginTime
        speed = timing.effectiveSpeed
        offset = timing.effectiveTimeOffset
        autoreverses = timing.autoreverses
        fillsBackwards = timing.fillMode.fillsBackwards
        fillsForwards = timing.fillMode.fillsForwards
        duration = timing.basicDuration(defaultDuration: defaultDuration)
        activeDuration = ResolvedTiming.activeDuration(of: timing, cycle: autoreverses ? duration * 2 : duration)
    }

    /// `MediaTiming.activeDuration`, given one cycle's length.
    static func activeDuration(of timing: MediaTiming, cycle: Double) -> Double {
        let count = Double(timing.repeatCount)
        if timing.repeatDuration > 0 {
            return timing.repeatDuration
        } else if count >= Double(Float.greatestFiniteMagnitude) {
            return .infinity
        } else if count > 0 {
            // Tiny counts could underflow to 0, which would divide by zero later.
            return max(count * cycle, Double.leastNormalMagnitude)
        } else {
            return cycle  // 0, negative or NaN: play once
        }
    }

    /// Beyond this, times carry no meaningful fraction anyway; clamping
    /// keeps `floor` and `fmod` finite.
    static let timeLimit = 1e300

    @inline(__always)
    func phase(at t: Double) -> AnimationPhase {
        var elapsed = speed == 0 ? 0 : (t - begin) * rate
        if elapsed.isNaN { elapsed = -.infinity }
        let playsBackwards = speed < 0

        // Where in the active period, and from which side; one call to
        // `frame` below, so that it can be inlined once.
        let raw: Double, leftLimit: Bool
        if elapsed < 0 {
            guard fillsBackwards else { return .before }
            (raw, leftLimit) = position(atElapsed: 0, playsBackwards: playsBackwards)
        } else if hasFiniteActiveDuration && elapsed >= activeDuration {
            guard fillsForwards else { return .after }
            // The last frame shown while running, not the one after the end.
            (raw, leftLimit) = playsBackwards ? (0, false) : (activeDuration, true)
        } else {
            (raw, leftLimit) = position(atElapsed: min(elapsed, ResolvedTiming.timeLimit), playsBackwards: playsBackwards)
        }
        return frame(atRawPosition: raw, leftLimit: leftLimit)
    }

    /// The raw position (before `timeOffset`) `elapsed` seconds of active
    /// time after the start (elapsed in `[0, activeDuration)`), and whether
    /// to take left limits there.
    @inline(__always)
    private func position(atElapsed elapsed: Double, playsBackwards: Bool) -> (Double, leftLimit: Bool) {
        guard playsBackwards else { return (elapsed, false) }
        // Playing backwards, position falls as time rises, so the frame an
        // instant later is the one just *below* the position: take left limits.
        return (hasFiniteActiveDuration ? activeDuration - elapsed : -elapsed, true)
    }

    /// The frame at `raw` seconds into the active period, before `timeOffset`.
    /// With `leftLimit`, a position on a boundary reads as the end of the
    /// span below it rather than the start of the span above.
    @inline(__always)
    private func frame(atRawPosition raw: Double, leftLimit: Bool) -> AnimationPhase {
        var position = raw + offset
        if hasFiniteActiveDuration {
            position = wrap(position, activeDuration, leftLimit: leftLimit)
        }
        position = min(max(position, -ResolvedTiming.timeLimit), ResolvedTiming.timeLimit)

        var cycleIndex = 0.0
        var within = position
        if hasFiniteCycle {
            // fmod is exact, so `within` stays in [0, cycle] even for huge positions.
            (within, cycleIndex) = splitIntoCycles(position, cycle)
            // Snap rounding noise onto boundaries, so that e.g. 3 × 0.1 lands
            // exactly on the end of the third repeat. The tolerance is tiny
            // relative to both the cycle and the active duration, so a very
            // short active period is never snapped away.
            if within < tolerance {
                within = 0
            } else if within > cycle - tolerance {
                within = 0
                cycleIndex += 1
            }
            // Just short of the very end reads as the end, not as the start
            // of a repeat that never plays.
            let nearEnd = hasFiniteActiveDuration && position >= activeDuration - tolerance
            if within == 0 && (leftLimit || nearEnd) && position != 0 {
                cycleIndex -= 1
                within = cycle
            }
        }

        var fraction = within / duration
        if autoreverses && fraction > 1 { fraction = 2 - fraction }
        fraction = min(max(fraction, 0), 1)
        return .active(iteration: Int(clampingToInt: cycleIndex), fraction: fraction)
    }
}

/// `position` split into what is left of the last whole `cycle` (> 0,
/// finite) and how many whole cycles went before: `wrap(position, cycle,
/// leftLimit: false)` and `roundedToNearest((position - within) / cycle)`,
/// the general answer. In the first two cycles and where `exactDivision`
/// applies, the count is known without that division: `position - within`
/// is a multiple of the cycle there, and below 2^50 cycles the rounded
/// quotient is exactly that multiple (the subtraction and the division
/// each err by under 2^-53 of it), so both ways agree bit for bit
/// (`MediaTimingRemainderTests`).
@inline(__always)
private func splitIntoCycles(_ position: Double, _ cycle: Double) -> (within: Double, count: Double) {
    if position >= 0 && position < cycle { return (position, 0) }
    if position >= cycle && position < cycle + cycle { return (position - cycle, 1) }
    if let (remainder, quotient) = exactDivision(position, cycle), quotient < 0x1p50 { return (remainder, quotient) }
    let within = wrap(position, cycle, leftLimit: false)
    return (within, roundedToNearest((position - within) / cycle))
}

/// `x` modulo `m` (> 0, finite) in `[0, m)`, or in `(0, m]` with `leftLimit`.
private func wrap(_ x: Double, _ m: Double, leftLimit: Bool) -> Double {
    var r: Double
    // fmod's own (exact) answers without calling it, which was half the
    // cost of a phase: in the first period fmod(x, m) is x
    // itself; in the second x - m, which is exact for m ≤ x ≤ 2m
    // (Sterbenz's lemma) even when m + m overflows; later ones are
    // `exactRemainder`'s. Negative, huge and NaN positions go to fmod.
    if x >= 0 && x < m {
        r = x
    } else if x >= m && x < m + m {
        r = x - m
    } else {
        r = exactRemainder(x, m) ?? fmod(x, m)
    }
    if r < 0 { r += m }
    if r >= m { r = 0 }  // -tiny + m rounds to m
    if leftLimit && r == 0 { r = m }
    return r
}

extension Int {
    /// Converts, clamping to Int's range (and NaN to 0) instead of trapping.
    @inline(__always)
    fileprivate init(clampingToInt value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= 9.2e18 {
            self = .max
        } else if value <= -9.2e18 {
            self = .min
        } else {
            self = Int(value)
        }
    }
}
