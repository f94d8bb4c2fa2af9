import Foundation
import InspectorWire
@testable import LaminaHost
import QuartzCore
import XCTest
import LaminaTestSupport

/// The inspector's requests without a window: parsing, quoting, naming
/// layers by path, and `select`, `get` and `set` carried out on a layer
/// tree as the main thread would.
final class InspectorRequestTests: XCTestCase {
    private func parse(_ line: String) -> Result<InspectorRequest?, InspectorRequest.Malformed> {
        do throws(InspectorRequest.Malformed) { return .success(try InspectorRequest.parse(line)) } catch { return .failure(error) }
    }

    func testRequestsAreParsedWithTheirArguments() {
        XCTAssertEqual(parse("tree"), .success(.tree))
        XCTAssertEqual(parse("  STATS "), .success(.stats))
        XCTAssertEqual(parse(""), .success(nil), "a blank line gets no reply")
        XCTAssertEqual(parse("select item4"), .success(.select(layer: "item4")))
        XCTAssertEqual(parse("select none"), .success(.select(layer: nil)))
        XCTAssertEqual(parse("get menu/item2 position.x"), .success(.get(layer: "menu/item2", keyPath: "position.x")))
        XCTAssertEqual(parse("set title string \"Hello, world\""),
                       .success(.set(layer: "title", keyPath: "string", value: "Hello, world")))
        XCTAssertEqual(parse("set card position 10, 20"), .success(.set(layer: "card", keyPath: "position", value: "10, 20")),
                       "a value of several words")
        XCTAssertEqual(parse("slow 10"), .success(.slow(factor: 10)))
        XCTAssertEqual(parse("hot"), .success(.hot(seconds: 2)))
        XCTAssertEqual(parse("hot 0.5"), .success(.hot(seconds: 0.5)))
        XCTAssertEqual(parse("overdraw on"), .success(.overdraw(on: true)))
        XCTAssertEqual(parse("version"), .success(.version))
    }

    func testMalformedRequestsSayWhyInOneLine() {
        let cases: [(String, String)] = [
            ("slow 0", "slow: FACTOR must be a number from 0.01 to 1000"),
            ("slow nan", "slow: FACTOR must be a number from 0.01 to 1000"),
            ("slow", "usage: slow FACTOR (1 restores normal speed)"),
            ("hot 100", "hot: SECONDS must be a number from 0.1 to 30"),
            ("get item4", "usage: get LAYER KEYPATH"),
            ("set item4 opacity", "usage: set LAYER KEYPATH VALUE"),
            ("overdraw maybe", "usage: overdraw on|off"),
            ("tree now", "usage: tree"),
            ("set a string \"open", "a quote is not closed"),
            ("\u{01}bogus", "unknown request \"?bogus\"; send help"),
        ]
        for (line, message) in cases {
            XCTAssertEqual(parse(line), .failure(.init(message: message)), line)
        }
    }

    func testArgumentsSurviveQuotingForTheWire() {
        let arguments = ["set", "title", "string", "a \"quoted\" \\ value", ""]
        let line = RequestLine.quote(arguments)
        XCTAssertEqual(RequestLine.words(line), arguments)
        XCTAssertEqual(RequestLine.quote(["get", "item4", "opacity"]), "get item4 opacity", "plain words stay plain")
        XCTAssertNil(RequestLine.words("say \"unfinished"))
    }

    // MARK: - Layers by path

    /// root > menu > (item0, item1, group > item1), and an unnamed layer
    /// holding a second "menu".
    private static func makeTree() -> (root: CALayer, menu: CALayer, items: [CALayer], nested: CALayer) {
        let root = CALayer()
        let menu = CALayer()
        menu.name = "menu"
        let items = (0..<2).map { index -> CALayer in
            let item = CALayer()
            item.name = "item\(index)"
            menu.addSublayer(item)
            return item
        }
        let group = CALayer()
        group.name = "group"
        let nested = CALayer()
        nested.name = "item1"
        group.addSublayer(nested)
        menu.addSublayer(group)
        root.addSublayer(menu)
        let unnamed = CALayer()
        let otherMenu = CALayer()
        otherMenu.name = "menu"
        unnamed.addSublayer(otherMenu)
        root.addSublayer(unnamed)
        return (root, menu, items, nested)
    }

    func testLayersAreFoundByNamePathOrId() throws {
        try MainActor.assumeIsolated { try Self.layersAreFoundByNamePathOrId() }
    }

    @MainActor
    private static func layersAreFoundByNamePathOrId() throws {
        let tree = makeTree()
        func find(_ text: String) -> Result<CALayer, InspectorRequest.Malformed> {
            do throws(InspectorRequest.Malformed) { return try LayerPath(text).resolve(in: [tree.root], text: text) }
            catch { return .failure(error) }
        }
        XCTAssertTrue(try find("item0").get() === tree.items[0])
        XCTAssertTrue(try find("menu/item0").get() === tree.items[0])
        XCTAssertTrue(try find("group/item1").get() === tree.nested)
        XCTAssertTrue(try find("menu/group/item1").get() === tree.nested)
        XCTAssertTrue(try find("#\(tree.nested.layerID)").get() === tree.nested)
        // Earlier names need not be adjacent: menu/item1 reaches through group too.
        guard case .failure(let ambiguous) = find("menu/item1") else { return XCTFail("menu/item1 names two layers") }
        XCTAssertEqual(ambiguous.message, "\"menu/item1\" names 2 layers: menu/item1 #\(tree.items[1].layerID), "
                       + "menu/group/item1 #\(tree.nested.layerID)")
        guard case .failure(let missing) = find("item9") else { return XCTFail("no item9") }
        XCTAssertEqual(missing.message, "no layer \"item9\"; send tree for the names")
        guard case .failure(let twoMenus) = find("menu") else { return XCTFail("two layers are named menu") }
        XCTAssertTrue(twoMenus.message.hasPrefix("\"menu\" names 2 layers"), twoMenus.message)
        XCTAssertThrowsError(try LayerPath("menu//item0"))
        XCTAssertThrowsError(try LayerPath("#x"))
    }

    // MARK: - Carried out on the main thread

    func testSetChangesTheModelInATransactionAndGetReadsItBack() throws {
        try MainActor.assumeIsolated { try Self.setChangesTheModelAndGetReadsItBack() }
    }

    @MainActor
    private static func setChangesTheModelAndGetReadsItBack() throws {
        let tree = makeTree()
        // In a shown tree, where changes run implicit animations.
        let host = InlineRenderHost(width: 100, height: 100)
        tree.root.attach(to: host)
        CATransaction.flush()
        defer { withExtendedLifetime(host) {} }
        var highlighted: [UInt64?] = []
        let scene = InspectedScene(root: tree.root, highlight: { highlighted.append($0) })
        func ask(_ line: String) throws -> String {
            try XCTUnwrap(InspectorRequest.parse(line)).replyOnMainThread(scenes: [scene])
        }
        XCTAssertEqual(try ask("set item0 opacity 0.5"), "menu/item0 #\(tree.items[0].layerID) opacity: 1 -> 0.5")
        XCTAssertEqual(tree.items[0].opacity, 0.5)
        XCTAssertNotNil(tree.items[0].animation(forKey: "opacity"), "an ordinary transaction: the implicit animation runs")
        XCTAssertTrue(try ask("get item0 opacity").hasPrefix("model        0.5\npresentation "))

        XCTAssertEqual(try ask("set item0 position 10,20"), "menu/item0 #\(tree.items[0].layerID) position: 0,0 -> 10,20")
        XCTAssertEqual(tree.items[0].position, CGPoint(x: 10, y: 20))
        XCTAssertEqual(try ask("set item0 transform.rotation.z 0.5").suffix(8), "0 -> 0.5")
        XCTAssertEqual(tree.items[0].value(forKeyPath: "transform.rotation.z") as? CGFloat ?? 0, 0.5, accuracy: 1e-9)

        // Wrong values and keys: one line, nothing changed.
        XCTAssertEqual(try ask("set item0 opacity lots"), "error: \"lots\" is not a number (for opacity)")
        XCTAssertEqual(try ask("set item0 nothing 1"), "error: CALayer has no key \"nothing\"")
        XCTAssertEqual(try ask("set item0 bounds 0,0,inf,4"), "error: \"0,0,inf,4\" is not a rect x,y,w,h (for bounds)")
        XCTAssertEqual(tree.items[0].opacity, 0.5)

        XCTAssertEqual(try ask("select group/item1"), "selected menu/group/item1 #\(tree.nested.layerID)")
        XCTAssertEqual(try ask("select none"), "selection cleared")
        XCTAssertEqual(highlighted, [tree.nested.layerID, nil])
        XCTAssertEqual(try ask("select item1"), "error: \"item1\" names 2 layers: menu/item1 #\(tree.items[1].layerID), "
                       + "menu/group/item1 #\(tree.nested.layerID)")
    }

    func testAMainThreadThatNeverAnswersTimesOutAndTheRequestNeverRuns() {
        // This test holds the main thread, so the block cannot run in time.
        let ran = LockedValue(false)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let answer = MainThreadCall.run(timeout: 0.2) { ran.withLock { $0 = true }; return "ran" }
            XCTAssertNil(answer)
            done.signal()
        }
        XCTAssertEqual(done.wait(timeout: .now() + 5), .success)
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.2))
        XCTAssertFalse(ran.withLock { $0 }, "given up on: it must not change anything later")
        let served = DispatchSemaphore(value: 0)
        let answer = LockedValue<String?>(nil)
        DispatchQueue.global().async {
            answer.withLock { $0 = MainThreadCall.run(timeout: 5) { "served" } }
            served.signal()
        }
        while served.wait(timeout: .now()) != .success { RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.01)) }
        XCTAssertEqual(answer.withLock { $0 }, "served", "a main thread that turns its run loop answers")
    }
}
