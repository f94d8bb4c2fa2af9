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
/// Core Animation animates implicitly. A finger or the pointer drags the
/// row and flicks it onto a cover with a `CASpringAnimation`, or clicks a
/// side cover to the middle (CoverFlow+Pointer.swift).
final class CoverFlow: DemoResponder {
    /// The implicit animations' duration when the focus moves.
    static let moveDuration: CFTimeInterval = 0.4

    let stage = CALayer()
    let caption = CATextLayer()
    private(set) var covers: [CALayer] = []
    /// The cover in the middle once the row is at rest.
    var focus: Int
    /// Where the row stands, in covers: `focus` at rest, between two
    /// covers while a finger drags it (see CoverFlow+Pointer.swift).
    var position: CGFloat
    let coverSize: CGFloat
    let center: CGPoint
    /// Where presses are hit-tested; set by main.swift.
    weak var window: LaminaWindow?
    /// The press being followed, from its `mouseDown` to its `mouseUp`.
    var press: CoverFlowPress?
    /// An invisible layer whose `position.x` is the row's position while a
    /// spring settles it (CoverFlow+Pointer.swift).
    let rowDriver = CALayer()
    /// When the settling spring comes to rest (media time); 0 when the row
    /// is not settling.
    var settleEnd: CFTimeInterval = 0
    /// Lays the covers out from the settling spring each display frame;
    /// paused while the row is not settling.
    lazy var settleLink: CADisplayLink = {
        // (On Apple: `CADisplayLink(target: self, selector: #selector(followSettle))`.)
        let link = CADisplayLink(target: self, selector: CoverFlow.followSettle)
        link.isPaused = true
        link.add(to: .main, forMode: .common)
        return link
    }()

    init(rootLayer: CALayer, images: [CGImage?]) {
        let size = rootLayer.bounds.size
        coverSize = min(size.height * 0.5, size.width * 0.3).rounded()
        center = CGPoint(x: size.width / 2, y: size.height * 0.45)
        focus = images.count / 2
        position = CGFloat(focus)
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
        rowDriver.name = "rowDriver"
        rowDriver.isHidden = true
        rowDriver.position.x = position
        stage.addSublayer(rowDriver)
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

    /// Where cover `index` stands when the row is at `position`.
    func placement(of index: Int, at position: CGFloat) -> CoverPlacement {
        CoverPlacement(offset: CGFloat(index) - position, coverSize: coverSize, center: center)
    }

    /// Places every cover for the row at `position` (the focus unless
    /// told), and captions the cover nearest the middle.
    func layout(at position: CGFloat? = nil) {
        let position = position ?? CGFloat(focus)
        for (index, cover) in covers.enumerated() {
            let place = placement(of: index, at: position)
            cover.position = place.position
            cover.zPosition = place.zPosition
            cover.transform = place.transform
        }
        let nearest = min(max(Int(position.rounded()), 0), covers.count - 1)
        caption.string = "Cover \(nearest + 1) of \(covers.count)"
    }

    /// Moves the focus by `step` covers (clamped at the ends), animating.
    func move(by step: Int) {
        move(to: focus + step)
    }

    /// Brings cover `index` (clamped) to the middle with the keys' eased
    /// implicit animation, from wherever the row stands.
    func move(to index: Int) {
        let target = min(max(index, 0), covers.count - 1)
        // From where a settling flick has taken the row so far. (A key
        // during the keys' own move leaves it to the implicit animations,
        // which start from what is on screen.)
        if settleEnd > 0 { catchMovingRow() }
        guard CGFloat(target) != position else { return }
        focus = target
        position = CGFloat(target)
        CATransaction.begin()
        CATransaction.setAnimationDuration(Self.moveDuration)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeOut))
        layout()
        CATransaction.commit()
    }

    // While a finger holds the row, it decides where the row is.
    override func moveLeft(_ sender: Any?) { if press == nil { move(by: -1) } }
    override func moveRight(_ sender: Any?) { if press == nil { move(by: 1) } }

    // The pointer, handled in CoverFlow+Pointer.swift (Swift overrides
    // must be in the class body). A press anywhere in the window comes
    // here: no layer of the scene has a responder of its own.
    override func mouseDown(with event: LaminaMouseEvent) { pressBegan(event) }
    override func mouseDragged(with event: LaminaMouseEvent) { pressMoved(event) }
    override func mouseUp(with event: LaminaMouseEvent) { pressEnded(event) }
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
