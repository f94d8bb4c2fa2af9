// The spaceship's picture, drawn here with CGContext (no image file): a
// small rocket pointing along +x, the direction `rotationMode = .rotateAuto`
// lines up with the path's tangent.
import QuartzCore

enum SpaceshipImage {
    /// The size of the picture, in pixels (and points).
    static let size = CGSize(width: 72, height: 44)

    /// Draws the rocket into a bitmap context and returns it as a `CGImage`,
    /// for a layer's `contents`. The picture is symmetric about its
    /// horizontal centre line, so whether the context's y axis points up or
    /// down does not matter.
    static func make() -> CGImage? {
        let width = Int(size.width), height = Int(size.height)
        guard let context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                      space: CGColorSpaceCreateDeviceRGB(),
                                      bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue) else { return nil }
        let mid = size.height / 2

        // The exhaust flame behind the tail: two layered teardrops.
        for (length, half, color) in [(22.0, 9.0, CGColor(red: 1, green: 0.45, blue: 0.1, alpha: 0.9)),
                                      (14.0, 5.0, CGColor(red: 1, green: 0.9, blue: 0.4, alpha: 1))] {
            context.move(to: CGPoint(x: 18, y: mid - half))
            context.addQuadCurve(to: CGPoint(x: 18 - length, y: mid), control: CGPoint(x: 8, y: mid - half))
            context.addQuadCurve(to: CGPoint(x: 18, y: mid + half), control: CGPoint(x: 8, y: mid + half))
            context.closePath()
            context.setFillColor(color)
            context.fillPath()
        }

        // The fins, above and below the tail.
        context.setFillColor(CGColor(red: 0.85, green: 0.15, blue: 0.2, alpha: 1))
        for sign in [-1.0, 1.0] {
            context.move(to: CGPoint(x: 16, y: mid))
            context.addLine(to: CGPoint(x: 20, y: mid + sign * 21))
            context.addLine(to: CGPoint(x: 32, y: mid + sign * 21))
            context.addLine(to: CGPoint(x: 40, y: mid))
            context.closePath()
            context.fillPath()
        }

        // The body: a pointed hull from the tail (x 16) to the nose (x 70).
        context.move(to: CGPoint(x: 16, y: mid - 9))
        context.addLine(to: CGPoint(x: 46, y: mid - 9))
        context.addCurve(to: CGPoint(x: 70, y: mid), control1: CGPoint(x: 58, y: mid - 9),
                         control2: CGPoint(x: 66, y: mid - 5))
        context.addCurve(to: CGPoint(x: 46, y: mid + 9), control1: CGPoint(x: 66, y: mid + 5),
                         control2: CGPoint(x: 58, y: mid + 9))
        context.addLine(to: CGPoint(x: 16, y: mid + 9))
        context.closePath()
        context.setFillColor(CGColor(red: 0.93, green: 0.94, blue: 0.97, alpha: 1))
        context.fillPath()

        // The window.
        context.setFillColor(CGColor(red: 0.2, green: 0.6, blue: 0.95, alpha: 1))
        context.fillEllipse(in: CGRect(x: 44, y: mid - 5, width: 10, height: 10))
        context.setStrokeColor(CGColor(gray: 0.35, alpha: 1))
        context.setLineWidth(1.5)
        context.strokeEllipse(in: CGRect(x: 44, y: mid - 5, width: 10, height: 10))
        return context.makeImage()
    }
}
