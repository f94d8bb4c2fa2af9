import XCTest
@testable import QuartzCore

/// A render tree node keeps its presented state between frames and, when
/// all its animations are compiled, restores only the fields they write
/// (`PresentationBuffer`). Evaluating a node again and again, at times in
/// any order and after its state or animations change, must give exactly
/// what the general evaluator gives on a fresh copy of the committed state.
final class PresentationBufferTests: XCTestCase {
    private static let times: [Double] = [0.3, 1.7, 0.05, 2.9, 2.9, -1, 7.25, 0.6, 4.4, 100.01, 0.3]

    private static let committed: LayerState = {
        var state = LayerState()
        state.bounds = CGRect(x: 0, y: 0, width: 40, height: 30)
        state.position = CGPoint(x: 10, y: 20)
        state.opacity = 0.8
        state.backgroundColor = LayerColor(CGColor(gray: 0.5, alpha: 1))
        state.borderColor = LayerColor(CGColor(red: 0.1, green: 0.9, blue: 0.3, alpha: 0.6))
        state.transform = CATransform3DScale(CATransform3DMakeRotation(0.3, 0, 0, 1), 1.5, 1.5, 1)
        state.sublayerTransform = CATransform3DMakeTranslation(3, 4, 0)
        return state
    }()

    private func basic(_ keyPath: String, from: Any? = nil, to: Any? = nil, by: Any? = nil,
                       additive: Bool = false, begin: Double = 0,
                       _ configure: (CABasicAnimation) -> Void = { _ in }) -> AnimationSnapshot {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.fromValue = from
        animation.toValue = to
        animation.byValue = by
        animation.isAdditive = additive
        animation.duration = 2
        animation.beginTime = begin
        animation.autoreverses = true
        animation.repeatCount = 3
        configure(animation)
        return animation.snapshot(reportingOn: nil)
    }

    /// Animations that read the current value (additive, to-only, by-only),
    /// several on one field, colours and transform fields; each time the
    /// buffer must equal a fresh general evaluation.
    private var mixed: [AnimationSnapshot] {
        let fade = CAKeyframeAnimation(keyPath: "opacity")
        fade.values = [1.0, 0.2, 0.8]
        fade.duration = 1.5
        fade.repeatCount = .greatestFiniteMagnitude
        return [
            basic("position", to: CGPoint(x: 50, y: 60)),
            basic("position.x", by: 5, additive: true),
            basic("position.y", by: 7, begin: 1),
            fade.snapshot(reportingOn: nil),
            basic("opacity", by: -0.25, additive: true),
            basic("backgroundColor", to: CGColor(red: 1, green: 0, blue: 0, alpha: 1)),
            basic("borderColor", from: CGColor(red: 0, green: 0, blue: 1, alpha: 1)),
            basic("transform.scale", from: 0.5, to: 2),
            basic("transform.rotation.z", by: 1, additive: true),
            basic("sublayerTransform.translation.x", to: 30),
            basic("cornerRadius", from: 0, to: 8, begin: 2),
            basic("hidden", from: 0, to: 1),
        ]
    }

    private func assertMatchesGeneral(_ node: RenderTree.Node, at time: Double,
                                      file: StaticString = #filePath, line: UInt = #line) {
        var expected = node.state
        AnimationEvaluator.apply(node.animations, to: &expected, layerTime: time)
        let presented = node.withPresentedState(at: time) { copy $0 }
        XCTAssertEqual(presented, expected, "at \(time)", file: file, line: line)
    }

    func testRepeatedEvaluationsMatchAFreshOne() {
        let node = RenderTree.Node(state: Self.committed, sublayers: [], mask: nil, animations: mixed)
        XCTAssertNotNil(node.program.targets, "all compiled: the buffer restores fields")
        for time in Self.times { assertMatchesGeneral(node, at: time) }
    }

    /// After the committed state or the animations change, nothing of the
    /// old presented state is left behind.
    func testChangesToStateOrAnimationsAreSeen() {
        var node = RenderTree.Node(state: Self.committed, sublayers: [], mask: nil, animations: mixed)
        assertMatchesGeneral(node, at: 0.7)
        node.state.position = CGPoint(x: -3, y: -4)
        node.state.cornerRadius = 5
        node.state.backgroundColor = nil
        for time in Self.times { assertMatchesGeneral(node, at: time) }
        node.animations = [basic("zPosition", from: 1, to: 9)]
        for time in Self.times { assertMatchesGeneral(node, at: time) }
        node.animations = []
        XCTAssertEqual(node.withPresentedState(at: 1) { copy $0 }, node.state)
    }

    /// With an animation the compiled path does not cover (a whole
    /// transform), every evaluation starts from a whole copy.
    func testAProgramWithGeneralAnimationsCopiesTheWholeState() {
        let spin = CABasicAnimation(keyPath: "transform")
        spin.toValue = CATransform3DMakeRotation(2, 0, 0, 1)
        spin.duration = 2
        let node = RenderTree.Node(state: Self.committed, sublayers: [], mask: nil,
                                   animations: mixed + [spin.snapshot(reportingOn: nil)])
        XCTAssertNil(node.program.targets)
        for time in Self.times { assertMatchesGeneral(node, at: time) }
    }

    /// Copies of a node share its buffer until one is changed; reading one
    /// at a time never shows the other's time.
    func testCopiesSharingABufferReadTheirOwnTimes() {
        let node = RenderTree.Node(state: Self.committed, sublayers: [], mask: nil, animations: mixed)
        var copy = node
        assertMatchesGeneral(node, at: 0.4)
        assertMatchesGeneral(copy, at: 2.2)
        assertMatchesGeneral(node, at: 0.4)
        copy.state.opacity = 0.1
        assertMatchesGeneral(copy, at: 2.2)
        assertMatchesGeneral(node, at: 1.1)
    }

    /// The kiosk's pulse (`filters.pulseFilter.inputIntensity`) with a
    /// move: compiled, so a frame restores and writes the input inline and
    /// never copies the filter list (the extras stay the committed
    /// state's storage); with a second input animated too, that one goes
    /// into the list and is put back from the committed state each frame.
    func testFilterInputsAreRestoredBetweenFrames() {
        var committed = Self.committed
        committed.filters = [CIFilterSnapshot(filterName: "CIBloom", name: "pulseFilter", numbers: ["inputRadius": 5])]
        let pulse = basic("filters.pulseFilter.inputIntensity", from: 0, to: 1.5) {
            $0.repeatCount = .greatestFiniteMagnitude
        }
        let node = RenderTree.Node(state: committed, sublayers: [], mask: nil,
                                   animations: [pulse, basic("position", to: CGPoint(x: 50, y: 60))])
        XCTAssertNotNil(node.program.targets, "all compiled: the buffer restores fields")
        for time in Self.times {
            assertMatchesGeneral(node, at: time)
            let sharesExtras = node.withPresentedState(at: time) { $0.extras.sharesStorage(with: committed.extras) }
            XCTAssertTrue(sharesExtras, "at \(time): the filter list was copied")
        }
        let both = RenderTree.Node(state: committed, sublayers: [], mask: nil,
                                   animations: [pulse, basic("filters.pulseFilter.inputRadius", from: 1, to: 9, begin: 1)])
        XCTAssertNotNil(both.program.targets)
        for time in Self.times { assertMatchesGeneral(both, at: time) }
    }

    /// The program's running count is `MediaTiming.isRunning` summed.
    func testRunningCountMatchesIsRunning() {
        let forever = basic("opacity", from: 0, to: 1) { $0.repeatCount = .greatestFiniteMagnitude }
        let backwards = basic("opacity", from: 0, to: 1, begin: 3) { $0.speed = -2 }
        let paused = basic("opacity", from: 0, to: 1, begin: 1) { $0.speed = 0 }
        let once = basic("opacity", from: 0, to: 1, begin: 0.5) {
            $0.repeatCount = 0
            $0.duration = 0  // the default duration
        }
        let animations = mixed + [forever, backwards, paused, once]
        let program = AnimationProgram(animations)
        for time in stride(from: -2.0, through: 20, by: 0.125) + [.nan, .infinity, -.infinity] {
            let expected = animations.filter { $0.timing.isRunning(atLayerTime: time) }.count
            XCTAssertEqual(program.runningCount(atLayerTime: time), expected, "at \(time)")
        }
    }
}
