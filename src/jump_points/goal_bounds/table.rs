//! [`GoalBounds`]: the boxes, eight per cell.

use crate::grid::{move_index, Cell};

/// One bounding box: `[min_x, min_y, max_x, max_y]`, inclusive.
pub(super) type Box4 = [u16; 4];

/// The box that holds no cell (no side is 65535 cells long or more, so no
/// coordinate reaches `u16::MAX`).
pub(super) const EMPTY: Box4 = [u16::MAX, u16::MAX, 0, 0];

/// Whether `b` holds the cell `(x, y)`.
#[inline(always)]
pub(super) fn holds(b: &Box4, x: u16, y: u16) -> bool {
    b[0] <= x && x <= b[2] && b[1] <= y && y <= b[3]
}

/// Grows `b` to hold `(x, y)`.
#[inline(always)]
pub(super) fn grow(b: &mut Box4, x: u16, y: u16) {
    b[0] = b[0].min(x);
    b[1] = b[1].min(y);
    b[2] = b[2].max(x);
    b[3] = b[3].max(y);
}

/// The goal-bounding table of a grid (Rabin and Sturtevant 2016): for every
/// cell and each of its eight moves, the bounding box of the goals some
/// optimal path from the cell reaches with that move first. Owned by
/// [`BoundedJumps`](super::BoundedJumps), which builds and searches it; read
/// here.
///
/// # Example
/// ```
/// use pathseek::{Cell, Connectivity, Grid, GridCosts};
/// use pathseek::jump_points::BoundedJumps;
/// let grid = Grid::new(8, 8, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
/// let bounded = BoundedJumps::new(&grid).unwrap();
/// let bounds = bounded.bounds();
/// assert_eq!(bounds.size(), (8, 8));
/// // From a corner, a step east starts an optimal path to every cell
/// // farther east than south of it (the diagonal cells are reached by
/// // diagonal steps only).
/// assert_eq!(bounds.bounding_box(Cell::new(0, 0), 1, 0), Some((Cell::new(1, 0), Cell::new(7, 6))));
/// assert_eq!(bounds.bounding_box(Cell::new(0, 0), -1, 0), None); // off the grid
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct GoalBounds {
    pub(super) width: u32,
    pub(super) height: u32,
    /// Per cell (row-major), per move of [`STEPS`](crate::grid::STEPS).
    pub(super) boxes: Vec<[Box4; 8]>,
}

impl core::fmt::Debug for GoalBounds {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("GoalBounds")
            .field("width", &self.width)
            .field("height", &self.height)
            .finish_non_exhaustive()
    }
}

impl GoalBounds {
    /// Bytes per cell of the table: eight boxes of four `u16`.
    ///
    /// # Example
    /// ```
    /// assert_eq!(pathseek::jump_points::GoalBounds::BYTES_PER_CELL, 64);
    /// ```
    pub const BYTES_PER_CELL: usize = 8 * 4 * 2;

    /// Width and height of the grid the table describes.
    ///
    /// # Example
    /// ```
    /// use pathseek::{Connectivity, Grid, GridCosts};
    /// use pathseek::jump_points::BoundedJumps;
    /// let grid = Grid::new(5, 3, Connectivity::Eight, GridCosts::float_octile()).unwrap();
    /// assert_eq!(BoundedJumps::new(&grid).unwrap().bounds().size(), (5, 3));
    /// ```
    pub fn size(&self) -> (u32, u32) {
        (self.width, self.height)
    }

    /// The box of the goals that some optimal path from `cell` reaches
    /// through the move `(dx, dy)` first, as its least and greatest corner;
    /// `None` when there is none (a blocked cell, a move the cell does not
    /// have, or a pair that is not a move).
    ///
    /// # Example
    /// ```
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts};
    /// use pathseek::jump_points::BoundedJumps;
    /// // A corridor one cell high: going west from (3, 0) reaches (0..=2, 0).
    /// let grid = Grid::new(6, 1, Connectivity::Eight, GridCosts::new(1u32, 1)).unwrap();
    /// let bounded = BoundedJumps::new(&grid).unwrap();
    /// let west = bounded.bounds().bounding_box(Cell::new(3, 0), -1, 0);
    /// assert_eq!(west, Some((Cell::new(0, 0), Cell::new(2, 0))));
    /// assert_eq!(bounded.bounds().bounding_box(Cell::new(3, 0), 0, 1), None);
    /// ```
    pub fn bounding_box(&self, cell: Cell, dx: i32, dy: i32) -> Option<(Cell, Cell)> {
        let d = move_index(dx, dy);
        let b = self.boxes.get(self.index(cell)?)?.get(d)?;
        (b[0] <= b[2] && b[1] <= b[3]).then(|| {
            (
                Cell::new(u32::from(b[0]), u32::from(b[1])),
                Cell::new(u32::from(b[2]), u32::from(b[3])),
            )
        })
    }

    /// Heap bytes held by the table.
    ///
    /// # Example
    /// ```
    /// use pathseek::{Connectivity, Grid, GridCosts};
    /// use pathseek::jump_points::{BoundedJumps, GoalBounds};
    /// let grid = Grid::new(10, 10, Connectivity::Eight, GridCosts::<u32>::exact_octile()).unwrap();
    /// let bounded = BoundedJumps::new(&grid).unwrap();
    /// assert_eq!(bounded.bounds().heap_bytes(), 100 * GoalBounds::BYTES_PER_CELL);
    /// ```
    pub fn heap_bytes(&self) -> usize {
        self.boxes.capacity() * core::mem::size_of::<[Box4; 8]>()
    }

    /// The row-major index of `cell`, if inside.
    #[inline(always)]
    pub(super) fn index(&self, cell: Cell) -> Option<usize> {
        (cell.x < self.width && cell.y < self.height)
            .then(|| cell.y as usize * self.width as usize + cell.x as usize)
    }
}
