import QuartzCore

extension LaminaWindow {
    /// What a window starts with beyond its size and look: the debugging
    /// tools it offers and how it presents frames (docs/debugging.md).
    /// A program passes them to `LaminaWindow.init`; `environment`, the
    /// default, is what the `LAMINA_*` variables ask for.
    public struct Settings: Sendable, Equatable {
        /// The profiler panel starts shown (F1 toggles it; `LAMINA_PROFILER`).
        public var showsProfiler = false
        /// Repainted regions flash as they are drawn (F2 toggles it; `LAMINA_FLASH_REPAINTS`).
        public var flashesRepaints = false
        /// Where a Chrome trace of the run is written when the process
        /// exits normally (`LAMINA_TRACE`); nil for none.
        public var traceFile: String?
        /// The window offers its live layer tree to `lamina-inspect` on an
        /// owner-only Unix socket (`LAMINA_INSPECTOR`).
        public var offersInspector = false
        /// Frames are presented through MIT-SHM when the X server has it;
        /// false presents with `XPutImage` (`LAMINA_NO_SHM=1`), to compare
        /// the paths or to rule shared memory out.
        public var usesSharedMemory = true
        /// Animations run this many times slower (`LAMINA_SLOW_ANIMATIONS`;
        /// 1, real time, by default): the process's media clock is slowed
        /// when the window opens, as `lamina-inspect slow` does later.
        public var animationSlowdown: Double = 1

        /// Everything off, shared memory used.
        public init() {}

        /// What this process's `LAMINA_*` variables ask for.
        public static var environment: Settings { Settings(environment: .process) }

        /// What `environment`'s `LAMINA_*` variables ask for.
        package init(environment: LaminaEnvironment) {
            let debug = DebugSettings(environment: environment)
            showsProfiler = debug.showsProfiler
            flashesRepaints = debug.flashesRepaints
            traceFile = environment.path(.trace)
            offersInspector = environment.flag(.inspector)
            usesSharedMemory = !environment.flag(.noSharedMemory)
            animationSlowdown = environment.factor(.slowAnimations)
        }

        /// The render server's overlays, as they start.
        var debugOverlays: DebugSettings {
            DebugSettings(showsProfiler: showsProfiler, flashesRepaints: flashesRepaints)
        }
    }
}
