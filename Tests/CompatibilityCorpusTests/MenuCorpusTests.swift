import QuartzCore
import XCTest

/// The menu: text rows (a `CGFont` and a font name), a continuous-corner
/// selection springing from item to item.
final class MenuCorpusTests: XCTestCase {
    private func menuOnStage() -> (SelectionMenu, Stage) {
        let menu = SelectionMenu(title: "Library", items: ["Albums", "Artists", "Playlists", "Songs"], width: 180)
        let stage = Stage(width: 200, height: 210, showing: menu.layer)
        stage.commit()
        return (menu, stage)
    }

    func testSelectionSpringsToTheThirdItem() {
        let (menu, stage) = menuOnStage()
        menu.select(2)
        stage.commit()
        let begin = menu.selection.animation(forKey: "move")!.beginTime
        stage.assertFrames("menu", begin: begin, times: [0, 0.1, 0.25, 0.5, 1])
    }

    /// An underdamped spring (damping 14 for stiffness 180) overshoots the
    /// row and settles on it within `settlingDuration`.
    func testSpringOvershootsAndSettles() {
        let (menu, stage) = menuOnStage()
        let start = menu.selection.position
        menu.select(2)
        stage.commit()
        let spring = menu.selection.animation(forKey: "move") as! CASpringAnimation
        let target = menu.center(ofItem: 2)
        XCTAssertEqual(menu.selection.position, target, accuracy: 1e-9, "the model is at the target at once")
        XCTAssertEqual(spring.duration, spring.settlingDuration, accuracy: 1e-9)
        XCTAssertEqual(menu.lastMoveDuration, spring.settlingDuration, accuracy: 1e-9)
        XCTAssertGreaterThan(spring.settlingDuration, 0.5)
        XCTAssertLessThan(spring.settlingDuration, 2)

        stage.freeze(at: spring.beginTime)
        XCTAssertEqual(menu.selection.presentation()?.position, start, accuracy: 1e-6, "leaves from item 0")
        var furthest = start.y
        for step in 1...40 {
            stage.freeze(at: spring.beginTime + spring.settlingDuration * Double(step) / 40)
            furthest = max(furthest, menu.selection.presentation()!.position.y)
        }
        XCTAssertGreaterThan(furthest, target.y + 2, "overshoots the row")
        stage.freeze(at: spring.beginTime + spring.settlingDuration - 1e-3)
        XCTAssertEqual(menu.selection.presentation()!.position.y, target.y, accuracy: 0.1, "settled")
    }

    func testRowsKeepTheirFonts() {
        let (menu, _) = menuOnStage()
        XCTAssertTrue(menu.rows[0].font is CGFont, "the title's font is a CGFont")
        XCTAssertEqual((menu.rows[0].font as? CGFont)?.postScriptName as String?, "DejaVuSans-Bold")
        XCTAssertEqual(menu.rows[1].font as? String, "DejaVu Sans")
        XCTAssertEqual(menu.selection.cornerCurve, .continuous)
        XCTAssertEqual(CALayer.cornerCurveExpansionFactor(.continuous), 1.528665, accuracy: 1e-6)
        XCTAssertEqual(CALayer.cornerCurveExpansionFactor(.circular), 1)
    }
}
