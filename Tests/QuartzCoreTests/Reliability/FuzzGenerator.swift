import XCTest
@testable import QuartzCore

/// A small deterministic random generator (SplitMix64): the same seed gives
/// the same fuzz cases on every machine, so a failure can be replayed.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Random inputs for the model: numbers including NaN, infinities and huge
/// or negative values, degenerate transforms, key paths valid and invalid,
/// and values of the wrong type.
struct FuzzGenerator {
    var rng: SplitMix64
    /// Whether finite numbers may be huge (beyond ±100; nested scales multiply).
    var allowsHugeFinite: Bool
    init(seed: UInt64, allowsHugeFinite: Bool = true) {
        rng = SplitMix64(seed: seed)
        self.allowsHugeFinite = allowsHugeFinite
    }

    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
    mutating func pick<T>(_ items: [T]) -> T { items[int(0...items.count - 1)] }

    /// A number, often ordinary, sometimes hostile.
    mutating func number() -> Double {
        if chance(0.6) { return Double.random(in: -50...100, using: &rng) }
        let hostile = pick([.nan, .infinity, -.infinity, 0, -0.0, -1, 1e308, -1e308, 1e-308, 1e9, -1e9,
                            .greatestFiniteMagnitude, .leastNonzeroMagnitude, Double(Float.greatestFiniteMagnitude)])
        if !allowsHugeFinite, hostile.isFinite, abs(hostile) > 100 { return hostile < 0 ? -100 : 100 }
        return hostile
    }

    mutating func float() -> Float { Float(number()) }
    mutating func point() -> CGPoint { CGPoint(x: number(), y: number()) }
    mutating func size() -> CGSize { CGSize(width: number(), height: number()) }
    mutating func rect() -> CGRect { CGRect(origin: point(), size: size()) }
    mutating func color() -> CGColor { CGColor(red: number(), green: number(), blue: number(), alpha: number()) }

    /// A transform: ordinary, degenerate (zero scale, m44 = 0, huge
    /// perspective) or full of random numbers.
    mutating func transform() -> CATransform3D {
        // Degenerate and random matrices (cases 0-2, 6) can project a layer
        // to a huge finite rectangle: only with allowsHugeFinite.
        switch allowsHugeFinite ? int(0...6) : int(3...5) {
        case 0: return CATransform3DMakeScale(0, 0, 0)
        case 1: var t = CATransform3DIdentity; t.m44 = 0; return t
        case 2: var t = CATransform3DIdentity; t.m34 = pick([-1e9, 1e9, -1, 1, .nan]); return t
        case 3: return CATransform3DMakeRotation(number(), number(), number(), number())
        case 4: return CATransform3DMakeScale(number(), number(), number())
        case 5: return CATransform3DMakeTranslation(number(), number(), number())
        default:
            return CATransform3D(m11: number(), m12: number(), m13: number(), m14: number(),
                                 m21: number(), m22: number(), m23: number(), m24: number(),
                                 m31: number(), m32: number(), m33: number(), m34: number(),
                                 m41: number(), m42: number(), m43: number(), m44: number())
        }
    }

    /// A path: an ellipse in a random (possibly huge or degenerate) rectangle.
    mutating func path() -> CGPath {
        CGPath(ellipseIn: rect(), transform: nil)
    }

    mutating func filter() -> CIFilter? {
        let filter = CIFilter(name: pick(["CIGaussianBlur", "CIBloom", "CIColorPosterize", "CINoSuchFilter"]))
        filter?.setValue(number(), forKey: pick(["inputRadius", "inputIntensity", "inputLevels", "inputBogus"]))
        return filter
    }

    /// A value of any type the model might be handed.
    mutating func anyValue(depth: Int = 0) -> Any? {
        switch int(0...13) {
        case 0: return nil
        case 1: return number()
        case 2: return NSNumber(value: number())
        case 3: return point()
        case 4: return size()
        case 5: return rect()
        case 6: return chance(0.5) ? transform() as Any : NSValue(point: point())
        case 7: return color()
        case 8: return pick(["", "left", "resizeAspect", "🙂", String(repeating: "x", count: 1000)])
        case 9: return chance(0.5)
        case 10: return depth < 2 ? (0..<int(0...4)).map { _ in anyValue(depth: depth + 1) as Any } : []
        case 11: return path()
        case 12: return filter() as Any
        default: return allowsHugeFinite ? Int.random(in: Int.min...Int.max, using: &rng) : Int.random(in: -100...100, using: &rng)
        }
    }

    static let validKeyPaths = [
        "position", "position.x", "position.y", "bounds", "bounds.size", "bounds.size.width", "bounds.origin.x",
        "frame", "anchorPoint", "anchorPointZ", "zPosition", "opacity", "hidden", "isHidden", "cornerRadius",
        "borderWidth", "borderColor", "backgroundColor", "shadowColor", "shadowOpacity", "shadowRadius",
        "shadowOffset", "shadowPath", "transform", "transform.scale", "transform.scale.x", "transform.rotation",
        "transform.rotation.z", "transform.rotation.x", "transform.translation.x", "transform.translation",
        "sublayerTransform", "sublayerTransform.m34", "contentsRect", "contentsCenter", "contentsScale",
        "contentsGravity", "masksToBounds", "filters", "backgroundFilters", "compositingFilter",
        "filters.blur.inputRadius", "shouldRasterize", "rasterizationScale", "speed", "timeOffset", "beginTime",
        "maskedCorners", "doubleSided", "geometryFlipped", "name", "contents", "autoresizingMask", "mask",
    ]

    static let garbageKeyPaths = [
        "", ".", "..", "position..x", "position.z", "transform.rotation.w", "a.b.c.d.e.f", "bounds.size.depth",
        "opacity.x", "contents.x", "🙂", "transform.", ".transform", "filters.", "filters.nothing.inputRadius",
        "sublayers", "superlayer", String(repeating: "deep.", count: 200),
    ]

    mutating func keyPath() -> String {
        chance(0.75) ? pick(Self.validKeyPaths) : pick(Self.garbageKeyPaths)
    }

    /// Sets a random property of `layer`, through typed setters or KVC.
    mutating func mutate(_ layer: CALayer) {
        switch int(0...14) {
        case 0: layer.position = point()
        case 1: layer.bounds = rect()
        case 2: layer.frame = rect()
        case 3: layer.transform = transform()
        case 4: layer.sublayerTransform = transform()
        case 5: layer.opacity = float()
        case 6: layer.cornerRadius = number()
        case 7: layer.borderWidth = number(); layer.borderColor = color()
        case 8:
            layer.shadowOpacity = Float.random(in: 0...1, using: &rng)
            layer.shadowRadius = number()
            layer.shadowOffset = CGSize(width: number(), height: number())
        case 9: layer.anchorPoint = point()
        case 10: layer.speed = float(); layer.timeOffset = number()
        case 11: layer.backgroundColor = color()
        case 12: layer.filters = [filter() as Any]
        default:
            let path = keyPath(), value = anyValue()
            layer.setValue(value, forKeyPath: path)
        }
    }
}
