import CX11

/// The screen's refresh rate as RandR reports it (`XRRConfigCurrentRate`).
enum XRandRRate {
    /// Hertz, or nil when RandR is missing or reports no rate (Xvfb says 0).
    static func currentRate(on display: XDisplay) -> Double? {
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        guard XRRQueryExtension(display.raw, &eventBase, &errorBase) != 0,
              let configuration = XRRGetScreenInfo(display.raw, display.rootWindow) else { return nil }
        defer { XRRFreeScreenConfigInfo(configuration) }
        let rate = Double(XRRConfigCurrentRate(configuration))
        return rate > 0 ? rate : nil
    }
}
