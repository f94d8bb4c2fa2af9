import QuartzCore

/// The render server's debugging tools, for a window (docs/debugging.md).
/// The keys F1 to F4 toggle them while the window has the focus.
extension LaminaWindow {
    /// The profiler overlay: frame rate, frame-time graph and percentiles,
    /// phases, repainted share, layers and animations, drawn by the render
    /// server over each frame (F1; also `LAMINA_PROFILER=1`).
    public var showsProfiler: Bool {
        get { renderServer.isOverlayShown }
        set { renderServer.setOverlay(newValue) }
    }

    /// Repainted regions flash and fade (F2; also `LAMINA_FLASH_REPAINTS=1`).
    public var flashesRepaints: Bool {
        get { renderServer.isFlashingRepaints }
        set { renderServer.setFlashRepaints(newValue) }
    }

    /// The overdraw view: every pixel tinted by how many layer drawings
    /// cover it, once blue, twice green, three times pink, more red (F4;
    /// also `lamina-inspect overdraw on`).
    public var showsOverdraw: Bool {
        get { renderServer.isShowingOverdraw }
        set { renderServer.setOverdraw(newValue) }
    }

    /// The render server's live layer tree as text (F3 prints it).
    public func renderTreeDescription() -> String { renderServer.dumpRenderTree() }

    /// Frames rendered so far.
    public var framesRendered: Int { renderServer.frameSummary.frames }

    /// Frames, achieved rate, frame-time percentiles and dropped frames so far.
    public var frameSummary: String { renderServer.exitSummary() }

    /// Handles the debug keys; true when `event` was one.
    func handleDebugKey(_ event: LaminaKeyEvent) -> Bool {
        guard event.type == .keyDown, !event.isARepeat else {
            return [Self.f1, Self.f2, Self.f3, Self.f4].contains(event.keysym)
        }
        switch event.keysym {
        case Self.f1: showsProfiler.toggle()
        case Self.f2: flashesRepaints.toggle()
        case Self.f3: print(renderTreeDescription())
        case Self.f4: showsOverdraw.toggle()
        default: return false
        }
        return true
    }

    private static let f1: UInt32 = 0xFFBE, f2: UInt32 = 0xFFBF, f3: UInt32 = 0xFFC0, f4: UInt32 = 0xFFC1
}
