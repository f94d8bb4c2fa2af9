/// Random numbers for particles as a pure function of where they come
/// from: a particle's draws are a hash of (seed, cell path, birth slot), so
/// any frame can be evaluated on its own and the same seed always gives
/// the same particles. SplitMix64's finalizer mixes the bits.
enum ParticleRandom {
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A hash of `key` under `parent` (order matters).
    static func combine(_ parent: UInt64, _ key: UInt64) -> UInt64 { mix(parent ^ mix(key)) }

    /// The `index`th uniform draw in [0, 1) of the particle hashed `hash`.
    static func uniform(_ hash: UInt64, _ index: UInt64) -> Double {
        Double(combine(hash, index) >> 11) * 0x1p-53
    }
}
