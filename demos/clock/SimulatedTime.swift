// The clock's own time: the wall clock, run faster or slower, and moved by
// hours on request.
import Foundation

/// A time of day that runs at `rate` times real time.
///
/// `seconds` counts from midnight of the day the demo started and is never
/// wrapped, so the hands' angles computed from it only ever grow while
/// time runs forward (an animation between two of them turns the short way
/// forward, never back round the dial).
struct SimulatedTime {
    /// Seconds since midnight (may pass 86,400 or go below 0).
    private(set) var seconds: Double
    /// How many simulated seconds pass in one real second.
    var rate: Double = 1
    private var lastUpdate = Date()

    /// Starts at `start` (seconds since midnight), or at the local time now.
    init(start: Double? = nil) {
        if let start {
            seconds = start
        } else {
            let now = Calendar.current.dateComponents([.hour, .minute, .second, .nanosecond], from: Date())
            let hour = Double(now.hour ?? 0), minute = Double(now.minute ?? 0)
            let second = Double(now.second ?? 0), fraction = Double(now.nanosecond ?? 0) / 1e9
            seconds = hour * 3600 + minute * 60 + second + fraction
        }
    }

    /// Moves on by the real time since the last call, times `rate`.
    mutating func advance() {
        let now = Date()
        seconds += now.timeIntervalSince(lastUpdate) * rate
        lastUpdate = now
    }

    /// Moves by `delta` simulated seconds at once (an hour: 3,600).
    mutating func jump(by delta: Double) { seconds += delta }

    /// The whole seconds the dial shows: the second hand ticks.
    var tick: Int { Int(seconds.rounded(.down)) }

    /// "10:09:30", for the label.
    var text: String {
        let day = ((tick % 86_400) + 86_400) % 86_400
        return String(format: "%02d:%02d:%02d", day / 3600, day / 60 % 60, day % 60)
    }
}
