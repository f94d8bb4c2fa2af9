/// The render server's debug overlays, as they start (the host's F1 and F2
/// toggle them later). A plain value, safe to pass between threads.
package struct DebugSettings: Sendable, Equatable {
    /// Draw the profiler panel over every frame.
    package var showsProfiler = false
    /// Tint each repainted region, fading over `RepaintFlasher.fadeDuration`.
    package var flashesRepaints = false
    /// Tint every pixel by the layer drawings that cover it (F4).
    package var showsOverdraw = false

    /// Everything off.
    package init() {}

    /// The overlays given.
    package init(showsProfiler: Bool, flashesRepaints: Bool) {
        self.showsProfiler = showsProfiler
        self.flashesRepaints = flashesRepaints
    }

    /// The overlays `environment` asks for (`LAMINA_PROFILER`, `LAMINA_FLASH_REPAINTS`).
    package init(environment: LaminaEnvironment) {
        showsProfiler = environment.flag(.profiler)
        flashesRepaints = environment.flag(.flashRepaints)
    }
}
