import XCTest
@testable import QuartzCore
import LaminaTestSupport

final class CAScrollLayerTests: ModelTestCase {
    private func makeScroller() -> (CAScrollLayer, CALayer) {
        let scroller = CAScrollLayer()
        scroller.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        let content = CALayer()
        content.frame = CGRect(x: 0, y: 0, width: 400, height: 400)
        scroller.addSublayer(content)
        return (scroller, content)
    }

    func testDefaults() {
        let scroller = CAScrollLayer()
        XCTAssertEqual(scroller.scrollMode, .both)
        XCTAssertTrue(scroller.masksToBounds, "a scroll layer clips to its bounds")
    }

    func testScrollToPointMovesTheBoundsOriginPerScrollMode() {
        let (scroller, _) = makeScroller()
        scroller.scroll(to: CGPoint(x: 30, y: 40))
        XCTAssertEqual(scroller.bounds.origin, CGPoint(x: 30, y: 40))
        scroller.scrollMode = .horizontally
        scroller.scroll(to: CGPoint(x: 50, y: 90))
        XCTAssertEqual(scroller.bounds.origin, CGPoint(x: 50, y: 40))
        scroller.scrollMode = .vertically
        scroller.scroll(to: CGPoint(x: 0, y: 90))
        XCTAssertEqual(scroller.bounds.origin, CGPoint(x: 50, y: 90))
        scroller.scrollMode = .none
        scroller.scroll(to: CGPoint.zero)
        XCTAssertEqual(scroller.bounds.origin, CGPoint(x: 50, y: 90))
        scroller.setValue("both", forKey: "scrollMode")
        XCTAssertEqual(scroller.scrollMode, .both)
        XCTAssertEqual(scroller.bounds.size, CGSize(width: 100, height: 100), "only the origin moves")
    }

    func testScrollToRectScrollsTheLeastDistance() {
        let (scroller, _) = makeScroller()
        scroller.scroll(to: CGRect(x: 150, y: 20, width: 30, height: 30))
        XCTAssertEqual(scroller.bounds.origin, CGPoint(x: 80, y: 0), "right edge brought in, y already visible")
        scroller.scroll(to: CGRect(x: 10, y: 10, width: 10, height: 10))
        XCTAssertEqual(scroller.bounds.origin, CGPoint(x: 10, y: 0))
    }

    func testSublayersScrollTheirAncestorAndReportTheirVisibleRect() {
        let (scroller, content) = makeScroller()
        let item = CALayer()
        item.frame = CGRect(x: 200, y: 300, width: 20, height: 20)
        content.addSublayer(item)
        item.scroll(CGPoint(x: 5, y: 5))
        XCTAssertEqual(scroller.bounds.origin, CGPoint(x: 205, y: 305))
        scroller.scroll(to: CGPoint.zero)
        item.scrollRectToVisible(item.bounds)
        XCTAssertEqual(scroller.bounds.origin, CGPoint(x: 120, y: 220))
        XCTAssertEqual(content.visibleRect, CGRect(x: 120, y: 220, width: 100, height: 100))
        XCTAssertEqual(CALayer().visibleRect, .zero, "no scroll layer: the bounds")
        scroller.scroll(to: CGPoint(x: 0, y: 0))
        XCTAssertTrue(item.visibleRect.isEmpty, "scrolled out of view")
    }

    func testNonFiniteScrollIsIgnored() {
        let (scroller, _) = makeScroller()
        scroller.scroll(to: CGPoint(x: CGFloat.nan, y: 0))
        XCTAssertEqual(scroller.bounds.origin, .zero)
        XCTAssertTrue(diagnostics.contains("non-finite"))
    }

    /// What the scroll layer shows follows its bounds' origin.
    func testScrolledContentIsDrawnOffset() {
        let host = InlineRenderHost(width: 100, height: 100)
        let (scroller, content) = makeScroller()
        scroller.position = CGPoint(x: 50, y: 50)
        let marker = CALayer()
        marker.frame = CGRect(x: 150, y: 150, width: 10, height: 10)
        marker.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        content.addSublayer(marker)
        scroller.attach(to: host)
        CATransaction.flush()
        XCTAssertEqual(host.render(at: 1).storage.pixel(x: 5, y: 5), 0, "not scrolled: nothing at the corner")
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        scroller.scroll(to: CGPoint(x: 150, y: 150))
        CATransaction.commit()
        XCTAssertEqual(host.render(at: 2).storage.pixel(x: 5, y: 5), 0xFFFF_0000, "the marker scrolled to the corner")
    }
}
