import XCTest
@testable import QuartzCore

#if canImport(Glibc)
import Glibc
#endif

/// `ResolvedTiming.phase` wraps positions into periods without calling `fmod`
/// where it can (`ExactRemainder.swift`, and the first two periods in
/// `wrap`); every shortcut must give fmod's result bit for bit.
final class MediaTimingRemainderTests: XCTestCase {
    /// Random periods and positions over many scales, plus positions on,
    /// just below and just above multiples of the period.
    func testExactRemainderMatchesFmod() {
        var generator = SystemRandomNumberGenerator()
        var checked = 0
        for _ in 0..<200_000 {
            let m = Double.random(in: 0.001...10, using: &generator)
                * pow(10, Double(Int.random(in: -6...6, using: &generator)))
            let x = m * Double.random(in: 2...1e7, using: &generator)
                * (Bool.random(using: &generator) ? 1 : pow(2, Double(Int.random(in: 0...28, using: &generator))))
            checked += compare(x, m)
            let k = (x / m).rounded(.down)
            for candidate in [k * m, (k * m).nextDown, (k * m).nextUp, (k + 1) * m, ((k + 1) * m).nextDown] {
                checked += compare(candidate, m)
            }
        }
        // Animation-like periods and times (1/60 s frames over hours).
        for period in [0.25, 0.3, 1.5, 2, 3, 4, 0.1, 1.0 / 3, 2.0 / 3, 1e-9, 7.77] {
            for frame in stride(from: 0, to: 2_000_000, by: 997) {
                checked += compare(Double(frame) / 60, period)
                checked += compare(1e5 + Double(frame) / 60, period)
            }
        }
        XCTAssertGreaterThan(checked, 1_000_000)
    }

    /// The quotient `exactDivision` gives with the remainder is the whole
    /// number of periods before it: what `ResolvedTiming.phase` would otherwise
    /// get by dividing and rounding (as it still does from 2^50 periods up).
    func testExactDivisionGivesTheWholePeriods() {
        var generator = SystemRandomNumberGenerator()
        var checked = 0
        for _ in 0..<200_000 {
            let m = Double.random(in: 0.001...10, using: &generator)
                * pow(10, Double(Int.random(in: -6...6, using: &generator)))
            let x = m * Double.random(in: 2...1e9, using: &generator)
                * (Bool.random(using: &generator) ? 1 : pow(2, Double(Int.random(in: 0...20, using: &generator))))
            guard let (remainder, quotient) = exactDivision(x, m) else { continue }
            XCTAssertEqual(remainder.bitPattern, fmod(x, m).bitPattern, "\(x) mod \(m)")
            XCTAssertEqual(quotient, quotient.rounded(), "\(x) / \(m)")
            XCTAssertEqual(x.addingProduct(-quotient, m), remainder, "\(x) / \(m)")
            if quotient < 0x1p50 {
                XCTAssertEqual(quotient, roundedToNearest((x - remainder) / m), "\(x) / \(m)")
            }
            checked += 1
        }
        XCTAssertGreaterThan(checked, 150_000)
    }

    /// Outside its range it declines, leaving the position to fmod.
    func testExactRemainderDeclinesOutsideItsRange() {
        XCTAssertNil(exactRemainder(1.5, 1))  // first two periods: the caller's own shortcuts
        XCTAssertNil(exactRemainder(0x1p60, 1))  // quotient past 2^52
        XCTAssertNil(exactRemainder(1e300, 1e290))
        XCTAssertNil(exactRemainder(1e-280, 1e-300))
        XCTAssertNil(exactRemainder(.nan, 1))
        XCTAssertNil(exactRemainder(.infinity, 1))
        XCTAssertNil(exactRemainder(-5, 1))
    }

    /// `wrap`'s first two periods: fmod(x, m) is x below m, and x - m up to 2m.
    func testFirstTwoPeriodsAreFmodsOwn() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200_000 {
            let m = Double.random(in: 1e-6...1e6, using: &generator)
            let x = Double.random(in: 0..<(2 * m), using: &generator)
            XCTAssertEqual((x < m ? x : x - m).bitPattern, fmod(x, m).bitPattern, "\(x) mod \(m)")
        }
        let m = 0x1p1023 * 1.5  // m + m overflows
        let x = m.nextUp
        XCTAssertEqual((x - m).bitPattern, fmod(x, m).bitPattern)
    }

    /// Phases far into a repeating animation agree with phases computed
    /// from an fmod-wrapped position (the model's own definition).
    func testLatePhasesOfRepeatingAnimations() {
        let timing = MediaTiming(beginTime: 10, duration: 1.5, repeatCount: .greatestFiniteMagnitude, autoreverses: true)
        for frame in stride(from: 0, to: 500_000, by: 7) {
            let t = 10 + Double(frame) / 60
            guard case .active(let iteration, let fraction) = timing.phase(atParentTime: t) else {
                return XCTFail("not active at \(t)")
            }
            let elapsed = t - 10
            var within = fmod(elapsed, 3)
            var cycles = ((elapsed - within) / 3).rounded()
            let tolerance = 3e-9
            if within < tolerance { within = 0 } else if within > 3 - tolerance { within = 0; cycles += 1 }
            var expected = within / 1.5
            if expected > 1 { expected = 2 - expected }
            XCTAssertEqual(iteration, Int(cycles), "at \(t)")
            XCTAssertEqual(fraction.bitPattern, min(max(expected, 0), 1).bitPattern, "at \(t)")
        }
    }

    /// `roundedToNearest` is `rounded()`, halves and signs included.
    func testRoundedToNearestMatchesRounded() {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, 0.49999999999999994, -0.49999999999999994,
                                0x1p52, -0x1p52, 0x1p52 - 0.5, 0x1p51 + 0.5, 1e300, .infinity, -.infinity, .nan,
                                .leastNonzeroMagnitude, 3.0000000000000004, 2.9999999999999996]
        for _ in 0..<200_000 {
            let x = Double.random(in: -1...1, using: &generator) * pow(2, Double(Int.random(in: -10...60, using: &generator)))
            values += [x, x.rounded(.down) + 0.5, x.rounded(.down) - 0.5]
        }
        for x in values {
            XCTAssertEqual(roundedToNearest(x).bitPattern, x.rounded().bitPattern, "\(x)")
        }
    }

    private func compare(_ x: Double, _ m: Double) -> Int {
        guard let fast = exactRemainder(x, m) else { return 0 }
        XCTAssertEqual(fast.bitPattern, fmod(x, m).bitPattern, "\(x) mod \(m)")
        return 1
    }
}
