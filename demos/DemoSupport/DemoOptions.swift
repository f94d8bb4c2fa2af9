// The command-line options every demo shares.
import ArgumentParser

/// The options common to every demo: window size, full screen, and the
/// debugging switches (profiler overlay, trace file, live inspector, frame
/// counter).
///
/// A demo's command includes them with `@OptionGroup`:
///
/// ```swift
/// struct ClockCommand: ParsableCommand {
///     static let configuration = CommandConfiguration(commandName: "clock", abstract: "...")
///     @OptionGroup var demo: DemoOptions
/// }
/// ```
public struct DemoOptions: ParsableArguments, Sendable {
    @Option(help: "Window width in pixels.")
    public var width = 1280
    @Option(help: "Window height in pixels.")
    public var height = 720
    @Flag(help: "Cover the whole screen (and hide the pointer).")
    public var fullscreen = false
    @Flag(help: "Start with the profiler overlay shown (F1 toggles it; F2 flashes repaints; F3 prints the layer tree; F4 shows overdraw).")
    public var profiler = false
    @Option(help: "Write a Chrome/Perfetto trace (Trace Event Format) to this file at exit.")
    public var trace: String?
    @Flag(help: "Offer the live layer-tree inspector to lamina-inspect (LaminaWindow.Settings.offersInspector).")
    public var inspector = false
    @Flag(help: "Print 'FRAMES <cumulative frames> T <unix time in ms>' about once a second.")
    public var frameCounter = false

    /// The defaults: 1280x720 in a window, no debugging switch on.
    public init() {}
}
