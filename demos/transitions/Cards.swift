// The cards the transitions move between: each a colour, a big number and,
// for some, a picture drawn with CGContext as the layer's `contents`.
import QuartzCore

enum Cards {
    static let colors: [CGColor] = [
        CGColor(red: 0.85, green: 0.25, blue: 0.30, alpha: 1),  // red
        CGColor(red: 0.20, green: 0.60, blue: 0.90, alpha: 1),  // blue
        CGColor(red: 0.95, green: 0.70, blue: 0.15, alpha: 1),  // amber
        CGColor(red: 0.25, green: 0.70, blue: 0.40, alpha: 1),  // green
        CGColor(red: 0.55, green: 0.35, blue: 0.85, alpha: 1),  // violet
        CGColor(red: 0.15, green: 0.70, blue: 0.70, alpha: 1),  // teal
    ]

    static func color(_ number: Int) -> CGColor { colors[number % colors.count] }

    /// A card layer of `size` for card `number`: its colour as the
    /// background, a rounded inner frame and the number in the middle.
    static func make(_ number: Int, size: CGSize) -> CALayer {
        let card = CALayer()
        card.frame = CGRect(origin: .zero, size: size)
        card.backgroundColor = color(number)
        let frame = CALayer()
        frame.frame = card.bounds.insetBy(dx: 40, dy: 40)
        frame.borderColor = CGColor(gray: 1, alpha: 0.6)
        frame.borderWidth = 4
        frame.cornerRadius = 24
        frame.name = "frame"
        card.addSublayer(frame)
        let label = CATextLayer()
        label.name = "number"
        label.bounds = CGRect(x: 0, y: 0, width: size.width, height: size.height * 0.4)
        label.position = CGPoint(x: size.width / 2, y: size.height / 2)
        label.fontSize = size.height * 0.3
        label.alignmentMode = .center
        label.foregroundColor = CGColor(gray: 1, alpha: 0.95)
        label.string = "\(number + 1)"
        card.addSublayer(label)
        return card
    }

    /// A picture for a layer's `contents`: the card's colour with rings of
    /// white around the middle, drawn into a bitmap context. The corners
    /// stay the plain colour.
    static func picture(_ number: Int, size: CGSize) -> CGImage? {
        let width = Int(size.width), height = Int(size.height)
        guard let context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                      space: CGColorSpaceCreateDeviceRGB(),
                                      bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue) else { return nil }
        context.setFillColor(color(number))
        context.fill(CGRect(origin: .zero, size: size))
        context.setStrokeColor(CGColor(gray: 1, alpha: 0.35))
        context.setLineWidth(10)
        let center = CGPoint(x: size.width / 2, y: size.height / 2)
        for ring in 1...5 {
            let radius = CGFloat(ring) * 34
            context.strokeEllipse(in: CGRect(x: center.x - radius, y: center.y - radius, width: radius * 2, height: radius * 2))
        }
        return context.makeImage()
    }
}
