// hello-layer: the smallest Lamina program. One layer, one implicit
// animation, one commit — read it top to bottom.
//
//   swift run hello-layer        (needs an X display; scripts/run-demo.sh shows how to start Xvfb)
//
// Press any arrow key to send the square to a new place, or click where it
// should go; Escape quits.

// QuartzCore is Apple's Core Animation API. Importing it also brings
// Foundation, CoreGraphics (CGRect, CGColor, ...) and CoreImage.
import QuartzCore
// LaminaHost is Lamina's own: a window to show a layer tree in, and
// AppKit-style key handling.
import LaminaHost

// 1. A window. Its `rootLayer` is the root of the layer tree it shows; a
//    tree that is on screen is "visible", and only visible layers get
//    implicit animations, exactly as on Apple platforms.
let window: LaminaWindow
do {
    window = try LaminaWindow(title: "hello-layer", contentSize: CGSize(width: 640, height: 400))
} catch {
    print("hello-layer: \(error)")  // e.g. no DISPLAY
    exit(1)
}
window.rootLayer.backgroundColor = CGColor(gray: 0.1, alpha: 1)

// 2. One layer: a rounded orange square, 100 points wide, centred at (160, 200).
//    Layer coordinates start at the top left and grow downward.
let square = CALayer()
square.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
square.position = CGPoint(x: 160, y: 200)
square.cornerRadius = 20
square.backgroundColor = CGColor(red: 1, green: 0.55, blue: 0.1, alpha: 1)
window.rootLayer.addSublayer(square)

// 3. Keys and clicks arrive at a responder, on the main thread.
final class Mover: LaminaResponder {
    var right = true

    override func moveLeft(_ sender: Any?) { toggle() }
    override func moveRight(_ sender: Any?) { toggle() }
    override func moveUp(_ sender: Any?) { toggle() }
    override func moveDown(_ sender: Any?) { toggle() }

    func toggle() {
        right.toggle()
        // 4. The implicit animation: just set the property. Core Animation
        //    looks up the action for "position" (none is set, so it makes
        //    the default 0.25 s CABasicAnimation from where the square is
        //    shown now) and adds it to the layer.
        square.position.x = right ? 480 : 160
        // 5. The commit: nothing is sent yet. When this handler returns,
        //    the run loop's turn ends and the implicit CATransaction
        //    commits; the render thread gets the new position and the
        //    animation, and draws every frame of it on its own.
    }

    // 6. A click: the same implicit animation, to where the pointer is.
    //    Event locations are in the root layer's space (window pixels from
    //    the top left), the space `position` is in.
    override func mouseDown(with event: LaminaMouseEvent) {
        square.position = event.locationInWindow
    }

    override func cancelOperation(_ sender: Any?) { LaminaApplication.shared.stop(nil) }
}

let mover = Mover()
window.makeFirstResponder(mover)
window.makeKeyAndOrderFront(nil)
LaminaApplication.shared.run()
window.close()
