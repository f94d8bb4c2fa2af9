// kiosk-menu: the smallest complete Lamina program, and its front door.
//
// A black screen with five menu items and a rounded selection frame.
// Up and Down move the frame (an implicit animation, as on macOS), Return
// flashes the chosen item, Escape quits. Run it with scripts/run-demo.sh,
// or `swift run -c release kiosk-menu --help` on a machine with a display.
//
// Everything here is Apple's QuartzCore API, except the window, the run
// loop and the responder, which come from LaminaHost and are shaped after
// AppKit's NSWindow, NSApplication and NSResponder.
import ArgumentParser
import Foundation
import LaminaHost
import QuartzCore

/// The command line. swift-argument-parser gives `--help` for free.
struct KioskMenu: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kiosk-menu",
        abstract: "A five-item menu driven by the arrow keys, Return and Escape.")

    @Option(help: "Window width in pixels.")
    var width = 1280
    @Option(help: "Window height in pixels.")
    var height = 720
    @Flag(help: "Cover the whole screen (and hide the pointer).")
    var fullscreen = false
}

/// The menu: builds the layers and turns key commands into layer changes.
///
/// A `LaminaResponder` gets `moveUp(_:)`, `moveDown(_:)`, `insertNewline(_:)`
/// and `cancelOperation(_:)` from the default `keyDown(with:)`, as an
/// `NSResponder` does from AppKit's key bindings. Handlers run on the main
/// thread; the layer changes they make commit when the handler returns.
final class Menu: LaminaResponder {
    static let itemSize = CGSize(width: 380, height: 40)
    static let spacing: CGFloat = 70
    static let colors: [CGColor] = [
        CGColor(red: 0.90, green: 0.30, blue: 0.25, alpha: 1),
        CGColor(red: 0.95, green: 0.65, blue: 0.20, alpha: 1),
        CGColor(red: 0.30, green: 0.75, blue: 0.40, alpha: 1),
        CGColor(red: 0.25, green: 0.55, blue: 0.90, alpha: 1),
        CGColor(red: 0.60, green: 0.40, blue: 0.85, alpha: 1),
    ]

    /// Holds the items and the selection; stays centred in the window.
    let container = CALayer()
    let items: [CALayer]
    /// The frame around the chosen item.
    let selection = CALayer()
    private(set) var selectedIndex = 0

    override init() {
        items = Self.colors.map { color in
            let item = CALayer()
            item.bounds = CGRect(origin: .zero, size: Self.itemSize)
            item.backgroundColor = color
            item.cornerRadius = 8
            return item
        }
        super.init()
        let height = Self.spacing * CGFloat(items.count - 1) + 50
        container.bounds = CGRect(x: 0, y: 0, width: 400, height: height)
        // Flexible margins on every side keep it centred when the window resizes.
        container.autoresizingMask = [.layerMinXMargin, .layerMaxXMargin, .layerMinYMargin, .layerMaxYMargin]
        for (index, item) in items.enumerated() {
            item.position = center(ofItem: index)
            container.addSublayer(item)
        }
        selection.bounds = CGRect(x: 0, y: 0, width: 400, height: 50)
        selection.cornerRadius = 25
        selection.borderWidth = 2
        selection.borderColor = CGColor(gray: 1, alpha: 1)
        selection.position = center(ofItem: 0)
        container.addSublayer(selection)
    }

    /// Where item `index` sits in the container.
    func center(ofItem index: Int) -> CGPoint {
        CGPoint(x: 200, y: 25 + Self.spacing * CGFloat(index))
    }

    /// Moves the frame. Setting `position` on a layer that is on screen
    /// runs Core Animation's implicit 0.25 s animation to the new place.
    func select(_ index: Int) {
        selectedIndex = min(max(index, 0), items.count - 1)  // clamped: no wrap-around
        selection.position = center(ofItem: selectedIndex)
    }

    override func moveUp(_ sender: Any?) { select(selectedIndex - 1) }
    override func moveDown(_ sender: Any?) { select(selectedIndex + 1) }

    /// Return: flash the chosen item white and back (an explicit animation
    /// of `backgroundColor`; the model value never changes).
    override func insertNewline(_ sender: Any?) {
        let flash = CABasicAnimation(keyPath: "backgroundColor")
        flash.fromValue = CGColor(gray: 1, alpha: 1)
        flash.duration = 0.3
        items[selectedIndex].add(flash, forKey: "flash")
    }

    /// Escape: leave the run loop; the program then exits normally.
    override func cancelOperation(_ sender: Any?) {
        LaminaApplication.shared.stop(nil)
    }
}

// Top-level code runs on the main thread, which is the thread LaminaHost
// delivers events on.
let options = KioskMenu.parseOrExit()

// Opening the window fails with a one-line reason when there is no display
// (DISPLAY unset, or no X server there); say it and exit 1.
let window: LaminaWindow
do {
    window = try LaminaWindow(
        title: "Lamina kiosk menu",
        contentSize: CGSize(width: options.width, height: options.height),
        options: options.fullscreen ? [.fullscreen, .hidesCursor] : [])
} catch {
    FileHandle.standardError.write(Data("kiosk-menu: \(error)\n".utf8))
    exit(1)
}

let menu = Menu()
// The root layer always covers the window; put the menu in its middle.
window.rootLayer.backgroundColor = CGColor(gray: 0, alpha: 1)
menu.container.position = CGPoint(x: window.contentSize.width / 2, y: window.contentSize.height / 2)
window.rootLayer.addSublayer(menu.container)

// Keys go to the menu; what it does not handle goes on to the window.
menu.nextResponder = window
window.makeFirstResponder(menu)
window.makeKeyAndOrderFront(nil)

// Until Escape, or the window manager's close button.
LaminaApplication.shared.run()
window.close()
