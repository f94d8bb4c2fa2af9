import DemoSupport
import Foundation
import LaminaHost
import QuartzCore

/// The cover flow: a row of album covers in perspective. The cover in focus
/// faces the viewer in the middle, pulled forward; the others stand turned
/// about their vertical axis on either side, stacked so that those nearer
/// the middle are in front.
///
/// Everything is Apple's QuartzCore: the perspective is the stage's
/// `sublayerTransform.m34`, the stacking order is `zPosition` (sublayers of
/// an ordinary layer are drawn in `zPosition` order), and moving the focus
/// just sets each cover's `position`, `zPosition` and `transform`, which
/// Core Animation animates implicitly.
final class CoverFlow: DemoResponder {
    /// How far the side covers are turned, in radians (about 60 degrees).
    static let sideAngle: CGFloat = 1.05
    /// The implicit animations' duration when the focus moves.
    static let moveDuration: CFTimeInterval = 0.4

    let stage = CALayer()
    let caption = CATextLayer()
    private(set) var covers: [CALayer] = []
    private(set) var focus: Int
    private let coverSize: CGFloat
    private let center: CGPoint

    init(rootLayer: CALayer, images: [CGImage?]) {
        let size = rootLayer.bounds.size
        coverSize = min(size.height * 0.5, size.width * 0.3).rounded()
        center = CGPoint(x: size.width / 2, y: size.height * 0.45)
        focus = images.count / 2
        super.init()

        stage.name = "stage"
        stage.frame = rootLayer.bounds
        // The eye three cover widths in front of the screen; the vanishing
        // point is the stage's anchor point, its centre.
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / (3 * coverSize)
        stage.sublayerTransform = perspective
        rootLayer.addSublayer(stage)

        for (index, image) in images.enumerated() {
            let cover = CALayer()
            cover.name = "cover\(index)"
            cover.bounds = CGRect(x: 0, y: 0, width: coverSize, height: coverSize)
            cover.contents = image
            cover.contentsGravity = .resizeAspectFill
            cover.masksToBounds = false
            // A stand-in when an image file is missing: a grey card.
            if image == nil { cover.backgroundColor = CGColor(gray: 0.4, alpha: 1) }
            cover.addSublayer(reflection(of: image))
            stage.addSublayer(cover)
            covers.append(cover)
        }

        caption.name = "caption"
        caption.fontSize = max(14, coverSize / 12)
        caption.foregroundColor = CGColor(gray: 0.85, alpha: 1)
        caption.alignmentMode = .center
        caption.bounds = CGRect(x: 0, y: 0, width: size.width, height: caption.fontSize * 1.5)
        caption.position = CGPoint(x: size.width / 2, y: size.height - caption.fontSize * 2)
        rootLayer.addSublayer(caption)
        layout()
    }

    /// The cover's mirror image under it, faint, as on a glossy floor.
    private func reflection(of image: CGImage?) -> CALayer {
        let mirror = CALayer()
        mirror.name = "reflection"
        mirror.contents = image
        mirror.contentsGravity = .resizeAspectFill
        mirror.frame = CGRect(x: 0, y: coverSize + 4, width: coverSize, height: coverSize)
        mirror.transform = CATransform3DMakeScale(1, -1, 1)
        mirror.opacity = 0.22
        return mirror
    }

    /// Places every cover for the current focus.
    func layout() {
        for (index, cover) in covers.enumerated() {
            let offset = index - focus
            let side = CGFloat(offset.signum())
            let steps = CGFloat(abs(offset))
            if offset == 0 {
                cover.position = center
                cover.zPosition = coverSize * 0.2
                cover.transform = CATransform3DIdentity
            } else {
                // The first neighbour clears the focused cover; the rest stack tightly behind it.
                cover.position = CGPoint(x: center.x + side * (coverSize * 0.75 + (steps - 1) * coverSize * 0.2),
                                         y: center.y)
                cover.zPosition = -coverSize * (0.15 + 0.05 * steps)
                // Turned so the edge toward the middle is nearer the viewer.
                cover.transform = CATransform3DMakeRotation(side * Self.sideAngle, 0, 1, 0)
            }
        }
        caption.string = "Cover \(focus + 1) of \(covers.count)"
    }

    /// Moves the focus by `step` covers (clamped at the ends), animating.
    func move(by step: Int) {
        let target = min(max(focus + step, 0), covers.count - 1)
        guard target != focus else { return }
        focus = target
        CATransaction.begin()
        CATransaction.setAnimationDuration(Self.moveDuration)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeOut))
        layout()
        CATransaction.commit()
    }

    override func moveLeft(_ sender: Any?) { move(by: -1) }
    override func moveRight(_ sender: Any?) { move(by: 1) }
}

/// The covers in `directory` (`cover-0.png`, `cover-1.png`, …), in order;
/// nil for a file that cannot be read (the demo shows a grey card instead).
func loadCovers(from directory: URL, count: Int) -> [CGImage?] {
    (0..<count).map { index in
        let url = directory.appendingPathComponent("cover-\(index).png")
        guard let source = CGImageSourceCreateWithURL(url, nil),
              let image = CGImageSourceCreateImageAtIndex(source, 0, nil) else {
            FileHandle.standardError.write(Data("cover-flow: cannot read \(url.path)\n".utf8))
            return nil
        }
        return image
    }
}
