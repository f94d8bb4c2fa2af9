import Synchronization

/// Slowed animations (`lamina-inspect slow FACTOR`, `LAMINA_SLOW_ANIMATIONS`):
/// media time, the clock every animation runs on, made to run `factor`
/// times slower than the display's clock, which keeps pacing frames.
///
/// Both threads read media time through `MediaClock.now()`, so the render
/// thread's frames, `presentation()`, completion blocks, display links and
/// `CACurrentMediaTime()` all slow together and agree. The map is
/// piecewise linear and continuous: a change of factor starts a new piece
/// at the moment it is made, so media time never jumps or runs backwards.
/// At factor 1 (the default) the two clocks are the same and the map costs
/// one atomic load.
package enum MediaTimeScale {
    /// Where the current piece starts, on both clocks, and its slowdown.
    private struct Piece: Sendable {
        var display: CFTimeInterval
        var media: CFTimeInterval
        var factor: Double
    }

    private static let piece = LockedValue<Piece?>(nil)
    /// Whether a piece with a factor other than 1 is set, read without the lock.
    private static let isScaled = Atomic<Bool>(false)

    /// The slowdowns `setFactor` takes.
    package static let factorRange: ClosedRange<Double> = 0.01...1000

    /// The slowdown now: 1 for real time, 10 for ten times slower.
    package static var factor: Double { piece.withLock { $0?.factor ?? 1 } }

    /// Media time at display time `display`.
    package static func mediaTime(atDisplayTime display: CFTimeInterval) -> CFTimeInterval {
        guard isScaled.load(ordering: .acquiring), let piece = piece.withLock({ $0 }) else { return display }
        return piece.media + (display - piece.display) / piece.factor
    }

    /// Display time at media time `media` (when a media time will be reached).
    package static func displayTime(atMediaTime media: CFTimeInterval) -> CFTimeInterval {
        guard isScaled.load(ordering: .acquiring), let piece = piece.withLock({ $0 }) else { return media }
        return piece.display + (media - piece.media) * piece.factor
    }

    /// Makes animations run `factor` times slower from now on (1 restores
    /// real time). Returns false, changing nothing, for a factor that is
    /// not finite or outside 0.01...1000.
    @discardableResult
    package static func setFactor(_ factor: Double) -> Bool {
        guard factor.isFinite, factorRange.contains(factor) else { return false }
        let display = MediaClock.displayNow()
        piece.withLock { current in
            let media = current.map { $0.media + (display - $0.display) / $0.factor } ?? display
            current = Piece(display: display, media: media, factor: factor)
            // Back at real speed the pieces stay (media time may lag the
            // display's for good), but a factor of 1 is still a piece.
            isScaled.store(current.map { $0.factor != 1 || $0.media != $0.display } ?? false, ordering: .releasing)
        }
        return true
    }

    /// Media time the display's again, jumping forward over the time slowed
    /// animations lost (for tests, which must not leave the clock scaled).
    package static func reset() {
        piece.withLock { current in
            current = nil
            isScaled.store(false, ordering: .releasing)
        }
    }
}
