/// Converts the X server's event times (milliseconds, wrapping every 49
/// days, on the server's clock) to this process's monotonic clock, the
/// display's (which `MediaTimeScale` turns into media time), so that an
/// event's timestamp compares with animation and display-link times.
///
/// The offset between the clocks is the smallest (arrival - server time)
/// seen: the event that arrived soonest after it happened. It is measured
/// afresh every `window` seconds, so clocks that drift apart (a remote
/// server) do not leave it stale, and at once when the server's clock
/// jumps (its wrap).
struct ServerTimeMapping {
    private var offset: Double?
    private var measuredAt = 0.0
    /// Seconds an offset is trusted before the next arrival replaces it.
    let window: Double

    init(window: Double = 10) { self.window = window }

    /// The local time of an event the server stamped `serverTime`, which
    /// arrived at `arrival` (local time).
    mutating func localTime(serverTime: UInt, arrival: Double) -> Double {
        let server = Double(serverTime) / 1000
        let candidate = arrival - server
        // An arrival more than a second behind the offset is a clock that
        // jumped (the server's wrapped, or restarted), not a late event.
        if let current = offset, candidate >= current, candidate - current < 1, arrival - measuredAt < window {
            // Never later than its arrival: a server clock running ahead
            // cannot put an event in the future.
            return min(server + current, arrival)
        }
        offset = candidate
        measuredAt = arrival
        return arrival
    }
}
