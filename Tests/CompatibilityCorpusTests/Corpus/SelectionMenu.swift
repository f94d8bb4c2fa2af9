import QuartzCore

/// A vertical menu: a title row in bold, item rows, and a rounded
/// selection that springs from row to row.
final class SelectionMenu {
    static let rowHeight: CGFloat = 34
    static let inset: CGFloat = 8

    let layer = CALayer()
    let selection = CALayer()
    private(set) var rows: [CATextLayer] = []
    private(set) var selectedIndex = 0
    /// How long the last move takes to come to rest.
    private(set) var lastMoveDuration: CFTimeInterval = 0

    init(title: String, items: [String], width: CGFloat) {
        let inset = SelectionMenu.inset, rowHeight = SelectionMenu.rowHeight
        layer.bounds = CGRect(x: 0, y: 0, width: width, height: CGFloat(items.count + 1) * rowHeight + 2 * inset)
        layer.backgroundColor = CGColor(srgbRed: 0.11, green: 0.12, blue: 0.15, alpha: 1)
        layer.cornerRadius = 16
        layer.cornerCurve = .continuous

        selection.backgroundColor = CGColor(srgbRed: 0.22, green: 0.45, blue: 0.95, alpha: 1)
        selection.cornerRadius = 10
        selection.cornerCurve = .continuous
        selection.bounds = CGRect(x: 0, y: 0, width: width - 2 * inset, height: rowHeight)
        selection.position = center(ofItem: 0)
        layer.addSublayer(selection)

        // A continuous corner starts bending this far from the corner
        // (1.53 radii): keep the text clear of it.
        let padding = selection.cornerRadius * CALayer.cornerCurveExpansionFactor(.continuous)
        let fontSize: CGFloat = 15
        let lineHeight = ceil(fontSize * 1.3)
        for (index, text) in ([title] + items).enumerated() {
            let row = CATextLayer()
            row.string = text
            row.fontSize = fontSize
            if index == 0 {
                row.font = CGFont("DejaVuSans-Bold" as CFString)
                row.foregroundColor = CGColor(srgbRed: 0.62, green: 0.66, blue: 0.74, alpha: 1)
            } else {
                row.font = "DejaVu Sans" as CFTypeRef
                row.foregroundColor = CGColor(gray: 1, alpha: 1)
            }
            row.alignmentMode = .left
            row.truncationMode = .end
            row.frame = CGRect(x: inset + padding,
                               y: inset + CGFloat(index) * rowHeight + (rowHeight - lineHeight) / 2,
                               width: width - 2 * (inset + padding), height: lineHeight)
            layer.addSublayer(row)
            rows.append(row)
        }
    }

    /// The selection's position on item `index` (the title row is not an item).
    func center(ofItem index: Int) -> CGPoint {
        CGPoint(x: layer.bounds.midX,
                y: SelectionMenu.inset + CGFloat(index + 1) * SelectionMenu.rowHeight + SelectionMenu.rowHeight / 2)
    }

    /// Moves the selection to item `index` with a spring.
    func select(_ index: Int) {
        let target = center(ofItem: index)
        let spring = CASpringAnimation(keyPath: "position")
        spring.mass = 1
        spring.stiffness = 180
        spring.damping = 14
        spring.initialVelocity = 0.5
        spring.fromValue = selection.presentation()?.position ?? selection.position
        spring.toValue = target
        spring.duration = spring.settlingDuration
        lastMoveDuration = spring.duration

        // The model takes the new place without an implicit animation; the
        // spring, committed with it, shows the way there.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        selection.position = target
        selection.add(spring, forKey: "move")
        CATransaction.commit()
        selectedIndex = index
    }
}
