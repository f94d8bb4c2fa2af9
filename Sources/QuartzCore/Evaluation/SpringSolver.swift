/// The motion of `CASpringAnimation`: a damped harmonic oscillator carrying
/// its value from 0 to 1, solved in closed form, with Apple's settling
/// duration and iOS 17 perceptual parameters.
///
/// Time is in seconds of the spring's own motion, not a fraction of the
/// animation's duration: Apple evaluates the spring at real time, so an
/// animation shorter than `settlingDuration` is simply cut off (measured: the
/// default spring with a duration of 0.5 s is at 1.083 at 0.49 s).
///
/// `initialVelocity` is in units of the whole distance per second, positive
/// toward the target (Apple: "positive values represent the object moving
/// towards the spring attachment point"); measured on Apple, 0 to 100 with
/// velocity 5 is at 29.3 after 0.05 s and with -5 at -8.4.
///
/// Inputs are cleaned as Apple's setters do, plus what they leave open: a
/// mass or stiffness that is not positive, or is NaN, becomes the default (1,
/// 100), a damping that is negative, NaN or infinite becomes 10, and a NaN or
/// infinite velocity becomes 0. The one infinity kept is the stiffness Apple's
/// perceptual initializer gives a duration of 0: an infinitely stiff spring,
/// which is at 1 from the first instant.
struct SpringSolver: Sendable, Equatable {
    let mass: Double
    let stiffness: Double
    let damping: Double
    let initialVelocity: Double
    /// Apple's `allowsOverdamping`: when false (the default, and what
    /// `CASpringAnimation` always did before iOS 17), a damping above critical
    /// is treated as critical. Measured on Apple: damping 30 on the default
    /// spring moves exactly as damping 20.
    let allowsOverdamping: Bool

    init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0,
         allowsOverdamping: Bool = false) {
        self.mass = mass > 0 && mass.isFinite ? mass : 1
        self.stiffness = stiffness > 0 ? stiffness : 100   // NaN fails the test too
        self.damping = damping >= 0 && damping.isFinite ? damping : 10
        self.initialVelocity = initialVelocity.isFinite ? initialVelocity : 0
        self.allowsOverdamping = allowsOverdamping
    }

    /// Apple's `init(perceptualDuration:bounce:)` (iOS 17), the mapping
    /// SwiftUI's `Spring(duration:bounce:)` documents, with mass 1 and
    /// overdamping allowed:
    /// - stiffness = (2π / duration)²
    /// - damping = (1 - bounce) · 4π / duration for bounce ≥ 0, and
    ///   4π / (duration · (1 + bounce)) for bounce < 0 (overdamped).
    ///
    /// SwiftUI's example: duration 0.5, bounce 0.3 is stiffness 157.9, damping
    /// 17.6. `bounce` is clamped to -1...1 (SwiftUI's range; NaN is 0); a
    /// duration that is not positive gives an infinitely stiff spring, as
    /// Apple's does.
    init(perceptualDuration duration: Double, bounce: Double, initialVelocity: Double = 0) {
        let bounce = bounce.isNaN ? 0 : min(max(bounce, -1), 1)
        let positive = duration > 0 && duration.isFinite
        let stiffness = positive ? (2 * .pi / duration) * (2 * .pi / duration) : .infinity
        let ratio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        // Bounce -1 is infinitely overdamped: as much damping as a Double holds.
        let damping = positive ? min(ratio * 4 * .pi / duration, .greatestFiniteMagnitude) : 10
        self.init(mass: 1, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity,
                  allowsOverdamping: true)
    }

    // MARK: Derived parameters

    /// The undamped angular frequency, √(stiffness / mass).
    var naturalFrequency: Double { (stiffness / mass).squareRoot() }

    /// damping / critical damping; 1 is critical. Capped at 1 when
    /// overdamping is not allowed.
    var dampingRatio: Double {
        let ratio = damping / (2 * (stiffness * mass).squareRoot())
        return allowsOverdamping ? ratio : min(ratio, 1)
    }

    /// Apple's `perceptualDuration`: the period of the undamped spring,
    /// 2π √(mass / stiffness). The default spring's is 0.63 s (SwiftUI).
    var perceptualDuration: Double { 2 * .pi * (mass / stiffness).squareRoot() }

    /// Apple's `bounce`, the inverse of the perceptual mapping: 1 - x for an
    /// underdamped or critical spring and 1/x - 1 for an overdamped one, where
    /// x = perceptualDuration · damping / (4π · mass). The default spring's
    /// is 0.5 (SwiftUI).
    var bounce: Double {
        let x = perceptualDuration * damping / (4 * .pi * mass)
        let ratio = damping / (2 * (stiffness * mass).squareRoot())
        return ratio <= 1 ? 1 - x : 1 / x - 1
    }

    // MARK: Motion

    /// The value at `time` seconds: 0 at the start, 1 at rest. Before the
    /// start it is 0; it never returns NaN.
    func value(at time: Double) -> Double {
        guard time > 0 else { return 0 }
        let value = 1 - displacement(at: time)
        return value.isFinite ? value : 1
    }

    /// How far from the target the spring is at `time`, starting at 1.
    private func displacement(at t: Double) -> Double {
        let w0 = naturalFrequency
        guard w0.isFinite else { return 0 }   // infinitely stiff: already there
        let zeta = dampingRatio, v0 = initialVelocity
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let b = (zeta * w0 - v0) / wd
            return exp(-zeta * w0 * t) * (cos(wd * t) + b * sin(wd * t))
        }
        if zeta == 1 {
            return (1 + (w0 - v0) * t) * exp(-w0 * t)
        }
        let (slow, fast) = overdampedRoots(w0: w0, zeta: zeta)
        let fastShare = (-v0 - slow) / (fast - slow)
        return (1 - fastShare) * exp(slow * t) + fastShare * exp(fast * t)
    }

    /// The two (negative) exponents of an overdamped spring. The slow one is
    /// written as a quotient so a large ratio does not cancel to 0 or NaN.
    private func overdampedRoots(w0: Double, zeta: Double) -> (slow: Double, fast: Double) {
        let root = (zeta * zeta - 1).squareRoot()
        return (-w0 / (zeta + root), -w0 * (zeta + root))
    }

    // MARK: Settling

    /// Apple's `settlingDuration`: `duration(forEpsilon: 0.001)`, the time after
    /// which the spring stays within 0.001 of the whole distance from rest.
    /// The default spring's is 1.4727 s; with damping 5 it is 2.855 s and with
    /// 15, 1.022 s (Apple: "approximately 2.85 seconds", "just over 1 second").
    var settlingDuration: Double { duration(forEpsilon: 0.001) }

    /// How long the spring takes to come within `epsilon` of rest (at least
    /// 1e-6) and stay there, as Apple's QuartzCore estimates it:
    /// - underdamped: where the envelope of the oscillation,
    ///   (|A| + |B|)·e^(-ζω₀t) for x = e^(-ζω₀t)(A cos ω_d t + B sin ω_d t),
    ///   falls to `epsilon`;
    /// - critically damped or overdamped: walking the motion in steps of 0.1 s
    ///   to the first step it is within `epsilon` and stays so for over a
    ///   second (so the answer is a multiple of 0.1 s; measured on Apple, the
    ///   spring of response 1 and damping ratio 1 gives 1.1 s for epsilon 0.01
    ///   and 0.8 s for 0.05). A spring whose slowest decay would take the
    ///   walk past `walkLimit` seconds (days) is reported as never settling.
    ///
    /// An undamped spring never settles: Apple answers `FLT_MAX`, and so does
    /// this. An infinitely stiff one settles at once.
    func duration(forEpsilon epsilon: Double) -> Double {
        let never = Double(Float.greatestFiniteMagnitude)
        let epsilon = Double.maximum(epsilon, 1e-6)
        let w0 = naturalFrequency, zeta = dampingRatio
        guard w0.isFinite else { return 0 }
        guard zeta > 0, w0 > 0 else { return never }
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let amplitude = 1 + abs((zeta * w0 - initialVelocity) / wd)
            return min(max(-log(epsilon / amplitude) / (zeta * w0), 0), never)
        }
        // The walk would outrun its cap (or never end) when the slowest decay
        // is this slow: such a spring does not settle in any useful time.
        let slowestDecay = zeta > 1 ? -overdampedRoots(w0: w0, zeta: zeta).slow : w0
        let roughSettling = (log(1 / epsilon) + 10 + log(1 + abs(initialVelocity) / w0)) / slowestDecay
        if roughSettling > Self.walkLimit { return never }
        return min(walkToRest(epsilon: epsilon), never)
    }

    /// The longest settling time the walk looks for, in seconds.
    static let walkLimit = 200_000.0

    /// The 0.1 s walk of `duration(forEpsilon:)`. The time is accumulated by
    /// repeated addition, as Apple's is, so the answers match to the last bit
    /// (1.0999999999999999, not 1.1).
    private func walkToRest(epsilon: Double) -> Double {
        var time = 0.0
        var entered = 0.0               // when the current stay near rest began
        var closest = Double.infinity   // the closest approach since then
        for _ in 0..<Int(Self.walkLimit * 10 + 20) {
            let distance = abs(1 - (time > 0 ? value(at: time) : 0))
            guard distance.isFinite else { return 0 }
            if closest >= epsilon {
                // Still approaching: remember when it last came closer.
                if distance < closest { entered = time; closest = distance }
            } else if distance >= epsilon {
                closest = .infinity      // it left again; start over
            } else if time - entered > 1 {
                return entered
            }
            time += 0.1
        }
        return time
    }
}
