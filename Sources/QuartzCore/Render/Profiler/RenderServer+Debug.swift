/// The render server's debug controls, for the host's function keys (F1
/// profiler panel, F2 repaint flashes, F3 render-tree dump) and for a demo's
/// exit summary. Callable from any thread; see `docs/debugging.md`.
extension RenderServer {
    /// Shows or hides the profiler panel, drawn over the top-right corner of
    /// every frame. It starts as `LAMINA_PROFILER` says.
    package func setOverlay(_ shown: Bool) {
        debugToggles.withLock { $0.showsProfiler = shown }
        post(.showProfiler(shown))
    }

    /// Whether the profiler panel is shown (or asked to be).
    package var isOverlayShown: Bool { debugToggles.withLock { $0.showsProfiler } }

    /// Turns repaint flashing on or off: each repainted region is tinted,
    /// the tint fading over half a second. It starts as
    /// `LAMINA_FLASH_REPAINTS` says.
    package func setFlashRepaints(_ on: Bool) {
        debugToggles.withLock { $0.flashesRepaints = on }
        post(.flashRepaints(on))
    }

    /// Whether repaint flashing is on (or asked to be).
    package var isFlashingRepaints: Bool { debugToggles.withLock { $0.flashesRepaints } }

    /// The render tree as the render thread has it now: one line per layer
    /// (id, class, name, frame, opacity, flags) and per animation (key path,
    /// kind, progress). Waits for the render thread, at most `timeout`
    /// seconds; says so if it did not answer (stopped, or stuck in a frame).
    package func dumpRenderTree(timeout: TimeInterval = 1) -> String {
        let answer = RenderThreadAnswer<String>()
        post(.dumpRenderTree(answer))
        return answer.wait(timeout: timeout) ?? "render tree: the render thread did not answer within \(timeout) s"
    }

    /// Highlights the layer with id `layerID` (`CALayer.layerID`) over
    /// every frame, its presented bounds outlined and labelled, or none
    /// (`lamina-inspect select`).
    package func setHighlightedLayer(_ layerID: UInt64?) {
        post(.highlight(layerID))
    }

    /// Turns the overdraw view on or off (F4, `lamina-inspect overdraw`):
    /// every pixel tinted by how many layer drawings cover it.
    package func setOverdraw(_ on: Bool) {
        debugToggles.withLock { $0.showsOverdraw = on }
        post(.showOverdraw(on))
    }

    /// Whether the overdraw view is on (or asked to be).
    package var isShowingOverdraw: Bool { debugToggles.withLock { $0.showsOverdraw } }

    /// What each layer cost to composite over the last `seconds`, costliest
    /// first (`lamina-inspect hot`). Recording starts with the first such
    /// request and goes on while they keep coming, so when it started less
    /// than `seconds` ago this waits for the rest before answering.
    package func layerCostReport(over seconds: Double, timeout: TimeInterval = 2) -> String {
        let started = RenderThreadAnswer<Double>()
        post(.recordLayerCosts(started))
        guard let since = started.wait(timeout: timeout) else {
            return "hot: the render thread did not answer within \(timeout) s"
        }
        let missing = since + seconds - MediaClock.displayNow()
        if missing > 0 { Thread.sleep(forTimeInterval: missing) }
        let report = RenderThreadAnswer<String>()
        post(.reportLayerCosts(seconds: seconds, report))
        return report.wait(timeout: timeout) ?? "hot: the render thread did not answer within \(timeout) s"
    }

    /// The frames drawn so far, summed up.
    package var frameSummary: FrameSummary { summary.withLock { $0 } }

    /// The lines a demo prints at exit: frames, achieved rate, frame work
    /// and interval percentiles, dropped frames.
    package func exitSummary() -> String { frameSummary.report }
}
