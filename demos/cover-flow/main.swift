// cover-flow: a row of album covers in perspective, Apple's classic Cover
// Flow made of plain Core Animation layers.
//
// The covers stand on a stage whose `sublayerTransform.m34` gives the
// perspective; the focused cover faces the viewer, the others are turned
// about their vertical axis and stacked by `zPosition`. Left and Right move
// the focus (implicit animations of `position`, `zPosition` and
// `transform`), Escape quits. Dragging (the mouse, or a finger on a
// touchscreen) moves the row with the finger; letting go carries the flick
// on and settles on the nearest cover with a CASpringAnimation; a click on a
// side cover brings it to the middle. The covers are PNGs in assets/covers, made by
// scripts/make-covers.py (see assets/covers/README.md).
//
//   swift run cover-flow --help      (needs an X display; see scripts/run-demo.sh)
import ArgumentParser
import DemoSupport
import Foundation
import LaminaHost
import QuartzCore

/// The command line: the demos' shared options, and where the covers are.
struct CoverFlowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cover-flow",
        abstract: "Album covers in perspective: Left and Right (or a drag, a flick, a click) move the focus, Escape quits.")

    /// Where the covers are when not told: assets/covers in this source tree.
    static let defaultCovers = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("assets/covers").path

    @OptionGroup var demo: DemoOptions
    @Option(help: "The directory holding cover-0.png ... cover-8.png.")
    var covers = CoverFlowCommand.defaultCovers
    @Option(help: "How many covers to show (1...9).")
    var count = 9

    func validate() throws {
        guard demo.width > 0, demo.height > 0 else { throw ValidationError("--width and --height must be positive") }
        guard (1...9).contains(count) else { throw ValidationError("--count must be between 1 and 9") }
    }
}

// Top-level code runs on the main thread, which is the thread LaminaHost
// delivers events on.
let options = CoverFlowCommand.parseOrExit()
let window = DemoWindow.open(title: "Lamina cover flow", options: options.demo)
let images = loadCovers(from: URL(fileURLWithPath: options.covers), count: options.count)
let flow = CoverFlow(rootLayer: window.rootLayer, images: images)
flow.window = window  // presses are hit-tested where the covers are drawn
DemoWindow.run(window, responder: flow, options: options.demo)
