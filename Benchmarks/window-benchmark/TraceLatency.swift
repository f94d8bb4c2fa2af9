import Foundation

/// Latencies read from a Lamina trace (Trace Event Format JSON): for each
/// `press` instant ("xtest press"), the next `arrival` instant ("key
/// down"), the next commit
/// slice after it, and the end of the first "Frame" slice listing that
/// commit (the frame presented). Seconds.
struct TraceLatency {
    private(set) var fromPress: [Double] = []
    private(set) var fromArrival: [Double] = []
    private(set) var fromCommit: [Double] = []

    private struct Event {
        let name: String
        let start: Double
        let end: Double
        let args: [String: Any]
    }

    init(tracePath: String, press: String = "xtest press", arrival: String = "key down") throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: tracePath))
        let root = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let events = ((root?["traceEvents"] as? [[String: Any]]) ?? []).compactMap { raw -> Event? in
            guard let name = raw["name"] as? String, let ts = (raw["ts"] as? NSNumber)?.doubleValue else { return nil }
            let dur = (raw["dur"] as? NSNumber)?.doubleValue ?? 0
            return Event(name: name, start: ts / 1e6, end: (ts + dur) / 1e6, args: raw["args"] as? [String: Any] ?? [:])
        }.sorted { $0.start < $1.start }
        let presses = events.filter { $0.name == press }.map(\.start)
        let keys = events.filter { $0.name == arrival }.map(\.start)
        let commits = events.filter { $0.name.hasPrefix("Commit #") }.compactMap { event -> (Double, Int)? in
            guard let sequence = (event.args["sequence"] as? NSNumber)?.intValue else { return nil }
            return (event.start, sequence)
        }
        var shownBy: [Int: Double] = [:]  // commit sequence -> end of the first frame showing it
        for frame in events where frame.name == "Frame" {
            for sequence in (frame.args["commits"] as? [NSNumber]) ?? [] where shownBy[sequence.intValue] == nil {
                shownBy[sequence.intValue] = frame.end
            }
        }
        for press in presses {
            guard let key = keys.first(where: { $0 >= press }),
                  let commit = commits.first(where: { $0.0 >= key }),
                  let shown = shownBy[commit.1] else { continue }
            fromPress.append(shown - press)
            fromArrival.append(shown - key)
            fromCommit.append(shown - commit.0)
        }
    }
}
