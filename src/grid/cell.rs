//! [`Cell`]: a grid position.

/// A grid cell: column `x`, row `y`, `(0, 0)` at the top left.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Cell {
    /// Column, `0..width`.
    pub x: u32,
    /// Row, `0..height`, row 0 at the top.
    pub y: u32,
}

impl Cell {
    /// The cell at column `x`, row `y`.
    ///
    /// # Example
    /// ```
    /// let c = pathseek::grid::Cell::new(3, 4);
    /// assert_eq!((c.x, c.y), (3, 4));
    /// ```
    #[inline]
    pub const fn new(x: u32, y: u32) -> Self {
        Cell { x, y }
    }
}

impl From<(u32, u32)> for Cell {
    /// `(x, y)` as a cell.
    ///
    /// # Example
    /// ```
    /// use pathseek::grid::Cell;
    /// assert_eq!(Cell::from((3, 4)), Cell::new(3, 4));
    /// ```
    #[inline]
    fn from((x, y): (u32, u32)) -> Self {
        Cell { x, y }
    }
}
