/// How a particle looks: its cell's image and how the image is sampled.
struct ParticleLook {
    let image: CGImage
    let contentsRect: CGRect
    let contentsScale: Double
    let nearest: Bool
}

/// One particle as drawn in one frame, in the emitter layer's space.
struct Particle {
    var look: ParticleLook
    var x: Double, y: Double, z: Double
    var scale: Double
    /// Rotation in radians (spin × age).
    var angle: Double
    /// Unpremultiplied, each in 0...1.
    var tint: Tint
    /// When it was born, in the layer's time (for the age orderings).
    var birth: Double
}
