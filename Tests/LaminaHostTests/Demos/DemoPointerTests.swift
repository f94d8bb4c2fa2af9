import Foundation
@testable import LaminaHost
import XCTest
import LaminaTestSupport

/// The demos answering the pointer: each demo run as a program on a private
/// Xvfb (`RunningDemo`, see DemoGalleryTests), driven with XTest pointer
/// events as a mouse would, and read back from the screen. Every check
/// waits for the picture to settle (or polls with a generous deadline), so
/// a slow, loaded machine makes the tests slower, not wrong.
final class DemoPointerTests: XCTestCase {
    // MARK: spring-playground

    /// Stiffness 10 (Left to the end), so the spring is slow enough to watch.
    /// The ball is taken at its rest, dragged down and held: it stays under
    /// the pointer. Then flicked further down and let go while moving: it
    /// carries on down past the release point (the release velocity became
    /// the spring's initialVelocity, away from the rest), then springs back
    /// and settles at its rest again.
    func testSpringPlaygroundBallFollowsTheDragAndSpringsBackFromTheRelease() throws {
        let demo = try RunningDemo("spring-playground", title: "Lamina spring playground")
        let rest = (x: 640 * 0.85, y: 400 * 0.27)
        // Each Left plays the spring to the other end: four land it on the right.
        for _ in 0..<4 { demo.press(Keysym.left, settle: 0.05) }
        let column = (x: Int(rest.x) - 60, y: 40, width: 120, height: 360)
        func ball() -> (x: Double, y: Double)? { demo.centroid(column, where: isBall) }
        let settled = try XCTUnwrap(demo.settledPoint(within: 20) { ball() }, "no ball")
        XCTAssertEqual(settled.x, rest.x, accuracy: 2, "at rest on the right")
        XCTAssertEqual(settled.y, rest.y, accuracy: 2)

        // Take it where it rests and drag it 80 points down; hold it there.
        let start = (x: Int(rest.x), y: Int(rest.y))
        let held = (x: start.x, y: start.y + 80)
        demo.driver.drag(from: start, to: held, in: demo.window, steps: 8, stepDelay: 0.02, release: false)
        let holding = try XCTUnwrap(demo.settledPoint(within: 10) { ball() }, "the held ball")
        XCTAssertEqual(holding.x, Double(held.x), accuracy: 3, "the ball follows the pointer 1:1")
        XCTAssertEqual(holding.y, Double(held.y), accuracy: 3, "the ball follows the pointer 1:1")

        // A flick: 60 points further down in quick steps, let go while moving.
        let release = (x: held.x, y: held.y + 60)
        for step in 1...6 {
            usleep(12_000)
            demo.driver.fakeMotion(x: release.x, y: held.y + step * 10, in: demo.window)
        }
        demo.driver.fakeButton(1, down: false)

        // Follow the ball until it is back at rest, noting how far down it got.
        var lowest = 0.0, backAtRest = false
        let deadline = Date(timeIntervalSinceNow: 30)
        var recent: [(x: Double, y: Double)] = []
        while Date() < deadline, !backAtRest {
            guard let seen = ball() else { continue }
            lowest = max(lowest, seen.y)
            recent = Array((recent + [seen]).suffix(3))
            backAtRest = recent.count == 3 && recent.allSatisfy { abs($0.x - rest.x) < 2 && abs($0.y - rest.y) < 2 }
            Thread.sleep(forTimeInterval: 0.02)
        }
        XCTAssertGreaterThan(lowest, Double(release.y) + 15,
                             "let go moving down, the ball carries on past the release point (it got to y \(lowest))")
        XCTAssertTrue(backAtRest, "then it springs back and settles at its rest, \(rest)")
        demo.quit()
    }

    /// A press on the ball while it springs across (stiffness 10: slow)
    /// catches it where it is drawn: it stays there, between the ends, while
    /// held, and let go without moving it springs on to its end. A press
    /// that lands just behind a moving ball misses it; the test then sends
    /// the ball back across and tries again.
    func testSpringPlaygroundPressCatchesTheMovingBallWhereItIsDrawn() throws {
        let demo = try RunningDemo("spring-playground", title: "Lamina spring playground")
        let (left, right, trackY) = (640 * 0.15, 640 * 0.85, 400 * 0.27)
        for _ in 0..<4 { demo.press(Keysym.left, settle: 0.05) }  // stiffness 10, ending on the right
        let track = (x: 0, y: Int(trackY) - 50, width: 640, height: 100)
        func ball() -> (x: Double, y: Double)? { demo.centroid(track, where: isBall) }
        XCTAssertEqual(try XCTUnwrap(demo.settledPoint(within: 20) { ball() }).x, right, accuracy: 2)

        var caught: (press: (x: Double, y: Double), held: (x: Double, y: Double))?
        var destination = right
        for _ in 0..<4 where caught == nil {
            demo.press(Keysym.returnKey, settle: 0)  // across to the other end
            destination = destination == right ? left : right
            // Press on the ball once it is well on its way.
            var press: (x: Double, y: Double)?
            let deadline = Date(timeIntervalSinceNow: 10)
            while Date() < deadline, press == nil {
                if let seen = ball(), abs(seen.x - left) > 100, abs(seen.x - right) > 100 { press = seen }
            }
            guard let press else { break }
            demo.driver.fakeMotion(x: Int(press.x.rounded()), y: Int(press.y.rounded()), in: demo.window)
            demo.driver.fakeButton(1, down: true)
            let held = try XCTUnwrap(demo.settledPoint(within: 10) { ball() })
            if abs(held.x - left) > 10, abs(held.x - right) > 10 {
                caught = (press, held)
            } else {
                demo.driver.fakeButton(1, down: false)  // missed: it went on to its end; try again
            }
        }
        let (press, held) = try XCTUnwrap(caught, "no press caught the moving ball")
        XCTAssertEqual(held.x, press.x, accuracy: 30, "held where it was drawn under the press")
        XCTAssertEqual(held.y, trackY, accuracy: 2)
        // Let go without moving: it springs on to the end it was going to.
        demo.driver.fakeButton(1, down: false)
        XCTAssertEqual(try XCTUnwrap(demo.settledPoint(within: 20) { ball() }).x, destination, accuracy: 2)
        demo.quit()
    }

    // MARK: clock

    /// Time stopped (Down), the minute hand dragged from 12 round to 3: a
    /// quarter of an hour later, and the hour hand has followed by 7.5°.
    func testClockDraggingTheMinuteHandSetsTheTime() throws {
        let demo = try RunningDemo("clock", title: "Lamina clock", arguments: ["--start", "10:00:30"])
        demo.press(Keysym.down)  // stopped: nothing moves but the dragged hand
        let center = (x: 320.0, y: 400 * 0.45), radius = 400 * 0.36
        func handAngle(_ isHand: (UInt32) -> Bool) -> Double? {
            demo.angle(around: center, within: radius * 0.78, beyond: radius * 0.15, where: isHand)
        }
        let minuteBefore = try XCTUnwrap(demo.settled { handAngle(isMinuteHand) })
        XCTAssertEqual(minuteBefore, 3, accuracy: 3, "10:00:30: the minute hand just past 12")

        // Round the dial at 60% of the radius: past the hour hand's tip, on the minute hand.
        let arc = (0...12).map { step -> (x: Int, y: Int) in
            let angle = Double(step) / 12 * .pi / 2
            return (Int((center.x + radius * 0.6 * sin(angle)).rounded()), Int((center.y - radius * 0.6 * cos(angle)).rounded()))
        }
        demo.driver.fakeMotion(x: arc[0].x, y: arc[0].y, in: demo.window)
        demo.driver.fakeButton(1, down: true)
        for point in arc.dropFirst() {
            usleep(20_000)
            demo.driver.fakeMotion(x: point.x, y: point.y, in: demo.window)
        }
        demo.driver.fakeButton(1, down: false)

        XCTAssertEqual(try XCTUnwrap(demo.settled { handAngle(isMinuteHand) }), minuteBefore + 90, accuracy: 5,
                       "the minute hand turned a quarter, to 3")
        XCTAssertEqual(try XCTUnwrap(demo.settled { handAngle(isHourHand) }), 300 + 7.5, accuracy: 4,
                       "a quarter of an hour on: the hour hand a quarter of the way from 10 to 11")
        demo.quit()
    }

    // MARK: spaceship

    /// Held a quarter of the way across the route, the (paced) ship is at
    /// the top of the first arc; dragged to three quarters, at the top of the
    /// second; let go, it flies on.
    func testSpaceshipDragScrubsTheFlightAndLettingGoFliesOn() throws {
        let demo = try RunningDemo("spaceship", title: "Lamina spaceship")
        let whole = (x: 0, y: 0, width: DemoGalleryTests.size.width, height: DemoGalleryTests.size.height)
        func ship() -> (x: Double, y: Double)? { demo.centroid(whole, where: isFin) }
        // The stage (640×480, y up) is centred at (320, 210): its x is the
        // window's, and its y is 450 − the window's. The arcs' tops are at
        // stage (197, 393.5) and (443, 393.5).
        let topY = 450 - 393.5
        demo.driver.drag(from: (197, 200), to: (197, 210), in: demo.window, steps: 2, release: false)
        let first = try XCTUnwrap(demo.settledPoint { ship() }, "no ship on screen")
        XCTAssertEqual(first.x, 197, accuracy: 35, "a quarter across: the first arc's top")
        XCTAssertEqual(first.y, topY, accuracy: 30)

        demo.driver.drag(from: (197, 210), to: (443, 210), in: demo.window, steps: 10, release: false)
        let second = try XCTUnwrap(demo.settledPoint { ship() })
        XCTAssertEqual(second.x, 443, accuracy: 35, "three quarters across: the second arc's top")
        XCTAssertEqual(second.y, topY, accuracy: 30)

        demo.driver.fakeButton(1, down: false)
        XCTAssertTrue(demo.waitUntil(timeout: 10) { ship().map { distance($0, second) > 20 } ?? false },
                      "let go, the ship flies on")
        demo.quit()
    }

    // MARK: transitions

    /// A click on the stage pushes the next card in, as Return does: the
    /// red card becomes the blue one.
    func testTransitionsClickOnTheStageShowsTheNextCard() throws {
        let demo = try RunningDemo("transitions", title: "Lamina transitions")
        let samples = [(x: 141 + 15, y: 88 + 15), (x: 141 + 358 - 15, y: 88 + 240 - 15)]
        func all(_ colour: (UInt32) -> Bool) -> Bool { samples.allSatisfy { colour(demo.pixel($0)) } }
        XCTAssertTrue(demo.waitUntil(timeout: 10) { all(isRedCard) }, "card 1 is red")
        demo.driver.click(x: 320, y: 208, in: demo.window)
        XCTAssertTrue(demo.waitUntil(timeout: 10) { all(isBlueCard) }, "a click on the stage: card 2, blue")
        demo.quit()
    }

    // MARK: replicator-loader

    /// A click on the spinner pauses the loaders (the picture stops
    /// changing), another starts them again; the wheel adds dots as Up does.
    func testReplicatorLoaderClickPausesAndTheWheelAddsDots() throws {
        let demo = try RunningDemo("replicator-loader", title: "Lamina replicator loader")
        let loaders = (x: 0, y: 60, width: DemoGalleryTests.size.width, height: 260)
        /// Whether the loaders look the same twice, 0.3 s apart (running,
        /// the spinner's bright dot moves a whole dot in 0.1 s).
        func still() -> Bool {
            let before = demo.capture(loaders)
            Thread.sleep(forTimeInterval: 0.3)
            return demo.capture(loaders) == before
        }
        XCTAssertTrue(demo.waitUntil(timeout: 10) { !still() }, "the loaders run")
        let spinner = (x: Int(640 * 0.3), y: Int(400 * 0.48))
        demo.driver.click(x: spinner.x, y: spinner.y, in: demo.window)
        XCTAssertTrue(demo.waitUntil(timeout: 10) { still() }, "a click on the spinner pauses them")
        demo.driver.click(x: spinner.x, y: spinner.y, in: demo.window)
        XCTAssertTrue(demo.waitUntil(timeout: 10) { !still() }, "another click starts them again")

        let diameter = 400 * 0.45
        let center = (x: 640 * 0.3, y: 400 * 0.48), radius = diameter / 2 - diameter * 0.11 / 2
        func dots() -> Int { demo.runs(aroundCircle: center, radius: radius) { $0.red > 40 } }
        XCTAssertTrue(demo.waitUntil(timeout: 10) { dots() == 12 }, "12 dots (saw \(dots()))")
        demo.driver.fakeButton(4, down: true)  // the wheel, one step up
        demo.driver.fakeButton(4, down: false)
        XCTAssertTrue(demo.waitUntil(timeout: 10) { dots() == 15 }, "the wheel up: 15 dots (saw \(dots()))")
        demo.quit()
    }

    // MARK: particles

    /// A press near the bottom left moves the fountain there: once the
    /// drops thrown from the middle have fallen, the spray's mean x is near
    /// the press.
    func testParticlesPressMovesTheFountain() throws {
        let demo = try RunningDemo("particles", title: "Lamina particles")
        let field = (x: 0, y: 40, width: DemoGalleryTests.size.width, height: 360)
        func spray() -> (count: Int, meanX: Double) {
            let drops = demo.capture(field).enumerated().filter { $0.element.blue > 90 && $0.element.blue > $0.element.red + 40 }
            let sum = drops.reduce(0) { $0 + $1.offset % field.width }
            return (drops.count, drops.isEmpty ? 0 : Double(sum) / Double(drops.count))
        }
        XCTAssertTrue(demo.waitUntil(timeout: 15) { spray().count > 300 && abs(spray().meanX - 320) < 50 },
                      "the fountain sprays from the middle (\(spray()))")
        demo.driver.click(x: 120, y: 385, in: demo.window)
        XCTAssertTrue(demo.waitUntil(timeout: 15) { spray().count > 100 && abs(spray().meanX - 120) < 40 },
                      "after a press at x 120, it sprays from there (\(spray()))")
        demo.quit()
    }

    // MARK: hello-layer

    /// A click sends the square there; an arrow key still sends it across.
    func testHelloLayerClickSendsTheSquareThere() throws {
        let demo = try RunningDemo("hello-layer", title: "hello-layer")
        let whole = (x: 0, y: 0, width: 640, height: 400)
        func square() -> (x: Double, y: Double)? { demo.centroid(whole, where: isSquare) }
        let first = try XCTUnwrap(demo.settledPoint { square() }, "no square")
        XCTAssertEqual(first.x, 160, accuracy: 2)
        XCTAssertEqual(first.y, 200, accuracy: 2)
        demo.driver.click(x: 480, y: 100, in: demo.window)
        let clicked = try XCTUnwrap(demo.settledPoint(within: 10) { square() })
        XCTAssertEqual(clicked.x, 480, accuracy: 2, "the click's place")
        XCTAssertEqual(clicked.y, 100, accuracy: 2, "the click's place")
        demo.press(Keysym.right)
        let keyed = try XCTUnwrap(demo.settledPoint(within: 10) { square() })
        XCTAssertEqual(keyed.x, 160, accuracy: 2, "Right still toggles it across")
        XCTAssertEqual(keyed.y, 100, accuracy: 2)
        demo.quit()
    }
}

// The colours the tests look for.
private func isBall(_ pixel: UInt32) -> Bool { pixel.isNear(red: 255, green: 128, blue: 51, tolerance: 25) }
private func isMinuteHand(_ pixel: UInt32) -> Bool { pixel.red >= 238 && pixel.green >= 238 && pixel.blue >= 238 }
private func isHourHand(_ pixel: UInt32) -> Bool { pixel.isNear(red: 64, green: 140, blue: 255, tolerance: 30) }
private func isFin(_ pixel: UInt32) -> Bool { pixel.isNear(red: 217, green: 38, blue: 51, tolerance: 30) }
private func isRedCard(_ pixel: UInt32) -> Bool { pixel.isNear(red: 217, green: 64, blue: 77, tolerance: 12) }
private func isBlueCard(_ pixel: UInt32) -> Bool { pixel.isNear(red: 51, green: 153, blue: 230, tolerance: 12) }
private func isSquare(_ pixel: UInt32) -> Bool { pixel.isNear(red: 255, green: 140, blue: 25, tolerance: 20) }

private func distance(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Double {
    ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
}

extension RunningDemo {
    /// A point once it stops moving (within half a pixel), at most `within` seconds.
    func settledPoint(within timeout: Double = 6, _ reading: () -> (x: Double, y: Double)?) -> (x: Double, y: Double)? {
        settled(within: timeout, close: { abs($0.x - $1.x) < 0.5 && abs($0.y - $1.y) < 0.5 }, reading)
    }
}
