// kiosk-menu: the "Core Animation Kiosk Menu Style Application" from Apple's
// Core Animation Programming Guide, ported to Lamina.
//
// A menu of five text layers placed by a CAConstraintLayoutManager, and a
// rounded selection layer whose CIBloom filter pulses forever through the
// key path `filters.pulseFilter.inputIntensity`. Up and Down move the
// selection with an implicit animation, Return flashes the chosen item,
// Escape quits. The pointer (or a finger on a touchscreen) selects an item
// with a click or tap, the same animation as the keys, and a double click
// activates it as Return does; the item under the pointer is softly lit. Run it with scripts/run-demo.sh, or
// `swift run -c release kiosk-menu --help` on a machine with a display.
//
// Everything here is Apple's QuartzCore API, except the window, the run
// loop and the responder, which come from LaminaHost and are shaped after
// AppKit's NSWindow, NSApplication and NSResponder.
import ArgumentParser
import DemoSupport
import Foundation
import LaminaHost
import QuartzCore

/// The command line. swift-argument-parser gives `--help` for free.
struct KioskMenuOptions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kiosk-menu",
        abstract: "Apple's Core Animation kiosk menu: arrow keys, Return and Escape; click or tap an item.")

    enum Background: String, ExpressibleByArgument, CaseIterable {
        /// The guide's first variant: plain black.
        case solid
        /// Stands in for the guide's Quartz Composer background: slowly
        /// drifting translucent layers, to compare what each costs.
        case animated
    }

    /// --width, --height, --fullscreen, --profiler, --trace, --inspector,
    /// --frame-counter: shared by every demo (demos/DemoSupport).
    @OptionGroup var demo: DemoOptions
    @Option(help: "The background: \(Background.allCases.map(\.rawValue).joined(separator: " or ")).")
    var background = Background.solid
}

/// The menu, as in the guide's listings: a root layer laid out by
/// constraints, a menu layer holding one text layer per item, and the
/// pulsing selection layer.
///
/// A `LaminaResponder` gets `moveUp(_:)`, `moveDown(_:)`, `insertNewline(_:)`
/// and `cancelOperation(_:)` from the default `keyDown(with:)`, as an
/// `NSResponder` does from AppKit's key bindings. Handlers run on the main
/// thread; the layer changes they make commit when the handler returns.
final class KioskMenu: DemoResponder {
    static let names = ["Movies", "Music", "Podcasts", "Photos", "Internet"]
    static let itemHeight: CGFloat = 50
    static let spacing: CGFloat = 20

    let rootLayer: CALayer
    let menuLayer = CALayer()
    /// The ring and the hover highlight are drawn over and under the
    /// items but never hit, so the pointer finds the item beneath them.
    let selectionLayer = PassThroughLayer()
    let hoverLayer = PassThroughLayer()
    private(set) var items: [CATextLayer] = []
    private(set) var selectedIndex = 0
    /// The item the pointer is over, lit by `hoverLayer` (KioskMenu+Pointer.swift).
    var hoveredIndex: Int?
    /// Where the pointer is hit-tested; set by the program.
    weak var window: LaminaWindow?

    init(rootLayer: CALayer) {
        self.rootLayer = rootLayer
        super.init()
        setupLayers()
    }

    private func setupLayers() {
        rootLayer.layoutManager = CAConstraintLayoutManager()

        // The menu layer: centred in the root layer, tall enough for the items.
        menuLayer.name = "menuLayer"
        let menuHeight = CGFloat(Self.names.count) * (Self.itemHeight + Self.spacing) - Self.spacing
        menuLayer.bounds = CGRect(x: 0, y: 0, width: 420, height: menuHeight)
        menuLayer.addConstraint(CAConstraint(attribute: .midX, relativeTo: "superlayer", attribute: .midX))
        menuLayer.addConstraint(CAConstraint(attribute: .midY, relativeTo: "superlayer", attribute: .midY))
        menuLayer.layoutManager = CAConstraintLayoutManager()
        rootLayer.addSublayer(menuLayer)

        menuLayer.addSublayer(makeHoverLayer())

        // One text layer per item, each below the previous one.
        var previous = "superlayer"
        for (index, name) in Self.names.enumerated() {
            let item = CATextLayer()
            item.name = "item\(index)"
            item.string = name
            item.font = "Lucida Grande"
            item.fontSize = 32
            item.foregroundColor = CGColor(gray: 1, alpha: 1)
            item.alignmentMode = .center
            item.bounds = CGRect(x: 0, y: 0, width: 400, height: Self.itemHeight)
            item.addConstraint(CAConstraint(attribute: .midX, relativeTo: "superlayer", attribute: .midX))
            if previous == "superlayer" {
                item.addConstraint(CAConstraint(attribute: .minY, relativeTo: previous, attribute: .minY))
            } else {
                item.addConstraint(CAConstraint(attribute: .minY, relativeTo: previous, attribute: .maxY, offset: Self.spacing))
            }
            previous = item.name!
            menuLayer.addSublayer(item)
            items.append(item)
        }

        // The selection: a rounded outline whose bloom pulses forever.
        selectionLayer.name = "selection"
        selectionLayer.bounds = CGRect(x: 0, y: 0, width: 400, height: Self.itemHeight)
        selectionLayer.borderWidth = 2
        selectionLayer.borderColor = CGColor(gray: 1, alpha: 1)
        selectionLayer.cornerRadius = 25
        let bloom = CIFilter(name: "CIBloom")!
        bloom.setDefaults()
        bloom.setValue(5.0, forKey: "inputRadius")
        bloom.name = "pulseFilter"
        selectionLayer.filters = [bloom]
        let pulse = CABasicAnimation(keyPath: "filters.pulseFilter.inputIntensity")
        pulse.fromValue = 0.0
        pulse.toValue = 1.5
        pulse.duration = 1.0
        pulse.repeatCount = .greatestFiniteMagnitude
        pulse.autoreverses = true
        pulse.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        selectionLayer.add(pulse, forKey: "pulseAnimation")
        menuLayer.addSublayer(selectionLayer)

        // Place the items now, so the selection can start on the first one.
        rootLayer.layoutIfNeeded()
        selectionLayer.position = items[0].position
    }

    /// Moves the selection. Setting `position` on a layer that is on screen
    /// runs Core Animation's implicit 0.25 s animation to the new place.
    func select(_ index: Int) {
        selectedIndex = min(max(index, 0), items.count - 1)  // clamped: no wrap-around
        selectionLayer.position = items[selectedIndex].position
    }

    override func moveUp(_ sender: Any?) { select(selectedIndex - 1) }
    override func moveDown(_ sender: Any?) { select(selectedIndex + 1) }

    /// Return: the chosen item swells and glows for a moment (an explicit
    /// animation; the model values never change).
    override func insertNewline(_ sender: Any?) {
        let swell = CABasicAnimation(keyPath: "transform.scale")
        swell.fromValue = 1.0
        swell.toValue = 1.25
        swell.duration = 0.15
        swell.autoreverses = true
        items[selectedIndex].add(swell, forKey: "activate")
        let flash = CABasicAnimation(keyPath: "foregroundColor")
        flash.toValue = CGColor(red: 1, green: 0.85, blue: 0.3, alpha: 1)
        flash.duration = 0.15
        flash.autoreverses = true
        items[selectedIndex].add(flash, forKey: "flash")
    }

    // Escape: DemoResponder leaves the run loop; the program then exits normally.

    // The pointer, handled in KioskMenu+Pointer.swift (Swift overrides must
    // be in the class body). Presses, moves and crossings all come here: no
    // layer of the menu has a responder of its own.
    override func mouseDown(with event: LaminaMouseEvent) { pressed(event) }
    override func mouseMoved(with event: LaminaMouseEvent) { hover(hoverTarget(at: event.locationInWindow)) }
    override func mouseDragged(with event: LaminaMouseEvent) { hover(hoverTarget(at: event.locationInWindow)) }
    override func mouseEntered(with event: LaminaMouseEvent) { hover(hoverTarget(at: event.locationInWindow)) }
    override func mouseExited(with event: LaminaMouseEvent) { hover(nil) }
}

/// The animated background: large translucent discs drifting back and forth,
/// made only of layers (the guide used a Quartz Composer composition).
func addAnimatedBackground(to root: CALayer, size: CGSize) {
    let colors = [
        CGColor(red: 0.15, green: 0.25, blue: 0.60, alpha: 0.55),
        CGColor(red: 0.45, green: 0.15, blue: 0.50, alpha: 0.45),
        CGColor(red: 0.10, green: 0.45, blue: 0.45, alpha: 0.45),
    ]
    let background = CALayer()
    background.frame = CGRect(origin: .zero, size: size)
    background.autoresizingMask = [.layerWidthSizable, .layerHeightSizable]
    for (index, color) in colors.enumerated() {
        let disc = CALayer()
        let diameter = size.height * 0.9
        disc.bounds = CGRect(x: 0, y: 0, width: diameter, height: diameter)
        disc.cornerRadius = diameter / 2
        disc.backgroundColor = color
        disc.position = CGPoint(x: size.width * CGFloat(index + 1) / 4, y: size.height / 2)
        let drift = CABasicAnimation(keyPath: "position.x")
        drift.byValue = size.width / 5 * (index % 2 == 0 ? 1 : -1)
        drift.duration = 6 + Double(index) * 2
        drift.autoreverses = true
        drift.repeatCount = .greatestFiniteMagnitude
        drift.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        disc.add(drift, forKey: "drift")
        background.addSublayer(disc)
    }
    root.insertSublayer(background, at: 0)
}

// Top-level code runs on the main thread, which is the thread LaminaHost
// delivers events on.
let options = KioskMenuOptions.parseOrExit()

// Opening the window fails with a one-line reason when there is no display
// (DISPLAY unset, or no X server there); DemoWindow says it and exits 1.
// "kiosk-": the peer harness (shared/peers/bench.py) finds windows by it.
let window = DemoWindow.open(title: "kiosk-menu (Lamina)", options: options.demo, name: "kiosk-menu")
if options.background == .animated {
    addAnimatedBackground(to: window.rootLayer, size: window.contentSize)
}
let menu = KioskMenu(rootLayer: window.rootLayer)
menu.window = window
// Moves without a button held, for the hover highlight (off by default, as in AppKit).
window.acceptsMouseMovedEvents = true

// Keys go to the menu; what it does not handle goes on to the window.
// Runs until Escape, or the window manager's close button, then prints the
// frame summary.
DemoWindow.run(window, responder: menu, options: options.demo)
