import XCTest
@testable import QuartzCore

/// "Measured" numbers were measured on Apple's QuartzCore: the positions by a
/// public conformance test animating position.x from 0 to 100 with
/// `duration = settlingDuration` (divided by 100 here), and
/// `durationForEpsilon:` and the unit curve of a spring of response 1 and
/// damping ratio 1 by a public macOS test suite (ChouTiUI).
final class SpringSolverTests: XCTestCase {
    private let times = [0.05, 0.15, 0.25, 0.45]

    private func assertValues(_ spring: SpringSolver, _ want: [Double], at times: [Double], accuracy: Double = 1e-5,
                              file: StaticString = #filePath, line: UInt = #line) {
        for (t, w) in zip(times, want) {
            XCTAssertEqual(spring.value(at: t), w, accuracy: accuracy, "at \(t)", file: file, line: line)
        }
    }

    /// A spring of SwiftUI's response 1 and damping ratio 1.
    private let criticalResponseOne = SpringSolver(stiffness: 4 * .pi * .pi, damping: 4 * .pi)

    // MARK: Defaults and limits

    func testApplesDefaults() {
        let spring = SpringSolver()
        XCTAssertEqual([spring.mass, spring.stiffness, spring.damping, spring.initialVelocity], [1, 100, 10, 0])
        XCTAssertFalse(spring.allowsOverdamping)
    }

    func testStartsAtZeroAndComesToRestAtOne() {
        for spring in [SpringSolver(), SpringSolver(damping: 20), SpringSolver(damping: 40, allowsOverdamping: true),
                       SpringSolver(damping: 1)] {
            XCTAssertEqual(spring.value(at: 0), 0)
            XCTAssertEqual(spring.value(at: -1), 0)
            XCTAssertEqual(spring.value(at: 60), 1, accuracy: 1e-9)
            XCTAssertEqual(spring.value(at: .infinity), 1)
        }
    }

    // MARK: Motion, measured

    func testUnderdampedMatchesAppleAndOvershoots() {
        let spring = SpringSolver()
        assertValues(spring, [0.1044054701924324, 0.6104925274848938, 1.0233595371246338, 1.1184459924697876], at: times)
        // Cut short at 0.5 s it is simply stopped where it is.
        assertValues(spring, [0.3402998447418213, 1.0834387540817261], at: [0.1, 0.49])
        XCTAssertGreaterThan(stride(from: 0, to: 2, by: 0.01).map(spring.value(at:)).max() ?? 0, 1.1)
    }

    func testCriticallyDampedMatchesAppleAndNeverOvershoots() {
        let spring = SpringSolver(damping: 20)
        assertValues(spring, [0.09020400792360306, 0.44217461347579956, 0.7127025127410889, 0.9389005303382874], at: times)
        let samples = stride(from: 0, to: 3, by: 0.01).map(spring.value(at:))
        XCTAssertLessThanOrEqual(samples.max() ?? 2, 1)
        XCTAssertEqual(samples, samples.sorted(), "moves one way only")
        // Measured: the curve of response 1, damping ratio 1 at 0.3 s steps.
        assertValues(criticalResponseOne, [0.56196046, 0.89003396, 0.976705, 0.99546117], at: [0.3, 0.6, 0.9, 1.2],
                     accuracy: 1e-6)
    }

    func testOverdampingIsCriticalUnlessAllowed() {
        // Measured: damping 30 moves exactly as damping 20 (critical).
        let capped = SpringSolver(damping: 30)
        assertValues(capped, [0.09020400792360306, 0.44217461347579956, 0.7127025127410889, 0.9389005303382874], at: times)
        XCTAssertEqual(capped.dampingRatio, 1)
        // Allowed, it creeps: behind critical, and still without overshoot.
        let overdamped = SpringSolver(damping: 30, allowsOverdamping: true)
        XCTAssertEqual(overdamped.dampingRatio, 1.5)
        for t in times { XCTAssertLessThan(overdamped.value(at: t), capped.value(at: t)) }
        let samples = stride(from: 0, to: 5, by: 0.01).map(overdamped.value(at:))
        XCTAssertLessThanOrEqual(samples.max() ?? 2, 1)
        XCTAssertEqual(samples, samples.sorted())
    }

    func testInitialVelocityIsTowardTheTarget() {
        // Measured: velocity 5 (whole distances per second) runs ahead; -5 first backs away.
        assertValues(SpringSolver(initialVelocity: 5),
                     [0.29307806491851807, 0.87320476770401, 1.1604145765304565, 1.0767215490341187], at: times)
        assertValues(SpringSolver(initialVelocity: -5),
                     [-0.08426713198423386, 0.3477803170681, 0.8863046169281006, 1.1601705551147461], at: times)
        // The velocity at the start is the one given, in every regime.
        for spring in [SpringSolver(initialVelocity: 3), SpringSolver(damping: 20, initialVelocity: 3),
                       SpringSolver(damping: 50, initialVelocity: 3, allowsOverdamping: true)] {
            XCTAssertEqual(spring.value(at: 1e-7) / 1e-7, 3, accuracy: 1e-3)
        }
    }

    // MARK: Settling duration

    func testSettlingDurationOfTheDefaultSpring() {
        // The envelope (1 + 5/√75)·e^(-5t) reaches 0.001 at ln(1577.35)/5.
        let amplitude = 1 + 5 / 75.0.squareRoot()
        XCTAssertEqual(SpringSolver().settlingDuration, log(amplitude / 0.001) / 5, accuracy: 1e-12)
        XCTAssertEqual(SpringSolver().settlingDuration, 1.4727, accuracy: 1e-4)
    }

    func testSettlingDurationAsAppleDocumentsIt() {
        // Apple: damping 5 settles in "approximately 2.85 seconds", 15 in "just over 1 second".
        XCTAssertEqual(SpringSolver(damping: 5).settlingDuration, 2.85, accuracy: 0.01)
        let fifteen = SpringSolver(damping: 15).settlingDuration
        XCTAssertGreaterThan(fifteen, 1)
        XCTAssertLessThan(fifteen, 1.1)
        // The spring does stay within 0.001 from then on.
        let spring = SpringSolver(damping: 5)
        for t in stride(from: spring.settlingDuration, to: 6, by: 0.005) {
            XCTAssertLessThan(abs(1 - spring.value(at: t)), 0.001)
        }
    }

    func testCriticalSettlingWalksInTenthsOfASecondMeasured() {
        // Apple's answers, to the last bit of their repeated 0.1 additions.
        let want = [0.01: 1.0999999999999999, 0.02: 0.9999999999999999, 0.03: 0.8999999999999999,
                    0.04: 0.7999999999999999, 0.05: 0.7999999999999999]
        for (epsilon, duration) in want {
            XCTAssertEqual(criticalResponseOne.duration(forEpsilon: epsilon), duration, "epsilon \(epsilon)")
        }
        // Without the 0.1 s grid the answer for 0.01 would be 1.057 s.
        XCTAssertEqual(SpringSolver(damping: 20).settlingDuration, 1.0, accuracy: 1e-9)
    }

    func testSettlingWithVelocityStaysSettled() {
        // A critically damped spring thrown backwards first moves away; the walk
        // only counts from when it is near rest for good.
        let spring = SpringSolver(damping: 20, initialVelocity: -30)
        let settled = spring.settlingDuration
        XCTAssertGreaterThan(settled, SpringSolver(damping: 20).settlingDuration)
        for t in stride(from: settled, to: settled + 3, by: 0.01) {
            XCTAssertLessThan(abs(1 - spring.value(at: t)), 0.001)
        }
        let overdamped = SpringSolver(damping: 40, allowsOverdamping: true).settlingDuration
        XCTAssertEqual(overdamped, (overdamped * 10).rounded() / 10, accuracy: 1e-9, "on the 0.1 s grid")
    }

    func testUndampedSpringNeverSettles() {
        let spring = SpringSolver(damping: 0)
        XCTAssertEqual(spring.settlingDuration, Double(Float.greatestFiniteMagnitude))
        XCTAssertEqual(spring.value(at: .pi / 10), 2, accuracy: 1e-12)   // 1 - cos(π)
    }

    // MARK: Perceptual parameters

    func testPerceptualInitializerMatchesSwiftUI() {
        // SwiftUI: Spring(duration: 0.5, bounce: 0.3) has mass 1, stiffness 157.9, damping 17.6.
        let spring = SpringSolver(perceptualDuration: 0.5, bounce: 0.3)
        XCTAssertEqual(spring.mass, 1)
        XCTAssertEqual(spring.stiffness, (2 * .pi / 0.5) * (2 * .pi / 0.5), accuracy: 1e-9)
        XCTAssertEqual(spring.stiffness, 157.9, accuracy: 0.05)
        XCTAssertEqual(spring.damping, (1 - 0.3) * 4 * .pi / 0.5, accuracy: 1e-12)
        XCTAssertEqual(spring.damping, 17.6, accuracy: 0.05)
        XCTAssertTrue(spring.allowsOverdamping)
        // Measured: its settling duration (which Apple makes its duration) is 0.863 s.
        XCTAssertEqual(spring.settlingDuration, 0.863, accuracy: 1e-3)
    }

    func testNegativeBounceOverdamps() {
        // damping = 4π / (duration · (1 + bounce)): bounce -0.5 is damping ratio 2.
        let spring = SpringSolver(perceptualDuration: 0.5, bounce: -0.5)
        XCTAssertEqual(spring.damping, 4 * .pi / (0.5 * 0.5), accuracy: 1e-12)
        XCTAssertEqual(spring.dampingRatio, 2, accuracy: 1e-12)
        XCTAssertEqual(spring.bounce, -0.5, accuracy: 1e-12)
        XCTAssertLessThan(spring.value(at: 0.2), SpringSolver(perceptualDuration: 0.5, bounce: 0).value(at: 0.2))
    }

    func testPerceptualDurationAndBounceOfAnySpring() {
        // SwiftUI: Spring(mass: 1, stiffness: 100, damping: 10) is duration 0.63, bounce 0.5.
        XCTAssertEqual(SpringSolver().perceptualDuration, 0.63, accuracy: 0.005)
        XCTAssertEqual(SpringSolver().bounce, 0.5, accuracy: 1e-12)
        let round = SpringSolver(perceptualDuration: 0.8, bounce: 0.25)
        XCTAssertEqual(round.perceptualDuration, 0.8, accuracy: 1e-12)
        XCTAssertEqual(round.bounce, 0.25, accuracy: 1e-12)
        XCTAssertEqual(SpringSolver(perceptualDuration: 0.8, bounce: 0).dampingRatio, 1, accuracy: 1e-12)
    }

    // MARK: Bad input

    func testBadParametersFallBackToDefaults() {
        for bad in [0.0, -1, .nan] {
            XCTAssertEqual(SpringSolver(mass: bad).mass, 1)
            XCTAssertEqual(SpringSolver(stiffness: bad).stiffness, 100)
        }
        for bad in [-1.0, .nan, .infinity] { XCTAssertEqual(SpringSolver(damping: bad).damping, 10) }
        XCTAssertEqual(SpringSolver(mass: .infinity).mass, 1)
        XCTAssertEqual(SpringSolver(initialVelocity: .nan).initialVelocity, 0)
        XCTAssertEqual(SpringSolver(initialVelocity: -.infinity).initialVelocity, 0)
    }

    func testNothingProducesNaNOrHangs() {
        let springs = [SpringSolver(mass: .nan, stiffness: .nan, damping: .nan, initialVelocity: .nan),
                       SpringSolver(mass: 1e-300, stiffness: 1e300),
                       SpringSolver(stiffness: 1e-12),
                       SpringSolver(damping: 1e12, allowsOverdamping: true),
                       SpringSolver(initialVelocity: 1e200),
                       SpringSolver(perceptualDuration: 0.5, bounce: -1),
                       SpringSolver(perceptualDuration: .nan, bounce: .nan)]
        for spring in springs {
            for t in [0, 1e-9, 0.1, 1, 1e6, .infinity] { XCTAssertFalse(spring.value(at: t).isNaN, "\(spring) at \(t)") }
            XCTAssertFalse(spring.settlingDuration.isNaN, "\(spring)")
            XCTAssertLessThanOrEqual(spring.settlingDuration, Double(Float.greatestFiniteMagnitude))
        }
        // A spring too slack to settle in days reports that it never does.
        XCTAssertEqual(SpringSolver(stiffness: 1e-12).settlingDuration, Double(Float.greatestFiniteMagnitude))
    }

    func testBounceOfMinusOneDoesNotMove() {
        // Infinitely overdamped: it creeps so slowly it never settles.
        let spring = SpringSolver(perceptualDuration: 0.5, bounce: -1)
        XCTAssertEqual(spring.value(at: 10), 0, accuracy: 1e-9)
        XCTAssertEqual(spring.settlingDuration, Double(Float.greatestFiniteMagnitude))
    }

    func testZeroPerceptualDurationIsInfinitelyStiff() {
        // Apple's initializer makes the stiffness infinite for a duration of 0.
        let spring = SpringSolver(perceptualDuration: 0, bounce: 0)
        XCTAssertEqual(spring.stiffness, .infinity)
        XCTAssertEqual(spring.value(at: 1e-6), 1)
        XCTAssertEqual(spring.settlingDuration, 0)
    }
}
