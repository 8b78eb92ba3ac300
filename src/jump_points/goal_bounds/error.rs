//! [`GoalBoundsError`]: why goal bounds could not be built or loaded.

use core::fmt;

use super::super::JumpPointsError;
use crate::grid::Cell;

/// Why [`BoundedJumps`](super::BoundedJumps) could not be built, or a saved
/// table could not be loaded for a grid.
///
/// # Example
/// ```
/// use pathseek::{Connectivity, Grid, GridCosts};
/// use pathseek::jump_points::{BoundedJumps, GoalBoundsError, JumpPointsError};
/// let four = Grid::new(4, 4, Connectivity::Four, GridCosts::new(1u32, 1)).unwrap();
/// assert_eq!(
///     BoundedJumps::new(&four).unwrap_err(),
///     GoalBoundsError::Jumps(JumpPointsError::NotEightConnected)
/// );
/// let grid = Grid::new(4, 4, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
/// let err = BoundedJumps::from_bytes(b"not a table", &grid).unwrap_err();
/// assert_eq!(err, GoalBoundsError::Truncated);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GoalBoundsError {
    /// The grid cannot be searched by precomputed jumps (4-connected, terrain
    /// weights, unsupported costs, ...).
    Jumps(JumpPointsError),
    /// A side of the grid is longer than 65535 cells (boxes are `u16`).
    GridTooLarge,
    /// A distance of the build overflowed the cost type.
    CostOverflow,
    /// Loading: the input ended before the table did.
    Truncated,
    /// Loading: the input does not start with the table's magic bytes.
    BadMagic,
    /// Loading: a format version this build cannot read.
    UnsupportedFormat(u32),
    /// Loading: the table was saved for another map (size, costs, cost type
    /// or passability differ from the grid given).
    NotThisMap {
        /// What differs.
        reason: &'static str,
    },
    /// Loading: a box that no build makes (outside the grid, for a move the
    /// cell does not have, or missing the move's own cell).
    BadBox {
        /// The cell whose box it is.
        cell: Cell,
        /// The move's index (north, east, south, west, then north-east,
        /// south-east, south-west, north-west).
        direction: usize,
    },
    /// Loading: the checksum does not match the content (a damaged file).
    Checksum,
    /// Loading: bytes after the end of the table.
    TrailingData,
    /// Loading or saving: an input or output error other than an early end.
    Io(std::io::ErrorKind),
}

impl fmt::Display for GoalBoundsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GoalBoundsError::Jumps(e) => write!(f, "cannot build goal bounds: {e}"),
            GoalBoundsError::GridTooLarge => {
                write!(
                    f,
                    "a side of the grid is longer than 65535 cells (goal bounds are u16)"
                )
            }
            GoalBoundsError::CostOverflow => {
                write!(
                    f,
                    "a distance of the goal bounds' build overflows the cost type"
                )
            }
            GoalBoundsError::Truncated => write!(f, "goal bounds file: truncated"),
            GoalBoundsError::BadMagic => write!(f, "not a goal bounds file (wrong magic)"),
            GoalBoundsError::UnsupportedFormat(v) => {
                write!(f, "goal bounds file: format version {v} is not supported")
            }
            GoalBoundsError::NotThisMap { reason } => {
                write!(f, "goal bounds saved for another map: {reason}")
            }
            GoalBoundsError::BadBox { cell, direction } => write!(
                f,
                "goal bounds file: the box of cell ({}, {}) for move {direction} is invalid",
                cell.x, cell.y
            ),
            GoalBoundsError::Checksum => write!(f, "goal bounds file: checksum mismatch"),
            GoalBoundsError::TrailingData => {
                write!(f, "goal bounds file: data after the end of the table")
            }
            GoalBoundsError::Io(kind) => write!(f, "goal bounds file: {kind}"),
        }
    }
}

impl std::error::Error for GoalBoundsError {}

impl From<JumpPointsError> for GoalBoundsError {
    fn from(e: JumpPointsError) -> Self {
        GoalBoundsError::Jumps(e)
    }
}

impl From<std::io::Error> for GoalBoundsError {
    fn from(e: std::io::Error) -> Self {
        match e.kind() {
            std::io::ErrorKind::UnexpectedEof => GoalBoundsError::Truncated,
            kind => GoalBoundsError::Io(kind),
        }
    }
}
