import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// Bad input never crashes or hangs: random layer trees, property values
/// (NaN, infinities, huge and negative sizes, degenerate transforms), key
/// paths (valid and garbage), values of the wrong type and broken animations
/// are set on the model, committed, evaluated by `presentation()` at several
/// times and rendered inline. Seeded, so every run sees the same cases; a
/// failure names its seed and case to replay it.
final class FuzzTests: ModelTestCase {
    /// Times after the commit at which each case is evaluated and drawn.
    private let probeTimes: [CFTimeInterval] = [0, 0.016, 0.3, 1.7, 1e6]

    private func makeTree(_ fuzz: inout FuzzGenerator, depth: Int, parent: CALayer, into layers: inout [CALayer]) {
        guard depth > 0 else { return }
        for _ in 0..<fuzz.int(0...3) {
            let layer: CALayer
            if fuzz.chance(0.15) {
                let text = CATextLayer()
                text.string = fuzz.chance(0.7) ? fuzz.pick(["Menu", "", "🙂 x\ny", String(repeating: "w", count: 300)]) : fuzz.anyValue()
                text.fontSize = fuzz.number()
                text.isWrapped = fuzz.chance(0.5)
                layer = text
            } else if fuzz.chance(0.1) {
                layer = CATransformLayer()
            } else if fuzz.chance(0.05) {
                let replicator = CAReplicatorLayer()
                replicator.preservesDepth = true
                replicator.instanceCount = fuzz.int(0...4)
                replicator.instanceTransform = fuzz.transform()
                layer = replicator
            } else if fuzz.chance(0.05) {
                let tiled = CATiledLayer()
                tiled.tileSize = CGSize(width: fuzz.number(), height: fuzz.number())
                tiled.levelsOfDetail = fuzz.int(-2...40)
                tiled.levelsOfDetailBias = fuzz.int(-2...40)
                layer = tiled
            } else {
                layer = CALayer()
            }
            layer.frame = CGRect(x: fuzz.int(-10...60), y: fuzz.int(-10...60), width: fuzz.int(0...64), height: fuzz.int(0...64))
            layer.backgroundColor = fuzz.color()
            parent.addSublayer(layer)
            layers.append(layer)
            makeTree(&fuzz, depth: depth - 1, parent: layer, into: &layers)
        }
    }

    /// Runs one case: builds, mutates, animates, commits, evaluates, renders.
    private func runCase(seed: UInt64, mutations: Int, animations: Int) {
        var fuzz = FuzzGenerator(seed: seed, allowsHugeFinite: true)
        let host = InlineRenderHost(width: 64, height: 48)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 48)
        root.attach(to: host)
        var layers = [root]
        makeTree(&fuzz, depth: fuzz.int(1...4), parent: root, into: &layers)
        CATransaction.flush()
        for _ in 0..<mutations { fuzz.mutate(fuzz.pick(layers)) }
        for index in 0..<animations {
            let key: String? = fuzz.chance(0.8) ? "fuzz\(index)" : nil
            fuzz.pick(layers).add(fuzz.animation(), forKey: key)
        }
        if fuzz.chance(0.3), layers.count > 2 {
            layers[1].mask = fuzz.chance(0.5) ? CALayer() : nil
        }
        CATransaction.flush()
        let start = CACurrentMediaTime()
        var elapsed: CFTimeInterval = 0
        for offset in probeTimes {
            advance(offset - elapsed)
            elapsed = offset
            for layer in layers { _ = layer.presentation()?.position }
            let image = host.render(at: start + offset)
            XCTAssertEqual(image.width, 64, "seed \(seed): the frame at +\(offset) s was drawn")
        }
        root.detachFromHost()
        CATransaction.flush()
    }

    func testRandomTreesAndProperties() {
        for seed in UInt64(1)...200 { runCase(seed: seed, mutations: 12, animations: 0) }
        XCTAssertFalse(diagnostics.all.isEmpty, "bad values were reported")
        XCTAssertTrue(diagnostics.contains("non-finite"), "non-finite values were reported")
    }

    func testRandomAnimations() {
        for seed in UInt64(1001)...1200 { runCase(seed: seed, mutations: 2, animations: 4) }
        XCTAssertFalse(diagnostics.all.isEmpty, "bad animations were reported")
    }

    /// Garbage key paths and wrong-typed values through KVC, read back too.
    func testKeyValueCodingGarbage() {
        var fuzz = FuzzGenerator(seed: 77)
        let layer = CALayer()
        for _ in 0..<3000 {
            let path = fuzz.keyPath(), value = fuzz.anyValue()
            layer.setValue(value, forKeyPath: path)
            _ = layer.value(forKeyPath: path)
        }
        XCTAssertTrue(diagnostics.contains("key path"), "garbage key paths were reported")
    }
}
