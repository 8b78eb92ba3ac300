//! Division of a cell index by the grid width, by multiplication.

/// `ceil(2^64 / d)` for `d >= 2`, and 0 for `d` 1 (or 0): the multiplier of [`divide`].
pub(super) fn reciprocal(d: u32) -> u64 {
    if d <= 1 {
        0
    } else {
        u64::MAX / u64::from(d) + 1
    }
}

/// `n / d`, given `reciprocal(d)`, with one multiplication instead of a division:
/// `(n * ceil(2^64 / d)) >> 64` is exact for every 32-bit `n` and `d`
/// (Lemire, Kaser and Kurz, "Faster remainder by direct computation", 2019).
#[inline(always)]
pub(super) fn divide(n: u32, d: u32, reciprocal: u64) -> u32 {
    if reciprocal == 0 {
        // d == 1 (d == 0 never reaches here: grids have a width of at least 1).
        return n / d.max(1);
    }
    ((u128::from(n) * u128::from(reciprocal)) >> 64) as u32
}
