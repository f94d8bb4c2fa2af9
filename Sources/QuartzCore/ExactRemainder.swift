/// `fmod(x, m)`, exactly, for `2m ≤ x` when the quotient is below 2^52 and
/// neither is extreme; nil otherwise (the caller then calls `fmod`). About
/// a third of glibc's `fmod`, which a repeating animation's phase needs
/// on every frame (issue 7, `Resolved.phase`).
///
/// Why it is exact: the remainder is exactly representable, and so is
/// `x - q·m` for the quotient `q` or one more (then it lies in `[-m, 0)`,
/// on `m`'s ulp grid). `q·m` is split into `p + e` without error (Dekker's
/// product), `x - p` is exact by Sterbenz's lemma (`p` is within a factor
/// of two of `x`), so `(x - p) - e` is rounded only once, from an exact
/// value that is representable. The truncated quotient is off by at most
/// one; a remainder at or above `m` means it was one short, and the
/// product is taken again. `ExactRemainderTests` compares it with `fmod`.
func exactRemainder(_ x: Double, _ m: Double) -> Double? {
    // The bounds keep the split products clear of overflow and underflow.
    guard m >= 0x1p-900, x <= 0x1p900, x >= m + m, x < m * 0x1p52 else { return nil }
    var q = Double(Int64(x / m))
    let (mHigh, mLow) = veltkampSplit(m)
    for _ in 0..<2 {
        let p = q * m
        let (qHigh, qLow) = veltkampSplit(q)
        let e = ((qHigh * mHigh - p) + qHigh * mLow + qLow * mHigh) + qLow * mLow
        let r = (x - p) - e
        if r < 0 { return r + m }
        if r < m { return r }
        q += 1
    }
    return nil
}

/// `a` as the sum of two halves of 26 bits each, whose products are exact.
@inline(__always)
private func veltkampSplit(_ a: Double) -> (high: Double, low: Double) {
    let c = 134_217_729 * a  // 2^27 + 1
    let high = c - (c - a)
    return (high, a - high)
}

/// `x.rounded()` (to nearest, halves away from zero), without the libm
/// call `rounded()` is on x86-64: a phase rounds its cycle count on every
/// frame. Exact below 2^52, where truncating to an integer and the
/// difference `x - t` are both exact; zero, larger and NaN values go to
/// `rounded()` (so that -0 stays -0).
@inline(__always)
func roundedToNearest(_ x: Double) -> Double {
    guard x != 0, abs(x) < 0x1p52 else { return x.rounded() }
    var t = Double(Int64(x))
    let rest = x - t
    if rest >= 0.5 { t += 1 } else if rest <= -0.5 { t -= 1 }
    // Between -0.5 and 0, `rounded()` gives -0.
    return t == 0 && x < 0 ? -0.0 : t
}
