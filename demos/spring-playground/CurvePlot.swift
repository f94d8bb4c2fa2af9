// The plot under the ball: the spring's progress over time, as Core
// Animation showed it, read back from the ball's presentation layer.
import QuartzCore

/// A graph of progress (0 at the start, 1 at the target) against time,
/// with the target line, and a mark at `settlingDuration`.
final class CurvePlot {
    let layer = CALayer()
    private let axes = CAShapeLayer()
    private let trace = CAShapeLayer()
    private let settleMark = CAShapeLayer()
    private let settleLabel = CATextLayer()
    private var points: [CGPoint] = []
    /// The time the graph's width stands for, in seconds.
    private(set) var span: CFTimeInterval = 2

    init(frame: CGRect) {
        layer.frame = frame
        layer.backgroundColor = CGColor(gray: 0.1, alpha: 1)
        layer.cornerRadius = 8
        for shape in [axes, settleMark, trace] {
            shape.frame = layer.bounds
            shape.fillColor = nil
            layer.addSublayer(shape)
        }
        axes.strokeColor = CGColor(gray: 0.4, alpha: 1)
        axes.lineWidth = 1
        axes.lineDashPattern = [6, 4]
        let guides = CGMutablePath()
        for progress in [0.0, 1.0] {
            let y = self.y(progress)
            guides.move(to: CGPoint(x: 0, y: y))
            guides.addLine(to: CGPoint(x: layer.bounds.width, y: y))
        }
        axes.path = guides
        settleMark.strokeColor = CGColor(red: 1, green: 0.75, blue: 0.3, alpha: 0.8)
        settleMark.lineWidth = 2
        settleLabel.string = "settlingDuration"
        settleLabel.fontSize = 13
        settleLabel.foregroundColor = settleMark.strokeColor
        settleLabel.bounds = CGRect(x: 0, y: 0, width: 130, height: 18)
        settleLabel.anchorPoint = CGPoint(x: 1, y: 0)
        layer.addSublayer(settleLabel)
        trace.strokeColor = CGColor(red: 0.4, green: 0.85, blue: 1, alpha: 1)
        trace.lineWidth = 3
        trace.lineJoin = .round
    }

    /// Progress 0 sits at 80% of the height, 1 at 40%: room above for an
    /// overshoot up to 2 and below for an initial swing back.
    private func y(_ progress: Double) -> CGFloat {
        layer.bounds.height * (0.8 - 0.4 * progress)
    }

    /// Starts a new trace spanning `span` seconds, marking `settling`.
    func start(span: CFTimeInterval, settling: CFTimeInterval) {
        self.span = span
        points = []
        let x = layer.bounds.width * CGFloat(settling / span)
        let mark = CGMutablePath()
        mark.move(to: CGPoint(x: x, y: 0))
        mark.addLine(to: CGPoint(x: x, y: layer.bounds.height))
        update {
            settleMark.path = mark
            trace.path = nil
            settleLabel.position = CGPoint(x: x - 6, y: 4)
            settleLabel.alignmentMode = .right
        }
    }

    /// Adds the progress at `time` seconds after the start.
    func add(time: CFTimeInterval, progress: Double) {
        guard time <= span else { return }
        let height = layer.bounds.height
        points.append(CGPoint(x: layer.bounds.width * CGFloat(time / span), y: min(max(y(progress), 0), height)))
        let path = CGMutablePath()
        path.addLines(between: points)
        update { trace.path = path }
    }

    /// Paths are animatable: a new trace point must show at once, not
    /// morph from the old path in a quarter of a second.
    private func update(_ change: () -> Void) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        change()
        CATransaction.commit()
    }
}
