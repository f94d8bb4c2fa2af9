/// Where particles start and how they move, for `ParticleField`.
extension ParticleField {
    /// Where particles start and which way is "ahead": the emission shape
    /// for top-level cells, the emitting particle for sub-cells.
    struct Source {
        var shape: EmitterState?
        var parent: Motion?

        init(top state: EmitterState) { shape = state }
        init(parent: Motion) { self.parent = parent }

        /// Start point and heading (longitude, latitude) at parent time `t`.
        func start(at t: Double, draws: [Double]) -> (EmitterShapePlacement.Point3, Double, Double) {
            if let shape { return (EmitterShapePlacement.start(shape, draws), 0, 0) }
            guard let parent else { return (.init(x: 0, y: 0, z: 0), 0, 0) }
            let (position, velocity) = parent.state(atAge: t)
            var heading = velocity
            if abs(heading.x) + abs(heading.y) + abs(heading.z) < 1e-12 { heading = parent.direction }
            let longitude = atan2(heading.y, heading.x)
            let latitude = atan2(heading.z, (heading.x * heading.x + heading.y * heading.y).squareRoot())
            return (position, longitude, latitude)
        }
    }

    /// A particle's motion: start, initial velocity and acceleration.
    struct Motion {
        let start: EmitterShapePlacement.Point3
        let velocity: EmitterShapePlacement.Point3
        let acceleration: EmitterShapePlacement.Point3
        /// The unit emission direction (the heading when velocity is zero).
        let direction: EmitterShapePlacement.Point3

        func state(atAge a: Double) -> (position: EmitterShapePlacement.Point3, velocity: EmitterShapePlacement.Point3) {
            let p = EmitterShapePlacement.Point3(
                x: start.x + velocity.x * a + 0.5 * acceleration.x * a * a,
                y: start.y + velocity.y * a + 0.5 * acceleration.y * a * a,
                z: start.z + velocity.z * a + 0.5 * acceleration.z * a * a)
            let v = EmitterShapePlacement.Point3(x: velocity.x + acceleration.x * a, y: velocity.y + acceleration.y * a,
                                                 z: velocity.z + acceleration.z * a)
            return (p, v)
        }
    }
}
