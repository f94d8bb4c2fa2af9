import XCTest
@testable import QuartzCore

/// Collects what `CADiagnostics` reports during a test.
final class DiagnosticsRecorder: Sendable {
    private let messages = LockedValue<[String]>([])
    func append(_ message: String) { messages.withLock { $0.append(message) } }
    var all: [String] { messages.withLock { $0 } }
    func contains(_ fragment: String) -> Bool { all.contains { $0.contains(fragment) } }
}

/// A test case for the model: every test runs with a manual media clock
/// starting at 1000 s, with diagnostics recorded, and leaves no open
/// transaction behind.
class ModelTestCase: XCTestCase {
    let diagnostics = DiagnosticsRecorder()
    private(set) var clock: ManualClock!

    override func invokeTest() {
        MediaClock.withManualTime(1000) { clock in
            self.clock = clock
            super.invokeTest()
        }
    }

    override func setUp() {
        super.setUp()
        CATransaction.flush()
        let recorder = diagnostics
        CADiagnostics.setHandler { recorder.append($0) }
    }

    override func tearDown() {
        CATransaction.flush()
        CATransaction.current.lifecycle.deliverDueEvents(at: .infinity)
        CADiagnostics.setHandler(nil)
        super.tearDown()
    }

    /// A root layer shown by a (pretend) host, so implicit actions run.
    func makeVisibleRoot(size: CGSize = CGSize(width: 400, height: 300)) -> CALayer {
        let root = CALayer()
        root.isHostRoot = true
        root.bounds = CGRect(origin: .zero, size: size)
        root.position = CGPoint(x: size.width / 2, y: size.height / 2)
        CATransaction.flush()
        return root
    }

    /// Advances the clock and delivers the animation events now due.
    func advance(_ seconds: CFTimeInterval) {
        clock.advance(by: seconds)
        CATransaction.current.lifecycle.deliverDueEvents()
    }
}

func XCTAssertEqual(_ a: CGPoint?, _ b: CGPoint, accuracy: CGFloat, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    guard let a else { return XCTFail("nil point \(message)", file: file, line: line) }
    XCTAssertEqual(a.x, b.x, accuracy: accuracy, "x \(message)", file: file, line: line)
    XCTAssertEqual(a.y, b.y, accuracy: accuracy, "y \(message)", file: file, line: line)
}

func XCTAssertEqual(_ a: CGRect?, _ b: CGRect, accuracy: CGFloat, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    guard let a else { return XCTFail("nil rect \(message)", file: file, line: line) }
    XCTAssertEqual(a.minX, b.minX, accuracy: accuracy, "minX \(message)", file: file, line: line)
    XCTAssertEqual(a.minY, b.minY, accuracy: accuracy, "minY \(message)", file: file, line: line)
    XCTAssertEqual(a.width, b.width, accuracy: accuracy, "width \(message)", file: file, line: line)
    XCTAssertEqual(a.height, b.height, accuracy: accuracy, "height \(message)", file: file, line: line)
}

/// Hides `layer` for the second half of every `period` seconds (a discrete
/// keyframe animation of `hidden`, repeating), under the key "blink".
func blink(_ layer: CALayer, period: CFTimeInterval = 1) {
    let animation = CAKeyframeAnimation(keyPath: "hidden")
    animation.values = [false, true]
    animation.keyTimes = [0, 0.5, 1]
    animation.calculationMode = .discrete
    animation.duration = period
    animation.repeatCount = .greatestFiniteMagnitude
    layer.add(animation, forKey: "blink")
}
