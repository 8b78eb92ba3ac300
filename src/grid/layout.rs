//! The padded passability layout and the move masks built on it.

use std::collections::TryReserveError;

/// The padded passability layout of a supported grid size.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Layout {
    /// `width + 2`.
    pub(super) stride: usize,
    /// `(width + 2) * (height + 2)`.
    pub(super) total: usize,
}

impl Layout {
    /// The layout for `width x height`, or `None` if that size is not supported:
    /// a side of 0, more than `u32::MAX` cells, or a padded size beyond `usize`.
    pub(crate) fn new(width: u32, height: u32) -> Option<Self> {
        if width == 0 || height == 0 || u64::from(width) * u64::from(height) > u64::from(u32::MAX) {
            return None;
        }
        let stride = usize::try_from(u64::from(width) + 2).ok()?;
        let rows = usize::try_from(u64::from(height) + 2).ok()?;
        let total = stride.checked_mul(rows)?;
        Some(Layout { stride, total })
    }

    /// The bytes a grid of this layout holds for its cells: a passability
    /// flag and a move mask at each padded position (`u64`, so exact on
    /// every target).
    pub(crate) fn bytes(&self) -> u64 {
        (self.total as u64).saturating_mul(2)
    }
}

/// `len` copies of `value`, the memory asked for fallibly: an allocation
/// the allocator refuses (a memory limit, an address space too small, more
/// than `isize::MAX` bytes) is an error, where `vec![value; len]` would
/// abort the process.
pub(super) fn try_filled<T: Clone>(value: T, len: usize) -> Result<Vec<T>, TryReserveError> {
    let mut v = Vec::new();
    v.try_reserve_exact(len)?;
    v.resize(len, value);
    Ok(v)
}

/// `(dx, dy)` of each move bit: north, east, south, west, then north-east,
/// south-east, south-west, north-west (the successor order of [`Grid`](super::Grid)).
pub(crate) const STEPS: [(i32, i32); 8] = [
    (0, -1),
    (1, 0),
    (0, 1),
    (-1, 0),
    (1, -1),
    (1, 1),
    (-1, 1),
    (-1, -1),
];

/// `MOVE_INDEX[3 (dy + 1) + dx + 1]`: the place of move `(dx, dy)` in
/// [`STEPS`] (8 for `(0, 0)`).
const MOVE_INDEX: [u8; 9] = {
    let mut index = [8; 9];
    let mut d = 0;
    while d < STEPS.len() {
        let (dx, dy) = STEPS[d];
        index[(3 * (dy + 1) + dx + 1) as usize] = d as u8;
        d += 1;
    }
    index
};

/// The place `d` of move `(dx, dy)` in [`STEPS`] (its bit in a move mask,
/// its entry in per-direction tables); 8 for a pair that is not a move.
#[inline(always)]
pub(crate) fn move_index(dx: i32, dy: i32) -> usize {
    // A pair outside -1..=1 wraps to a huge index: no entry, 8.
    MOVE_INDEX
        .get((3 * (dy + 1) + dx + 1) as usize)
        .map_or(8, |&d| usize::from(d))
}

/// `MOVE_BITS[3 (dy + 1) + dx + 1]`: `1 << MOVE_INDEX[..]`, 0 for `(0, 0)`.
const MOVE_BITS: [u8; 9] = {
    let mut bits = [0; 9];
    let mut i = 0;
    while i < 9 {
        if MOVE_INDEX[i] < 8 {
            bits[i] = 1 << MOVE_INDEX[i];
        }
        i += 1;
    }
    bits
};

/// The bit of move `(dx, dy)` in a cell's move mask: `1 << d` for
/// `STEPS[d] == (dx, dy)`, 0 for a pair that is not a move.
#[inline(always)]
pub(crate) fn move_bit(dx: i32, dy: i32) -> u8 {
    // A pair outside -1..=1 wraps to a huge index: no entry, 0.
    MOVE_BITS
        .get((3 * (dy + 1) + dx + 1) as usize)
        .copied()
        .unwrap_or(0)
}

/// The move mask of padded position `p` (bit `d` set when move `STEPS[d]` is
/// allowed under the 8-connected rule; 0 for a blocked cell). The 4-connected
/// moves are the low four bits.
pub(super) fn moves_at(pass: &[bool], p: usize, stride: usize) -> u8 {
    if !pass[p] {
        return 0;
    }
    let (n, e, s, w) = (pass[p - stride], pass[p + 1], pass[p + stride], pass[p - 1]);
    let ne = n && e && pass[p - stride + 1];
    let se = s && e && pass[p + stride + 1];
    let sw = s && w && pass[p + stride - 1];
    let nw = n && w && pass[p - stride - 1];
    [n, e, s, w, ne, se, sw, nw]
        .iter()
        .enumerate()
        .fold(0, |m, (d, &open)| m | (u8::from(open) << d))
}
