/// The last few seconds of frames, for the profiler panel: a ring of
/// `FrameStatistics`, newest last, and what they add up to.
///
/// Two times describe a frame. Its *work* (`FrameStatistics.workTime`) is
/// the wall time spent producing it: applying commits, evaluating
/// animations, compositing and presenting. Its *interval* is the wall time
/// from the previous frame's end to its own: what the viewer sees, display
/// waits and idle time included. Confined to the render thread (a value).
struct FrameHistory {
    /// Frames kept: four seconds at 60 Hz.
    static let capacity = 240

    private var ring: [FrameStatistics] = []
    /// Where the next frame goes once the ring is full.
    private var next = 0

    init() { ring.reserveCapacity(Self.capacity) }

    mutating func record(_ frame: FrameStatistics) {
        if ring.count < Self.capacity {
            ring.append(frame)
        } else {
            ring[next] = frame
            next = (next + 1) % Self.capacity
        }
    }

    /// The frames kept, oldest first.
    var frames: [FrameStatistics] { Array(ring[next...] + ring[..<next]) }

    var latest: FrameStatistics? { ring.isEmpty ? nil : ring[(next + ring.count - 1) % ring.count] }

    /// Frames that finished within the second up to the latest frame's end
    /// (the latest included): frames per second over the last second.
    var framesInLastSecond: Int {
        guard let end = latest?.finishedAt else { return 0 }
        return ring.reduce(0) { $0 + ($1.finishedAt > end - 1 ? 1 : 0) }
    }

    /// The work time of each frame kept, oldest first.
    var workTimes: [Double] { frames.map(\.workTime) }

    /// The interval before each frame kept but the oldest, oldest first.
    var intervals: [Double] {
        let frames = frames
        return zip(frames.dropFirst(), frames).map { $0.finishedAt - $1.finishedAt }
    }

    /// Frame work percentiles over the frames kept.
    var workPercentiles: FrameTimePercentiles? { FrameTimePercentiles(workTimes) }

    /// Frame interval percentiles over the frames kept.
    var intervalPercentiles: FrameTimePercentiles? { FrameTimePercentiles(intervals) }

    /// The share of the target the latest frame repainted, in 0...1.
    var repaintedShare: Double {
        guard let latest, latest.targetPixels > 0 else { return 0 }
        return min(1, Double(latest.damagedPixels) / Double(latest.targetPixels))
    }

    /// The latest frame's idle time: from the previous frame's end to its
    /// own start, less the commits applied in between. Nil with one frame.
    var latestIdleTime: Double? {
        let frames = frames.suffix(2)
        guard frames.count == 2, let previous = frames.first, let latest = frames.last else { return nil }
        return max(0, latest.startedAt - previous.finishedAt - latest.applyingCommits)
    }
}

extension FrameStatistics {
    /// The wall time spent producing the frame: applying commits,
    /// evaluating animations, compositing and presenting (debug overlays
    /// excluded).
    package var workTime: Double { applyingCommits + evaluatingAnimations + compositing + presenting }
}
