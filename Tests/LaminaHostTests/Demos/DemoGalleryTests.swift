import Foundation
@testable import LaminaHost
import XCTest
import LaminaTestSupport

/// The demo gallery (demos/), each demo run as a program on a private Xvfb,
/// driven with its keys and read back from the screen: each test checks
/// that a key did what the demo says it does, then that Escape ends the
/// demo with status 0.
final class DemoGalleryTests: XCTestCase {
    static let size = (width: 640, height: 400)

    static let demos = ["clock", "spaceship", "transitions", "spring-playground", "replicator-loader"]

    /// Every demo opens its window through DemoSupport: without a display
    /// it says why in one line, naming itself and DISPLAY, and exits 1.
    func testWithoutDISPLAYEachDemoSaysSoInOneLineAndExits1() throws {
        for name in Self.demos {
            let demo = try DemoProcess(name, display: nil)
            XCTAssertTrue(demo.waitForExit(timeout: 10), name)
            XCTAssertEqual(demo.process.terminationStatus, 1, name)
            let lines = demo.standardErrorLines
            XCTAssertEqual(lines.count, 1, "\(name): \(lines)")
            XCTAssertTrue(lines.first?.hasPrefix("\(name): ") == true && lines.first?.contains("DISPLAY") == true,
                          "\(name): \(lines)")
        }
    }

    // MARK: clock

    /// Right sets the clock an hour forward: the hour hand turns a twelfth
    /// (30°); Left twice sets it back two hours. Up three times runs time at
    /// 600×: the minute hand turns tens of degrees a second.
    func testClockHandsFollowTheArrowKeys() throws {
        let demo = try RunningDemo("clock", title: "Lamina clock", arguments: ["--start", "10:00:00"])
        let center = (x: 320.0, y: 400 * 0.45), radius = 400 * 0.36
        func handAngle(_ isHand: (UInt32) -> Bool) -> Double? {
            demo.angle(around: center, within: radius * 0.78, beyond: radius * 0.15, where: isHand)
        }
        let isHourHand = { (pixel: UInt32) in pixel.isNear(red: 64, green: 140, blue: 255, tolerance: 30) }
        let isMinuteHand = { (pixel: UInt32) in pixel.red >= 238 && pixel.green >= 238 && pixel.blue >= 238 }

        XCTAssertEqual(try XCTUnwrap(demo.settled { handAngle(isHourHand) }), 300, accuracy: 5, "10 o'clock")
        demo.press(Keysym.right)
        XCTAssertEqual(try XCTUnwrap(demo.settled { handAngle(isHourHand) }), 330, accuracy: 5, "Right: 11 o'clock")
        demo.press(Keysym.left)
        demo.press(Keysym.left)
        XCTAssertEqual(try XCTUnwrap(demo.settled { handAngle(isHourHand) }), 270, accuracy: 5, "Left, Left: 9 o'clock")

        /// Degrees turned clockwise from `from` to `to`, in -180..<180.
        func turn(_ from: Double, _ to: Double) -> Double {
            (to - from + 540).truncatingRemainder(dividingBy: 360) - 180
        }
        let still = try XCTUnwrap(handAngle(isMinuteHand))
        Thread.sleep(forTimeInterval: 0.6)
        XCTAssertEqual(turn(still, try XCTUnwrap(handAngle(isMinuteHand))), 0, accuracy: 3, "at 1× the minute hand hardly moves")
        for _ in 0..<3 { demo.press(Keysym.up) }
        let before = try XCTUnwrap(handAngle(isMinuteHand))
        Thread.sleep(forTimeInterval: 0.6)
        let turned = turn(before, try XCTUnwrap(handAngle(isMinuteHand)))
        XCTAssertGreaterThan(turned, 12, "at 600× the minute hand turns 60° a second")
        XCTAssertLessThan(turned, 90)
        demo.quit()
    }

    // MARK: spaceship

    /// The ship (found by its red fins) flies; after Return (a new flight)
    /// Down three times pauses it (speed 0), Up starts it again from where
    /// it stopped; Right changes the label.
    func testSpaceshipFliesPausesAndResumes() throws {
        let demo = try RunningDemo("spaceship", title: "Lamina spaceship")
        let isFin = { (pixel: UInt32) in pixel.isNear(red: 217, green: 38, blue: 51, tolerance: 30) }
        let whole = (x: 0, y: 0, width: Self.size.width, height: Self.size.height)
        func ship() -> (x: Double, y: Double)? { demo.centroid(whole, where: isFin) }

        let first = try XCTUnwrap(ship(), "no ship on screen")
        Thread.sleep(forTimeInterval: 0.5)
        XCTAssertGreaterThan(distance(first, try XCTUnwrap(ship())), 10, "the ship flies")
        // Return starts the flight again, so the pause comes early in the
        // five seconds and the resumed flight does not wrap to the start.
        demo.press(Keysym.returnKey, settle: 0)
        for _ in 0..<3 { demo.press(Keysym.down) }
        Thread.sleep(forTimeInterval: 0.3)
        let paused = try XCTUnwrap(ship())
        Thread.sleep(forTimeInterval: 0.6)
        XCTAssertLessThan(distance(paused, try XCTUnwrap(ship())), 2, "speed 0: the ship stays where it is")
        demo.press(Keysym.up)
        Thread.sleep(forTimeInterval: 0.8)
        let resumed = try XCTUnwrap(ship())
        XCTAssertGreaterThan(distance(paused, resumed), 5, "speed 0.25: it flies on")
        XCTAssertLessThan(distance(paused, resumed), 150, "from where it was paused, not from elsewhere")

        let label = (x: 0, y: 10, width: Self.size.width, height: 40)
        let mode = demo.capture(label)
        demo.press(Keysym.right)
        XCTAssertTrue(demo.waitUntil { demo.capture(label) != mode }, "Right names another calculationMode")
        demo.quit()
    }

    // MARK: transitions

    /// Return replaces the red card by the blue one, under the push from
    /// the left: some frame shows the new colour on the left and the old
    /// on the right; then the stage is blue. Right changes the name shown.
    func testTransitionsPushTheNextCardInFromTheLeft() throws {
        let demo = try RunningDemo("transitions", title: "Lamina transitions")
        // The stage: 56% × 60% of the window, centred at (50%, 52%).
        let stage = (x: 320.0 - 179, y: 208.0 - 120, width: 358.0, height: 240.0)
        let leftSample = (x: Int(stage.x) + 15, y: Int(stage.y) + 15)
        let rightSample = (x: Int(stage.x + stage.width) - 15, y: Int(stage.y) + 15)
        let isRed = { (pixel: UInt32) in pixel.isNear(red: 217, green: 64, blue: 77, tolerance: 12) }
        let isBlue = { (pixel: UInt32) in pixel.isNear(red: 51, green: 153, blue: 230, tolerance: 12) }
        XCTAssertTrue(demo.waitUntil { isRed(demo.pixel(leftSample)) && isRed(demo.pixel(rightSample)) }, "card 1 is red")

        demo.press(Keysym.returnKey, settle: 0)
        var pushedFromLeft = false
        let deadline = Date(timeIntervalSinceNow: 2)
        while Date() < deadline, !pushedFromLeft {
            pushedFromLeft = isBlue(demo.pixel(leftSample)) && isRed(demo.pixel(rightSample))
        }
        XCTAssertTrue(pushedFromLeft, "during the push, blue comes in on the left while red is still on the right")
        XCTAssertTrue(demo.waitUntil { isBlue(demo.pixel(leftSample)) && isBlue(demo.pixel(rightSample)) }, "then card 2 is blue")

        let name = (x: 0, y: 20, width: Self.size.width, height: 40)
        let push = demo.capture(name)
        demo.press(Keysym.right)
        XCTAssertTrue(demo.waitUntil { demo.capture(name) != push }, "Right names the next transition")
        demo.quit()
    }

    // MARK: spring-playground

    /// Return springs the ball from the right end to the left: it passes
    /// the left end (the default spring overshoots), then comes to rest
    /// there. Up changes the parameters shown.
    func testSpringPlaygroundBallOvershootsAndSettles() throws {
        let demo = try RunningDemo("spring-playground", title: "Lamina spring playground")
        let (left, right) = (640 * 0.15, 640 * 0.85)
        let track = (x: 0, y: 60, width: Self.size.width, height: 100)
        let isBall = { (pixel: UInt32) in pixel.isNear(red: 255, green: 128, blue: 51, tolerance: 25) }
        func ballX() -> Double? { demo.centroid(track, where: isBall)?.x }

        XCTAssertEqual(try XCTUnwrap(demo.settled(within: 6) { ballX() }), right, accuracy: 2, "the first spring ends on the right")
        demo.press(Keysym.returnKey, settle: 0)
        var leftmost = right
        let deadline = Date(timeIntervalSinceNow: 1.2)
        while Date() < deadline { if let x = ballX() { leftmost = min(leftmost, x) } }
        XCTAssertLessThan(leftmost, left - 20, "damping 10, stiffness 100: the ball overshoots the left end")
        XCTAssertEqual(try XCTUnwrap(demo.settled(within: 6) { ballX() }), left, accuracy: 2, "and comes to rest there")

        let label = (x: 0, y: 20, width: Self.size.width, height: 40)
        let parameters = demo.capture(label)
        demo.press(Keysym.up)
        XCTAssertTrue(demo.waitUntil { demo.capture(label) != parameters }, "Up shows the new damping")
        demo.quit()
    }

    // MARK: replicator-loader

    /// The spinner's dots, counted round its circle: 12, then 15 after Up,
    /// then 10 after Down twice.
    func testReplicatorLoaderDotCountFollowsUpAndDown() throws {
        let demo = try RunningDemo("replicator-loader", title: "Lamina replicator loader")
        // The spinner: 45% of 400 wide, centred at (30%, 48%); dots 11% of
        // its diameter, at its top edge.
        let diameter = 400 * 0.45
        let center = (x: 640 * 0.3, y: 400 * 0.48), radius = diameter / 2 - diameter * 0.11 / 2
        func dots() -> Int { demo.runs(aroundCircle: center, radius: radius) { $0.red > 40 } }
        XCTAssertTrue(demo.waitUntil { dots() == 12 }, "12 dots round the centre (saw \(dots()))")
        demo.press(Keysym.up)
        XCTAssertTrue(demo.waitUntil { dots() == 15 }, "Up: 15 dots (saw \(dots()))")
        demo.press(Keysym.down)
        demo.press(Keysym.down)
        XCTAssertTrue(demo.waitUntil { dots() == 10 }, "Down, Down: 10 dots (saw \(dots()))")
        let label = (x: 0, y: 20, width: Self.size.width, height: 40)
        let speed = demo.capture(label)
        demo.press(Keysym.right)
        XCTAssertTrue(demo.waitUntil { demo.capture(label) != speed }, "Right shows the new speed")
        demo.quit()
    }

    private func distance(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }
}

/// One demo on its own Xvfb, its window found, and what the tests ask of
/// the screen. The test's X connection closes before the server goes (a
/// connection that outlives its server ends the process).
final class RunningDemo {
    private var connection: XTestDriver?
    var driver: XTestDriver { connection! }
    let window: UInt
    let demo: DemoProcess
    let server: XvfbServer

    init(_ name: String, title: String, arguments: [String] = [], environment: [String: String] = [:],
         file: StaticString = #filePath, line: UInt = #line) throws {
        do { server = try XvfbServer(extraArguments: []) } catch { throw XCTSkip("cannot start a private Xvfb: \(error)") }
        let size = DemoGalleryTests.size
        demo = try DemoProcess(name, display: server.displayName,
                               arguments: ["--width", "\(size.width)", "--height", "\(size.height)"] + arguments,
                               environment: environment)
        let driver = try XTestDriver(displayName: server.displayName)
        connection = driver
        window = try XCTUnwrap(driver.waitForWindow(named: title), "\(name)'s window did not appear", file: file, line: line)
        Thread.sleep(forTimeInterval: 0.5)  // the first frames
    }

    deinit { connection = nil }

    /// Types `keysym`, then waits `settle` seconds.
    func press(_ keysym: UInt32, settle: Double = 0.2) {
        driver.fakeKey(keysym, down: true)
        driver.fakeKey(keysym, down: false)
        if settle > 0 { Thread.sleep(forTimeInterval: settle) }
    }

    /// Escape, then the demo must end with status 0 and nothing on stderr.
    func quit(file: StaticString = #filePath, line: UInt = #line) {
        press(Keysym.escape, settle: 0)
        XCTAssertTrue(demo.waitForExit(timeout: 5), "Escape did not end the demo", file: file, line: line)
        XCTAssertEqual(demo.process.terminationStatus, 0, file: file, line: line)
        XCTAssertEqual(demo.standardErrorLines, [], file: file, line: line)
    }

    func capture(_ rect: (x: Int, y: Int, width: Int, height: Int)) -> [UInt32] {
        driver.capture(window, x: rect.x, y: rect.y, width: rect.width, height: rect.height) ?? []
    }

    func pixel(_ point: (x: Int, y: Int)) -> UInt32 {
        capture((point.x, point.y, 1, 1)).first ?? 0
    }

    /// The mean position of the pixels in `rect` that match.
    func centroid(_ rect: (x: Int, y: Int, width: Int, height: Int), where matches: (UInt32) -> Bool) -> (x: Double, y: Double)? {
        var (sumX, sumY, count) = (0.0, 0.0, 0.0)
        for (index, pixel) in capture(rect).enumerated() where matches(pixel) {
            sumX += Double(rect.x + index % rect.width)
            sumY += Double(rect.y + index / rect.width)
            count += 1
        }
        return count < 4 ? nil : (sumX / count, sumY / count)
    }

    /// The direction, in degrees clockwise from 12 o'clock, of the matching
    /// pixels between `beyond` and `within` points from `center`.
    func angle(around center: (x: Double, y: Double), within: Double, beyond: Double,
               where matches: (UInt32) -> Bool) -> Double? {
        let rect = (x: Int(center.x - within), y: Int(center.y - within), width: Int(within * 2), height: Int(within * 2))
        var (sumX, sumY, count) = (0.0, 0.0, 0)
        for (index, pixel) in capture(rect).enumerated() where matches(pixel) {
            let dx = Double(rect.x + index % rect.width) - center.x, dy = Double(rect.y + index / rect.width) - center.y
            let distance = (dx * dx + dy * dy).squareRoot()
            guard distance > beyond, distance < within else { continue }
            sumX += dx / distance
            sumY += dy / distance
            count += 1
        }
        guard count >= 4 else { return nil }
        let degrees = atan2(sumX, -sumY) * 180 / .pi
        return degrees < 0 ? degrees + 360 : degrees
    }

    /// How many separate runs of matching pixels lie on the circle.
    func runs(aroundCircle center: (x: Double, y: Double), radius: Double, where matches: (UInt32) -> Bool) -> Int {
        let rect = (x: Int(center.x - radius) - 2, y: Int(center.y - radius) - 2,
                    width: Int(radius * 2) + 4, height: Int(radius * 2) + 4)
        let pixels = capture(rect)
        guard !pixels.isEmpty else { return 0 }
        let samples = 720
        let lit = (0..<samples).map { step -> Bool in
            let theta = Double(step) / Double(samples) * 2 * .pi
            let x = Int((center.x + radius * sin(theta)).rounded()) - rect.x
            let y = Int((center.y - radius * cos(theta)).rounded()) - rect.y
            return matches(pixels[y * rect.width + x])
        }
        // Runs that start where the previous sample was dark; all lit is one.
        let starts = (0..<samples).filter { lit[$0] && !lit[($0 + samples - 1) % samples] }.count
        return starts == 0 && lit.allSatisfy { $0 } ? 1 : starts
    }

    /// Polls `condition` for at most `timeout` seconds.
    func waitUntil(timeout: Double = 3, _ condition: () -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }

    /// The reading once it stops changing: three readings in a row, 0.15 s
    /// apart, each `close` to the first, at most `within` seconds.
    func settled<Reading>(within timeout: Double, close: (Reading, Reading) -> Bool,
                          _ reading: () -> Reading?) -> Reading? {
        var readings: [Reading] = []
        let deadline = Date(timeIntervalSinceNow: timeout)
        while Date() < deadline {
            if let value = reading() { readings.append(value) }
            let recent = readings.suffix(3)
            if recent.count == 3, let first = recent.first, recent.allSatisfy({ close($0, first) }) { return first }
            Thread.sleep(forTimeInterval: 0.15)
        }
        return readings.last
    }

    /// A number once it stops changing (within 0.5).
    func settled(within timeout: Double = 3, _ reading: () -> Double?) -> Double? {
        settled(within: timeout, close: { abs($0 - $1) < 0.5 }, reading)
    }
}
