import DemoSupport
import LaminaHost
import QuartzCore

/// A layer that is drawn but never hit: `hitTest(_:)` passes through it to
/// what lies beneath, as on Apple, where `hitTest` asks `contains(_:)`.
/// The selection ring lies over the selected item; a click there is meant
/// for the item.
final class PassThroughLayer: CALayer {
    override func contains(_ p: CGPoint) -> Bool { false }
}

/// The pointer: a click (or a tap: X delivers a touchscreen's finger as
/// the left button, in full screen too, where the cursor is hidden)
/// selects the item under it exactly as the arrow keys do, a double click
/// activates it as Return does, and the item under the pointer is softly
/// lit.
extension KioskMenu {
    /// The hover highlight's fill: faint, under the text and inside the
    /// ring, so it never competes with the selection.
    static let hoverColor = CGColor(gray: 1, alpha: 0.14)

    /// The highlight behind the item under the pointer, hidden (opacity 0)
    /// until the pointer is over one.
    func makeHoverLayer() -> CALayer {
        hoverLayer.name = "hover"
        hoverLayer.bounds = CGRect(x: 0, y: 0, width: 400, height: Self.itemHeight)
        hoverLayer.cornerRadius = 25
        hoverLayer.backgroundColor = Self.hoverColor
        hoverLayer.opacity = 0
        return hoverLayer
    }

    /// The item drawn at `point` (window pixels): what the window's hit
    /// test finds there, or the item that holds it.
    func item(at point: CGPoint) -> Int? {
        var layer = window?.hitTest(point)
        while let candidate = layer {
            if let index = items.firstIndex(where: { $0 === candidate }) { return index }
            layer = candidate.superlayer
        }
        return nil
    }

    /// The item to light for the pointer at `point`: the item under it; in
    /// the gaps between items, the one lit already (so sweeping down the
    /// menu slides the highlight rather than blinking it at every gap);
    /// outside the menu, none.
    func hoverTarget(at point: CGPoint) -> Int? {
        if let index = item(at: point) { return index }
        var layer = window?.hitTest(point)
        while let candidate = layer {
            if candidate === menuLayer { return hoveredIndex }
            layer = candidate.superlayer
        }
        return nil
    }

    /// A press: the item under it becomes the selection, through the same
    /// `select(_:)` as the arrow keys (so the same implicit animation); the
    /// second press of a double click activates it.
    func pressed(_ event: LaminaMouseEvent) {
        guard let index = item(at: event.locationInWindow) else { return }
        hover(index)
        select(index)
        if event.clickCount == 2 { insertNewline(event) }
    }

    /// Lights the item `index` (nil: none). The highlight fades in and out
    /// and slides from item to item, implicitly; when it appears it starts
    /// at the item, not sliding from wherever it was last.
    func hover(_ index: Int?) {
        guard index != hoveredIndex else { return }
        let appearing = hoveredIndex == nil
        hoveredIndex = index
        guard let index else {
            hoverLayer.opacity = 0
            return
        }
        if appearing {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            hoverLayer.position = items[index].position
            CATransaction.commit()
        } else {
            hoverLayer.position = items[index].position
        }
        hoverLayer.opacity = 1
    }
}
