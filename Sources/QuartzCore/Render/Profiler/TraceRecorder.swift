import Synchronization

/// Records a Chrome trace (Trace Event Format JSON, which Perfetto and
/// chrome://tracing open) of the app and render threads: commits handed to
/// the render server, frames with their phases, and flow arrows from each
/// commit to the frame that first showed it; the host adds its own events
/// (key presses) with `instant` and `measure`.
///
/// Any thread may record: events go into a buffer behind a lock (`LockedValue`), each
/// stamped with the recording thread's id, and the file is written whole by
/// `flush()` and `close()` (and at exit for `writingAtExit(to:)`'s). Times come from the
/// monotonic clock, never the manual media clock.
package final class TraceRecorder: Sendable {
    /// Events kept at most (about 100 MB of JSON); later ones are counted
    /// as dropped, in the file's `otherData`.
    static let maximumEvents = 1_000_000

    /// Where `flush()` writes.
    package let url: URL
    /// The monotonic time the trace's timestamps count from.
    private let origin: CFTimeInterval
    private let state = LockedValue(State())
    /// Flow ids are per host: `hostNumber << 32 | sequence`.
    private let hosts = Atomic<UInt64>(0)

    private struct State {
        var events: [TraceEvent] = []
        /// Trace thread ids by `ProcessHooks.currentThreadKey()`, numbered from 1.
        var threads: [UInt: Int] = [:]
        /// Thread names by trace thread id, written as metadata events.
        var threadNames: [Int: String] = [:]
        var dropped = 0
        var closed = false
    }

    /// A recorder that writes to `url`.
    package init(url: URL) {
        self.url = url
        origin = MediaClock.monotonicNow()
    }

    /// The process's recorder for the file at `path`, made on first asking
    /// and written when the process exits normally: every window given the
    /// same trace file records into one trace (each host's commits keep
    /// flows of their own, `makeHostNumber()`).
    package static func writingAtExit(to path: String) -> TraceRecorder {
        atExit.withLock { recorders in
            if let recorder = recorders[path] { return recorder }
            if recorders.isEmpty { ProcessHooks.atExit { TraceRecorder.closeAllAtExit() } }
            let recorder = TraceRecorder(url: URL(fileURLWithPath: path))
            recorders[path] = recorder
            return recorder
        }
    }

    /// The recorders `writingAtExit(to:)` made, by path.
    private static let atExit = LockedValue<[String: TraceRecorder]>([:])

    private static func closeAllAtExit() {
        for recorder in atExit.withLock({ Array($0.values) }) { try? recorder.close() }
    }

    // MARK: - Recording

    /// A point in time on the calling thread: a key press, for example.
    package func instant(_ name: String, category: String = "app", args: [String: TraceArgument] = [:]) {
        let now = MediaClock.monotonicNow()
        record(TraceEvent(name: name, category: category, phase: .instant, timestamp: nanoseconds(now),
                          threadID: currentThread(), args: args))
    }

    /// A slice on the calling thread from `start` to `end` (monotonic clock).
    package func slice(_ name: String, category: String = "app", start: CFTimeInterval, end: CFTimeInterval,
                       args: [String: TraceArgument] = [:]) {
        let begin = nanoseconds(start)
        record(TraceEvent(name: name, category: category, phase: .complete, timestamp: begin,
                          duration: max(0, nanoseconds(end) - begin), threadID: currentThread(), args: args))
    }

    /// Runs `body` and records it as a slice on the calling thread.
    @discardableResult
    package func measure<T>(_ name: String, category: String = "app", args: [String: TraceArgument] = [:],
                            _ body: () throws -> T) rethrows -> T {
        let start = MediaClock.monotonicNow()
        defer { slice(name, category: category, start: start, end: MediaClock.monotonicNow(), args: args) }
        return try body()
    }

    /// Names the calling thread in the trace (otherwise "main" for the
    /// main thread and "thread N" for others).
    package func nameCurrentThread(_ name: String) {
        let id = currentThread()
        state.withLock { $0.threadNames[id] = name }
    }

    /// A flow event at `time` on the calling thread, binding to the slice
    /// that encloses it there.
    func flow(_ phase: TraceEvent.Phase, id: UInt64, name: String, at time: CFTimeInterval) {
        record(TraceEvent(name: name, category: "flow", phase: phase, timestamp: nanoseconds(time),
                          threadID: currentThread(), flowID: id))
    }

    /// A number for a new host (render server), so that flow ids built
    /// from its commit sequences do not collide with another host's.
    func makeHostNumber() -> UInt64 { hosts.add(1, ordering: .relaxed).newValue }

    /// The flow id of commit `sequence` of host `host`.
    static func flowID(host: UInt64, sequence: UInt64) -> UInt64 { host << 32 | (sequence & 0xFFFF_FFFF) }

    // MARK: - Writing

    /// Writes every event recorded so far to `url` (replacing the file).
    package func flush() throws {
        let process = ProcessInfo.processInfo.processName
        let text = state.withLock { state in
            let names = [TraceEvent(name: "process_name", category: "__metadata", phase: .metadata, timestamp: 0,
                                    threadID: 0, args: ["name": .string(process)])]
                + state.threadNames.sorted { $0.key < $1.key }.map { id, name in
                    TraceEvent(name: "thread_name", category: "__metadata", phase: .metadata, timestamp: 0,
                               threadID: id, args: ["name": .string(name)])
                }
            return TraceJSONWriter.document(names + state.events,
                                            processID: Int(ProcessInfo.processInfo.processIdentifier),
                                            droppedEvents: state.dropped)
        }
        try Data(text.utf8).write(to: url, options: .atomic)
    }

    /// Stops recording and writes the file.
    package func close() throws {
        state.withLock { $0.closed = true }
        try flush()
    }

    // MARK: - Private

    private func record(_ event: TraceEvent) {
        state.withLock { state in
            guard !state.closed else { return }
            guard state.events.count < Self.maximumEvents else { return state.dropped += 1 }
            state.events.append(event)
        }
    }

    /// The calling thread's id in the trace: small numbers, in the order
    /// threads first record. (Foundation on Linux does not report a
    /// thread's name reliably, so threads are named by `nameCurrentThread`.)
    private func currentThread() -> Int {
        let key = ProcessHooks.currentThreadKey()
        let isMain = Thread.isMainThread
        return state.withLock { state in
            if let id = state.threads[key] { return id }
            let id = state.threads.count + 1
            state.threads[key] = id
            state.threadNames[id] = isMain ? "main" : "thread \(id)"
            return id
        }
    }

    private func nanoseconds(_ time: CFTimeInterval) -> Int64 {
        let value = ((time - origin) * 1e9).rounded()
        return value.isFinite ? Int64(max(-9e18, min(9e18, value))) : 0
    }
}
