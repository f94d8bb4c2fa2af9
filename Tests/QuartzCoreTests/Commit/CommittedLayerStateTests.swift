import XCTest
@testable import QuartzCore

/// A commit brings a changed layer's last state up to date from the keys
/// set since (`CommittedLayerState`) instead of reading every property
/// again: the state must be the one read whole, whatever was set.
final class CommittedLayerStateTests: ModelTestCase {
    /// A value of `property`'s kind other than its default, or nil for the
    /// object keys that take no sample here.
    private func sample(for property: LayerProperty) -> Any? {
        switch property.kind {
        case .cgFloat: return CGFloat(2.5)
        case .float: return Float(0.25)
        case .double: return 1.5
        case .bool: return !((property.defaultValue as? Bool) ?? false)
        case .int: return 3
        case .point: return CGPoint(x: 3, y: 4)
        case .size: return CGSize(width: 5, height: 6)
        case .rect: return CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
        case .transform: return CATransform3DMakeScale(2, 3, 1)
        case .color: return CGColor(red: 0.1, green: 0.6, blue: 0.3, alpha: 0.8)
        case .string: return "sample"
        case .gravity: return CALayerContentsGravity.topLeft
        case .fillMode: return CAMediaTimingFillMode.both
        case .autoresizing: return CAAutoresizingMask.layerWidthSizable
        case .cornerMask: return CACornerMask.layerMaxXMaxYCorner
        case .contentsFormat: return CALayerContentsFormat.RGBA16Float
        case .cornerCurve: return CALayerCornerCurve.continuous
        case .contentsFilter: return CALayerContentsFilter.nearest
        case .edgeMask: return CAEdgeAntialiasingMask.layerLeftEdge
        case .object:
            switch property.key {
            case "contents": return image()
            case "mask": return CALayer()
            case "shadowPath": return CGPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4), transform: nil)
            case "filters", "backgroundFilters": return [CIFilter(name: "CIGaussianBlur")!]
            case "compositingFilter": return "multiplyBlendMode"
            case "actions": return ["position": NSNull()]
            case "style": return ["cornerRadius": 7]
            default: return nil
            }
        }
    }

    private func image() -> CGImage {
        let context = CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0,
                                space: CGColorSpaceCreateDeviceRGB(),
                                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        context.setFillColor(CGColor(red: 0.2, green: 0.5, blue: 0.7, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        return context.makeImage()!
    }

    func testEveryKeySetAloneGivesTheStateReadWhole() {
        var readWhole: Set<String> = []
        for (key, property) in CALayerProperties.all.sorted(by: { $0.key < $1.key }) {
            guard let value = sample(for: property) else { continue }
            let layer = CALayer()
            layer.position = CGPoint(x: 10, y: 20)
            _ = layer.stateForCommit()
            layer.setValue(value, forKey: key)
            if layer.committedState?.updated(from: layer) == nil { readWhole.insert(key) }
            XCTAssertEqual(layer.stateForCommit(), LayerState(layer: layer), key)
        }
        // Every key but those a key set cannot track (a style changes every
        // key never set; paths and filters are objects that can change in
        // place) is brought up to date without reading the rest.
        XCTAssertEqual(readWhole, ["style", "shadowPath", "filters", "backgroundFilters", "compositingFilter"])
    }

    func testKeysSetOneAfterAnotherAcrossCommitsGiveTheStateReadWhole() {
        let layer = CALayer()
        _ = layer.stateForCommit()
        for (index, (key, property)) in CALayerProperties.all.sorted(by: { $0.key < $1.key }).enumerated() {
            guard let value = sample(for: property), !["filters", "backgroundFilters", "shadowPath", "compositingFilter"].contains(key)
            else { continue }
            layer.setValue(value, forKey: key)
            if index.isMultiple(of: 3) {
                XCTAssertEqual(layer.stateForCommit(), LayerState(layer: layer), key)
            }
        }
        XCTAssertEqual(layer.stateForCommit(), LayerState(layer: layer))
    }

    func testAMovedLayerIsUpdatedByKeyNotReadWhole() {
        let layer = CALayer()
        layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        _ = layer.stateForCommit()
        layer.position = CGPoint(x: 40, y: 50)
        layer.opacity = 0.5
        XCTAssertEqual(layer.committedState?.keysSet, ["position", "opacity"])
        let updated = layer.committedState?.updated(from: layer)
        XCTAssertEqual(updated?.position, CGPoint(x: 40, y: 50))
        XCTAssertEqual(updated?.opacity, 0.5)
        XCTAssertEqual(updated, LayerState(layer: layer))
        _ = layer.stateForCommit()
        XCTAssertEqual(layer.committedState?.keysSet, [], "a commit starts the keys afresh")
    }

    func testTimingKeysUpdateTheLayersTiming() {
        let layer = CALayer()
        _ = layer.stateForCommit()
        layer.speed = 2
        layer.timeOffset = 0.5
        let state = layer.stateForCommit()
        XCTAssertEqual(state.timing.speed, 2)
        XCTAssertEqual(state.timing.timeOffset, 0.5)
        XCTAssertEqual(state, LayerState(layer: layer))
    }

    func testAStyleIsReadWholeAndThenKeysSetOverItAreUpdated() {
        let layer = CALayer()
        _ = layer.stateForCommit()
        layer.style = ["cornerRadius": 7, "opacity": 0.5]
        XCTAssertNil(layer.committedState?.updated(from: layer), "style changes every key never set")
        XCTAssertEqual(layer.stateForCommit().cornerRadius, 7)
        layer.cornerRadius = 3
        XCTAssertNotNil(layer.committedState?.updated(from: layer))
        let state = layer.stateForCommit()
        XCTAssertEqual(state.cornerRadius, 3)
        XCTAssertEqual(state.opacity, 0.5, "still the style's")
        XCTAssertEqual(state, LayerState(layer: layer))
    }

    func testAFilterChangedThroughItsKeyPathIsSeenAtTheNextCommit() {
        let layer = CALayer()
        let blur = CIFilter(name: "CIGaussianBlur")!
        blur.name = "blur"
        blur.setValue(2, forKey: "inputRadius")
        layer.filters = [blur]
        _ = layer.stateForCommit()
        layer.setValue(9, forKeyPath: "filters.blur.inputRadius")
        XCTAssertNil(layer.committedState, "changed in place: built whole next time")
        let state = layer.stateForCommit()
        XCTAssertEqual(state, LayerState(layer: layer))
        XCTAssertNotEqual(state.filters, LayerState.filterSnapshots([CIFilter(name: "CIGaussianBlur")!]))
    }

    func testStatesWithObjectsThatChangeInPlaceOrSubclassStateAreReadWhole() {
        let withPath = CALayer()
        withPath.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4), transform: nil)
        _ = withPath.stateForCommit()
        withPath.position = CGPoint(x: 1, y: 1)
        XCTAssertNil(withPath.committedState?.updated(from: withPath))

        // Its tiles arrive with no key set (TiledLayerTests draws them).
        let tiled = CATiledLayer()
        _ = tiled.stateForCommit()
        XCTAssertNil(tiled.committedState, "a tiled layer is read whole every time")

        let shape = CAShapeLayer()
        _ = shape.stateForCommit()
        XCTAssertNil(shape.committedState, "a shape layer's state is its own properties too")
        shape.lineWidth = 5
        XCTAssertEqual(shape.stateForCommit(), LayerState(layer: shape))
        XCTAssertEqual(shape.stateForCommit().shape?.lineWidth, 5)
    }

    /// An app's subclass may answer a getter from its own state, with no
    /// key set; a whole read asks the getters, so its layers are read whole.
    func testAnAppsSubclassThatOverridesAGetterIsReadWholeEveryTime() {
        final class FadesWhenHidden: CALayer {
            override var opacity: Float {
                get { isHidden ? 0 : super.opacity }
                set { super.opacity = newValue }
            }
        }
        let layer = FadesWhenHidden()
        layer.opacity = 0.8
        XCTAssertEqual(layer.stateForCommit().opacity, 0.8)
        layer.isHidden = true
        XCTAssertNil(layer.committedState)
        XCTAssertEqual(layer.stateForCommit().opacity, 0, "read whole: the getter's answer, as before")
    }

    func testALayerSetOverAndOverWithoutACommitStopsKeepingItsKeys() {
        let layer = CALayer()
        _ = layer.stateForCommit()
        for step in 0..<(CommittedLayerState.mostKeysKept + 10) {
            layer.position = CGPoint(x: step, y: 0)
        }
        XCTAssertNil(layer.committedState, "read whole next time instead of a list that grows")
        let state = layer.stateForCommit()
        XCTAssertEqual(state.position, CGPoint(x: CommittedLayerState.mostKeysKept + 9, y: 0))
        XCTAssertEqual(state, LayerState(layer: layer))
        XCTAssertNotNil(layer.committedState, "kept again from this commit")
    }

    func testContentsReplacedBeforeTheNextCommitAreNotKeptAlive() {
        let layer = CALayer()
        weak var oldImage: CGImage?
        do {
            let image = self.image()
            oldImage = image
            layer.contents = image
            XCTAssertNotNil(layer.stateForCommit().contents)
            layer.contents = nil
        }
        XCTAssertNil(oldImage, "the committed state let the image go when contents were set")
        XCTAssertNil(layer.stateForCommit().contents)
    }

    func testALayerThatNeverCommitsPaysOneReference() {
        XCTAssertEqual(MemoryLayout<CommittedLayerState?>.size, MemoryLayout<AnyObject?>.size)
    }

    func testDrawnContentsAreSeenAtTheNextCommit() {
        final class Drawing: NSObject, CALayerDelegate {
            func draw(_ layer: CALayer, in context: CGContext) {
                context.setFillColor(CGColor(red: 0, green: 1, blue: 0, alpha: 1))
                context.fill(layer.bounds)
            }
        }
        let delegate = Drawing()
        let layer = CALayer()
        layer.delegate = delegate
        layer.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
        _ = layer.stateForCommit()
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        let state = layer.stateForCommit()
        XCTAssertNotNil(state.contents)
        XCTAssertEqual(state, LayerState(layer: layer))
    }

    func testACommitCarriesTheUpdatedStateToTheRenderTree() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let child = CALayer()
        child.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        root.addSublayer(child)
        let host = CommitInbox()
        root.attach(to: host)
        CATransaction.flush()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        child.position = CGPoint(x: 70, y: 80)
        CATransaction.commit()
        CATransaction.flush()
        let update = host.take().last?.updates.first { $0.id == child.layerID }
        XCTAssertEqual(update?.state.position, CGPoint(x: 70, y: 80))
        XCTAssertEqual(update?.state, LayerState(layer: child))
        root.detachFromHost()
    }
}
