import QuartzCore

/// Hit testing and the routing of pointer and touch events: what is under
/// the pointer is what the user sees there, so the presentation tree is
/// tested (moving layers are hit where they are drawn, not where their
/// model values already are) and the model layer handed back.
extension LaminaWindow {
    /// The model layer drawn at `point` (window pixels, top left): the
    /// presentation tree's `hitTest(_:)` (through transforms, perspective,
    /// `masksToBounds`; hidden layers are skipped and transparent ones are
    /// not, as `CALayer.hitTest(_:)` does on Apple), mapped back to the
    /// model. Nil when the point is outside the root layer.
    public func hitTest(_ point: CGPoint) -> CALayer? {
        guard point.x.isFinite, point.y.isFinite else { return nil }
        let shown = rootLayer.presentation() ?? rootLayer
        return shown.hitTest(point)?.model()
    }

    /// The responder for a press at `point`: the nearest layer, from the
    /// one hit up through its superlayers, whose delegate is a
    /// `LaminaResponder` (in AppKit and UIKit a layer's delegate is its
    /// view); else the first responder.
    public func responder(at point: CGPoint) -> LaminaResponder {
        responder(for: hitTest(point))
    }

    /// Where the pointer was at the last pointer or touch event (AppKit's
    /// `mouseLocationOutsideOfEventStream`), nil before any.
    public var mouseLocationOutsideOfEventStream: CGPoint? { pointerRouting.location }

    func responder(for layer: CALayer?) -> LaminaResponder {
        var current = layer
        while let candidate = current {
            if let responder = candidate.delegate as? LaminaResponder { return responder }
            current = candidate.superlayer
        }
        return firstResponder ?? self
    }

    func handlePointer(_ event: LaminaMouseEvent) {
        if event.isButtonDown || event.isButtonUp {
            traceRecorder?.instant(event.isButtonDown ? "button down" : "button up", category: "input",
                                   args: ["button": .int(event.buttonNumber)])
        }
        pointerRouting.route(event, acceptsMoves: acceptsMouseMovedEvents, firstResponder: firstResponder ?? self,
                             responderAt: { responder(at: $0) })
    }

    func handleTouch(_ record: TouchRecord, timestamp: Double) {
        guard deliversTouches else { return }
        if record.phase == .begin {
            traceRecorder?.instant("touch began", category: "input", args: ["touch": .int(Int(record.id))])
        }
        pointerRouting.route(record, timestamp: timestamp, hitLayer: { hitTest($0) },
                             responderFor: { responder(for: $0) })
    }
}
