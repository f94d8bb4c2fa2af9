/// One event of a Chrome trace (the Trace Event Format that Perfetto and
/// chrome://tracing read). Times are nanoseconds since the recorder's
/// origin, kept as integers so a slice and the slices nested in it end at
/// exactly the same instant; they are written as microseconds.
struct TraceEvent: Sendable {
    enum Phase: String, Sendable {
        /// A slice with a duration (`ph: "X"`).
        case complete = "X"
        /// A point in time on one thread (`ph: "i"`, `s: "t"`).
        case instant = "i"
        /// Where a flow arrow starts: binds to the slice enclosing it.
        case flowStart = "s"
        /// A step of a flow arrow, bound to the slice enclosing it.
        case flowStep = "t"
        /// Where a flow arrow ends, bound to the slice enclosing it (`bp: "e"`).
        case flowEnd = "f"
        /// Names a process or thread (`ph: "M"`).
        case metadata = "M"
    }

    var name: String
    var category: String
    var phase: Phase
    var timestamp: Int64
    /// Complete events only.
    var duration: Int64?
    var threadID: Int
    /// Flow events only: the arrow's id, the same on each of its events.
    var flowID: UInt64?
    var args: [String: TraceArgument] = [:]
}

/// A value in an event's `args`.
package enum TraceArgument: Sendable, Equatable {
    case int(Int)
    case double(Double)
    case string(String)
    case ints([Int])
}

extension TraceArgument: ExpressibleByIntegerLiteral, ExpressibleByStringLiteral, ExpressibleByFloatLiteral {
    package init(integerLiteral value: Int) { self = .int(value) }
    package init(stringLiteral value: String) { self = .string(value) }
    package init(floatLiteral value: Double) { self = .double(value) }
}
