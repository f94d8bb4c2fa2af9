/// Where on the emission shape a particle starts, from four uniform draws
/// in [0, 1). Apple documents the shapes (centred on `emitterPosition`,
/// `emitterZPosition`; a circle's and sphere's radius is
/// `emitterSize.width`); how each mode uses them is Lamina's reading
/// (docs/behaviour.md): `points` uses the shape's centre or corners,
/// `outline` its edges, `surface` its area (a sphere's surface), `volume`
/// anywhere inside (2D shapes: their area).
enum EmitterShapePlacement {
    struct Point3 { var x: Double, y: Double, z: Double }

    static func start(_ state: EmitterState, _ u: [Double]) -> Point3 {
        let cx = Double(state.position.x), cy = Double(state.position.y), cz = state.zPosition
        let w = Double(state.size.width), h = Double(state.size.height), d = state.depth
        func at(_ x: Double, _ y: Double, _ z: Double = 0) -> Point3 { Point3(x: cx + x, y: cy + y, z: cz + z) }
        func corner(_ draw: Double) -> Double { draw < 0.5 ? -0.5 : 0.5 }
        switch state.shape {
        case "line":
            return at(state.mode == "points" ? corner(u[0]) * w : (u[0] - 0.5) * w, 0)
        case "rectangle":
            switch state.mode {
            case "points": return at(corner(u[0]) * w, corner(u[1]) * h)
            case "outline":
                let (x, y) = perimeter(u[0], w, h)
                return at(x, y)
            default: return at((u[0] - 0.5) * w, (u[1] - 0.5) * h)
            }
        case "cuboid":
            switch state.mode {
            case "points": return at(corner(u[0]) * w, corner(u[1]) * h, corner(u[2]) * d)
            case "outline":
                // One of the 12 edges: pick an axis, then a corner across it.
                let along = (u[1] - 0.5)
                switch Int(u[0] * 3) {
                case 0: return at(along * w, corner(u[2]) * h, corner(u[3]) * d)
                case 1: return at(corner(u[2]) * w, along * h, corner(u[3]) * d)
                default: return at(corner(u[2]) * w, corner(u[3]) * h, along * d)
                }
            case "surface":
                // A face chosen in proportion to its area.
                let areas = [w * h, w * d, h * d].map(abs)
                let total = areas.reduce(0, +)
                let pick = total > 0 ? u[0] * total : 0
                let a = u[1] - 0.5, b = u[2] - 0.5, side = corner(u[3])
                if pick < areas[0] || total == 0 { return at(a * w, b * h, side * d) }
                if pick < areas[0] + areas[1] { return at(a * w, side * h, b * d) }
                return at(side * w, a * h, b * d)
            default: return at((u[0] - 0.5) * w, (u[1] - 0.5) * h, (u[2] - 0.5) * d)
            }
        case "circle":
            let angle = 2 * Double.pi * u[0]
            switch state.mode {
            case "points": return at(0, 0)
            case "outline": return at(w * cos(angle), w * sin(angle))
            default:
                let r = w * u[1].squareRoot()
                return at(r * cos(angle), r * sin(angle))
            }
        case "sphere":
            if state.mode == "points" { return at(0, 0) }
            // A uniform direction; the surface, or inside at a uniform volume.
            let z = 2 * u[0] - 1, angle = 2 * Double.pi * u[1], ring = (1 - z * z).squareRoot()
            let r = state.mode == "volume" ? w * Foundation.cbrt(u[2]) : w
            return at(r * ring * cos(angle), r * ring * sin(angle), r * z)
        default:
            return at(0, 0)
        }
    }

    /// A point on a w x h rectangle's outline (centred), `t` in [0, 1) along it.
    private static func perimeter(_ t: Double, _ w: Double, _ h: Double) -> (Double, Double) {
        let aw = abs(w), ah = abs(h), total = 2 * (aw + ah)
        guard total > 0 else { return (0, 0) }
        var s = t * total
        if s < aw { return (s - aw / 2, -ah / 2) }
        s -= aw
        if s < ah { return (aw / 2, s - ah / 2) }
        s -= ah
        if s < aw { return (aw / 2 - s, ah / 2) }
        s -= aw
        return (-aw / 2, ah / 2 - s)
    }
}
