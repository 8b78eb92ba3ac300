//! [`Connectivity`]: which moves a grid allows.

/// Which moves a [`Grid`](super::Grid) allows.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Connectivity {
    /// North, east, south, west.
    Four,
    /// The four straight moves plus the four diagonals (no corner cutting).
    Eight,
}

impl Connectivity {
    /// The bits of a cell's move mask this connectivity uses.
    #[inline(always)]
    pub(super) const fn move_bits(self) -> u8 {
        match self {
            Connectivity::Four => 0x0F,
            Connectivity::Eight => 0xFF,
        }
    }
}
