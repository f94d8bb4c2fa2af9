import QuartzCore

/// A playing card that turns over in perspective: a front with a pixel-art
/// sprite and a back with a logo, each hidden while it faces away.
final class FlipCard {
    static let flipDuration: CFTimeInterval = 1

    /// Holds the perspective its faces turn in.
    let layer = CALayer()
    let front = CALayer()
    let back = CALayer()
    let sprite: PixelArtIcon
    private(set) var isShowingBack = false

    init(cardSize: CGSize, in size: CGSize) {
        layer.bounds = CGRect(origin: .zero, size: size)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        layer.sublayerTransform = perspective

        sprite = PixelArtIcon(pixelSize: 6, color: CGColor(srgbRed: 0.45, green: 0.95, blue: 0.5, alpha: 1))
        let center = CGPoint(x: size.width / 2, y: size.height / 2)
        for face in [front, back] {
            face.bounds = CGRect(origin: .zero, size: cardSize)
            face.position = center
            face.cornerRadius = 12
            face.borderWidth = 2
            face.masksToBounds = true
            face.isDoubleSided = false
            // Turning about the vertical axis slants the top and bottom edges
            // only; the sides stay upright and need no antialiasing.
            face.allowsEdgeAntialiasing = true
            face.edgeAntialiasingMask = [.layerTopEdge, .layerBottomEdge]
            layer.addSublayer(face)
        }
        front.backgroundColor = CGColor(srgbRed: 0.1, green: 0.13, blue: 0.2, alpha: 1)
        front.borderColor = CGColor(srgbRed: 0.45, green: 0.95, blue: 0.5, alpha: 1)
        sprite.layer.position = CGPoint(x: cardSize.width / 2, y: cardSize.height / 2)
        front.addSublayer(sprite.layer)

        back.backgroundColor = CGColor(srgbRed: 0.75, green: 0.18, blue: 0.25, alpha: 1)
        back.borderColor = CGColor(gray: 1, alpha: 1)
        back.contents = FlipCard.makeLogo()
        // Gravity names follow the y axis; Apple's documentation pins an
        // image to the top of the layer with this test.
        back.contentsGravity = back.contentsAreFlipped() ? .top : .bottom
        back.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
    }

    /// A striped band, at its natural size.
    static func makeLogo() -> CGImage {
        let width = 72, height = 40
        let context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                space: CGColorSpaceCreateDeviceRGB(),
                                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        context.setFillColor(CGColor(srgbRed: 1, green: 0.85, blue: 0.3, alpha: 1))
        for stripe in 0..<4 {
            context.fill(CGRect(x: 8 + stripe * 16, y: 8, width: 8, height: 24))
        }
        return context.makeImage()!
    }

    /// Turns the card from its front to its back.
    func flip() {
        let halfTurn = CATransform3DMakeRotation(.pi, 0, 1, 0)
        let frontTurn = CAKeyframeAnimation(keyPath: "transform")
        frontTurn.values = [NSValue(caTransform3D: CATransform3DIdentity),
                            NSValue(caTransform3D: CATransform3DMakeRotation(.pi / 2, 0, 1, 0)),
                            NSValue(caTransform3D: halfTurn)]

        // Objective-C-minded code builds its keyframes in a mutable array.
        let backValues = NSMutableArray()
        backValues.add(NSValue(caTransform3D: CATransform3DMakeRotation(-.pi, 0, 1, 0)))
        backValues.add(NSValue(caTransform3D: CATransform3DMakeRotation(-.pi / 2, 0, 1, 0)))
        backValues.add(NSValue(caTransform3D: CATransform3DIdentity))
        let backTurn = CAKeyframeAnimation(keyPath: "transform")
        backTurn.values = backValues as? [Any]

        // Both faces in one transaction; the models end where the
        // animations do, without implicit animations of their own.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for (face, turn) in [(front, frontTurn), (back, backTurn)] {
            turn.duration = FlipCard.flipDuration
            turn.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            if let last = turn.values?.last as? NSValue {
                face.transform = last.caTransform3DValue
            }
            face.add(turn, forKey: "flip")
        }
        CATransaction.commit()
        isShowingBack = true
    }
}
