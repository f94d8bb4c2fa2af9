import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// A golden-image test: a 160x120 scene hosted inline, built without
/// implicit animations, rendered and compared with the suite's golden
/// `NAME.png` (`GoldenImage`); `renderBothWays` draws it on a real render
/// thread too.
class GoldenSceneTestCase: ModelTestCase {
    var host: InlineRenderHost!
    var root: CALayer!

    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
    let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    let white = CGColor(gray: 1, alpha: 1)
    let yellow = CGColor(red: 1, green: 0.9, blue: 0, alpha: 1)

    func makeScene(width: Int = 160, height: Int = 120, background: CGColor? = CGColor(gray: 0, alpha: 1)) {
        host = InlineRenderHost(width: width, height: height)
        root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: width, height: height)
        root.backgroundColor = background
        root.attach(to: host)
        CATransaction.flush()
        // The scene is built without implicit animations; `render` commits it.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
    }

    func layer(_ frame: CGRect, _ color: CGColor?) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.backgroundColor = color
        return layer
    }

    func render(_ name: String, file: StaticString = #filePath, line: UInt = #line) {
        CATransaction.commit()
        GoldenImage.assertMatches(host.render(at: CACurrentMediaTime()), named: name, file: file, line: line)
    }

    /// `render(_:)`, then the same tree shown by a real render server on its
    /// own thread (the window's path, `RenderThreadFrames`), both compared
    /// with the one golden. The tree is left attached to nothing.
    func renderBothWays(_ name: String, file: StaticString = #filePath, line: UInt = #line) {
        render(name, file: file, line: line)
        let size = host.loop.presenter.target
        guard let threaded = RenderThreadFrames.firstFrame(of: root, width: size.width, height: size.height) else {
            return XCTFail("\(name): the render thread presented no frame", file: file, line: line)
        }
        GoldenImage.assertMatches(threaded, named: name, file: file, line: line)
    }
}
