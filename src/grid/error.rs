//! [`GridError`]: why a grid could not be built or changed.

use core::fmt;

use super::Cell;

/// Why a grid could not be built or changed.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GridError {
    /// The cell is not inside the grid.
    OutOfBounds {
        /// The offending cell.
        cell: Cell,
        /// Grid width.
        width: u32,
        /// Grid height.
        height: u32,
    },
    /// A terrain weight was NaN or negative.
    InvalidTerrain {
        /// The cell the weight was meant for.
        cell: Cell,
    },
    /// A terrain weight times the straight or diagonal cost overflows the cost type.
    TerrainOverflow {
        /// The cell the weight was meant for.
        cell: Cell,
    },
    /// Width or height is zero, or `width * height` exceeds `u32::MAX` cells.
    InvalidSize {
        /// Requested width.
        width: u32,
        /// Requested height.
        height: u32,
    },
    /// The size is supported, but the memory for the grid's cells could not
    /// be allocated: the allocator refused (a memory limit such as
    /// `ulimit -v`, or an address space too small). Nothing was built, and
    /// the process goes on. (Where the system promises memory it does not
    /// have, an overcommitting Linux for one, the allocation succeeds and
    /// the system may end the process later; no error value can report that.)
    OutOfMemory {
        /// Requested width.
        width: u32,
        /// Requested height.
        height: u32,
        /// The bytes the grid's cells need: two for each cell, its
        /// passability and its move mask, counting a one-cell border, so
        /// `2 (width + 2) (height + 2)`.
        bytes: u64,
    },
}

impl fmt::Display for GridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GridError::OutOfBounds {
                cell,
                width,
                height,
            } => write!(
                f,
                "cell ({}, {}) is outside the {width} x {height} grid",
                cell.x, cell.y
            ),
            GridError::InvalidTerrain { cell } => write!(
                f,
                "terrain weight for cell ({}, {}) is NaN or negative",
                cell.x, cell.y
            ),
            GridError::TerrainOverflow { cell } => write!(
                f,
                "terrain weight for cell ({}, {}) times the move cost overflows the cost type",
                cell.x, cell.y
            ),
            GridError::InvalidSize { width, height } => write!(
                f,
                "grid size {width} x {height} is not supported (need 1 to u32::MAX cells, both sides at least 1)"
            ),
            GridError::OutOfMemory {
                width,
                height,
                bytes,
            } => write!(
                f,
                "out of memory: a {width} x {height} grid needs {bytes} bytes, which could not be allocated"
            ),
        }
    }
}

impl std::error::Error for GridError {}
