import XCTest
@testable import QuartzCore

/// A minimal adopter, standing in for the layers and animations others write.
private final class TimedObject: CAMediaTiming {
    var beginTime: CFTimeInterval = 0
    var duration: CFTimeInterval = 0
    var speed: Float = 1
    var timeOffset: CFTimeInterval = 0
    var repeatCount: Float = 0
    var repeatDuration: CFTimeInterval = 0
    var autoreverses = false
    var fillMode: CAMediaTimingFillMode = .removed
}

/// `MediaTiming` as a snapshot, and Apple's first timing stage (parent time to
/// active local time) through a layer hierarchy.
final class MediaTimingTests: XCTestCase {
    func testDefaultsAreApples() {
        let timing = MediaTiming()
        XCTAssertEqual(timing.beginTime, 0)
        XCTAssertEqual(timing.duration, 0)
        XCTAssertEqual(timing.speed, 1)
        XCTAssertEqual(timing.timeOffset, 0)
        XCTAssertEqual(timing.repeatCount, 0)
        XCTAssertEqual(timing.repeatDuration, 0)
        XCTAssertFalse(timing.autoreverses)
        XCTAssertEqual(timing.fillMode, .removed)
        XCTAssertEqual(MediaTiming(TimedObject()), timing)
    }

    func testSnapshotCopiesEveryProperty() {
        let object = TimedObject()
        object.beginTime = 1
        object.duration = 2
        object.speed = 3
        object.timeOffset = 4
        object.repeatCount = 5
        object.repeatDuration = 6
        object.autoreverses = true
        object.fillMode = .both
        let snapshot = MediaTiming(object)
        XCTAssertEqual(snapshot, MediaTiming(
            beginTime: 1, duration: 2, speed: 3, timeOffset: 4, repeatCount: 5,
            repeatDuration: 6, autoreverses: true, fillMode: .both))
        object.speed = 0
        XCTAssertEqual(snapshot.speed, 3, "a snapshot, not a view")
    }

    func testLocalTimeFollowsApplesFormula() {
        // t = (tp - begin) * speed + offset
        let timing = MediaTiming(beginTime: 2, speed: 3, timeOffset: 1)
        XCTAssertEqual(timing.localTime(fromParent: 5), 10)
        XCTAssertEqual(timing.localTime(fromParent: 2), 1)
        XCTAssertEqual(timing.parentTime(fromLocal: 10), 5)
        for t in [-7.5, 0, 3.25, 1e6] {
            XCTAssertEqual(timing.parentTime(fromLocal: timing.localTime(fromParent: t)), t, accuracy: 1e-9)
        }
        XCTAssertEqual(MediaTiming(speed: -1).localTime(fromParent: 4), -4)
    }

    func testPausedTimingHasNoInverse() {
        let paused = MediaTiming(beginTime: 3, speed: 0, timeOffset: 7)
        for t in [-1e9, 0, 42, .infinity, -.infinity, .nan] {
            XCTAssertEqual(paused.localTime(fromParent: t), 7)
        }
        XCTAssertEqual(paused.parentTime(fromLocal: 7), 3, "speed 0 maps back to beginTime")
        XCTAssertEqual(paused.parentTime(fromLocal: .nan), 3)
    }

    func testNonFiniteInputsNeverGiveNaN() {
        let timing = MediaTiming(beginTime: 1, speed: 2, timeOffset: 0.5)
        XCTAssertEqual(timing.localTime(fromParent: .nan), 0.5)
        XCTAssertEqual(timing.localTime(fromParent: .infinity), .infinity)
        XCTAssertEqual(timing.localTime(fromParent: -.infinity), -.infinity)
        XCTAssertEqual(timing.parentTime(fromLocal: .nan), 1)
        let broken = MediaTiming(beginTime: .nan, speed: .nan, timeOffset: -.infinity)
        XCTAssertEqual(broken.localTime(fromParent: 4), 4, "read as begin 0, speed 1, offset 0")
        XCTAssertEqual(broken.parentTime(fromLocal: 4), 4)
        let infinitelyFast = MediaTiming(speed: .infinity)
        XCTAssertFalse(infinitelyFast.localTime(fromParent: 1).isNaN)
        XCTAssertFalse(infinitelyFast.parentTime(fromLocal: 1).isNaN)
    }

    func testCompositionThroughAHierarchy() {
        let root = MediaTiming()
        let parent = MediaTiming(beginTime: 10, speed: 2)
        let child = MediaTiming(speed: 0.5, timeOffset: 3)
        let chain = [root, parent, child]
        // root 20 -> parent (20 - 10) * 2 = 20 -> child 20 * 0.5 + 3 = 13
        XCTAssertEqual(MediaTiming.localTime(20, through: chain), 13)
        XCTAssertEqual(MediaTiming.mediaTime(fromLocal: 13, through: chain), 20)
        XCTAssertEqual(MediaTiming.localTime(20, through: []), 20)
        XCTAssertEqual(MediaTiming.mediaTime(fromLocal: 20, through: []), 20)
        // Speeds multiply down the tree: one media second is 2 × 0.5 = 1 child second.
        XCTAssertEqual(MediaTiming.localTime(21, through: chain) - MediaTiming.localTime(20, through: chain), 1)
    }

    func testPausingAndResumingALayerTheWayApplesGuideDoes() {
        // pauseLayer: pausedTime = convertTime(now, from: nil); speed = 0; timeOffset = pausedTime
        let root = MediaTiming()
        var layer = MediaTiming(beginTime: 0, speed: 1)
        let pauseAt = 100.0
        let pausedTime = MediaTiming.localTime(pauseAt, through: [root, layer])
        layer.speed = 0
        layer.timeOffset = pausedTime
        let child = MediaTiming(speed: 2)
        for now in [pauseAt, 150, 1e6] {
            XCTAssertEqual(MediaTiming.localTime(now, through: [root, layer]), pausedTime)
            XCTAssertEqual(MediaTiming.localTime(now, through: [root, layer, child]), 2 * pausedTime)
        }

        // An animation on the paused layer stays frozen on one frame.
        let animation = MediaTiming(beginTime: 99.5, duration: 1)
        for now in [pauseAt, 500] {
            let layerTime = MediaTiming.localTime(now, through: [root, layer])
            XCTAssertEqual(animation.phase(atParentTime: layerTime), .active(iteration: 0, fraction: 0.5))
        }

        // resumeLayer: speed = 1; timeOffset = 0; beginTime = 0;
        // beginTime = convertTime(now, from: nil) - pausedTime
        let resumeAt = 130.0
        layer.speed = 1
        layer.timeOffset = 0
        layer.beginTime = 0
        layer.beginTime = MediaTiming.localTime(resumeAt, through: [root, layer]) - pausedTime
        XCTAssertEqual(MediaTiming.localTime(resumeAt, through: [root, layer]), pausedTime)
        XCTAssertEqual(MediaTiming.localTime(resumeAt + 0.25, through: [root, layer]), pausedTime + 0.25)
        let layerTime = MediaTiming.localTime(resumeAt + 0.25, through: [root, layer])
        XCTAssertEqual(animation.phase(atParentTime: layerTime), .active(iteration: 0, fraction: 0.75))
    }

    func testAnimationEndTimeInMediaTimeThroughTheHierarchy() {
        // A scheduler maps an animation's end (layer time) back to media time.
        let chain = [MediaTiming(), MediaTiming(beginTime: 5, speed: 2)]
        let animation = MediaTiming(beginTime: 4, duration: 2)
        let end = MediaTiming.mediaTime(fromLocal: animation.endTime(), through: chain)
        XCTAssertEqual(end, 8)  // layer time 6 = (8 - 5) * 2
        let paused = [MediaTiming(), MediaTiming(speed: 0, timeOffset: 1)]
        XCTAssertEqual(MediaTiming.mediaTime(fromLocal: animation.endTime(), through: paused), 0)
    }

    func testMediaTimingIsSendable() async {
        let timing = MediaTiming(duration: 2)
        let phase = await Task.detached { timing.phase(atParentTime: 1) }.value
        XCTAssertEqual(phase, .active(iteration: 0, fraction: 0.5))
    }

    /// Times are converted through timing read once per layer and kept
    /// (`CALayer.mediaTiming`): every way of changing a timing property
    /// after a conversion must show in the next one.
    func testConversionsSeeTimingChangesMadeAfterAnEarlierConversion() {
        let parent = CALayer(), child = CALayer()
        parent.addSublayer(child)
        XCTAssertEqual(child.convertTime(10, from: nil), 10, accuracy: 1e-12)
        child.speed = 2
        XCTAssertEqual(child.convertTime(10, from: nil), 20, accuracy: 1e-12)
        parent.timeOffset = 1
        XCTAssertEqual(child.convertTime(10, from: nil), 22, accuracy: 1e-12)
        child.setValue(4.0, forKey: "speed")
        XCTAssertEqual(child.convertTime(10, from: nil), 44, accuracy: 1e-12)
        child.setValue(nil, forKey: "speed")
        child.style = ["beginTime": 3.0]
        XCTAssertEqual(child.convertTime(10, from: nil), 8, accuracy: 1e-12)
        let other = CALayer()
        other.speed = 0.5
        other.addSublayer(child)
        XCTAssertEqual(child.convertTime(10, from: nil), 2, accuracy: 1e-12)
    }
}
