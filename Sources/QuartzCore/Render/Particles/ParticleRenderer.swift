import CPixman

/// Draws particle frames: each particle's image, transformed and tinted by
/// its colour (multiplied into the premultiplied pixels through a
/// component-alpha mask), over or added to what is below. Confined to the
/// rendering thread, like the compositor that owns it.
final class ParticleRenderer {
    /// One pixman source per particle image, kept while frames use it.
    private var sources: [ObjectIdentifier: (image: CGImage, pixman: PixmanImage)] = [:]
    private var usedThisFrame: Set<ObjectIdentifier> = []

    func draw(_ frame: ParticleFrame, tint: Tint, opacity: Float, into destination: PixmanImage, clip: PixelRect) {
        for placed in frame.items {
            guard let area = placed.box.intersection(clip),
                  let source = source(for: placed.particle.look.image),
                  let inverse = placed.toTarget.inverted() else { continue }
            source.setTransform(inverse, bilinear: !placed.particle.look.nearest,
                                over: PixmanImage.samplingRegion(extent: placed.box, drawing: area))
            let color = placed.particle.tint.times(tint)
            let alpha = color.alpha * Double(max(0, min(1, opacity)))
            if color == .white, alpha >= 1 {
                destination.composite(source, mask: nil, operation: frame.additive ? PIXMAN_OP_ADD : PIXMAN_OP_OVER, rect: area)
                continue
            }
            // The tinted, premultiplied particle is source × (r·a, g·a, b·a, a).
            // A component-alpha OVER would hide only the tint's own channels of
            // what is below, so source-over is done as its two halves: clear
            // what the particle covers by its alpha, then add its colour.
            if !frame.additive, let cover = PixmanImage(red: 0, green: 0, blue: 0, alpha: alpha) {
                destination.composite(source, mask: cover, operation: PIXMAN_OP_OUT_REVERSE, rect: area)
            }
            guard let paint = PixmanImage(red: color.red, green: color.green, blue: color.blue, alpha: alpha) else { continue }
            paint.useComponentAlpha()
            destination.composite(source, mask: paint, operation: PIXMAN_OP_ADD, rect: area)
        }
    }

    /// Forgets images no particle drew since the last call.
    func endFrame() {
        if sources.count > usedThisFrame.count { sources = sources.filter { usedThisFrame.contains($0.key) } }
        usedThisFrame.removeAll()
    }

    private func source(for image: CGImage) -> PixmanImage? {
        let key = ObjectIdentifier(image)
        usedThisFrame.insert(key)
        if let cached = sources[key], cached.image === image { return cached.pixman }
        guard let pixman = PixmanImage(image: image) else { return nil }
        sources[key] = (image, pixman)
        return pixman
    }
}
