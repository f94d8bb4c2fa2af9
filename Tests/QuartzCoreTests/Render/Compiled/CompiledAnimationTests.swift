import XCTest
@testable import QuartzCore

/// The render server evaluates most animations through `CompiledAnimation`
/// and the rest through the general `AnimationEvaluator`. These tests hold
/// the compiled path to the general one: for each kind of animation both
/// are run on the same `LayerState` at many layer times and must give equal
/// states (the same bits, not merely close values).
final class CompiledAnimationTests: XCTestCase {
    /// Layer times from before a typical start to well past a typical end,
    /// at an awkward step so that boundaries are approached from both sides;
    /// plus the boundaries themselves.
    private static let times: [Double] = Array(stride(from: -0.75, through: 9, by: 0.0371))
        + [0, 0.5, 1, 1.5, 2, 2.5, 3, 4, 6]

    /// A state whose fields are all away from their defaults: a rotated and
    /// scaled transform (so transform fields decompose), grey colours (so
    /// colour spaces differ from the device RGB blends come back in).
    private static let sample: LayerState = {
        var state = LayerState()
        state.bounds = CGRect(x: 1, y: 2, width: 40, height: 30)
        state.position = CGPoint(x: 10, y: 20)
        state.anchorPoint = CGPoint(x: 0.25, y: 0.75)
        state.zPosition = 3
        state.opacity = 0.8
        state.cornerRadius = 2
        state.borderWidth = 1.5
        state.backgroundColor = LayerColor(CGColor(gray: 0.5, alpha: 1))
        state.borderColor = LayerColor(CGColor(red: 0.1, green: 0.9, blue: 0.3, alpha: 0.6))
        state.shadowOpacity = 0.4
        state.shadowOffset = CGSize(width: 2, height: -4)
        state.transform = CATransform3DScale(CATransform3DMakeRotation(0.3, 0, 0, 1), 1.5, 1.5, 1)
        state.sublayerTransform = CATransform3DMakeTranslation(3, 4, 0)
        return state
    }()

    /// Defaults: identity transforms, no background colour.
    private static let plain = LayerState()

    /// Runs `animation` through both evaluators at every test time and
    /// requires equal states; `compiles` says whether it must take the
    /// compiled path at all.
    private func assertAgree(_ animation: CAAnimation, on bases: [LayerState] = [sample, plain], compiles: Bool = true,
                             file: StaticString = #filePath, line: UInt = #line) {
        let snapshot = animation.snapshot(reportingOn: nil)
        guard let compiled = CompiledAnimation(snapshot) else {
            if compiles { XCTFail("not compiled", file: file, line: line) }
            return
        }
        XCTAssertTrue(compiles, "compiled, but expected the general path", file: file, line: line)
        for base in bases {
            var failures = 0
            for time in Self.times where failures < 3 {
                var general = base, fast = base
                AnimationEvaluator.apply([snapshot], to: &general, layerTime: time)
                compiled.apply(to: &fast, layerTime: time)
                if general != fast {
                    failures += 1
                    XCTFail("differs at \(time): general \(Self.describe(general)) compiled \(Self.describe(fast))",
                            file: file, line: line)
                }
            }
        }
    }

    private static func describe(_ s: LayerState) -> String {
        "position \(s.position) bounds \(s.bounds) opacity \(s.opacity) background \(String(describing: s.backgroundColor)) "
            + "border \(String(describing: s.borderColor)) transform \(s.transform) hidden \(s.isHidden)"
    }

    private func basic(_ keyPath: String, from: Any? = nil, to: Any? = nil, by: Any? = nil,
                       _ configure: (CABasicAnimation) -> Void = { _ in }) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.fromValue = from
        animation.toValue = to
        animation.byValue = by
        animation.duration = 2
        configure(animation)
        return animation
    }

    private func keyframes(_ keyPath: String, _ values: [Any],
                           _ configure: (CAKeyframeAnimation) -> Void = { _ in }) -> CAKeyframeAnimation {
        let animation = CAKeyframeAnimation(keyPath: keyPath)
        animation.values = values
        animation.duration = 1.5
        configure(animation)
        return animation
    }

    // MARK: Basic

    func testBasicFromToByCombinations() {
        let ease = CAMediaTimingFunction(name: .easeInEaseOut)
        assertAgree(basic("position", from: CGPoint(x: 0, y: 5), to: CGPoint(x: 30, y: -10)) { $0.timingFunction = ease })
        assertAgree(basic("position", to: CGPoint(x: 30, y: -10)))
        assertAgree(basic("opacity", from: 0.1))
        assertAgree(basic("position.x", by: 25))
        assertAgree(basic("position.y", from: 4, to: 9))
        assertAgree(basic("bounds", from: CGRect(x: 0, y: 0, width: 5, height: 6), by: CGRect(x: 1, y: 1, width: 10, height: 2)))
        assertAgree(basic("cornerRadius", to: 12, by: 4))
        assertAgree(basic("opacity"))
        assertAgree(basic("anchorPoint", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 1, y: 1)))
        assertAgree(basic("shadowOffset", to: CGSize(width: 5, height: 5)))
        assertAgree(basic("contentsRect", from: CGRect(x: 0, y: 0, width: 0.5, height: 0.5)))
        assertAgree(basic("zPosition", by: -2) { $0.timingFunction = CAMediaTimingFunction(controlPoints: 0.3, -0.5, 0.7, 1.6) })
        for key in ["anchorPointZ", "borderWidth", "shadowOpacity", "shadowRadius"] {
            assertAgree(basic(key, from: 0, to: 4))
        }
    }

    func testBasicBooleansSwitchAtHalfway() {
        assertAgree(basic("hidden", from: 0, to: 1))
        assertAgree(basic("masksToBounds", to: 1))
    }

    func testAdditiveAndCumulative() {
        assertAgree(basic("position.x", from: 0, to: 10) { $0.isAdditive = true })
        assertAgree(basic("position", to: CGPoint(x: 5, y: 5)) { $0.isAdditive = true })
        assertAgree(basic("position", by: CGPoint(x: 10, y: 3)) {
            $0.isCumulative = true
            $0.repeatCount = 3
        })
        assertAgree(basic("opacity", from: 0.2, to: 0.5) {
            $0.isCumulative = true
            $0.isAdditive = true
            $0.repeatCount = 2.5
            $0.autoreverses = true
        })
    }

    func testTimingRepeatsFillsSpeedAndOffset() {
        let configurations: [(CABasicAnimation) -> Void] = [
            { $0.autoreverses = true; $0.repeatCount = .greatestFiniteMagnitude },
            { $0.repeatCount = 2.5; $0.fillMode = .both; $0.beginTime = 1 },
            { $0.fillMode = .forwards },
            { $0.fillMode = .backwards; $0.beginTime = 0.5 },
            { $0.speed = 2; $0.timeOffset = 0.3; $0.repeatDuration = 3 },
            { $0.speed = -1; $0.fillMode = .both },
            { $0.speed = 0; $0.timeOffset = 0.7 },
            { $0.duration = 0 },
        ]
        for configure in configurations {
            assertAgree(basic("opacity", from: 0, to: 1, configure))
            assertAgree(basic("position", by: CGPoint(x: 3, y: 4)) { configure($0); $0.isCumulative = true })
        }
    }

    // MARK: Colours

    func testColours() {
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)
        let grey = CGColor(gray: 0.3, alpha: 1)
        assertAgree(basic("backgroundColor", from: red, to: blue) { $0.autoreverses = true; $0.repeatCount = 3 })
        assertAgree(basic("backgroundColor", to: blue))
        assertAgree(basic("borderColor", from: grey))
        assertAgree(basic("shadowColor", by: CGColor(red: 0.2, green: 0.2, blue: 0.2, alpha: 0)))
        assertAgree(basic("backgroundColor", from: red, to: blue) { $0.isCumulative = true; $0.repeatCount = 3 })
        assertAgree(basic("backgroundColor", from: grey, to: blue) { $0.isAdditive = true })
        assertAgree(basic("backgroundColor", to: red) {
            $0.timingFunction = CAMediaTimingFunction(controlPoints: 0.5, -1, 0.5, 2)  // overshoots: clamped
        })
        // An overshooting blend is clamped before a repeat's step is added to it.
        assertAgree(basic("backgroundColor", from: CGColor(red: 0.8, green: 0.1, blue: 0.5, alpha: 0.5),
                          to: CGColor(red: 0.2, green: 0.6, blue: 0.5, alpha: 0.9)) {
            $0.timingFunction = CAMediaTimingFunction(controlPoints: 0.5, -1, 0.5, 2)
            $0.isCumulative = true
            $0.isAdditive = true
            $0.repeatCount = 3
        })
    }

    // MARK: Keyframes

    func testKeyframeModes() {
        assertAgree(keyframes("opacity", [1.0, 0.2, 0.8, 1.0]) { $0.keyTimes = [0, 0.3, 0.7, 1]; $0.repeatCount = 3 })
        assertAgree(keyframes("opacity", [1.0, 0.2, 0.8]) {
            $0.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .easeOut)]
            $0.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        })
        assertAgree(keyframes("position", [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 30)]) {
            $0.calculationMode = .paced
        })
        assertAgree(keyframes("position.x", [0, 5, 7, 20]) { $0.calculationMode = .discrete })
        assertAgree(keyframes("position.x", [0, 5, 7]) { $0.calculationMode = .discrete; $0.keyTimes = [0, 0.1, 0.9, 1] })
        assertAgree(keyframes("bounds", [CGRect(x: 0, y: 0, width: 1, height: 1), CGRect(x: 0, y: 0, width: 9, height: 3)]) {
            $0.keyTimes = [0.2, 0.6]
            $0.fillMode = .both
            $0.beginTime = 0.5
        })
        assertAgree(keyframes("position.y", [0, 10]) { $0.isCumulative = true; $0.repeatCount = 4 })
        assertAgree(keyframes("position.y", [0, 10, -5]) { $0.isAdditive = true; $0.autoreverses = true; $0.repeatCount = 2 })
    }

    func testColourKeyframesKeepTheGivenColours() {
        let colours = [CGColor(gray: 0.2, alpha: 1), CGColor(red: 1, green: 0.5, blue: 0, alpha: 1), CGColor(gray: 0.9, alpha: 0.5)]
        assertAgree(keyframes("backgroundColor", colours))
        assertAgree(keyframes("backgroundColor", colours) { $0.calculationMode = .discrete })
        assertAgree(keyframes("borderColor", colours) { $0.isCumulative = true; $0.repeatCount = 3 })
        assertAgree(keyframes("borderColor", colours) { $0.calculationMode = .paced })
        // Added to the current colour, a keyframe shown as given is blended all the same.
        assertAgree(keyframes("shadowColor", colours) { $0.calculationMode = .discrete; $0.isAdditive = true })
        assertAgree(keyframes("shadowColor", colours) { $0.calculationMode = .discrete; $0.isCumulative = true; $0.repeatCount = 2 })
    }

    // MARK: Springs and transforms

    func testSprings() {
        let scale = CASpringAnimation(keyPath: "transform.scale")
        scale.fromValue = 0.5
        scale.toValue = 1.0
        scale.damping = 8
        scale.duration = scale.settlingDuration
        scale.repeatCount = .greatestFiniteMagnitude
        assertAgree(scale)

        let move = CASpringAnimation(keyPath: "position")
        move.toValue = CGPoint(x: 100, y: 50)
        move.stiffness = 300
        move.damping = 30
        move.initialVelocity = 4
        move.duration = 2
        assertAgree(move)

        let overdamped = CASpringAnimation(keyPath: "opacity")
        overdamped.byValue = -0.5
        overdamped.damping = 100
        overdamped.duration = 3
        overdamped.isAdditive = true
        assertAgree(overdamped)
    }

    func testTransformFields() {
        assertAgree(basic("transform.rotation.z", from: 0, to: Double.pi * 2) { $0.repeatCount = 2 })
        assertAgree(basic("transform.rotation", by: 1))
        assertAgree(basic("transform.scale.x", to: 3))
        assertAgree(basic("transform.translation.y", from: 0, to: 40) { $0.isAdditive = true })
        assertAgree(basic("sublayerTransform.scale", from: 1, to: 2))
        assertAgree(basic("transform.rotation.x", from: 0, to: 1) { $0.isCumulative = true; $0.repeatCount = 2 })
    }

    // MARK: Filter inputs

    /// A state with a named bloom and a named background blur, whose
    /// inputs `filters.pulse.*` and `backgroundFilters.soften.*` name.
    private static let filtered: LayerState = {
        var state = sample
        state.filters = [CIFilterSnapshot(filterName: "CIBloom", name: "pulse", numbers: ["inputRadius": 5])]
        state.backgroundFilters = [CIFilterSnapshot(filterName: "CIGaussianBlur", name: "soften", numbers: [:])]
        return state
    }()

    /// `filters.NAME.inputKey` compiles: the kiosk's pulse, keyframes, an
    /// additive input read from the filter (its own value or its default),
    /// background filters, and a name no filter has (nothing is written).
    func testFilterInputs() {
        let pulse = basic("filters.pulse.inputIntensity", from: 0.0, to: 1.5) {
            $0.autoreverses = true
            $0.repeatCount = .greatestFiniteMagnitude
            $0.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        }
        assertAgree(pulse, on: [Self.filtered])
        assertAgree(keyframes("filters.pulse.inputRadius", [2.0, 9.0, 4.0]), on: [Self.filtered])
        assertAgree(basic("filters.pulse.inputRadius", by: 3) { $0.isAdditive = true }, on: [Self.filtered])
        assertAgree(basic("filters.pulse.inputIntensity", to: 2), on: [Self.filtered])
        assertAgree(basic("backgroundFilters.soften.inputRadius", from: 1, to: 20), on: [Self.filtered])
        assertAgree(basic("filters.missing.inputRadius", from: 1, to: 20), on: [Self.filtered, Self.plain])
    }

    /// What the compiled pulse writes is what the filter renderer reads:
    /// Apple's interpolation of the input, on the filter the path names,
    /// with the filter list itself left as committed.
    func testAFilterInputIsPresentedInline() throws {
        let animation = basic("filters.pulse.inputIntensity", from: 0.5, to: 1.5)  // linear, 2 s
        let compiled = try XCTUnwrap(CompiledAnimation(animation.snapshot(reportingOn: nil)))
        var state = Self.filtered
        compiled.apply(to: &state, layerTime: 0.5)
        XCTAssertEqual(state.filterNumber("inputIntensity", ofFilterNamed: "pulse", in: .filters), 0.75)
        XCTAssertEqual(state.filterNumber("inputRadius", ofFilterNamed: "pulse", in: .filters), 5)
        XCTAssertEqual(state.filters, Self.filtered.filters, "the list is not copied")
        XCTAssertEqual(state.presentedFilters.first?.numbers["inputIntensity"], 0.75)
        XCTAssertEqual(BloomCache.loneBloom(of: state)?.intensity, 0.75)
        XCTAssertNil(state.presentedBackgroundFilters.first?.numbers["inputIntensity"])
    }

    /// A second animated input at once goes into the filter list, and both
    /// are presented.
    func testTwoAnimatedInputsAtOnce() {
        let snapshots = [basic("filters.pulse.inputIntensity", from: 0, to: 1),
                         basic("filters.pulse.inputRadius", from: 2, to: 12)].map { $0.snapshot(reportingOn: nil) }
        let program = AnimationProgram(snapshots)
        XCTAssertNotNil(program.targets)
        var state = Self.filtered
        program.apply(snapshots, to: &state, layerTime: 1)
        XCTAssertEqual(BloomCache.loneBloom(of: state)?.intensity, 0.5)
        XCTAssertEqual(BloomCache.loneBloom(of: state)?.radius, 7)
        XCTAssertEqual(ImageFilterRenderer.outset(of: state, memo: BlurOutsetMemo()), ImageFilterRenderer.outset(for: state.presentedFilters))
        XCTAssertEqual(state.presentedFilters.first?.numbers, ["inputIntensity": 0.5, "inputRadius": 7])
    }

    // MARK: What stays with the general evaluator

    func testUncoveredAnimationsFallBack() {
        let path = CAKeyframeAnimation(keyPath: "position")
        path.path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        let group = CAAnimationGroup()
        group.animations = [basic("opacity", to: 0)]
        let function = basic("transform", from: 0, to: 1) { $0.valueFunction = CAValueFunction(name: .rotateZ) }
        let cubic = keyframes("opacity", [0.0, 1.0, 0.5]) { $0.calculationMode = .cubic }
        for animation in [path, group, function, cubic, basic("transform", to: CATransform3DMakeScale(2, 2, 1)),
                          basic("transform.translation", to: CGSize(width: 3, height: 4)), basic("strokeEnd", to: 0.5),
                          basic("opacity") { $0.isAdditive = true }, basic("opacity", to: CGPoint(x: 1, y: 1)),
                          basic("position.z", to: 1)] {
            XCTAssertNil(CompiledAnimation(animation.snapshot(reportingOn: nil)), "\(animation)")
        }
    }

    // MARK: Whole layers

    /// Several animations on one layer, compiled and general ones mixed, in
    /// order: later ones (additive ones especially) see what earlier ones wrote.
    func testProgramAppliesInOrderMixingBothPaths() {
        let group = CAAnimationGroup()
        group.animations = [basic("position.y", by: 7)]
        group.duration = 1
        let animations: [CAAnimation] = [
            basic("position", to: CGPoint(x: 50, y: 60)) { $0.repeatCount = 2 },
            group,
            basic("position.x", from: 0, to: 10) { $0.isAdditive = true },
            keyframes("opacity", [1.0, 0.2, 0.8, 1.0]) { $0.keyTimes = [0, 0.3, 0.7, 1] },
            basic("opacity", by: -0.1) { $0.isAdditive = true },
            basic("backgroundColor", to: CGColor(red: 0, green: 0, blue: 1, alpha: 1)),
            keyframes("opacity", [0.0, 1.0, 0.5]) { $0.calculationMode = .cubic; $0.isAdditive = true },
        ]
        let snapshots = animations.map { $0.snapshot(reportingOn: nil) }
        let program = AnimationProgram(snapshots)
        XCTAssertEqual(program.compiled.map { $0 != nil }, [true, false, true, true, true, true, false])
        for time in Self.times {
            var general = Self.sample, fast = Self.sample
            AnimationEvaluator.apply(snapshots, to: &general, layerTime: time)
            program.apply(snapshots, to: &fast, layerTime: time)
            XCTAssertEqual(general, fast, "at \(time)")
        }
    }

    /// The render tree's presented state goes through the program, and a
    /// node whose animations are replaced is recompiled.
    func testRenderTreeNodesRecompileWhenTheirAnimationsChange() {
        let fade = basic("opacity", from: 0, to: 1).snapshot(reportingOn: nil)
        var node = RenderTree.Node(state: Self.sample, sublayers: [], mask: nil, animations: [fade])
        XCTAssertNotNil(node.program.compiled.first ?? nil)
        let tree = RenderTree()
        XCTAssertEqual(tree.presentedState(of: node, parentTime: 1).state.opacity, 0.5)
        node.animations = []
        XCTAssertTrue(node.program.compiled.isEmpty)
        XCTAssertEqual(tree.presentedState(of: node, parentTime: 1).state.opacity, 0.8)
    }

    /// A frame prefetches `CompiledAnimation.lines` cache lines of each
    /// compiled animation before evaluating it (`AnimationProgram`); an
    /// animation whose allocation outgrew them would be read partly
    /// unprefetched. Of every kind: basic, spring and keyframes.
    func testCompiledAnimationsFitTheLinesPrefetched() throws {
        let spring = CASpringAnimation(keyPath: "position.x")
        spring.fromValue = 0
        spring.toValue = 100
        let keyframes = CAKeyframeAnimation(keyPath: "opacity")
        keyframes.values = [0, 1, 0.5]
        for animation in [basic("opacity", from: 0, to: 1), spring, keyframes] {
            let compiled = try XCTUnwrap(CompiledAnimation(animation.snapshot(reportingOn: nil)))
            let allocated = malloc_usable_size(Unmanaged.passUnretained(compiled).toOpaque())
            XCTAssertLessThanOrEqual(allocated, CompiledAnimation.lines * 64, "\(animation)")
        }
    }
}

/// glibc's size of an allocation (`<malloc.h>`, which no Swift module imports).
@_silgen_name("malloc_usable_size")
private func malloc_usable_size(_ pointer: UnsafeMutableRawPointer?) -> Int
