import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// Compiled animations with the same timing and easing share one
/// `TimingCurve` in a render tree, which works their progress out once for
/// each layer time; what they show is what each worked out alone shows.
final class TimingCurveTests: XCTestCase {
    private func basic(_ keyPath: String, from: Any?, to: Any?, duration: Double = 2,
                       _ configure: (CABasicAnimation) -> Void = { _ in }) -> AnimationSnapshot {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.fromValue = from
        animation.toValue = to
        animation.duration = duration
        animation.beginTime = 10
        configure(animation)
        return animation.snapshot(reportingOn: nil)
    }

    private func spring(from: Double, to: Double, damping: CGFloat = 8) -> AnimationSnapshot {
        let animation = CASpringAnimation(keyPath: "transform.scale")
        animation.fromValue = from
        animation.toValue = to
        animation.damping = damping
        animation.duration = animation.settlingDuration
        animation.beginTime = 10
        animation.repeatCount = 3
        return animation.snapshot(reportingOn: nil)
    }

    private func keyframes(_ values: [Double]) -> AnimationSnapshot {
        let animation = CAKeyframeAnimation(keyPath: "opacity")
        animation.values = values
        animation.keyTimes = [0, 0.3, 1]
        animation.duration = 2
        animation.beginTime = 10
        animation.timingFunction = CAMediaTimingFunction(name: .easeIn)
        return animation.snapshot(reportingOn: nil)
    }

    /// Animations given the same timing and easing hold one curve; any
    /// difference in either (begin time, duration, repeats, fill, timing
    /// function, spring) gives another.
    func testAnimationsShareACurveOnlyWhenTimingAndEasingAreTheSame() throws {
        let table = TimingCurveTable()
        let ease = CAMediaTimingFunction(name: .easeInEaseOut)
        func curve(_ snapshot: AnimationSnapshot) throws -> TimingCurve {
            try XCTUnwrap(CompiledAnimation(snapshot, curves: table)).curve
        }
        let move = try curve(basic("position", from: CGPoint.zero, to: CGPoint(x: 30, y: 0)) { $0.timingFunction = ease })
        // Another field and other values, the same timing: shared.
        let fade = try curve(basic("opacity", from: 1, to: 0) { $0.timingFunction = ease })
        XCTAssertTrue(move === fade)
        let distinct = [
            try curve(basic("opacity", from: 1, to: 0)),  // linear
            try curve(basic("opacity", from: 1, to: 0) { $0.timingFunction = CAMediaTimingFunction(name: .easeIn) }),
            try curve(basic("opacity", from: 1, to: 0, duration: 3) { $0.timingFunction = ease }),
            try curve(basic("opacity", from: 1, to: 0) { $0.timingFunction = ease; $0.beginTime = 11 }),
            try curve(basic("opacity", from: 1, to: 0) { $0.timingFunction = ease; $0.autoreverses = true }),
            try curve(basic("opacity", from: 1, to: 0) { $0.timingFunction = ease; $0.repeatCount = 2 }),
            try curve(basic("opacity", from: 1, to: 0) { $0.timingFunction = ease; $0.fillMode = .forwards }),
            try curve(basic("opacity", from: 1, to: 0) { $0.timingFunction = ease; $0.timeOffset = 0.5 }),
            try curve(basic("opacity", from: 1, to: 0) { $0.timingFunction = ease; $0.speed = 2 }),
            try curve(spring(from: 0.5, to: 1)),
            try curve(spring(from: 0.5, to: 1, damping: 9)),
        ]
        for (index, other) in distinct.enumerated() {
            XCTAssertFalse(other === move, "variant \(index)")
            for (otherIndex, another) in distinct.enumerated() where otherIndex != index {
                XCTAssertFalse(other === another, "variants \(index) and \(otherIndex)")
            }
        }
        // A spring with other values but the same motion shares.
        XCTAssertTrue(try curve(spring(from: 2, to: 3)) === distinct[9])
        XCTAssertEqual(table.count, 1 + distinct.count)
    }

    /// Many layers' animations sharing curves, evaluated through the render
    /// tree at times that repeat, go back, and sit on cycle boundaries, show
    /// exactly what the general evaluator shows for each layer alone.
    func testSharedCurvesGiveEachLayerWhatItsOwnEvaluationGives() {
        let ease = CAMediaTimingFunction(name: .easeInEaseOut)
        var nodes: [(RenderTree.Node, [AnimationSnapshot])] = []
        let table = TimingCurveTable()
        for index in 0..<6 {
            let offset = Double(index)
            let animations = [
                basic("position", from: CGPoint(x: offset, y: 0), to: CGPoint(x: 30 + offset, y: 8)) {
                    $0.timingFunction = ease
                    $0.autoreverses = true
                    $0.repeatCount = 3
                },
                keyframes([1, 0.2 + 0.1 * offset, 1]),
                spring(from: 0.5, to: 1 + 0.1 * offset),
                basic("backgroundColor", from: CGColor(red: 1, green: 0, blue: 0, alpha: 1),
                      to: CGColor(red: 0, green: 0, blue: offset / 6, alpha: 1), duration: 3),
            ]
            nodes.append((RenderTree.Node(state: LayerState(), sublayers: [], mask: nil, animations: animations,
                                          curves: table), animations))
        }
        XCTAssertEqual(table.count, 4, "a curve for each kind, shared by the six layers")
        let curves = nodes[0].0.program.compiled.compactMap { $0?.curve }
        XCTAssertEqual(curves.count, 4)
        let tree = RenderTree()
        let times = [9.0, 10, 10.25, 10.25, 11, 10.5, 12, 12, 14, 13.999, 16, 10.25, -.infinity, .nan, .nan, 30]
        for time in times {
            for (index, (node, animations)) in nodes.enumerated() {
                var alone = LayerState()
                AnimationEvaluator.apply(animations, to: &alone, layerTime: time)
                XCTAssertEqual(tree.presentedState(of: node, parentTime: time).state, alone, "layer \(index) at \(time)")
            }
        }
        // Worked out once for each time that differs from the one before
        // (NaN after NaN is the same time), not once for each layer.
        let distinctRuns = zip(times, [Double.infinity] + times).filter { $0.bitPattern != $1.bitPattern }.count
        for curve in curves { XCTAssertEqual(curve.evaluations, distinctRuns) }
    }

    /// A curve counts the animations that hold it, so that an animation
    /// recompiled by a commit (its layer changed, its animations stayed) is
    /// alone on its curve again once the old copy is released, and works its
    /// progress out itself instead of reading the curve's memory.
    func testACurveCountsOnlyTheAnimationsThatHoldIt() throws {
        let table = TimingCurveTable()
        let snapshot = basic("opacity", from: 1, to: 0)
        var first: CompiledAnimation? = try XCTUnwrap(CompiledAnimation(snapshot, curves: table))
        let curve = try XCTUnwrap(first?.curve)
        XCTAssertEqual(curve.users, 1)
        let second = try XCTUnwrap(CompiledAnimation(snapshot, curves: table))
        XCTAssertTrue(second.curve === curve)
        XCTAssertEqual(curve.users, 2)
        first = nil
        XCTAssertEqual(curve.users, 1, "the first copy released")
        var state = LayerState()
        second.apply(to: &state, layerTime: 11)
        XCTAssertEqual(second.sharing, .alone)
        XCTAssertEqual(curve.evaluations, 0, "worked out from its own timing")
        XCTAssertEqual(state.opacity, 0.5)
    }

    /// A curve no animation holds any more is forgotten by the table's
    /// sweep, and one still held is kept; a render tree sweeps as it
    /// applies commits, so replaced animations do not pile up curves.
    func testUnusedCurvesAreForgotten() throws {
        let table = TimingCurveTable()
        var held = try XCTUnwrap(CompiledAnimation(basic("opacity", from: 1, to: 0), curves: table))
        for duration in 1...5 {
            _ = CompiledAnimation(basic("opacity", from: 1, to: 0, duration: Double(duration) + 0.5), curves: table)
        }
        XCTAssertEqual(table.count, 6)
        table.forgetUnused(always: true)
        XCTAssertEqual(table.count, 1)
        XCTAssertTrue(try XCTUnwrap(CompiledAnimation(basic("opacity", from: 0, to: 1), curves: table)).curve === held.curve)
        held = try XCTUnwrap(CompiledAnimation(basic("opacity", from: 1, to: 0, duration: 7), curves: table))
        table.forgetUnused(always: true)
        XCTAssertEqual(table.count, 1, "only the curve of the animation held now")

        // Through commits: each replaces 100 layers' animations with new timings.
        let host = InlineRenderHost(width: 100, height: 100)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let layers = (0..<100).map { _ in CALayer() }
        for layer in layers { root.addSublayer(layer) }
        root.attach(to: host)
        defer { root.detachFromHost() }
        for round in 0..<10 {
            for (index, layer) in layers.enumerated() {
                let fade = CABasicAnimation(keyPath: "opacity")
                fade.fromValue = 0
                fade.toValue = 1
                fade.duration = 1 + Double(round * 100 + index) / 1000
                layer.add(fade, forKey: "fade")
            }
            CATransaction.flush()
            host.render(at: CACurrentMediaTime())
        }
        XCTAssertGreaterThanOrEqual(host.loop.tree.curves.count, 100)
        XCTAssertLessThanOrEqual(host.loop.tree.curves.count, 300, "at most about twice the 100 in use between sweeps")
    }
}
