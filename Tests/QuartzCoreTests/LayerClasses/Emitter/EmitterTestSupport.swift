@testable import QuartzCore

/// Particle images for the emitter tests, drawn pixel by pixel.
enum ParticleImages {
    /// A white square, `size` pixels wide, fully opaque.
    static func square(_ size: Int) -> CGImage {
        CGImage(storage: PixelStorage(width: size, height: size) { base, stride in
            for y in 0..<size { for x in 0..<size { base.storeBytes(of: 0xFFFF_FFFF, toByteOffset: y * stride + x * 4, as: UInt32.self) } }
        })
    }

    /// A white disc with a soft edge, `size` pixels wide (premultiplied).
    static func dot(_ size: Int) -> CGImage {
        CGImage(storage: PixelStorage(width: size, height: size) { base, stride in
            let radius = Double(size) / 2
            for y in 0..<size {
                for x in 0..<size {
                    let dx = Double(x) + 0.5 - radius, dy = Double(y) + 0.5 - radius
                    let coverage = max(0, min(1, radius - (dx * dx + dy * dy).squareRoot()))
                    let value = UInt32(coverage * 255)
                    let pixel = value << 24 | value << 16 | value << 8 | value
                    base.storeBytes(of: pixel, toByteOffset: y * stride + x * 4, as: UInt32.self)
                }
            }
        })
    }

    static let smallSquare = square(4)
    static let smallDot = dot(8)
}

extension CAEmitterCell {
    /// A cell with `contents` and the given rate and lifetime.
    static func make(_ name: String? = nil, rate: Float, lifetime: Float, image: CGImage = ParticleImages.smallSquare,
                     _ configure: (CAEmitterCell) -> Void = { _ in }) -> CAEmitterCell {
        let cell = CAEmitterCell()
        cell.name = name
        cell.birthRate = rate
        cell.lifetime = lifetime
        cell.contents = image
        configure(cell)
        return cell
    }
}

extension CAEmitterLayer {
    /// The particles this layer's committed state shows at its local time `time`.
    func particles(at time: Double) -> [Particle] {
        let state = EmitterState(self)
        return ParticleField.particles(epochs: [EmitterEpoch(start: -.infinity, state: state)], at: time)
    }
}
