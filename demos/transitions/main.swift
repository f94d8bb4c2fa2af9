// transitions: a gallery of CATransition, the animation that covers a
// change a property animation cannot describe — a new colour, new
// contents, a sublayer added, removed or replaced — by moving or fading
// between a snapshot of the layer before and its drawing after.
//
// Add a CATransition to a layer (under the key kCATransition) in the same
// transaction as the change; the layer's whole appearance, sublayers
// included, goes from old to new the way `type` and `subtype` say.
//
//   Left / Right   the transition type: fade, moveIn, push, reveal
//   Up / Down      the subtype (direction): fromLeft, fromRight, fromTop, fromBottom
//   Return         change the stage under the chosen transition
//   click          the same, on the stage
//   Escape         quit
//
// Each Return makes the next of three kinds of change, in turn: replace the
// card sublayer with a new one (a layer-tree change), recolour the card
// (a property change), and give the card new `contents` (an image).
import ArgumentParser
import DemoSupport
import Foundation
import LaminaHost
import QuartzCore

struct TransitionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transitions",
        abstract: "CATransition gallery: fade, moveIn, push, reveal in every direction. Arrows, Return or a click, Escape.")
    @OptionGroup var demo: DemoOptions
}

final class Gallery: DemoResponder {
    static let types: [CATransitionType] = [.fade, .moveIn, .push, .reveal]
    static let subtypes: [CATransitionSubtype] = [.fromLeft, .fromRight, .fromTop, .fromBottom]

    /// The layer the transitions are added to, and the card is a sublayer
    /// of. A push or move-in slides its old and new drawings past its
    /// bounds, so it sits in `frame`, which clips to its bounds.
    let stage = CALayer()
    let frame = CALayer()
    private var card: CALayer
    let nameLabel = CATextLayer()
    let changeLabel = CATextLayer()
    private var typeIndex = 2  // push
    private var subtypeIndex = 0
    private var cardNumber = 0

    init(in root: CALayer, size: CGSize) {
        let stageSize = CGSize(width: (size.width * 0.56).rounded(), height: (size.height * 0.6).rounded())
        frame.bounds = CGRect(origin: .zero, size: stageSize)
        frame.position = CGPoint(x: size.width / 2, y: size.height * 0.52)
        frame.masksToBounds = true
        frame.backgroundColor = CGColor(gray: 0.15, alpha: 1)
        stage.frame = frame.bounds
        card = Cards.make(0, size: stageSize)
        super.init()
        stage.addSublayer(card)
        frame.addSublayer(stage)
        root.addSublayer(frame)

        let titleSize = max(18, size.height * 0.05)
        nameLabel.fontSize = titleSize
        nameLabel.foregroundColor = CGColor(gray: 1, alpha: 1)
        nameLabel.alignmentMode = .center
        nameLabel.bounds = CGRect(x: 0, y: 0, width: size.width, height: titleSize * 1.4)
        nameLabel.position = CGPoint(x: size.width / 2, y: size.height * 0.1)
        root.addSublayer(nameLabel)
        changeLabel.fontSize = titleSize * 0.45
        changeLabel.foregroundColor = CGColor(gray: 0.65, alpha: 1)
        changeLabel.alignmentMode = .center
        changeLabel.bounds = CGRect(x: 0, y: 0, width: size.width, height: titleSize * 0.8)
        changeLabel.position = CGPoint(x: size.width / 2, y: size.height * 0.9)
        changeLabel.string = "Left/Right: type    Up/Down: direction    Return or click: apply    Esc: quit"
        root.addSublayer(changeLabel)
        updateName()
    }

    private var transitionName: String {
        let type = Self.types[typeIndex]
        // A fade has no direction.
        return type == .fade ? type.rawValue : "\(type.rawValue)   \(Self.subtypes[subtypeIndex].rawValue)"
    }

    private func updateName() {
        nameLabel.string = "CATransition: \(transitionName)"
    }

    override func moveLeft(_ sender: Any?) { typeIndex = (typeIndex + Self.types.count - 1) % Self.types.count; updateName() }
    override func moveRight(_ sender: Any?) { typeIndex = (typeIndex + 1) % Self.types.count; updateName() }
    override func moveUp(_ sender: Any?) { subtypeIndex = (subtypeIndex + Self.subtypes.count - 1) % Self.subtypes.count; updateName() }
    override func moveDown(_ sender: Any?) { subtypeIndex = (subtypeIndex + 1) % Self.subtypes.count; updateName() }

    /// A click on the stage does what Return does: a card is what one clicks.
    override func mouseDown(with event: LaminaMouseEvent) {
        guard frame.bounds.contains(event.location(in: frame)) else { return }
        insertNewline(event)
    }

    /// Return: the change, and the transition that covers it.
    override func insertNewline(_ sender: Any?) {
        cardNumber += 1
        // One transaction holds the change and the transition. (An explicit
        // transaction opened here is the outermost one and commits at its
        // commit(): a change committed before the transition is added
        // would already be in the "before" picture.) The changes run no
        // implicit animations of their own (a recoloured card would
        // otherwise also fade its colour): the transition is the only one.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let change: String
        switch cardNumber % 3 {
        case 1:
            // A layer-tree change: the card sublayer is replaced by a new one.
            let next = Cards.make(cardNumber, size: stage.bounds.size)
            stage.replaceSublayer(card, with: next)
            card = next
            change = "replaceSublayer(_:with:): a new card layer"
        case 2:
            // Property changes: a new colour and a new number.
            card.contents = nil
            card.backgroundColor = Cards.color(cardNumber)
            (card.sublayers?.first { $0.name == "number" } as? CATextLayer)?.string = "\(cardNumber + 1)"
            change = "backgroundColor and the number's string"
        default:
            // New contents: a picture drawn with CGContext.
            card.contents = Cards.picture(cardNumber, size: stage.bounds.size)
            (card.sublayers?.first { $0.name == "number" } as? CATextLayer)?.string = "\(cardNumber + 1)"
            change = "contents: a CGImage"
        }

        // The transition: added to the stage in the same transaction as the
        // change, it animates the stage's drawing (sublayers and all) from
        // how it looked before the transaction to how it looks after.
        let transition = CATransition()
        transition.type = Self.types[typeIndex]
        transition.subtype = Self.subtypes[subtypeIndex]
        transition.duration = 0.7
        transition.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        stage.add(transition, forKey: kCATransition)
        CATransaction.commit()

        changeLabel.string = "card \(cardNumber + 1) by \(transitionName) — changed: \(change)"
    }
}

let options = TransitionsCommand.parseOrExit()
let window = DemoWindow.open(title: "Lamina transitions", options: options.demo)
window.rootLayer.backgroundColor = CGColor(red: 0.06, green: 0.06, blue: 0.08, alpha: 1)
let gallery = Gallery(in: window.rootLayer, size: window.contentSize)
DemoWindow.run(window, responder: gallery, options: options.demo)
