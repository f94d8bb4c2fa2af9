// cover-flow: a row of album covers in perspective, Apple's classic Cover
// Flow made of plain Core Animation layers.
//
// The covers stand on a stage whose `sublayerTransform.m34` gives the
// perspective; the focused cover faces the viewer, the others are turned
// about their vertical axis and stacked by `zPosition`. Left and Right move
// the focus (implicit animations of `position`, `zPosition` and
// `transform`), Escape quits. The covers are PNGs in assets/covers, made by
// scripts/make-covers.py (see assets/covers/README.md).
//
//   swift run cover-flow --help      (needs an X display; see scripts/run-demo.sh)
import ArgumentParser
import Foundation
import LaminaHost
import QuartzCore

/// The command line.
struct CoverFlowOptions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cover-flow",
        abstract: "Album covers in perspective: Left and Right move the focus, Escape quits.")

    /// Where the covers are when not told: assets/covers in this source tree.
    static let defaultCovers = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("assets/covers").path

    @Option(help: "Window width in pixels.")
    var width = 1280
    @Option(help: "Window height in pixels.")
    var height = 720
    @Flag(help: "Cover the whole screen (and hide the pointer).")
    var fullscreen = false
    @Flag(help: "Start with the profiler overlay shown (F1 toggles it; F2 flashes repaints; F3 prints the layer tree).")
    var profiler = false
    @Option(help: "Write a Chrome/Perfetto trace (Trace Event Format) to this file at exit.")
    var trace: String?
    @Flag(help: "Print 'FRAMES <cumulative frames> T <unix time in ms>' about once a second.")
    var frameCounter = false
    @Option(help: "The directory holding cover-0.png ... cover-8.png.")
    var covers = CoverFlowOptions.defaultCovers
    @Option(help: "How many covers to show (1...9).")
    var count = 9

    func validate() throws {
        guard width > 0, height > 0 else { throw ValidationError("--width and --height must be positive") }
        guard (1...9).contains(count) else { throw ValidationError("--count must be between 1 and 9") }
    }
}

// Top-level code runs on the main thread, which is the thread LaminaHost
// delivers events on.
let options = CoverFlowOptions.parseOrExit()
if let trace = options.trace {
    // The trace recorder reads its file from the environment (docs/debugging.md).
    setenv("LAMINA_TRACE", trace, 1)
}

let window: LaminaWindow
do {
    window = try LaminaWindow(
        title: "Lamina cover flow",
        contentSize: CGSize(width: options.width, height: options.height),
        options: options.fullscreen ? [.fullscreen, .hidesCursor] : [])
} catch {
    FileHandle.standardError.write(Data("cover-flow: \(error)\n".utf8))
    exit(1)
}

window.rootLayer.backgroundColor = CGColor(gray: 0, alpha: 1)
let images = loadCovers(from: URL(fileURLWithPath: options.covers), count: options.count)
let flow = CoverFlow(rootLayer: window.rootLayer, images: images)

// Keys go to the cover flow; what it does not handle goes on to the window.
flow.nextResponder = window
window.makeFirstResponder(flow)
window.makeKeyAndOrderFront(nil)
window.showsProfiler = options.profiler || window.showsProfiler

if options.frameCounter {
    _ = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in
        MainActor.assumeIsolated {
            let line = "FRAMES \(window.framesRendered) T \(Int(Date().timeIntervalSince1970 * 1000))\n"
            FileHandle.standardOutput.write(Data(line.utf8))
        }
    }
}

// Until Escape, or the window manager's close button.
LaminaApplication.shared.run()
print(window.frameSummary)
window.close()
