import Synchronization

/// A frame a host's render thread presented, as the main thread hears of
/// it: the media time it shows, and the channel of the host that showed it.
package struct PresentedFrame: Sendable {
    /// The media time the frame shows.
    package let frameTime: CFTimeInterval
    /// The host's channel: the frame delivers only the animation events of
    /// trees that host shows.
    package let channel: PresentedFrameChannel
}

/// How one host's render thread tells the main thread about the frames it
/// presents, so that delegates hear of an animation's start and end when a
/// frame shows it (`AnimationLifecycle`), and only then.
///
/// One per host that reports frames (a `RenderServer`), so two windows
/// never share it. The main thread's lifecycle publishes, after each
/// delivery and before each commit is sent, the earliest media time at
/// which a frame of this host can deliver something; the render thread
/// reports a frame only from then on (`reportIfWanted(frameTime:)`), so a
/// glow pulsing forever does not wake the main thread every frame.
package final class PresentedFrameChannel: Sendable {
    /// The earliest media time a presented frame can deliver an event at,
    /// as a `Double`'s bits; +infinity when none can.
    private let earliestEvent = Atomic<UInt64>(Double.infinity.bitPattern)

    package init() {}

    /// Sets the earliest media time a frame can deliver an event at (main
    /// thread: `AnimationLifecycle.publishFrameEventTimes()`).
    func publishEarliestEvent(at time: CFTimeInterval) {
        earliestEvent.store(time.bitPattern, ordering: .sequentiallyConsistent)
    }

    /// Whether a frame showing media time `frameTime` can deliver an event.
    package func wantsReport(at frameTime: CFTimeInterval) -> Bool {
        frameTime >= Double(bitPattern: earliestEvent.load(ordering: .sequentiallyConsistent))
    }

    /// Called on the render thread after presenting the frame for
    /// `frameTime`: hands a `PresentedFrame` to the main thread's lifecycle
    /// when that frame can deliver something.
    package func reportIfWanted(frameTime: CFTimeInterval) {
        guard wantsReport(at: frameTime) else { return }
        let frame = PresentedFrame(frameTime: frameTime, channel: self)
        DispatchQueue.main.async { CATransaction.current.lifecycle.framePresented(frame) }
    }
}
