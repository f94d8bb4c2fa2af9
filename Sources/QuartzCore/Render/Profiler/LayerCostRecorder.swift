/// What each layer costs to composite, for `lamina-inspect hot`: the
/// frames it was repainted in, the pixels it composited, and the time spent
/// drawing it, its sublayers' time left out (a group's time is its scratch,
/// filters and composite; its sublayers count for themselves).
///
/// Off until asked: the first `hot` arms it, and it keeps recording while
/// requests keep coming (`keepFor` seconds after the last), so that a
/// repeated `hot` reports the seconds just past. Costs are summed into
/// tenth-of-a-second buckets of display time; a minute of them is kept.
/// Render thread only.
final class LayerCostRecorder {
    /// One layer's costs over some frames.
    struct Cost: Equatable {
        var name: String?
        var className: String
        var repaints = 0
        var pixels = 0
        var seconds: Double = 0
    }

    static let bucketLength = 0.1
    static let keptSeconds = 60.0

    /// Display time recording started at.
    private(set) var since: Double
    /// Recording stops after this display time unless extended.
    private(set) var until: Double
    private var buckets: [(start: Double, costs: [UInt64: Cost], frames: Int)] = []
    /// The layers being drawn, innermost last: start time and the time of
    /// their sublayers so far.
    private var stack: [(id: UInt64, start: Double, children: Double)] = []
    /// The frame number each layer was last counted as repainted in.
    private var repaintedIn: [UInt64: Int] = [:]
    private var frameNumber = 0
    private var frameTime = 0.0

    init(now: Double, keepFor: Double) {
        since = now
        until = now + keepFor
    }

    /// Keeps recording `keepFor` seconds past `now`.
    func extend(now: Double, keepFor: Double) { until = max(until, now + keepFor) }

    /// Starts a frame drawn at display time `time`.
    func beginFrame(at time: Double) {
        frameNumber += 1
        frameTime = time
        let start = (time / Self.bucketLength).rounded(.down) * Self.bucketLength
        if buckets.last?.start != start { buckets.append((start, [:], 0)) }
        buckets[buckets.count - 1].frames += 1
        buckets.removeAll { $0.start < time - Self.keptSeconds }
    }

    /// A layer's drawing starts: `pixels` of its own content within the clip.
    func enter(_ node: DrawNode, pixels: Int) {
        let id = node.id.layer
        var cost = buckets[buckets.count - 1].costs[id] ?? Cost(name: node.state.name, className: node.state.className)
        cost.pixels += pixels
        if repaintedIn[id] != frameNumber {
            repaintedIn[id] = frameNumber
            cost.repaints += 1
        }
        buckets[buckets.count - 1].costs[id] = cost
        stack.append((id, MediaClock.monotonicNow(), 0))
    }

    /// The layer entered last is drawn.
    func exit() {
        guard let (id, start, children) = stack.popLast() else { return }
        let inclusive = MediaClock.monotonicNow() - start
        buckets[buckets.count - 1].costs[id]?.seconds += max(0, inclusive - children)
        if !stack.isEmpty { stack[stack.count - 1].children += inclusive }
    }

    /// The costs of the frames drawn in the `seconds` before display time
    /// `now`, summed by layer, costliest first; and how many frames that was.
    func costs(over seconds: Double, now: Double) -> (costs: [(id: UInt64, cost: Cost)], frames: Int) {
        var total: [UInt64: Cost] = [:]
        var frames = 0
        for bucket in buckets where bucket.start + Self.bucketLength > now - seconds {
            frames += bucket.frames
            for (id, cost) in bucket.costs {
                var sum = total[id] ?? Cost(name: cost.name, className: cost.className)
                sum.repaints += cost.repaints
                sum.pixels += cost.pixels
                sum.seconds += cost.seconds
                total[id] = sum
            }
        }
        let sorted = total.map { (id: $0.key, cost: $0.value) }.sorted {
            $0.cost.seconds != $1.cost.seconds ? $0.cost.seconds > $1.cost.seconds : $0.id < $1.id
        }
        return (sorted, frames)
    }

    /// `costs(over:now:)` as the table `lamina-inspect hot` prints.
    func report(over seconds: Double, now: Double, limit: Int = 15) -> String {
        let (costs, frames) = self.costs(over: seconds, now: now)
        let window = ProfilerReadout.format(seconds, decimals: 1)
        guard frames > 0 else { return "no frames drawn in the last \(window) s (nothing changed on screen)" }
        var lines = ["layers by compositing time, last \(window) s (\(frames) frames); time excludes sublayers",
                     "       ms  repaints     pixels  layer"]
        for (id, cost) in costs.prefix(limit) {
            let name = cost.name.map { " \"\($0)\"" } ?? ""
            lines.append(Self.column(ProfilerReadout.format(cost.seconds * 1000, decimals: 2), 9) + " "
                         + Self.column(String(cost.repaints), 9) + " " + Self.column(String(cost.pixels), 10)
                         + "  #\(id) \(cost.className)\(name)")
        }
        if costs.count > limit { lines.append("(\(costs.count - limit) more)") }
        return lines.joined(separator: "\n")
    }

    private static func column(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
