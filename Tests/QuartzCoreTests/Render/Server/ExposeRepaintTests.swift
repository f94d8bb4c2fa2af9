import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// A window exposed (`RenderLoop.repaintAll`, from an X `Expose`) is shown
/// again from the frame its target still holds: presented whole, nothing
/// composited again, unless no frame has been drawn at the target's size.
final class ExposeRepaintTests: ModelTestCase {
    /// Keeps what each present was asked to show.
    private final class RecordingPresenter: FramePresenter {
        let target: RasterBuffer
        var presented: [[PixelRect]] = []
        init(width: Int, height: Int) { target = RasterBuffer(width: width, height: height) }
        func present(damage: [PixelRect], frameTime: CFTimeInterval) { presented.append(damage) }
    }

    private let whole = PixelRect(x: 0, y: 0, width: 64, height: 48)

    /// A loop drawing a grey root with a red square, its first frame drawn when `drawn`.
    private func scene(drawn: Bool) -> (RenderLoop, RecordingPresenter, CALayer) {
        let presenter = RecordingPresenter(width: 64, height: 48)
        let loop = RenderLoop(presenter: presenter, interval: 1.0 / 60)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 48)
        root.backgroundColor = CGColor(gray: 0.3, alpha: 1)
        let square = CALayer()
        square.frame = CGRect(x: 8, y: 8, width: 16, height: 16)
        square.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(square)
        root.attach(to: loop)
        CATransaction.flush()
        if drawn { _ = loop.renderFrame(at: CACurrentMediaTime()) }
        return (loop, presenter, root)
    }

    func testAnExposedWindowIsPresentedWholeWithoutCompositing() throws {
        let (loop, presenter, root) = scene(drawn: true)
        let before = presenter.target.makeImage()
        XCTAssertEqual(presenter.presented, [[whole]], "the first frame, drawn whole")
        loop.repaintAll()
        if case .sleep(until: nil) = loop.nextAction(now: MediaClock.displayNow()) {
            XCTFail("an exposed window asks for a frame")
        }
        let frameTime = CACurrentMediaTime() + 0.02
        let stats = loop.renderFrame(at: frameTime)
        XCTAssertEqual(stats.damagedPixels, 0, "nothing composited again")
        XCTAssertEqual(presenter.presented.last, [whole], "shown whole")
        XCTAssertEqual(GoldenImage.differingPixels(presenter.target.makeImage(), before, tolerance: 0), 0)
        // The next frame presents only its own damage again: none.
        let presents = presenter.presented.count
        _ = loop.renderFrame(at: frameTime + 1.0 / 60)
        XCTAssertEqual(presenter.presented.count, presents, "nothing changed, nothing shown")
        withExtendedLifetime(root) {}
    }

    func testAChangeAndAnExposureInOneFrameAreBothShown() {
        let (loop, presenter, root) = scene(drawn: true)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.sublayers?.first?.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        CATransaction.commit()
        loop.repaintAll()
        let stats = loop.renderFrame(at: CACurrentMediaTime() + 0.02)
        XCTAssertEqual(stats.damagedPixels, 16 * 16, "the change composited")
        XCTAssertEqual(presenter.presented.last, [whole], "everything shown")
        XCTAssertEqual(presenter.target.makeImage().storage.pixel(x: 12, y: 12), 0xFF00_00FF, "the square is blue")
    }

    func testWithNoFrameDrawnEverythingIsDrawn() {
        let (loop, presenter, root) = scene(drawn: false)
        loop.repaintAll()
        let stats = loop.renderFrame(at: CACurrentMediaTime())
        XCTAssertEqual(stats.damagedPixels, whole.area, "drawn whole")
        XCTAssertEqual(presenter.target.makeImage().storage.pixel(x: 12, y: 12), 0xFFFF_0000)
        withExtendedLifetime(root) {}
    }

    func testAfterAResizeEverythingIsDrawn() {
        let (loop, presenter, root) = scene(drawn: true)
        loop.resize(width: 32, height: 24)
        loop.repaintAll()
        let stats = loop.renderFrame(at: CACurrentMediaTime() + 0.02)
        XCTAssertEqual(stats.damagedPixels, 32 * 24, "the new size drawn whole")
        XCTAssertEqual(presenter.presented.last, [PixelRect(x: 0, y: 0, width: 32, height: 24)])
        withExtendedLifetime(root) {}
    }
}
