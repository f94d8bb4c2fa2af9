/// The particle field of an emitter at one time, in closed form: particles
/// are born at discrete times (particle `k` of a cell at cell time
/// `(k + 1) / rate`), each draws its random values from a hash of (seed,
/// cell path, k), and its state at age `a` is `start + v·a + ½·acc·a²`,
/// scale, spin and colour moving at their speeds. Nothing is stepped or
/// remembered between frames, so any time can be rendered exactly.
enum ParticleField {
    /// The most particles evaluated per emitter and frame (the newest of
    /// each cell are kept first; sub-particles share what is left).
    static let maximumParticleCount = 10_000
    /// Birth rates above this many per second are treated as this rate:
    /// the cap already bounds a frame, this keeps slot numbers exact.
    static let maximumBirthRate = 1e6

    /// How often the state of an animated emitter is sampled for the
    /// particles born in its current epoch (births within one sample share it).
    static let animationSamplesPerSecond = 120.0

    /// Every visible particle of the emitter at layer time `time`.
    ///
    /// `stateAt`, given when the emitter has animations, is its presented
    /// state at a layer time: particles born in the last epoch take the
    /// cells, multipliers and shape it had at their birth (sampled
    /// `animationSamplesPerSecond` times a second), so an animated
    /// `emitterPosition` leaves a trail. Birth times still follow the
    /// frame's rates (an animated birth rate re-times that epoch's particles).
    static func particles(epochs: [EmitterEpoch], at time: Double,
                          stateAt: ((Double) -> EmitterState)? = nil) -> [Particle] {
        guard time.isFinite, time >= 0 else { return [] }
        var evaluator = Evaluator(budget: maximumParticleCount)
        var samples: [Int64: EmitterState] = [:]
        // Newest epochs first, so a cap keeps what was born last.
        for index in epochs.indices.reversed() {
            let epoch = epochs[index]
            let end = index + 1 < epochs.count ? epochs[index + 1].start : .infinity
            let state = epoch.state
            guard state.birthRate > 0, evaluator.budget > 0, epoch.start <= end else { continue }
            let seed = ParticleRandom.mix(UInt64(state.seed))
            let animated = index == epochs.count - 1 ? stateAt : nil
            for (cellIndex, cell) in state.cells.enumerated() where cell.isEnabled {
                let atBirth = animated.map { stateAt in
                    { (birth: Double) -> Evaluator.Parameters? in
                        let scaled = (birth * animationSamplesPerSecond).rounded()
                        let key = scaled.magnitude < 9e18 ? Int64(scaled) : 0
                        let sampled = samples[key] ?? stateAt(Double(key) / animationSamplesPerSecond)
                        samples[key] = sampled
                        guard cellIndex < sampled.cells.count else { return nil }
                        return Evaluator.Parameters(cell: sampled.cells[cellIndex], multipliers: Multipliers(sampled),
                                                    source: Source(top: sampled))
                    }
                }
                evaluator.emit(cell, path: ParticleRandom.combine(seed, UInt64(cellIndex)), now: time,
                               window: max(0, epoch.start)..<max(0, end), rateMultiplier: state.birthRate,
                               multipliers: Multipliers(state), source: Source(top: state), absolute: (0, 1),
                               atBirth: atBirth)
            }
        }
        return evaluator.output
    }

    /// The layer-wide multipliers, made harmless (negative → 0).
    struct Multipliers {
        let lifetime: Double, velocity: Double, scale: Double, spin: Double
        init(_ state: EmitterState) {
            lifetime = max(0, state.lifetime)
            velocity = state.velocity
            scale = max(0, state.scale)
            spin = state.spin
        }
    }

    struct Evaluator {
        /// What a particle takes from its emitter when it is born.
        struct Parameters {
            let cell: EmitterCellState
            let multipliers: Multipliers
            let source: Source
        }

        var budget: Int
        var output: [Particle] = []

        /// Emits `cell`'s particles born in `window` (parent time) and
        /// still alive, or with live descendants, at parent time `now`.
        /// `absolute` maps parent time to layer time (offset, factor);
        /// `atBirth`, when given, supplies each particle's parameters at its
        /// birth in place of `cell`, `multipliers` and `source`.
        mutating func emit(_ cell: EmitterCellState, path: UInt64, now: Double, window: Range<Double>,
                           rateMultiplier: Double, multipliers: Multipliers, source: Source,
                           absolute: (offset: Double, factor: Double),
                           atBirth: ((Double) -> Parameters?)? = nil) {
            let rate = min(cell.birthRate * rateMultiplier, ParticleField.maximumBirthRate)
            let timing = cell.timing
            let speed = timing.effectiveSpeed
            guard rate > 0, speed > 0, budget > 0, rate.isFinite else { return }
            let span = cell.span(lifetimeMultiplier: multipliers.lifetime)
            let low = max(window.lowerBound, now - span), high = min(window.upperBound, now)
            guard low <= high else { return }
            let active = timing.activeDuration(defaultDuration: .infinity)
            let cellLow = max(0, timing.localTime(fromParent: low))
            let cellHigh = min(active, timing.localTime(fromParent: high))
            guard cellLow <= cellHigh, cellHigh * rate < 1e15 else { return }
            let last = (cellHigh * rate).rounded(.down) - 1
            guard last >= 0 else { return }
            let first = max(0, (cellLow * rate).rounded(.up) - 1, last - Double(budget) + 1)
            var slot = Int(first)
            let lastSlot = Int(last)
            while slot <= lastSlot, budget > 0 {
                defer { slot += 1 }
                let cellBirth = Double(slot + 1) / rate
                guard cellBirth < active else { break }
                let birth = timing.parentTime(fromLocal: cellBirth)
                guard birth >= window.lowerBound, birth < window.upperBound, birth <= now else { continue }
                budget -= 1
                let born = atBirth?(birth) ?? Parameters(cell: cell, multipliers: multipliers, source: source)
                particle(born.cell, hash: ParticleRandom.combine(path, UInt64(slot)), birth: birth, now: now, speed: speed,
                         multipliers: born.multipliers, source: born.source, absolute: absolute)
            }
        }

        private mutating func particle(_ cell: EmitterCellState, hash: UInt64, birth: Double, now: Double, speed: Double,
                                       multipliers: Multipliers, source: Source, absolute: (offset: Double, factor: Double)) {
            func draw(_ index: UInt64) -> Double { ParticleRandom.uniform(hash, index) }
            func spread(_ mean: Double, _ range: Double, _ index: UInt64) -> Double { mean + range * (draw(index) - 0.5) }
            let lifetime = max(0, spread(cell.lifetime, cell.lifetimeRange, 0)) * multipliers.lifetime
            let age = (now - birth) * speed
            let (start, longitude, latitude) = source.start(at: birth, draws: [draw(10), draw(11), draw(12), draw(13)])
            let direction = ParticleField.direction(longitude: longitude + cell.longitude, latitude: latitude + cell.latitude,
                                                    range: cell.range, draws: (draw(2), draw(3)))
            let speedAlong = spread(cell.velocity, cell.velocityRange, 1) * multipliers.velocity
            let motion = Motion(
                start: start,
                velocity: .init(x: direction.x * speedAlong, y: direction.y * speedAlong, z: direction.z * speedAlong),
                acceleration: .init(x: cell.acceleration.x, y: cell.acceleration.y, z: cell.acceleration.z),
                direction: direction)
            let birthInLayer = absolute.offset + birth * absolute.factor
            if age < lifetime, let image = cell.contents {
                let (position, _) = motion.state(atAge: age)
                let scale = max(0, spread(cell.scale, cell.scaleRange, 4) + cell.scaleSpeed * age) * multipliers.scale
                let angle = spread(cell.spin, cell.spinRange, 5) * multipliers.spin * age
                func channel(_ index: Int) -> Double {
                    min(1, max(0, spread(cell.color[index], cell.colorRange[index], UInt64(6 + index)) + cell.colorSpeed[index] * age))
                }
                let channels = (channel(0), channel(1), channel(2), channel(3))
                let look = ParticleLook(image: image, contentsRect: cell.contentsRect, contentsScale: cell.contentsScale,
                                        nearest: cell.magnifiesNearest)
                if scale > 0, channels.3 > 0, position.x.isFinite, position.y.isFinite, angle.isFinite {
                    output.append(Particle(look: look, x: position.x, y: position.y, z: position.z, scale: scale, angle: angle,
                                           tint: Tint(red: channels.0, green: channels.1, blue: channels.2, alpha: channels.3),
                                           birth: birthInLayer))
                }
            }
            // Sub-cells: this particle is their emitter while it lives; its
            // age is their parent time.
            for (index, child) in cell.children.enumerated() where child.isEnabled && budget > 0 {
                emit(child, path: ParticleRandom.combine(hash, UInt64(100 + index)), now: age, window: 0..<lifetime,
                     rateMultiplier: 1, multipliers: multipliers, source: Source(parent: motion),
                     absolute: (birthInLayer, absolute.factor / speed))
            }
        }
    }

    /// A unit direction uniformly distributed in the cone of full angle
    /// `range` around (longitude, latitude): longitude is the angle in the
    /// xy-plane from the x-axis, latitude the angle out of it towards +z.
    static func direction(longitude: Double, latitude: Double, range: Double,
                          draws: (Double, Double)) -> EmitterShapePlacement.Point3 {
        let axis = EmitterShapePlacement.Point3(x: cos(latitude) * cos(longitude), y: cos(latitude) * sin(longitude),
                                                z: sin(latitude))
        let half = min(Double.pi, abs(range) / 2)
        guard half > 0 else { return axis }
        let cosTheta = 1 - draws.0 * (1 - cos(half))
        let sinTheta = max(0, 1 - cosTheta * cosTheta).squareRoot()
        let phi = 2 * Double.pi * draws.1
        // Two unit vectors perpendicular to the axis.
        let e1 = EmitterShapePlacement.Point3(x: -sin(longitude), y: cos(longitude), z: 0)
        let e2 = EmitterShapePlacement.Point3(x: axis.y * e1.z - axis.z * e1.y, y: axis.z * e1.x - axis.x * e1.z,
                                              z: axis.x * e1.y - axis.y * e1.x)
        let a = cos(phi) * sinTheta, b = sin(phi) * sinTheta
        return .init(x: axis.x * cosTheta + e1.x * a + e2.x * b, y: axis.y * cosTheta + e1.y * a + e2.y * b,
                     z: axis.z * cosTheta + e1.z * a + e2.z * b)
    }
}
