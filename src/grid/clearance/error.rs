//! [`ClearanceError`]: why a clearance map could not be built or asked.

use core::fmt;

use crate::graph::MapChanged;

/// Why a [`Clearance`](super::Clearance) map could not be built, or could
/// not give a unit's graph.
///
/// # Example
/// ```
/// use pathseek::grid::{Clearance, ClearanceError};
/// use pathseek::{Connectivity, Grid, GridCosts};
/// let grid = Grid::new(8, 8, Connectivity::Eight, GridCosts::octile())?;
/// assert_eq!(Clearance::new(&grid, 0).unwrap_err(), ClearanceError::MaxSize);
/// let clearance = Clearance::new(&grid, 3)?;
/// assert_eq!(
///     clearance.unit(&grid, 4).unwrap_err(),
///     ClearanceError::UnitSize { size: 4, max_size: 3 }
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ClearanceError {
    /// The largest unit size of a map must be at least 1.
    MaxSize,
    /// A unit must be 1 to the map's [`max_size`](super::Clearance::max_size) cells wide.
    UnitSize {
        /// The size asked for.
        size: u8,
        /// The map's largest size.
        max_size: u8,
    },
    /// The grid is not the size the clearance map was built for.
    SizeMismatch {
        /// The clearance map's `(width, height)`.
        clearance: (u32, u32),
        /// The grid's `(width, height)`.
        grid: (u32, u32),
    },
    /// The grid is not at the version the clearance map describes: it was
    /// edited since (or it is another grid). Call
    /// [`sync`](crate::graph::FollowMap::sync) first.
    MapChanged(MapChanged),
}

impl From<MapChanged> for ClearanceError {
    fn from(e: MapChanged) -> Self {
        ClearanceError::MapChanged(e)
    }
}

impl fmt::Display for ClearanceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClearanceError::MaxSize => {
                write!(
                    f,
                    "the largest unit size of a clearance map must be at least 1"
                )
            }
            ClearanceError::UnitSize { size, max_size } => write!(
                f,
                "unit size {size}: this clearance map serves units of 1 to {max_size} cells"
            ),
            ClearanceError::SizeMismatch { clearance, grid } => write!(
                f,
                "the clearance map is for a {} x {} grid, not {} x {}",
                clearance.0, clearance.1, grid.0, grid.1
            ),
            ClearanceError::MapChanged(e) => write!(
                f,
                "the grid was edited since the clearance map was brought up to date \
                 (version {} then, {} now): call `sync` first",
                e.built, e.now
            ),
        }
    }
}

impl std::error::Error for ClearanceError {}
