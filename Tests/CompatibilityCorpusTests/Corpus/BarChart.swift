import QuartzCore

/// A small bar chart, as a dashboard draws one: gradient bars that grow
/// from the baseline, a line through their tops that draws itself and
/// bobs once, a grid drawn by a delegate, and a title that changes with a
/// push transition.
final class BarChart: NSObject, CALayerDelegate {
    static let growDuration: CFTimeInterval = 0.6
    static let lineDuration: CFTimeInterval = 1
    static let bobDuration: CFTimeInterval = 0.8

    let layer = CALayer()
    let grid = CALayer()
    let line = CAShapeLayer()
    let title = CATextLayer()
    private(set) var bars: [CAGradientLayer] = []
    private let values: [CGFloat]
    private let plot: CGRect

    init(values: [CGFloat], size: CGSize, title text: String) {
        self.values = values
        plot = CGRect(x: 16, y: 36, width: size.width - 32, height: size.height - 48)
        super.init()
        layer.bounds = CGRect(origin: .zero, size: size)
        layer.backgroundColor = CGColor(gray: 0.12, alpha: 1)

        // Grey lines on grey: one 8-bit channel is all the backing store needs.
        grid.frame = plot
        grid.contentsFormat = .gray8Uint
        grid.isOpaque = true
        grid.delegate = self
        grid.setNeedsDisplay()
        layer.addSublayer(grid)

        let slot = plot.width / CGFloat(values.count)
        for index in values.indices {
            let bar = CAGradientLayer()
            bar.colors = [CGColor(srgbRed: 0.36, green: 0.78, blue: 0.98, alpha: 1),
                          CGColor(srgbRed: 0.12, green: 0.38, blue: 0.86, alpha: 1)]
            bar.startPoint = CGPoint(x: 0.5, y: 0)
            bar.endPoint = CGPoint(x: 0.5, y: 1)
            bar.cornerRadius = 3
            bar.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
            // Grows up from the baseline: anchored at its bottom edge.
            bar.anchorPoint = CGPoint(x: 0.5, y: 1)
            bar.bounds = CGRect(x: 0, y: 0, width: slot * 0.6, height: 0)
            bar.position = CGPoint(x: centerX(of: index), y: plot.maxY)
            layer.addSublayer(bar)
            bars.append(bar)
        }

        line.path = linePath()
        line.fillColor = nil
        line.strokeColor = CGColor(srgbRed: 1, green: 0.62, blue: 0.2, alpha: 1)
        line.lineWidth = 2.5
        line.lineJoin = .round
        line.lineCap = .round
        line.strokeEnd = 0
        layer.addSublayer(line)

        title.string = text
        title.fontSize = 14
        title.foregroundColor = CGColor(gray: 0.9, alpha: 1)
        title.alignmentMode = .center
        title.frame = CGRect(x: 0, y: 8, width: size.width, height: 20)
        title.masksToBounds = true
        layer.addSublayer(title)
    }

    private func height(of index: Int) -> CGFloat { plot.height * values[index] }

    private func centerX(of index: Int) -> CGFloat {
        plot.minX + plot.width / CGFloat(values.count) * (CGFloat(index) + 0.5)
    }

    /// The line through the bars' tops.
    private func linePath() -> CGPath {
        let path = CGMutablePath()
        for index in values.indices {
            let point = CGPoint(x: centerX(of: index), y: plot.maxY - height(of: index))
            if index == 0 { path.move(to: point) } else { path.addLine(to: point) }
        }
        return path
    }

    /// The same points as the line, each moved by `dy`: an additive path
    /// animation adds these to the line's own points.
    private func offsetPath(dy: CGFloat) -> CGPath {
        let path = CGMutablePath()
        for index in values.indices {
            if index == 0 { path.move(to: CGPoint(x: 0, y: dy)) } else { path.addLine(to: CGPoint(x: 0, y: dy)) }
        }
        return path
    }

    /// Grows the bars, draws the line and shows `newTitle`.
    func animateIn(title newTitle: String) {
        // One transaction, so every animation gets the same begin time; the
        // model changes take effect at once (the explicit animations show
        // the way there).
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        line.strokeEnd = 1
        for (index, bar) in bars.enumerated() {
            let full = CGRect(x: 0, y: 0, width: bar.bounds.width, height: height(of: index))
            let empty = CGRect(x: 0, y: 0, width: bar.bounds.width, height: 0)
            bar.bounds = full
            // The same growth, spelled the three ways apps spell it.
            let grow: CABasicAnimation
            switch index % 3 {
            case 0:
                grow = CABasicAnimation(keyPath: "bounds.size.height")
                grow.fromValue = 0
                grow.toValue = full.height
            case 1:
                grow = CABasicAnimation(keyPath: "bounds.size")
                grow.fromValue = NSValue(size: empty.size)
                grow.toValue = NSValue(size: full.size)
            default:
                grow = CABasicAnimation(keyPath: "bounds")
                grow.fromValue = NSValue(rect: empty)
                grow.toValue = NSValue(rect: full)
            }
            grow.duration = BarChart.growDuration
            grow.timingFunction = CAMediaTimingFunction(name: .easeOut)
            bar.add(grow, forKey: "grow")
        }

        let draw = CABasicAnimation(keyPath: "strokeEnd")
        draw.fromValue = 0
        draw.toValue = 1
        draw.duration = BarChart.lineDuration
        line.add(draw, forKey: "draw")

        // A bob up and back, added to whatever path the line has.
        let bob = CAKeyframeAnimation(keyPath: "path")
        bob.values = [offsetPath(dy: 0), offsetPath(dy: -10), offsetPath(dy: 0)]
        bob.keyTimes = [0, 0.5, 1]
        bob.isAdditive = true
        bob.duration = BarChart.bobDuration
        bob.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        line.add(bob, forKey: "bob")

        let push = CATransition()
        push.type = .push
        push.subtype = .fromTop
        push.duration = 0.4
        title.add(push, forKey: nil)
        title.string = newTitle
        CATransaction.commit()
    }

    // MARK: CALayerDelegate

    func draw(_ layer: CALayer, in ctx: CGContext) {
        guard layer === grid else { return }
        ctx.setFillColor(CGColor(gray: 0.12, alpha: 1))
        ctx.fill(layer.bounds)
        ctx.setStrokeColor(CGColor(gray: 0.3, alpha: 1))
        ctx.setLineWidth(1)
        for step in 0...4 {
            let y = (layer.bounds.height - 0.5) * CGFloat(step) / 4 + 0.5
            ctx.move(to: CGPoint(x: 0, y: y))
            ctx.addLine(to: CGPoint(x: layer.bounds.width, y: y))
        }
        ctx.strokePath()
    }
}
