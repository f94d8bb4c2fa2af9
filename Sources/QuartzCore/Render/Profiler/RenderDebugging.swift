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
    /// Tint pixels by how many layer drawings cover them (F4).
    var showsOverdraw = false
    /// The layer `lamina-inspect select` outlines.
    let highlighter = LayerHighlighter()
    private let overdraw = OverdrawView()
    /// Per-layer costs while `lamina-inspect hot` asks for them.
    private(set) var layerCosts: LayerCostRecorder?
    /// Seconds layer costs keep being recorded after the last request.
    static let layerCostsKeptFor = 60.0
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
        showsOverdraw = settings.showsOverdraw
    }

    /// Starts (or goes on) recording layer costs; returns the display time
    /// recording started at.
    func recordLayerCosts(now: Double) -> Double {
        if let recorder = layerCosts, now <= recorder.until {
            recorder.extend(now: now, keepFor: Self.layerCostsKeptFor)
        } else {
            layerCosts = LayerCostRecorder(now: now, keepFor: Self.layerCostsKeptFor)
        }
        return layerCosts!.since
    }

    /// The recorded layer costs of the last `seconds`, as text.
    func layerCostReport(over seconds: Double, now: Double) -> String {
        layerCosts?.report(over: seconds, now: now) ?? "hot: not recording"
    }

    /// Before drawing a frame at display time `frameTime`: the recorder the
    /// compositor reports layer costs to, nil when none is wanted.
    func layerCostRecorder(forFrameAt frameTime: Double) -> LayerCostRecorder? {
        guard let recorder = layerCosts else { return nil }
        guard frameTime <= recorder.until else {
            layerCosts = nil
            return nil
        }
        recorder.beginFrame(at: frameTime)
        return recorder
    }

    /// Before compositing: the scene back where last frame drew overlays.
    func restoreScene(in target: RasterBuffer) {
        restored = backdrop.restore(into: target)
    }

    /// After compositing: draws the overlays over the finished frame and
    /// returns the target pixels to present besides the frame's damage.
    /// `damage` is what the compositor repainted; the panel shows the frames
    /// recorded so far (this one is recorded once presented).
    func drawOverlays(over target: RasterBuffer, frame: Compositor.Frame, compositor: Compositor,
                      frameTime: CFTimeInterval, displayInterval: CFTimeInterval) -> [PixelRect] {
        if flashesRepaints { flasher.update(repainted: frame.damage, at: frameTime) }
        var covered = flasher.flashes.map(\.rect)
        let panelFrame = showsProfiler ? ProfilerPanel.frame(inTargetWidth: target.width, height: target.height) : nil
        if let panelFrame { covered.append(panelFrame) }
        let whole = PixelRect(x: 0, y: 0, width: target.width, height: target.height)
        // The overdraw tint and the highlight change pixels anywhere: the
        // whole frame is saved under them (debug views, not for speed).
        let drawsOverAll = showsOverdraw || highlighter.layerID != nil
        backdrop.save(drawsOverAll ? [whole] : covered, from: target)
        if showsOverdraw { covered.append(overdraw.draw(frame, compositor: compositor, into: target)) }
        if let highlighted = highlighter.draw(frame, into: target) { covered.append(highlighted) }
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
