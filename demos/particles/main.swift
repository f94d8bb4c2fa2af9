// particles: a CAEmitterLayer fountain whose drops trail glitter (nested
// emitter cells), drawn additively so that dense spray glows.
//
// Up and Down change the layer's birth rate (0 stops the fountain; the
// drops in the air still fall), Left and Right tilt the spray, a press or a
// drag moves the fountain to the pointer, Escape quits. Each change commits
// a new emission epoch: drops already in the air keep the direction they
// were thrown in and the place they were thrown from. The particle image is drawn at
// start-up with CoreGraphics (a soft white disc), so the demo needs no files.
//
// Run it with `swift run particles` on a machine with a display.
import ArgumentParser
import DemoSupport
import Foundation
import LaminaHost
import QuartzCore

/// The command line: the demos' shared options. swift-argument-parser
/// gives `--help` for free.
struct ParticlesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "particles",
        abstract: "A CAEmitterLayer fountain: Up/Down birth rate, Left/Right angle, drag to move it, Escape quits.")

    @OptionGroup var demo: DemoOptions
}

/// A soft white disc, `size` pixels across, drawn with CoreGraphics: the
/// image every particle shows, tinted by its cell's colour.
func makeParticleImage(size: Int) -> CGImage? {
    guard let context = CGContext(data: nil, width: size, height: size, bitsPerComponent: 8, bytesPerRow: 0,
                                  space: CGColorSpaceCreateDeviceRGB(),
                                  bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue),
          let gradient = CGGradient(colorsSpace: nil,
                                    colors: [CGColor(gray: 1, alpha: 1), CGColor(gray: 1, alpha: 0.6), CGColor(gray: 1, alpha: 0)],
                                    locations: [0, 0.35, 1])
    else { return nil }
    let center = CGPoint(x: CGFloat(size) / 2, y: CGFloat(size) / 2)
    context.drawRadialGradient(gradient, startCenter: center, startRadius: 0, endCenter: center,
                               endRadius: CGFloat(size) / 2, options: [])
    return context.makeImage()
}

/// The fountain and its controls. Key handlers run on the main thread;
/// the changes they make commit when the handler returns.
final class Fountain: DemoResponder {
    /// The layer birth rates Up and Down step through.
    static let rates: [Float] = [0, 0.25, 0.5, 1, 2, 4]
    /// How far Left and Right tilt the spray per press, and at most.
    static let tiltStep = CGFloat.pi / 12
    static let maximumTilt = CGFloat.pi / 3

    let emitter = CAEmitterLayer()
    let label = CATextLayer()
    private var rateIndex = 3
    private var tilt: CGFloat = 0

    init(rootLayer: CALayer, size: CGSize, image: CGImage?) {
        super.init()
        emitter.name = "fountain"
        emitter.frame = CGRect(origin: .zero, size: size)
        emitter.autoresizingMask = [.layerWidthSizable, .layerHeightSizable]
        emitter.emitterPosition = CGPoint(x: size.width / 2, y: size.height - 12)
        emitter.emitterShape = .circle
        emitter.emitterMode = .surface
        emitter.emitterSize = CGSize(width: 6, height: 6)
        emitter.renderMode = .additive
        // Start with an empty field, as a fountain that is just turned on.
        emitter.beginTime = CACurrentMediaTime()
        emitter.seed = 2026

        // The drops: thrown up, pulled down, reaching about 70% of the height.
        let gravity = size.height * 0.9
        let drop = CAEmitterCell()
        drop.name = "drop"
        drop.contents = image
        drop.birthRate = 60
        drop.lifetime = 2.4
        drop.lifetimeRange = 0.4
        drop.velocity = (2 * gravity * size.height * 0.7).squareRoot()
        drop.velocityRange = drop.velocity * 0.08
        drop.emissionLongitude = -.pi / 2
        drop.emissionRange = 0.22
        drop.yAcceleration = gravity
        drop.scale = 0.45
        drop.scaleRange = 0.15
        drop.color = CGColor(red: 0.25, green: 0.55, blue: 1, alpha: 0.9)
        drop.greenRange = 0.3
        drop.alphaSpeed = -0.3

        // Glitter: each drop sheds short-lived sparks where it is.
        let glitter = CAEmitterCell()
        glitter.name = "glitter"
        glitter.contents = image
        // Every drop sheds at the same ages (births are at whole multiples of
        // 1 / birthRate, as on Apple), so ranges smear the glitter out.
        glitter.birthRate = 10
        glitter.lifetime = 0.5
        glitter.lifetimeRange = 0.4
        glitter.velocity = 15
        glitter.velocityRange = 12
        glitter.emissionRange = 2 * .pi
        glitter.scale = 0.18
        glitter.color = CGColor(red: 0.9, green: 0.95, blue: 1, alpha: 1)
        glitter.alphaSpeed = -1.6
        drop.emitterCells = [glitter]
        emitter.emitterCells = [drop]
        rootLayer.addSublayer(emitter)

        label.frame = CGRect(x: 12, y: 8, width: min(size.width - 24, 640), height: 24)
        label.fontSize = 16
        label.foregroundColor = CGColor(gray: 0.8, alpha: 1)
        rootLayer.addSublayer(label)
        updateLabel()
    }

    private func updateLabel() {
        let degrees = Int((tilt * 180 / .pi).rounded())
        label.string = "Up/Down rate \(Self.rates[rateIndex])x   Left/Right angle \(degrees)°   drag moves it   Esc quits"
    }

    /// Up and Down: the layer's birth rate multiplies every cell's.
    private func stepRate(_ delta: Int) {
        rateIndex = min(max(rateIndex + delta, 0), Self.rates.count - 1)
        CATransaction.begin()
        CATransaction.setDisableActions(true)  // a new rate at once, not animated in
        emitter.birthRate = Self.rates[rateIndex]
        updateLabel()
        CATransaction.commit()
    }

    /// Left and Right: tilts the drops' emission angle through the cell's key path.
    private func stepTilt(_ delta: CGFloat) {
        tilt = min(max(tilt + delta, -Self.maximumTilt), Self.maximumTilt)
        emitter.setValue(-CGFloat.pi / 2 + tilt, forKeyPath: "emitterCells.drop.emissionLongitude")
        updateLabel()
    }

    /// A press or a drag: the fountain's source goes to the pointer. Drops
    /// already thrown fly on from where they left; new ones start here.
    private func moveFountain(to point: CGPoint) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)  // follow the pointer, not glide after it
        emitter.emitterPosition = emitter.convert(point, from: nil)
        CATransaction.commit()
    }

    override func mouseDown(with event: LaminaMouseEvent) { moveFountain(to: event.locationInWindow) }
    override func mouseDragged(with event: LaminaMouseEvent) { moveFountain(to: event.locationInWindow) }

    override func moveUp(_ sender: Any?) { stepRate(1) }
    override func moveDown(_ sender: Any?) { stepRate(-1) }
    override func moveLeft(_ sender: Any?) { stepTilt(-Self.tiltStep) }
    override func moveRight(_ sender: Any?) { stepTilt(Self.tiltStep) }
}

// Top-level code runs on the main thread, which is the thread LaminaHost
// delivers events on.
let options = ParticlesCommand.parseOrExit()
let window = DemoWindow.open(title: "Lamina particles", options: options.demo)
window.rootLayer.backgroundColor = CGColor(red: 0.02, green: 0.02, blue: 0.05, alpha: 1)
let fountain = Fountain(rootLayer: window.rootLayer, size: window.contentSize, image: makeParticleImage(size: 32))
// Until Escape, or the window manager's close button; then the frame summary.
DemoWindow.run(window, responder: fountain, options: options.demo)
