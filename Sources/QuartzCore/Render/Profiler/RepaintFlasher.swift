/// Flash repaints: every region the compositor repainted is tinted, and the
/// tint fades out over `fadeDuration` of frame time. Region rectangles are
/// target pixels, origin top left; times are frame (media) times, so tests
/// step through a fade without waiting. A value; render thread.
struct RepaintFlasher {
    /// How long a flash takes to fade away, in seconds of frame time.
    static let fadeDuration: CFTimeInterval = 0.5
    /// The tint's opacity when a region has just been repainted.
    static let startOpacity = 0.45

    struct Flash: Equatable {
        let rect: PixelRect
        let paintedAt: CFTimeInterval
    }

    /// Flashes still visible, oldest first; a region repainted again
    /// replaces its older flash rather than stacking on it.
    private(set) var flashes: [Flash] = []

    /// Records the regions repainted by the frame at `frameTime` and drops
    /// flashes that have faded by then.
    mutating func update(repainted: [PixelRect], at frameTime: CFTimeInterval) {
        flashes.removeAll { flash in
            frameTime - flash.paintedAt >= Self.fadeDuration || flash.paintedAt > frameTime
                || repainted.contains(flash.rect)
        }
        flashes += repainted.map { Flash(rect: $0, paintedAt: frameTime) }
    }

    /// Forgets every flash (flashing was turned off).
    mutating func removeAll() { flashes.removeAll() }

    /// The tint's opacity for a flash at `frameTime`: `startOpacity`
    /// falling linearly to 0 over `fadeDuration`.
    static func opacity(of flash: Flash, at frameTime: CFTimeInterval) -> Double {
        let age = frameTime - flash.paintedAt
        return startOpacity * max(0, min(1, 1 - age / fadeDuration))
    }

    /// When the next frame is needed to carry the fade on: `now` while a
    /// flash is visible, nil when none is.
    func nextFrameTime(after now: CFTimeInterval) -> CFTimeInterval? {
        flashes.isEmpty ? nil : now
    }

    /// Tints each flash's region of `target` at `frameTime`.
    func draw(into target: RasterBuffer, at frameTime: CFTimeInterval) {
        guard !flashes.isEmpty, let destination = PixmanImage(buffer: target) else { return }
        for flash in flashes {
            let opacity = Self.opacity(of: flash, at: frameTime)
            guard opacity > 0, let tint = PixmanImage(red: 1, green: 0.1, blue: 0.7, alpha: opacity) else { continue }
            destination.composite(tint, mask: nil, rect: flash.rect)
        }
    }
}
