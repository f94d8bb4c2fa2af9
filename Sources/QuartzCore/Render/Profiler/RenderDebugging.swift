/// The render loop's debug pass: keeps the frame history and, when asked,
/// draws the profiler panel and repaint flashes as a final pass over each
/// finished frame, after compositing and before presenting.
///
/// The overlays never enter the compositor's damage: `restoreScene(in:)`
/// puts the scene back under last frame's overlays before compositing (see
/// `SceneBackdrop`), and `drawOverlays` returns the extra pixels to present
/// (where overlays were and are), so the screen is right while the app's
/// damage and compositing cost stay what they would be without them.
/// Confined to the render thread.
final class RenderDebugging {
    /// Draw the profiler panel (F1).
    var showsProfiler = false {
        didSet { if showsProfiler { panel.refreshText() } }
    }
    /// Tint repainted regions (F2).
    var flashesRepaints = false {
        didSet { if !flashesRepaints { flasher.removeAll() } }
    }
    /// The last few seconds of frames.
    private(set) var history = FrameHistory()
    private var flasher = RepaintFlasher()
    private let panel = ProfilerPanel()
    private let backdrop = SceneBackdrop()
    /// Where the scene was put back this frame: presented with the frame.
    private var restored: [PixelRect] = []

    init(settings: DebugSettings = DebugSettings()) {
        showsProfiler = settings.showsProfiler
        flashesRepaints = settings.flashesRepaints
    }

    /// Before compositing: the scene back where last frame drew overlays.
    func restoreScene(in target: RasterBuffer) {
        restored = backdrop.restore(into: target)
    }

    /// After compositing: draws the overlays over the finished frame and
    /// returns the target pixels to present besides the frame's damage.
    /// `damage` is what the compositor repainted; the panel shows the frames
    /// recorded so far (this one is recorded once presented).
    func drawOverlays(over target: RasterBuffer, damage: [PixelRect], frameTime: CFTimeInterval,
                      displayInterval: CFTimeInterval) -> [PixelRect] {
        if flashesRepaints { flasher.update(repainted: damage, at: frameTime) }
        var covered = flasher.flashes.map(\.rect)
        let panelFrame = showsProfiler ? ProfilerPanel.frame(inTargetWidth: target.width, height: target.height) : nil
        if let panelFrame { covered.append(panelFrame) }
        backdrop.save(covered, from: target)
        flasher.draw(into: target, at: frameTime)
        if let frame = panelFrame {
            panel.draw(ProfilerReadout(history: history, displayInterval: displayInterval), into: target, frame: frame,
                       frameTime: frameTime)
        }
        defer { restored.removeAll() }
        return restored + covered
    }

    /// Records a finished frame.
    func record(_ frame: FrameStatistics) { history.record(frame) }

    /// When the debug pass needs a frame even if the scene does not: now
    /// while repaint flashes fade. `sceneTime` is the scene's own answer,
    /// and the earlier of the two is returned.
    func nextFrameTime(after now: CFTimeInterval, sceneTime: CFTimeInterval?) -> CFTimeInterval? {
        guard let fading = flasher.nextFrameTime(after: now) else { return sceneTime }
        return min(sceneTime ?? fading, fading)
    }
}
