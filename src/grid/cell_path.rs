//! Cell paths: the check that a list of cells is a walk of a [`Grid`] (each
//! cell passable, each step one of the grid's moves), and [`PathError`], why
//! one is not.

use core::fmt;

use super::{move_bit, Cell, Grid};
use crate::cost::Cost;

/// Why a cell path was refused by [`smooth_path`](super::smooth_path) or
/// [`ShortcutRefiner::refine`](super::ShortcutRefiner::refine).
///
/// A cell path is a walk of the grid: at least one cell, every cell inside
/// the grid and passable, and each step from a cell to the next one of the
/// grid's moves (north, east, south, west, and on 8-connected grids the
/// diagonals it allows). The cells of a path found by a search on the grid
/// qualify; the jump points of a jump point search do not until
/// [`fill_path`](crate::jump_points::fill_path) lists the cells between them.
///
/// # Example
/// ```
/// use pathseek::grid::{smooth_path, PathError};
/// use pathseek::{Cell, Connectivity, Grid, GridCosts};
/// let grid = Grid::new(4, 4, Connectivity::Four, GridCosts::octile())?;
/// let mut out = Vec::new();
/// assert_eq!(smooth_path(&grid, &[], &mut out), Err(PathError::Empty));
/// // A diagonal step is not a move of a 4-connected grid.
/// let path = [Cell::new(0, 0), Cell::new(1, 1)];
/// assert_eq!(
///     smooth_path(&grid, &path, &mut out),
///     Err(PathError::NotAMove { index: 0, from: path[0], to: path[1] })
/// );
/// # Ok::<(), pathseek::grid::GridError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PathError {
    /// The path has no cell.
    Empty,
    /// `path[index]` is outside the grid.
    OutOfBounds {
        /// Its place in the path.
        index: usize,
        /// The cell.
        cell: Cell,
    },
    /// `path[index]` is blocked.
    Blocked {
        /// Its place in the path.
        index: usize,
        /// The cell.
        cell: Cell,
    },
    /// The step from `path[index]` to `path[index + 1]` is not a move of the
    /// grid (the cells are not neighbours, are the same cell, or the grid
    /// does not allow that diagonal).
    NotAMove {
        /// The place of the step's first cell in the path.
        index: usize,
        /// The step's first cell.
        from: Cell,
        /// The step's second cell.
        to: Cell,
    },
    /// The path's cost overflows the grid's cost type.
    CostOverflow,
}

impl fmt::Display for PathError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PathError::Empty => write!(f, "the path has no cell"),
            PathError::OutOfBounds { index, cell } => write!(
                f,
                "path cell {index}, ({}, {}), is outside the grid",
                cell.x, cell.y
            ),
            PathError::Blocked { index, cell } => {
                write!(f, "path cell {index}, ({}, {}), is blocked", cell.x, cell.y)
            }
            PathError::NotAMove { index, from, to } => write!(
                f,
                "the step from path cell {index}, ({}, {}), to ({}, {}) is not a move of the grid",
                from.x, from.y, to.x, to.y
            ),
            PathError::CostOverflow => write!(f, "the path's cost overflows the cost type"),
        }
    }
}

impl std::error::Error for PathError {}

impl<C: Cost> Grid<C> {
    /// Whether the grid has the move from `from` to `to` (both passable,
    /// neighbours, the move allowed by the connectivity and the corner rule).
    #[inline]
    pub(super) fn has_move(&self, from: Cell, to: Cell) -> bool {
        let Some(p) = self.padded_index(from) else {
            return false;
        };
        let dx = i64::from(to.x) - i64::from(from.x);
        let dy = i64::from(to.y) - i64::from(from.y);
        if dx.abs() > 1 || dy.abs() > 1 {
            return false;
        }
        self.moves[p] & self.connectivity.move_bits() & move_bit(dx as i32, dy as i32) != 0
    }

    /// The cost of the move from `from` to `to`, if the grid has it: what
    /// its successors report for that move (the move's cost, with terrain
    /// its price of entering `to`), found in O(1) where
    /// [`path_cost`](crate::graph::path_cost) lists the successors.
    #[inline]
    pub(crate) fn step_cost(&self, from: Cell, to: Cell) -> Option<C> {
        if !self.has_move(from, to) {
            return None;
        }
        let kind = usize::from(from.x != to.x && from.y != to.y);
        let plain = [self.costs.straight, self.costs.diagonal][kind];
        if self.entry_costs.is_empty() {
            return Some(plain);
        }
        // `to` is passable (the move exists), so inside the grid.
        let i = to.y as usize * self.width as usize + to.x as usize;
        Some(self.entry_costs.get(i).map_or(plain, |c| c[kind]))
    }

    /// [`path_cost`](crate::graph::path_cost) of `path` on this grid, each
    /// step costed by [`step_cost`](Self::step_cost): the same answer
    /// (`None` when a cell is blocked, a step is no move, or the sum is not
    /// a valid cost).
    pub(crate) fn walk_cost(&self, path: &[Cell]) -> Option<C> {
        if let Some(&first) = path.first()
            && !self.is_passable(first)
        {
            return None;
        }
        let mut total = C::zero();
        for step in path.windows(2) {
            total = total.checked_add_valid(self.step_cost(step[0], step[1])?)?;
        }
        Some(total)
    }

    /// Checks that `path` is a walk of the grid ([`PathError`]).
    ///
    /// One pass over the steps: a move exists only into a passable cell
    /// inside the grid, so a passable first cell and a move at every step
    /// is a walk, and only a step that is no move needs its cell looked at
    /// to name the fault (the first one along the path, as the errors
    /// promise).
    pub(super) fn check_cell_path(&self, path: &[Cell]) -> Result<(), PathError> {
        let Some(&first) = path.first() else {
            return Err(PathError::Empty);
        };
        self.check_path_cell(0, first)?;
        for (index, step) in path.windows(2).enumerate() {
            if !self.has_move(step[0], step[1]) {
                self.check_path_cell(index + 1, step[1])?;
                return Err(PathError::NotAMove {
                    index,
                    from: step[0],
                    to: step[1],
                });
            }
        }
        Ok(())
    }

    /// The fault of path cell `index` itself, if it has one: outside the
    /// grid or blocked.
    fn check_path_cell(&self, index: usize, cell: Cell) -> Result<(), PathError> {
        if !self.in_bounds(cell) {
            Err(PathError::OutOfBounds { index, cell })
        } else if !self.is_passable(cell) {
            Err(PathError::Blocked { index, cell })
        } else {
            Ok(())
        }
    }
}
