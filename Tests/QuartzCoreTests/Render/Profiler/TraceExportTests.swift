import XCTest
@testable import QuartzCore

/// Chrome traces (Trace Event Format JSON): written by a render server on
/// its real thread, read back with `JSONSerialization`.
final class TraceExportTests: XCTestCase {
    private var url: URL!

    override func setUp() {
        super.setUp()
        url = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-trace-\(UUID().uuidString).json")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: url)
        super.tearDown()
    }

    private typealias Event = [String: Any]

    private func readEvents() throws -> [Event] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        let document = try XCTUnwrap(object as? [String: Any])
        return try XCTUnwrap(document["traceEvents"] as? [Event])
    }

    private func number(_ event: Event, _ key: String) -> Double { (event[key] as? NSNumber)?.doubleValue ?? .nan }
    private func int(_ event: Event, _ key: String) -> Int { (event[key] as? NSNumber)?.intValue ?? -1 }
    private func args(_ event: Event) -> [String: Any] { event["args"] as? [String: Any] ?? [:] }

    /// Microseconds written with three decimals, back to whole nanoseconds.
    private func nanoseconds(_ microseconds: Double) -> Int64 { Int64((microseconds * 1000).rounded()) }
    private func start(_ event: Event) -> Int64 { nanoseconds(number(event, "ts")) }
    private func end(_ slice: Event) -> Int64 { start(slice) + nanoseconds(number(slice, "dur")) }

    /// Whether `time` (nanoseconds) falls within the complete event `slice`.
    private func isInside(_ time: Int64, _ slice: Event) -> Bool { time >= start(slice) && time <= end(slice) }

    func testCommitsFramesPhasesAndFlowsFromARenderServer() throws {
        let recorder = TraceRecorder(url: url)
        let mailbox = FrameMailbox()
        let server = RenderServer(presenter: { OffscreenPresenter(width: 64, height: 64, mailbox: mailbox) },
                                  debug: DebugSettings(), trace: recorder)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        root.attach(to: server)
        var shown = 0
        for step in 0..<3 {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            root.backgroundColor = CGColor(red: Double(step) / 2, green: 0, blue: 0, alpha: 1)
            CATransaction.commit()
            CATransaction.flush()  // the implicit transaction attach(to:) opened
            let deadline = Date(timeIntervalSinceNow: 5)
            while (mailbox.frame?.number ?? 0) <= shown, Date() < deadline { usleep(1000) }
            shown = mailbox.frame?.number ?? shown
        }
        XCTAssertEqual(shown, 3)
        recorder.instant("key F1", category: "input", args: ["keycode": 67])
        server.stop()
        try recorder.close()

        let events = try readEvents()
        let threadNames = events.filter { $0["name"] as? String == "thread_name" && $0["ph"] as? String == "M" }
        let renderThread = try XCTUnwrap(threadNames.first { args($0)["name"] as? String == "QuartzCore.RenderServer" })
        let renderTID = int(renderThread, "tid")
        XCTAssertTrue(events.allSatisfy { $0["pid"] is NSNumber && $0["tid"] is NSNumber && $0["ts"] is NSNumber })

        let complete = events.filter { $0["ph"] as? String == "X" }
        let frames = complete.filter { $0["name"] as? String == "Frame" }
        XCTAssertEqual(frames.count, 3)
        for frame in frames {
            XCTAssertEqual(int(frame, "tid"), renderTID)
            for phase in ["Evaluate animations", "Composite", "Present"] {
                let nested = complete.filter { $0["name"] as? String == phase && isInside(start($0), frame) }
                XCTAssertEqual(nested.count, 1, phase)
                if let slice = nested.first {
                    XCTAssertLessThanOrEqual(end(slice), end(frame), "\(phase) ends within its frame")
                }
            }
        }

        let commits = complete.filter { $0["cat"] as? String == "commit" }
        XCTAssertEqual(commits.compactMap { args($0)["sequence"] as? Int }, [1, 2, 3])
        XCTAssertTrue(commits.allSatisfy { int($0, "tid") != renderTID }, "commits are recorded on the app thread")

        let flows = events.filter { ["s", "t", "f"].contains($0["ph"] as? String) }
        let starts = flows.filter { $0["ph"] as? String == "s" }
        XCTAssertEqual(starts.count, 3)
        for start in starts {
            let id = int(start, "id")
            let commit = try XCTUnwrap(commits.first { isInside(self.start(start), $0) && int($0, "tid") == int(start, "tid") },
                                       "a flow starts inside its commit")
            let sequence = try XCTUnwrap(args(commit)["sequence"] as? Int)
            let end = try XCTUnwrap(flows.first { $0["ph"] as? String == "f" && int($0, "id") == id }, "flow \(id) ends")
            XCTAssertEqual(end["bp"] as? String, "e")
            XCTAssertEqual(end["name"] as? String, start["name"] as? String, "flow events match by id, name and category")
            XCTAssertEqual(end["cat"] as? String, start["cat"] as? String)
            let frame = try XCTUnwrap(frames.first { isInside(self.start(end), $0) }, "the flow ends in a frame")
            XCTAssertEqual(int(end, "tid"), renderTID)
            XCTAssertEqual(args(frame)["commits"] as? [Int], [sequence], "the frame that first showed commit \(sequence)")
            XCTAssertGreaterThan(self.start(frame), self.start(commit))
            let children = complete.filter { int($0, "tid") == renderTID && $0["name"] as? String != "Frame" }
            XCTAssertFalse(children.contains { isInside(self.start(end), $0) && self.start(end) > self.start($0) },
                           "the arrow binds to the frame itself, not one of its phases")
            XCTAssertTrue(flows.contains { $0["ph"] as? String == "t" && int($0, "id") == id }, "and steps through its apply")
        }

        let key = try XCTUnwrap(events.first { $0["name"] as? String == "key F1" })
        XCTAssertEqual(key["ph"] as? String, "i")
        XCTAssertEqual(args(key)["keycode"] as? Int, 67)
    }

    func testMeasuredSlicesNestAndStringsAreEscaped() throws {
        let recorder = TraceRecorder(url: url)
        recorder.measure("outer \"quoted\"\n\tline", args: ["path": "C:\\dir", "bell": "\u{07}", "ratio": 0.5]) {
            recorder.measure("inner") { usleep(100) }
        }
        try recorder.flush()
        let events = try readEvents()
        let outer = try XCTUnwrap(events.first { $0["name"] as? String == "outer \"quoted\"\n\tline" })
        let inner = try XCTUnwrap(events.first { $0["name"] as? String == "inner" })
        XCTAssertTrue(isInside(start(inner), outer))
        XCTAssertLessThanOrEqual(end(inner), end(outer))
        XCTAssertEqual(args(outer)["path"] as? String, "C:\\dir")
        XCTAssertEqual(args(outer)["bell"] as? String, "\u{07}")
        XCTAssertEqual(args(outer)["ratio"] as? Double, 0.5)
        XCTAssertTrue(events.contains { $0["name"] as? String == "process_name" })
    }

    func testTimesAreMicrosecondsWithNanosecondDecimals() {
        XCTAssertEqual(TraceJSONWriter.microseconds(1_234_567), "1234.567")
        XCTAssertEqual(TraceJSONWriter.microseconds(1), "0.001")
        XCTAssertEqual(TraceJSONWriter.microseconds(-5), "-0.005")
        XCTAssertEqual(TraceJSONWriter.microseconds(0), "0.000")
    }

    func testNothingIsRecordedAfterClose() throws {
        let recorder = TraceRecorder(url: url)
        try recorder.close()
        recorder.instant("late")
        try recorder.flush()
        XCTAssertFalse(try readEvents().contains { $0["name"] as? String == "late" })
    }
}
