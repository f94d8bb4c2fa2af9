// The clock's artwork, drawn with CAShapeLayer and CATextLayer: a dial with
// hour and minute marks and numerals, and three hands.
import QuartzCore

/// The dial and the three hands, sized for a clock of `radius` points.
struct ClockFace {
    let dial = CAShapeLayer()
    let hourHand: CAShapeLayer
    let minuteHand: CAShapeLayer
    let secondHand: CAShapeLayer
    /// The cap over the hands' pivot.
    let cap = CAShapeLayer()

    static let hourColor = CGColor(red: 0.25, green: 0.55, blue: 1.0, alpha: 1)
    static let minuteColor = CGColor(gray: 0.95, alpha: 1)
    static let secondColor = CGColor(red: 1.0, green: 0.25, blue: 0.2, alpha: 1)

    init(radius: CGFloat) {
        hourHand = Self.hand(width: radius * 0.07, length: radius * 0.55, color: Self.hourColor)
        minuteHand = Self.hand(width: radius * 0.045, length: radius * 0.82, color: Self.minuteColor)
        secondHand = Self.hand(width: radius * 0.015, length: radius * 0.92, color: Self.secondColor)
        drawDial(radius: radius)
        let capSize = radius * 0.09
        cap.bounds = CGRect(x: 0, y: 0, width: capSize, height: capSize)
        cap.path = CGPath(ellipseIn: cap.bounds, transform: nil)
        cap.fillColor = Self.secondColor
    }

    /// A hand: a rounded bar in a layer as big as the bar.
    ///
    /// The idea of the chapter: a layer rotates about its `anchorPoint`,
    /// which is the centre (0.5, 0.5) by default. A hand must turn about a
    /// point near its tail, so the anchor point moves there, 90% of the way
    /// down the layer: (0.5, 0.9). `position` is where the anchor point sits
    /// in the superlayer, so every hand's position is the dial's centre,
    /// and a rotation `transform` turns it about that point.
    static func hand(width: CGFloat, length: CGFloat, color: CGColor) -> CAShapeLayer {
        let hand = CAShapeLayer()
        hand.bounds = CGRect(x: 0, y: 0, width: width, height: length)
        hand.anchorPoint = CGPoint(x: 0.5, y: 0.9)
        hand.path = CGPath(roundedRect: hand.bounds, cornerWidth: width / 2, cornerHeight: width / 2, transform: nil)
        hand.fillColor = color
        return hand
    }

    /// The dial: a filled disc with a rim, 60 minute marks, 12 hour marks
    /// and the numerals, all in one layer's sublayers.
    private func drawDial(radius: CGFloat) {
        dial.bounds = CGRect(x: 0, y: 0, width: radius * 2, height: radius * 2)
        let center = CGPoint(x: radius, y: radius)
        dial.path = CGPath(ellipseIn: dial.bounds.insetBy(dx: 4, dy: 4), transform: nil)
        dial.fillColor = CGColor(red: 0.10, green: 0.11, blue: 0.15, alpha: 1)
        dial.strokeColor = CGColor(gray: 0.75, alpha: 1)
        dial.lineWidth = 8

        // The marks: one path per kind, each a set of short radial lines.
        let minuteMarks = CGMutablePath()
        let hourMarks = CGMutablePath()
        for index in 0..<60 {
            let angle = CGFloat(index) * .pi / 30
            let direction = CGPoint(x: sin(angle), y: -cos(angle))  // 0 is 12 o'clock; y grows downward
            let isHour = index % 5 == 0
            let inner = radius * (isHour ? 0.80 : 0.86)
            let outer = radius * 0.92
            let path = isHour ? hourMarks : minuteMarks
            path.move(to: CGPoint(x: center.x + direction.x * inner, y: center.y + direction.y * inner))
            path.addLine(to: CGPoint(x: center.x + direction.x * outer, y: center.y + direction.y * outer))
        }
        for (path, width) in [(minuteMarks, radius * 0.012), (hourMarks, radius * 0.035)] {
            let marks = CAShapeLayer()
            marks.frame = dial.bounds
            marks.path = path
            marks.strokeColor = CGColor(gray: 0.85, alpha: 1)
            marks.lineWidth = width
            marks.lineCap = .round
            dial.addSublayer(marks)
        }

        // The numerals, each a text layer centred on its place.
        for hour in 1...12 {
            let angle = CGFloat(hour) * .pi / 6
            let distance = radius * 0.66
            let numeral = CATextLayer()
            numeral.string = "\(hour)"
            numeral.fontSize = radius * 0.14
            numeral.foregroundColor = CGColor(gray: 0.9, alpha: 1)
            numeral.alignmentMode = .center
            numeral.bounds = CGRect(x: 0, y: 0, width: radius * 0.3, height: radius * 0.19)
            numeral.position = CGPoint(x: center.x + sin(angle) * distance, y: center.y - cos(angle) * distance)
            dial.addSublayer(numeral)
        }
    }
}
