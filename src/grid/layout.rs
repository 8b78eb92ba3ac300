//! The padded passability layout and the move masks built on it.

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
