import XCTest
@testable import QuartzCore

/// `cornerCurve`, the contents filters and edge antialiasing: Apple's types
/// and values, key-value coding with their raw values, and what a commit
/// carries to the render server.
final class LayerSamplingPropertiesTests: ModelTestCase {
    func testRawValuesAreApples() {
        XCTAssertEqual(CALayerCornerCurve.circular.rawValue, "circular")
        XCTAssertEqual(CALayerCornerCurve.continuous.rawValue, "continuous")
        XCTAssertEqual(CALayerContentsFilter.linear.rawValue, "linear")
        XCTAssertEqual(CALayerContentsFilter.nearest.rawValue, "nearest")
        XCTAssertEqual(CALayerContentsFilter.trilinear.rawValue, "trilinear")
        XCTAssertEqual(CAEdgeAntialiasingMask.layerLeftEdge.rawValue, 1)
        XCTAssertEqual(CAEdgeAntialiasingMask.layerRightEdge.rawValue, 2)
        XCTAssertEqual(CAEdgeAntialiasingMask.layerBottomEdge.rawValue, 4)
        XCTAssertEqual(CAEdgeAntialiasingMask.layerTopEdge.rawValue, 8)
    }

    func testCornerCurveExpansionFactorIsApples() {
        XCTAssertEqual(CALayer.cornerCurveExpansionFactor(.circular), 1)
        XCTAssertEqual(CALayer.cornerCurveExpansionFactor(.continuous), 1.528665)
        XCTAssertEqual(CAShapeLayer.cornerCurveExpansionFactor(.continuous), 1.528665)
    }

    /// Key-value coding takes the raw strings and gives back Apple's types.
    func testKeyValueCodingTakesRawStrings() {
        let layer = CALayer()
        layer.setValue("continuous", forKey: "cornerCurve")
        layer.setValue("nearest", forKey: "magnificationFilter")
        layer.setValue("trilinear", forKey: "minificationFilter")
        layer.setValue(NSNumber(value: 3), forKey: "edgeAntialiasingMask")
        XCTAssertEqual(layer.cornerCurve, .continuous)
        XCTAssertEqual(layer.magnificationFilter, .nearest)
        XCTAssertEqual(layer.minificationFilter, .trilinear)
        XCTAssertEqual(layer.edgeAntialiasingMask, [.layerLeftEdge, .layerRightEdge])
        XCTAssertEqual(layer.value(forKey: "cornerCurve") as? CALayerCornerCurve, .continuous)
        XCTAssertEqual(layer.value(forKey: "magnificationFilter") as? CALayerContentsFilter, .nearest)
        layer.setValue(CALayerContentsFilter.linear, forKey: "magnificationFilter")
        XCTAssertEqual(layer.magnificationFilter, .linear)
        layer.setValue(12, forKey: "cornerCurve")
        XCTAssertEqual(layer.cornerCurve, .continuous, "a number is the wrong type: refused")
        XCTAssertTrue(diagnostics.contains("cornerCurve"))
        // Nonsense bits are refused, not trapped on.
        layer.setValue(Double.infinity, forKey: "edgeAntialiasingMask")
        layer.setValue(1e308, forKey: "edgeAntialiasingMask")
        XCTAssertEqual(layer.edgeAntialiasingMask, [.layerLeftEdge, .layerRightEdge])
        XCTAssertTrue(diagnostics.contains("edgeAntialiasingMask"))
    }

    /// `cornerCurve` and the filters are plain properties, as on Apple; the
    /// bias is animatable (Apple's header), though it changes nothing drawn.
    func testWhichOfThemAnimate() {
        for key in ["cornerCurve", "minificationFilter", "magnificationFilter", "edgeAntialiasingMask", "allowsEdgeAntialiasing"] {
            XCTAssertEqual(CALayerProperties.all[key]?.isAnimatable, false, key)
        }
        XCTAssertEqual(CALayerProperties.all["minificationFilterBias"]?.isAnimatable, true)
    }

    /// The commit carries the curve, the filters and the edges drawn
    /// antialiased (none when `allowsEdgeAntialiasing` is off).
    func testTheCommitCarriesThem() {
        let layer = CALayer()
        XCTAssertEqual(LayerState(layer: layer).cornerCurve, .circular)
        XCTAssertEqual(LayerState(layer: layer).antialiasedEdges, .all)
        layer.cornerCurve = .continuous
        layer.magnificationFilter = .nearest
        layer.minificationFilter = .trilinear
        layer.edgeAntialiasingMask = [.layerLeftEdge, .layerTopEdge]
        var state = LayerState(layer: layer)
        XCTAssertEqual(state.cornerCurve, .continuous)
        XCTAssertEqual(state.magnificationFilter, .nearest)
        XCTAssertEqual(state.minificationFilter, .trilinear)
        XCTAssertEqual(state.antialiasedEdges, [.layerLeftEdge, .layerTopEdge])
        layer.allowsEdgeAntialiasing = false
        state = LayerState(layer: layer)
        XCTAssertEqual(state.antialiasedEdges, [])
        layer.cornerCurve = CALayerCornerCurve(rawValue: "squircle")
        XCTAssertEqual(LayerState(layer: layer).cornerCurve, .circular, "an unknown curve is drawn circular")
    }
}
