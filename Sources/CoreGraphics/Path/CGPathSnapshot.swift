/// The geometry of a path as an immutable, `Sendable` value: a Lamina
/// addition, not Apple API.
///
/// Why this exists: Apple's `CGMutablePath` is a subclass of `CGPath`, so
/// `CGPath` cannot be a `final` class, and Swift 6 only lets a non-final class
/// be `Sendable` through `@unchecked Sendable`. That would be a lie here,
/// because a `CGMutablePath` can change after it was handed to another thread.
/// So `CGPath` is *not* `Sendable`; instead every path exposes its current
/// elements as this value (`CGPath.snapshot`), which the render thread and the
/// animation engine receive and read without sharing any mutable state.
///
/// A snapshot answers the same geometric questions as `CGPath` (bounding
/// boxes, hit testing, current point) plus the polyline and segment helpers
/// the animation engine needs.
public struct CGPathSnapshot: Hashable, Sendable {
    /// The elements, in the order they were added.
    public private(set) var elements: [CGPathElementValue] = []

    // Builder state. Derived entirely from `elements`, so the synthesized
    // `==` and `hash` stay correct while these are kept in step.
    /// The start of the last subpath, or nil while the path is empty.
    private var subpathStart: CGPoint?
    /// The current point, or nil while the path is empty.
    private var lastPoint: CGPoint?
    /// False after `closeSubpath`: the next segment must start a new subpath.
    private var isSubpathOpen = false

    /// An empty path.
    public init() {}

    /// A path made of `elements`, added one by one with `CGMutablePath`'s
    /// rules (so a line with no current point is dropped, for example).
    public init<S: Sequence>(elements: S) where S.Element == CGPathElementValue {
        for element in elements { append(element) }
    }

    /// True when the path has no elements (a lone move-to is not empty), as Apple defines it.
    public var isEmpty: Bool { elements.isEmpty }

    /// The point the next segment starts from: the end of the last element,
    /// or the subpath's start after `closeSubpath`; `.zero` for an empty path,
    /// as Apple documents.
    public var currentPoint: CGPoint { lastPoint ?? .zero }

    /// True when the path has a current point, i.e. it is not empty.
    var hasCurrentPoint: Bool { lastPoint != nil }

    /// Appends one element, keeping Apple's subpath rules:
    /// - a line or curve with no current point is ignored (Apple logs
    ///   "no current point" and ignores it);
    /// - a line or curve after `closeSubpath` first gets an explicit move-to
    ///   the closed subpath's start. Apple starts that new subpath implicitly;
    ///   Lamina writes the move-to out so each subpath is self-contained when
    ///   enumerated, flattened or animated along;
    /// - `closeSubpath` with nothing open to close is ignored.
    mutating func append(_ element: CGPathElementValue) {
        switch element {
        case .moveTo(let point):
            elements.append(element)
            subpathStart = point
            lastPoint = point
            isSubpathOpen = true
        case .addLineTo, .addQuadCurveTo, .addCurveTo:
            guard let current = lastPoint else { return }
            if !isSubpathOpen { append(.moveTo(current)) }
            elements.append(element)
            lastPoint = element.endPoint
        case .closeSubpath:
            guard lastPoint != nil, isSubpathOpen else { return }
            elements.append(element)
            lastPoint = subpathStart
            isSubpathOpen = false
        }
    }

    /// Appends every element of `other`, in order.
    mutating func append(contentsOf other: CGPathSnapshot) {
        for element in other.elements { append(element) }
    }

    /// The path with every point mapped through `t`.
    public func applying(_ t: CGAffineTransform) -> CGPathSnapshot {
        if t.isIdentity { return self }
        return CGPathSnapshot(elements: elements.map { $0.applying(t) })
    }
}
