import QuartzCore

/// One finger on a touchscreen, as UIKit's `UITouch`: the same object from
/// the moment the finger lands until it lifts (or the touch is cancelled),
/// so a responder can keep it as a key. Delivered through
/// `LaminaResponder.touchesBegan(_:with:)` and its siblings when the window
/// accepts touch events (`LaminaWindow.acceptsTouchEvents`).
///
/// Main-thread only.
@MainActor
public final class LaminaTouch: Hashable {
    /// Where the touch is in its life (UIKit's `UITouch.Phase`).
    public enum Phase: Sendable, Equatable {
        case began, moved, stationary, ended, cancelled
    }

    public private(set) var phase: Phase
    /// Where the finger is, in window pixels from the top left.
    public private(set) var locationInWindow: CGPoint
    /// Where it was at the previous event for this touch.
    public private(set) var previousLocationInWindow: CGPoint
    /// When the touch last changed, on `CACurrentMediaTime()`'s clock.
    public private(set) var timestamp: Double
    /// 1 for a single tap, 2 when this touch began soon after and near the
    /// previous one ended (as `LaminaMouseEvent.clickCount` counts).
    public let tapCount: Int
    /// The model layer hit where the touch began (UIKit's `view`).
    public internal(set) weak var layer: CALayer?
    /// The X touch id, unique among the touches down at once.
    let identifier: UInt32

    init(identifier: UInt32, location: CGPoint, timestamp: Double, tapCount: Int) {
        self.identifier = identifier
        phase = .began
        locationInWindow = location
        previousLocationInWindow = location
        self.timestamp = timestamp
        self.tapCount = tapCount
    }

    /// The touch's location in `layer`'s space (the model tree's geometry).
    public func location(in layer: CALayer?) -> CGPoint {
        layer?.convert(locationInWindow, from: nil) ?? locationInWindow
    }

    /// The previous location in `layer`'s space.
    public func previousLocation(in layer: CALayer?) -> CGPoint {
        layer?.convert(previousLocationInWindow, from: nil) ?? previousLocationInWindow
    }

    func update(phase: Phase, location: CGPoint, timestamp: Double) {
        previousLocationInWindow = locationInWindow
        locationInWindow = location
        self.phase = phase
        self.timestamp = timestamp
    }

    nonisolated public static func == (a: LaminaTouch, b: LaminaTouch) -> Bool { a === b }
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// The touches of one moment, as UIKit's `UIEvent` of type `.touches`.
@MainActor
public final class LaminaTouchEvent {
    /// Every touch down now (and those ending with this event).
    public let allTouches: Set<LaminaTouch>
    /// When the event happened, on `CACurrentMediaTime()`'s clock.
    public let timestamp: Double

    init(allTouches: Set<LaminaTouch>, timestamp: Double) {
        self.allTouches = allTouches
        self.timestamp = timestamp
    }

    /// The touches that began on `layer` or a sublayer of it.
    public func touches(for layer: CALayer) -> Set<LaminaTouch> {
        allTouches.filter { touch in
            var current = touch.layer
            while let candidate = current {
                if candidate === layer { return true }
                current = candidate.superlayer
            }
            return false
        }
    }
}
