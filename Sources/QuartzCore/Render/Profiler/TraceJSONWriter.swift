/// Writes trace events as the JSON object form of the Trace Event Format:
/// `{"traceEvents": [...], "displayTimeUnit": "ms", "otherData": {...}}`.
/// Hand-written rather than through `JSONEncoder` so that times come out
/// as exact decimal microseconds and a long trace is written quickly.
enum TraceJSONWriter {
    static func document(_ events: [TraceEvent], processID: Int, droppedEvents: Int) -> String {
        var out = "{\"traceEvents\":[\n"
        for (index, event) in events.enumerated() {
            if index > 0 { out += ",\n" }
            append(event, processID: processID, to: &out)
        }
        out += "\n],\"displayTimeUnit\":\"ms\",\"otherData\":{\"producer\":\"Lamina\",\"droppedEvents\":\(droppedEvents)}}\n"
        return out
    }

    static func append(_ event: TraceEvent, processID: Int, to out: inout String) {
        out += "{\"name\":"
        appendString(event.name, to: &out)
        out += ",\"cat\":"
        appendString(event.category, to: &out)
        out += ",\"ph\":\"\(event.phase.rawValue)\",\"ts\":\(microseconds(event.timestamp))"
        out += ",\"pid\":\(processID),\"tid\":\(event.threadID)"
        if let duration = event.duration { out += ",\"dur\":\(microseconds(duration))" }
        if let id = event.flowID { out += ",\"id\":\(id)" }
        switch event.phase {
        case .flowStep, .flowEnd: out += ",\"bp\":\"e\""
        case .instant: out += ",\"s\":\"t\""
        default: break
        }
        if !event.args.isEmpty {
            out += ",\"args\":{"
            for (index, key) in event.args.keys.sorted().enumerated() {
                if index > 0 { out += "," }
                appendString(key, to: &out)
                out += ":"
                appendValue(event.args[key]!, to: &out)
            }
            out += "}"
        }
        out += "}"
    }

    /// Nanoseconds as microseconds with three decimals: "1234.567".
    static func microseconds(_ nanoseconds: Int64) -> String {
        let sign = nanoseconds < 0 ? "-" : ""
        let magnitude = nanoseconds.magnitude
        let fraction = String(magnitude % 1000)
        return sign + String(magnitude / 1000) + "." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    static func appendValue(_ value: TraceArgument, to out: inout String) {
        switch value {
        case .int(let number): out += String(number)
        case .double(let number): out += number.isFinite ? "\(number)" : "null"
        case .string(let text): appendString(text, to: &out)
        case .ints(let numbers): out += "[" + numbers.map(String.init).joined(separator: ",") + "]"
        }
    }

    /// `text` as a JSON string literal.
    static func appendString(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
