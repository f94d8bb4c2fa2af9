/// An immutable graphics path, Apple's `CGPath`.
///
/// Not `Sendable`, unlike `CGColor`: Apple's `CGMutablePath` is a subclass
/// of `CGPath`, so `CGPath` cannot be `final`, and a non-final class can only
/// claim `Sendable` unchecked — untrue here, since a `CGMutablePath` passed
/// as a `CGPath` can still change. Code that needs a path on another thread
/// (the render server, the animation engine) takes `snapshot`, an immutable
/// `Sendable` value of the same geometry.
///
/// Two paths are equal when their elements are, as Apple's `CFEqual` /
/// `CGPathEqualToPath` compare them (a `CGMutablePath` can equal a `CGPath`).
public class CGPath: Hashable, CustomDebugStringConvertible {
    /// The elements. Only `CGMutablePath` ever changes this after init.
    var storage: CGPathSnapshot

    init(storage: CGPathSnapshot) {
        self.storage = storage
    }

    /// The path's geometry as an immutable `Sendable` value (Lamina addition).
    public var snapshot: CGPathSnapshot { storage }

    /// The path's elements in order, as Swift values (Lamina addition; Apple's
    /// way to read them is `applyWithBlock(_:)`).
    public var elements: [CGPathElementValue] { storage.elements }

    /// A path from a snapshot (Lamina addition), e.g. to rebuild a `CGPath` on
    /// the render thread.
    public convenience init(_ snapshot: CGPathSnapshot) {
        self.init(storage: snapshot)
    }

    /// A rectangle path, as Apple's `CGPath(rect:transform:)` (moves to the
    /// min-x/min-y corner, adds three lines, closes). `transform` may be nil.
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        var storage = CGPathSnapshot()
        storage.appendRect(rect, transform: transform?.pointee ?? .identity)
        self.init(storage: storage)
    }

    /// An ellipse path, as Apple's `CGPath(ellipseIn:transform:)`.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        var storage = CGPathSnapshot()
        storage.appendEllipse(in: rect, transform: transform?.pointee ?? .identity)
        self.init(storage: storage)
    }

    /// A rounded-rectangle path, as Apple's
    /// `CGPath(roundedRect:cornerWidth:cornerHeight:transform:)`.
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                            transform: UnsafePointer<CGAffineTransform>?) {
        var storage = CGPathSnapshot()
        storage.appendRoundedRect(rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight,
                                  transform: transform?.pointee ?? .identity)
        self.init(storage: storage)
    }

    // MARK: Copies

    /// An immutable copy. A plain `CGPath` never changes, so it returns itself, as Apple may.
    public func copy() -> CGPath? {
        type(of: self) == CGPath.self ? self : CGPath(storage: storage)
    }

    /// An immutable copy with every point mapped through `transform` (nil: no change).
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        guard let transform else { return copy() }
        return CGPath(storage: storage.applying(transform.pointee))
    }

    /// An independent mutable copy.
    public func mutableCopy() -> CGMutablePath? {
        CGMutablePath(copying: storage)
    }

    /// An independent mutable copy with every point mapped through `transform` (nil: no change).
    public func mutableCopy(using transform: UnsafePointer<CGAffineTransform>?) -> CGMutablePath? {
        CGMutablePath(copying: transform.map { storage.applying($0.pointee) } ?? storage)
    }

    // MARK: Geometry

    /// True when the path has no elements.
    public var isEmpty: Bool { storage.isEmpty }

    /// The current point; `.zero` for an empty path.
    public var currentPoint: CGPoint { storage.currentPoint }

    /// The bounds of every point *including curve control points*; `CGRect.null` when empty.
    public var boundingBox: CGRect { storage.boundingBox }

    /// The bounds of the path itself, *excluding* control points; `CGRect.null` when empty.
    public var boundingBoxOfPath: CGRect { storage.boundingBoxOfPath }

    /// Whether `point`, after mapping through `transform`, is inside the area
    /// the path fills under `rule` (Apple: "An affine transform to apply to
    /// the point before checking for containment"). Open subpaths count as closed.
    public func contains(_ point: CGPoint, using rule: CGPathFillRule = .winding,
                         transform: CGAffineTransform = .identity) -> Bool {
        storage.contains(point.applying(transform), using: rule)
    }

    /// Whether the path is exactly one axis-aligned rectangle: a move-to and
    /// three lines along alternating axes, then a close (or a fourth line back
    /// to the start, optionally closed). When it is and `rect` is not nil, the
    /// rectangle is written there.
    public func isRect(_ rect: UnsafeMutablePointer<CGRect>?) -> Bool {
        guard let found = storage.rectangle else { return false }
        rect?.pointee = found
        return true
    }

    /// The path flattened to straight lines no farther than `threshold` from
    /// the curves, as Apple's `flattened(threshold:)` (macOS 13 / iOS 16).
    public func flattened(threshold: CGFloat) -> CGPath {
        var result = CGPathSnapshot()
        for polyline in storage.polylines(tolerance: threshold) {
            guard let first = polyline.points.first else { continue }
            result.append(.moveTo(first))
            let rest = polyline.points.dropFirst()
            // A closed polyline repeats its start; the close draws that edge.
            for point in polyline.isClosed ? rest.dropLast() : rest[...] { result.append(.addLineTo(point)) }
            if polyline.isClosed { result.append(.closeSubpath) }
        }
        return CGPath(storage: result)
    }

    /// Lamina helper for the animation engine: each subpath as a polyline
    /// within `tolerance` of the curves; closed subpaths end with their start
    /// point again. See `CGPathSnapshot.polylines(tolerance:)` for lengths.
    public func flattened(tolerance: CGFloat) -> [[CGPoint]] {
        storage.flattened(tolerance: tolerance)
    }

    // MARK: Enumeration

    /// Calls `block` with each element in order, as Apple's
    /// `applyWithBlock(_:)`. The element's `points` pointer is only valid
    /// during the call.
    public func applyWithBlock(_ block: CGPathApplyBlock) {
        let buffer = UnsafeMutablePointer<CGPoint>.allocate(capacity: 3)
        buffer.initialize(repeating: .zero, count: 3)
        defer { buffer.deallocate() }
        for element in storage.elements {
            for (index, point) in element.points.enumerated() { buffer[index] = point }
            var pathElement = CGPathElement(type: element.type, points: buffer)
            withUnsafePointer(to: &pathElement) { block($0) }
        }
    }

    /// Calls `function` with `info` and each element in order, as Apple's
    /// `apply(info:function:)`.
    public func apply(info: UnsafeMutableRawPointer?, function: CGPathApplierFunction) {
        applyWithBlock { function(info, $0) }
    }

    // MARK: Equality

    public static func == (lhs: CGPath, rhs: CGPath) -> Bool {
        lhs === rhs || lhs.storage.elements == rhs.storage.elements
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.elements)
    }

    public var debugDescription: String {
        "CGPath(\(storage.elements.map(String.init(describing:)).joined(separator: ", ")))"
    }
}
