import QuartzCore

/// Where a window's pointer and touch events go: which responder each
/// held button's press went to (its drags and release follow it), and the
/// live touches with the responder each began on. Main-thread only.
@MainActor
final class PointerRouting {
    private final class WeakResponder {
        weak var responder: LaminaResponder?
        init(_ responder: LaminaResponder) { self.responder = responder }
    }

    private var pressTargets: [Int: WeakResponder] = [:]
    private var liveTouches: [UInt32: (touch: LaminaTouch, responder: WeakResponder)] = [:]
    private var lastTouchEnd: (time: Double, location: CGPoint, count: Int)?
    /// Where the pointer was at the last pointer event.
    private(set) var location: CGPoint?

    /// Delivers a pointer event: a press to `responderAt`'s answer, drags
    /// and the release to where the press went, moves (when accepted) and
    /// crossings to `firstResponder`.
    func route(_ event: LaminaMouseEvent, acceptsMoves: Bool, firstResponder: LaminaResponder,
               responderAt: (CGPoint) -> LaminaResponder) {
        location = event.locationInWindow
        let button = event.buttonNumber
        switch event.type {
        case .leftMouseDown, .rightMouseDown, .otherMouseDown:
            let target = responderAt(event.locationInWindow)
            pressTargets[button] = WeakResponder(target)
            Self.send(event, to: target)
        case .leftMouseDragged, .rightMouseDragged, .otherMouseDragged:
            // A drag whose press went nowhere we know (the press came before
            // the window was there) has no one to go to.
            guard let target = pressTargets[button]?.responder else { return }
            Self.send(event, to: target)
        case .leftMouseUp, .rightMouseUp, .otherMouseUp:
            guard let target = pressTargets.removeValue(forKey: button)?.responder else { return }
            Self.send(event, to: target)
        case .mouseMoved:
            if acceptsMoves { firstResponder.mouseMoved(with: event) }
        case .scrollWheel:
            responderAt(event.locationInWindow).scrollWheel(with: event)
        case .mouseEntered:
            firstResponder.mouseEntered(with: event)
        case .mouseExited:
            firstResponder.mouseExited(with: event)
        }
    }

    private static func send(_ event: LaminaMouseEvent, to responder: LaminaResponder) {
        switch event.type {
        case .leftMouseDown: responder.mouseDown(with: event)
        case .leftMouseDragged: responder.mouseDragged(with: event)
        case .leftMouseUp: responder.mouseUp(with: event)
        case .rightMouseDown: responder.rightMouseDown(with: event)
        case .rightMouseDragged: responder.rightMouseDragged(with: event)
        case .rightMouseUp: responder.rightMouseUp(with: event)
        case .otherMouseDown: responder.otherMouseDown(with: event)
        case .otherMouseDragged: responder.otherMouseDragged(with: event)
        case .otherMouseUp: responder.otherMouseUp(with: event)
        case .mouseMoved, .scrollWheel, .mouseEntered, .mouseExited: break
        }
    }

    /// Delivers a touch: a new one to `responderAt`'s answer for where it
    /// landed (`hitLayer` recorded as its layer), its moves and end to the
    /// same responder. Moves and ends of touches never begun are dropped.
    func route(_ record: TouchRecord, timestamp: Double, hitLayer: (CGPoint) -> CALayer?,
               responderFor: (CALayer?) -> LaminaResponder) {
        let point = CGPoint(x: record.x, y: record.y)
        location = point
        if record.phase == .begin, liveTouches[record.id] == nil {
            let touch = LaminaTouch(identifier: record.id, location: point, timestamp: timestamp,
                                    tapCount: tapCount(at: point, timestamp: timestamp))
            let layer = hitLayer(point)
            touch.layer = layer
            let responder = responderFor(layer)
            liveTouches[record.id] = (touch, WeakResponder(responder))
            responder.touchesBegan([touch], with: event(timestamp))
            return
        }
        guard let (touch, target) = liveTouches[record.id] else { return }
        let ended = record.phase == .end
        touch.update(phase: ended ? .ended : .moved, location: point, timestamp: timestamp)
        let event = event(timestamp)
        if ended {
            liveTouches[record.id] = nil
            lastTouchEnd = (timestamp, point, touch.tapCount)
            target.responder?.touchesEnded([touch], with: event)
        } else {
            target.responder?.touchesMoved([touch], with: event)
        }
    }

    /// Cancels every live touch (the window stopped getting touches).
    func cancelTouches(timestamp: Double) {
        let live = liveTouches.values
        liveTouches.removeAll()
        for (touch, target) in live {
            touch.update(phase: .cancelled, location: touch.locationInWindow, timestamp: timestamp)
            target.responder?.touchesCancelled([touch], with: LaminaTouchEvent(allTouches: [touch], timestamp: timestamp))
        }
    }

    /// The touches down now, for the event.
    private func event(_ timestamp: Double) -> LaminaTouchEvent {
        LaminaTouchEvent(allTouches: Set(liveTouches.values.map(\.touch)), timestamp: timestamp)
    }

    private func tapCount(at point: CGPoint, timestamp: Double) -> Int {
        guard let last = lastTouchEnd, timestamp - last.time <= LaminaMouseEvent.doubleClickInterval,
              hypot(point.x - last.location.x, point.y - last.location.y) <= LaminaMouseEvent.doubleClickDistance
        else { return 1 }
        return last.count + 1
    }
}
