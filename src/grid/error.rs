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
        }
    }
}

impl std::error::Error for GridError {}
