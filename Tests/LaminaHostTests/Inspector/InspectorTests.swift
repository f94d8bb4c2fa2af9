import Foundation
import InspectorWire
@testable import LaminaHost
import QuartzCore
import XCTest
import LaminaTestSupport

/// The live layer-tree inspector: the kiosk demo run with `--inspector`,
/// read by the built `lamina-inspect`, and the server on its own.
final class InspectorTests: XCTestCase {
    private var inspector: LaminaInspect!
    private var runtimeDirectory: String { inspector.runtimeDirectory }

    override func setUpWithError() throws {
        inspector = try LaminaInspect()
    }

    override func tearDownWithError() throws {
        inspector.remove()
    }

    // MARK: - Through the demo and lamina-inspect

    func testTreeListsTheFiveItemsAndTheSelectionsRunningPulse() throws {
        let (server, demo) = try startDemo()
        defer { withExtendedLifetime((server, demo)) {} }
        let result = try inspect(["--pid", "\(demo.process.processIdentifier)", "tree"], until: "\"selection\"")
        XCTAssertEqual(result.status, 0, result.output)
        for index in 0..<5 {
            XCTAssertTrue(result.output.contains("CATextLayer \"item\(index)\" frame ("), result.output)
        }
        let lines = result.output.split(separator: "\n").map(String.init)
        // The ring is the kiosk's PassThroughLayer, a CALayer the pointer passes through to the item.
        let selection = try XCTUnwrap(lines.firstIndex { $0.contains("PassThroughLayer \"selection\" frame (") },
                                      result.output)
        XCTAssertTrue(lines[selection].contains("opacity 1"), lines[selection])
        // The pulse: its key path, its kind and a progress in percent.
        let pulse = lines.dropFirst(selection + 1).first ?? ""
        XCTAssertNotNil(pulse.range(of: #"~ filters\.pulseFilter\.inputIntensity basic \d+%"#, options: .regularExpression),
                        result.output)
    }

    /// `tree --watch` redraws the tree until stopped, the pulse's progress
    /// moving between redraws.
    func testTreeWatchKeepsALiveTree() throws {
        let (server, demo) = try startDemo()
        defer { withExtendedLifetime((server, demo)) {} }
        _ = try inspect(["tree"], until: "\"selection\"")
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtimeDirectory
        let watcher = try ChildProcess(executable: try DemoProcess.executable(named: "lamina-inspect"),
                                       arguments: ["tree", "--watch", "0.3"], environment: environment,
                                       standardOutput: .pipe, standardError: .null)
        Thread.sleep(forTimeInterval: 1.5)
        watcher.terminate()
        let output = String(decoding: watcher.readToEnd(.standardOutput), as: UTF8.self)
        watcher.waitUntilExit()
        let times = output.matches(of: /render tree at media time ([0-9.]+)/).map { String($0.1) }
        XCTAssertGreaterThanOrEqual(times.count, 3, output)
        XCTAssertEqual(Set(times).count, times.count, "each redraw is a new moment")
        let pulses = output.matches(of: /inputIntensity basic (\d+)%/).map { String($0.1) }
        XCTAssertGreaterThan(Set(pulses).count, 1, "the pulse's progress moves: \(pulses)")
    }

    func testStatsPrintsAFrameCount() throws {
        let (server, demo) = try startDemo()
        defer { withExtendedLifetime((server, demo)) {} }
        let result = try inspect(["--pid", "\(demo.process.processIdentifier)", "stats"])
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertNotNil(result.output.range(of: #"Lamina: \d+ frames in"#, options: .regularExpression), result.output)
    }

    func testWithoutAPidTheOnlyAppIsUsed() throws {
        let (server, demo) = try startDemo()
        defer { withExtendedLifetime((server, demo)) {} }
        let result = try inspect(["tree"], until: "\"selection\"")
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertTrue(result.output.contains("\"selection\""), result.output)
    }

    func testTheSocketIsOwnerOnlyAndGarbageGetsAnErrorLine() throws {
        let (server, demo) = try startDemo()
        defer { withExtendedLifetime((server, demo)) {} }
        let path = try directory().socketPath(pid: demo.process.processIdentifier)
        XCTAssertEqual(InspectorDirectory.mode(of: path), 0o600)

        let socket = try UnixSocket.connect(to: path, timeout: 5)
        XCTAssertTrue(socket.write("\u{01}garbage\u{FF}\n"))
        let reply = readReply(socket)
        XCTAssertEqual(reply.count, 1, "\(reply)")
        XCTAssertTrue(reply.first?.hasPrefix("error: unknown request") == true, "\(reply)")
        // Still answering, on the same connection.
        XCTAssertTrue(socket.write("stats\n"))
        XCTAssertTrue(readReply(socket).contains { $0.contains(" frames in ") })
        // An endless line is refused, and the connection closed.
        XCTAssertTrue(socket.write(String(repeating: "x", count: 5000)))
        XCTAssertTrue(readReply(socket).first?.hasPrefix("error: request longer") == true)
        XCTAssertTrue(demo.process.isRunning, "the demo must survive bad requests")
    }

    /// The frames the demo has drawn, from `stats` on its own connection.
    private func framesDrawn(at path: String) throws -> Int {
        let socket = try UnixSocket.connect(to: path, timeout: 5)
        XCTAssertTrue(socket.write("stats\n"))
        let reply = readReply(socket).joined(separator: "\n")
        let match = try XCTUnwrap(reply.firstMatch(of: /Lamina: (\d+) frames in/), reply)
        return Int(match.1)!
    }

    /// A client that connects and says nothing, one that sends 1 MB of
    /// garbage without a newline, one that sends 1 MB of garbage lines and
    /// never reads, and fifty connecting at once: each of the fifty is
    /// answered while the silent one is still connected, and the app's
    /// frames keep coming throughout.
    func testSilentGarbageAndFiftyClientsAtOnceNeverStallTheFrames() throws {
        let (server, demo) = try startDemo()
        defer { withExtendedLifetime((server, demo)) {} }
        let path = try directory().socketPath(pid: demo.process.processIdentifier)
        let framesBefore = try framesDrawn(at: path)
        let started = Date()

        let silent = try UnixSocket.connect(to: path, timeout: 10)
        let garbage = try UnixSocket.connect(to: path, timeout: 10)
        var noise = [UInt8](repeating: 0, count: 1 << 20)
        for index in noise.indices { noise[index] = UInt8(truncatingIfNeeded: index &* 2_654_435_761 >> 7) | 0x80 }
        let megabyte = String(decoding: noise, as: UTF8.self)
        _ = garbage.write(megabyte)  // refused after 1024 bytes; the rest may not be taken
        XCTAssertTrue(LaminaInspect.readReply(garbage).first?.hasPrefix("error: request longer") == true)
        let lines = try UnixSocket.connect(to: path, timeout: 3)
        let garbageLines = (0..<(1 << 20) / 64).map { _ in String(repeating: "z", count: 63) }.joined(separator: "\n")
        _ = lines.write(garbageLines)  // never read: dropped when its replies back up

        let answers = LockedValue<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 50) { _ in
            let reply: String
            do {
                let client = try UnixSocket.connect(to: path, timeout: 10)
                reply = client.write("version\n") ? LaminaInspect.readReply(client).joined(separator: "\n") : "write failed"
            } catch {
                reply = "\(error)"
            }
            answers.withLock { $0.append(reply) }
        }
        XCTAssertEqual(answers.withLock { $0 }, Array(repeating: "lamina-inspector 2", count: 50))
        XCTAssertTrue(silent.write("version\n"), "the silent client is still served")
        XCTAssertEqual(LaminaInspect.readReply(silent), ["lamina-inspector 2"])

        Thread.sleep(forTimeInterval: max(0, 1 - Date().timeIntervalSince(started)))
        let elapsed = Date().timeIntervalSince(started)
        let framesAfter = try framesDrawn(at: path)
        // The pulse animates every frame: frames keep coming at the display's rate (at least 10 a second here).
        XCTAssertGreaterThan(Double(framesAfter - framesBefore), 10 * elapsed,
                             "\(framesAfter - framesBefore) frames in \(elapsed) s")
        XCTAssertTrue(demo.process.isRunning)
        withExtendedLifetime((lines, garbage)) {}
    }

    func testWithoutTheFlagThereIsNoSocket() throws {
        let server = try privateServer()
        let demo = try DemoProcess(display: server.displayName, environment: ["XDG_RUNTIME_DIR": runtimeDirectory])
        let driver = try XTestDriver(displayName: server.displayName)
        XCTAssertNotNil(driver.waitForWindow(named: LifecycleTests.demoTitle), "the demo's window did not appear")
        usleep(300_000)
        XCTAssertEqual(try directory().socketPIDs(live: false), [])
        XCTAssertTrue(demo.process.isRunning)
        let result = try inspect(["tree"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.output.contains("no Lamina app offers an inspector"), result.output)
    }

    // MARK: - The server alone

    func testAStalledClientIsDroppedAndTheNextOneServed() throws {
        let server = try InspectorServer(directory: directory(), targets: [], idleTimeout: 0.3)
        defer { server.stop() }
        let silent = try UnixSocket.connect(to: server.socketPath, timeout: 5)
        let started = Date()
        XCTAssertEqual(silent.readLine(), .closed, "a silent client is dropped")
        XCTAssertLessThan(Date().timeIntervalSince(started), 3)
        let next = try UnixSocket.connect(to: server.socketPath, timeout: 5)
        XCTAssertTrue(next.write("tree\n"))
        XCTAssertEqual(readReply(next), ["no open windows"])
    }

    func testStoppingRemovesTheSocket() throws {
        let server = try InspectorServer(directory: directory(), targets: [])
        XCTAssertNotNil(InspectorDirectory.mode(of: server.socketPath))
        server.stop()
        XCTAssertNil(InspectorDirectory.mode(of: server.socketPath))
        XCTAssertThrowsError(try UnixSocket.connect(to: server.socketPath, timeout: 1))
    }

    func testADirectoryOthersCanEnterIsRefused() throws {
        chmod(runtimeDirectory, 0o755)
        XCTAssertThrowsError(try InspectorDirectory.resolve(environment: ["XDG_RUNTIME_DIR": runtimeDirectory]))
        chmod(runtimeDirectory, 0o700)
        XCTAssertEqual(try InspectorDirectory.resolve(environment: ["XDG_RUNTIME_DIR": runtimeDirectory]).path,
                       runtimeDirectory)
    }

    func testReplyLinesStartingWithADotCannotEndTheReply() {
        let encoded = InspectorReply.encode("a\n.\n..b")
        let lines = encoded.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.last, ".")
        XCTAssertEqual(lines.dropLast().compactMap(InspectorReply.decode), ["a", ".", "..b"])
    }

    func testSettingsReadTheFlag() {
        XCTAssertTrue(LaminaWindow.Settings(environment: LaminaEnvironment(["LAMINA_INSPECTOR": "1"])).offersInspector)
        XCTAssertFalse(LaminaWindow.Settings(environment: LaminaEnvironment([:])).offersInspector)
    }

    /// Every switch a window reads from the environment, through the one
    /// reader: `LAMINA_NO_SHM` takes the flags' words (it once took any
    /// value but `0`, `no` and `false` as on).
    func testWindowSettingsFromTheEnvironment() {
        XCTAssertEqual(LaminaWindow.Settings(environment: LaminaEnvironment([:])), LaminaWindow.Settings())
        let all = LaminaWindow.Settings(environment: LaminaEnvironment([
            "LAMINA_PROFILER": "1", "LAMINA_FLASH_REPAINTS": "on", "LAMINA_TRACE": "/tmp/t.json",
            "LAMINA_INSPECTOR": "yes", "LAMINA_NO_SHM": "true"]))
        var expected = LaminaWindow.Settings()
        expected.showsProfiler = true
        expected.flashesRepaints = true
        expected.traceFile = "/tmp/t.json"
        expected.offersInspector = true
        expected.usesSharedMemory = false
        XCTAssertEqual(all, expected)
        XCTAssertTrue(LaminaWindow.Settings(environment: LaminaEnvironment(["LAMINA_NO_SHM": "off"])).usesSharedMemory)
        XCTAssertTrue(LaminaWindow.Settings(environment: LaminaEnvironment(["LAMINA_NO_SHM": "maybe"])).usesSharedMemory,
                      "not a flag: read as off, as every flag")
    }

    // MARK: - Helpers

    private func directory() throws -> InspectorDirectory { try inspector.directory() }

    /// The demo with `--inspector` on a private Xvfb, once its socket exists.
    private func startDemo() throws -> (XvfbServer, DemoProcess) {
        let server = try privateServer()
        let demo = try DemoProcess(display: server.displayName,
                                   arguments: ["--width", "320", "--height", "240", "--inspector"],
                                   environment: inspector.environment)
        _ = try inspector.waitForSocket(of: demo.process)
        return (server, demo)
    }

    private func inspect(_ arguments: [String], until text: String) throws -> (status: Int32, output: String) {
        try inspector.run(arguments, until: text)
    }

    private func inspect(_ arguments: [String]) throws -> (status: Int32, output: String) { try inspector.run(arguments) }

    private func readReply(_ socket: UnixSocket) -> [String] { LaminaInspect.readReply(socket) }

    private func privateServer() throws -> XvfbServer {
        do { return try XvfbServer() } catch { throw XCTSkip("cannot start a private Xvfb: \(error)") }
    }
}
