/// An emitter's particles for one frame, placed in target pixels and in
/// drawing order (`DrawNode.particles`).
struct ParticleFrame {
    struct Placed {
        let particle: Particle
        /// Image pixels to target pixels.
        let toTarget: Homography
        /// Target pixels the particle may touch.
        let box: PixelRect
    }

    /// The layer time they were evaluated at: what makes the frame's draw
    /// record differ from the last one while particles live.
    let time: Double
    let items: [Placed]
    let additive: Bool
    /// The union of the particles' boxes (within the layer's bounds when it masks to them).
    let coverage: PixelRect?
    /// The layer's bounds in target pixels when it masks to them.
    let clip: PixelRect?

    /// Orders and places `particles` (emitter layer space) through `node`'s matrix.
    init(_ particles: [Particle], time: Double, renderMode: String, node: DrawNode) {
        self.time = time
        var ordered = particles
        switch renderMode {
        case "oldestFirst": ordered.sort { $0.birth < $1.birth }
        case "oldestLast": ordered.sort { $0.birth > $1.birth }
        case "backToFront": ordered.sort { $0.z < $1.z }
        default: break
        }
        additive = renderMode == "additive"
        let state = node.state
        let clip = state.masksToBounds ? PixelRect(covering: node.homography.apply(state.bounds)) : nil
        self.clip = clip
        var union: PixelRect?
        items = ordered.compactMap { particle in
            let look = particle.look
            let imageWidth = Double(look.image.width), imageHeight = Double(look.image.height)
            let source = CGRect(x: look.contentsRect.minX * imageWidth, y: look.contentsRect.minY * imageHeight,
                                width: look.contentsRect.width * imageWidth, height: look.contentsRect.height * imageHeight)
            guard source.width > 0, source.height > 0 else { return nil }
            // image pixels -> points centred on the particle -> scaled by k,
            // spun by the angle, moved to its position (one affine map, row
            // vectors as in CATransform3D) -> target pixels.
            let k = particle.scale / look.contentsScale
            let cosine = k * cos(particle.angle), sine = k * sin(particle.angle)
            var map = CATransform3DIdentity
            map.m11 = cosine
            map.m12 = sine
            map.m21 = -sine
            map.m22 = cosine
            map.m41 = particle.x - (source.midX * cosine - source.midY * sine)
            map.m42 = particle.y - (source.midX * sine + source.midY * cosine)
            let toTarget = Homography(CATransform3DConcat(map, node.matrix))
            guard var box = PixelRect(covering: toTarget.apply(source)) else { return nil }
            if let clip {
                guard let clipped = box.intersection(clip) else { return nil }
                box = clipped
            }
            union = union.map { $0.union(box) } ?? box
            return Placed(particle: particle, toTarget: toTarget, box: box)
        }
        coverage = union
    }
}
