/// A timing and easing shared by compiled animations of a render tree:
/// where an animation is at a layer time (`ResolvedTiming.phase`) and how far
/// between its values that puts it (its timing function's curve, or a
/// spring's motion), remembered for the last layer time asked about.
/// Animations committed together share their begin time, duration and
/// timing function, as a transaction gives them; through their curve
/// (`TimingCurveTable`), they work their progress out once a frame rather
/// than once each.
///
/// The timing model is most of an animation's evaluation (the phase, its
/// exact remainder, a curve's Newton solve, a spring's `sin`, `cos` and
/// `exp`: about half the instructions of evaluating 10,000 animations),
/// and the same inputs always give the same answer, so a remembered
/// one is exactly what evaluating again would give.
///
/// Not `Sendable`: its memory changes as frames are evaluated. Like the
/// render tree that holds it (through its nodes' compiled animations) it is
/// confined to the thread that renders.
final class TimingCurve: TimedEasing {
    /// Where an animation is at a layer time, as its compiled evaluation uses it.
    struct Sample {
        /// Whether the animation applies (running, or filling).
        var isApplied: Bool
        /// Whole repeats before this one, for cumulative animations.
        var iteration: Int
        /// Progress between the animation's values: the fraction through
        /// its cycle, eased by its curve or moved by its spring.
        var progress: Double
        /// Before the start or after the end, not filling.
        static let notApplied = Sample(isApplied: false, iteration: 0, progress: 0)
    }

    let timing: ResolvedTiming
    let easing: CompiledAnimation.Easing
    /// How many compiled animations hold this curve: an animation alone
    /// on its curve evaluates its own timing, which it holds inline,
    /// instead of reading the curve's memory.
    private(set) var users = 0

    /// The layer time last asked about, and the answer. Exempt from the
    /// runtime's exclusivity checks (each access would otherwise call into
    /// it): only `sample(at:)` touches them, it never overlaps itself, and
    /// the curve never leaves its thread.
    @exclusivity(unchecked) private var lastTime = 0.0
    @exclusivity(unchecked) private var hasLast = false
    @exclusivity(unchecked) private var last = Sample.notApplied

    init(timing: ResolvedTiming, easing: CompiledAnimation.Easing) {
        self.timing = timing
        self.easing = easing
    }

    /// Counts one more animation compiled with this curve.
    func addUser() { users += 1 }

    /// Counts one animation fewer (it was released: a commit replaced its
    /// layer's animations, recompiling the ones that stay).
    func removeUser() { users -= 1 }

    /// `evaluateSample`, kept out of line: a curve works out each layer
    /// time once, and inlined here too it took the inliner's budget from
    /// the compiled animation's own copy, which runs for every animation alone.
    @inline(never)
    private func evaluateOnce(at layerTime: Double) -> Sample {
        evaluations += 1
        return evaluateSample(at: layerTime)
    }

    /// How many times the curve worked a layer time out (tests).
    private(set) var evaluations = 0

    /// Where the animation is at its layer's local time `layerTime`: the
    /// last answer when asked about the same time again (bit for bit, so a
    /// NaN time is remembered too), worked out afresh otherwise.
    @inline(__always)
    func sample(at layerTime: Double) -> Sample {
        if hasLast, lastTime.bitPattern == layerTime.bitPattern { return last }
        let sample = evaluateOnce(at: layerTime)
        lastTime = layerTime
        last = sample
        hasLast = true
        return sample
    }
}

/// An object holding an animation's resolved timing and easing: a
/// compiled animation, or the curve it shares. The evaluation is written
/// once here and specialised for each, reading their fields in place (a
/// static function taking them as arguments was not inlined, and copying
/// the easing's enum into it cost a tenth of an animation's evaluation).
protocol TimedEasing: AnyObject {
    var timing: ResolvedTiming { get }
    var easing: CompiledAnimation.Easing { get }
}

extension TimedEasing {
    /// Where the animation is at its layer's local time `layerTime`,
    /// worked out afresh.
    @inline(__always)
    func evaluateSample(at layerTime: Double) -> TimingCurve.Sample {
        guard case .active(let iteration, let fraction) = timing.phase(at: layerTime) else { return .notApplied }
        // Matched in place, case by case: a `switch` binding the payloads
        // copied the whole enum first.
        let progress: Double
        if case .spring(let solver) = easing {
            // A spring runs in real seconds; its own motion is the easing.
            progress = solver.value(at: fraction * timing.duration)
        } else if case .curve(let curve) = easing {
            progress = curve.evaluate(fraction)
        } else {
            progress = fraction
        }
        return TimingCurve.Sample(isApplied: true, iteration: iteration, progress: progress)
    }
}
