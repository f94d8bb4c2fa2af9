extension MediaTiming {
    /// `AnimationSnapshot.isRunning(atLayerTime:)` on the timing alone, so
    /// that a loop over a layer's animations reads each one's timing in
    /// place instead of copying the whole snapshot out of the array.
    func isRunning(atLayerTime layerTime: CFTimeInterval) -> Bool {
        layerTime >= effectiveBeginTime && layerTime < endTime()
    }
}
