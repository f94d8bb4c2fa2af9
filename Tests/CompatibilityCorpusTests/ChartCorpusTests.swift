import QuartzCore
import XCTest

/// The chart: gradient bars growing through three spellings of the same
/// animation (`bounds.size.height` numbers, boxed sizes, boxed rects), a
/// line drawing itself and bobbing additively, a title pushed in.
final class ChartCorpusTests: XCTestCase {
    private static let values: [CGFloat] = [0.45, 0.8, 0.6, 0.95]

    private func chartOnStage() -> (BarChart, Stage, begin: CFTimeInterval) {
        let chart = BarChart(values: ChartCorpusTests.values, size: CGSize(width: 240, height: 170), title: "Q1 revenue")
        let stage = Stage(width: 260, height: 190, showing: chart.layer)
        stage.commit()
        chart.animateIn(title: "Q2 revenue")
        stage.commit()
        return (chart, stage, chart.bars[0].animation(forKey: "grow")!.beginTime)
    }

    func testBarsGrowLineDrawsTitlePushes() {
        let (_, stage, begin) = chartOnStage()
        stage.assertFrames("chart", begin: begin, times: [0, 0.25, 0.5, 1])
    }

    func testTheThreeSpellingsGrowAlike() throws {
        let (chart, stage, begin) = chartOnStage()
        for bar in chart.bars {
            XCTAssertEqual(bar.animation(forKey: "grow")?.beginTime, begin, "committed together")
        }
        let fullHeights = chart.bars.map(\.bounds.height)
        stage.freeze(at: begin + 0.3)
        let eased = timingCurve(CGPoint(x: 0, y: 0), CGPoint(x: 0.58, y: 1), at: 0.3 / BarChart.growDuration)
        for (index, bar) in chart.bars.enumerated() {
            let shown = try XCTUnwrap(bar.presentation()).bounds
            XCTAssertEqual(Double(shown.height / fullHeights[index]), eased, accuracy: 1e-3, "bar \(index)")
            XCTAssertEqual(shown.width, bar.bounds.width, accuracy: 1e-9, "bar \(index) keeps its width")
        }
    }

    /// The line's `strokeEnd` runs linearly (no timing function), and the
    /// bob adds its offsets to the line's own points: half way through it,
    /// every point stands 10 points higher.
    func testLineDrawsAndBobsAdditively() throws {
        let (chart, stage, begin) = chartOnStage()
        let modelEnd = try XCTUnwrap(chart.line.path).currentPoint
        stage.freeze(at: begin + BarChart.bobDuration / 2)
        let line = try XCTUnwrap(chart.line.presentation())
        XCTAssertEqual(Double(line.strokeEnd), BarChart.bobDuration / 2 / BarChart.lineDuration, accuracy: 1e-6)
        let shownEnd = try XCTUnwrap(line.path).currentPoint
        XCTAssertEqual(shownEnd, CGPoint(x: modelEnd.x, y: modelEnd.y - 10), accuracy: 1e-6)
        stage.freeze(at: begin + BarChart.bobDuration + 0.01)
        XCTAssertEqual(chart.line.presentation()?.path?.currentPoint, modelEnd, accuracy: 1e-6, "back on the model")
    }

    func testTheTitleTransitionIsStoredUnderTransition() {
        let (chart, _, begin) = chartOnStage()
        let transition = chart.title.animation(forKey: kCATransition) as? CATransition
        XCTAssertNotNil(transition, "added with forKey: nil, kept under kCATransition")
        XCTAssertEqual(transition?.type, .push)
        XCTAssertEqual(transition?.subtype, .fromTop)
        XCTAssertEqual(transition?.beginTime, begin)
        XCTAssertEqual(chart.title.string as? String, "Q2 revenue")
    }

    func testTheGridDrawsIntoAGreyBackingStore() {
        let (chart, _, _) = chartOnStage()
        XCTAssertEqual(chart.grid.contentsFormat, .gray8Uint)
        XCTAssertNotNil(chart.grid.contents, "drawn by its delegate at commit")
    }
}
