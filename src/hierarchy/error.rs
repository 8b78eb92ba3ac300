//! What can go wrong building or asking a [`Hierarchy`](super::Hierarchy).

use core::fmt;

use crate::graph::MapChanged;
use crate::grid::Cell;
use crate::result::SearchError;

/// The error of a [`Hierarchy`](super::Hierarchy) or a [`Plan`](super::Plan).
///
/// # Example
/// ```
/// use pathseek::hierarchy::{Hierarchy, HierarchyError};
/// use pathseek::{Cell, Connectivity, Grid, GridCosts, SearchError};
/// let grid = Grid::new(8, 8, Connectivity::Eight, GridCosts::octile())?;
/// assert!(matches!(Hierarchy::new(&grid, 1), Err(HierarchyError::ClusterSize { size: 1 })));
/// let mut h = Hierarchy::new(&grid, 4)?;
/// let mut path = Vec::new();
/// let far = Cell::new(9, 0); // off the map
/// assert!(matches!(
///     h.find_path(&grid, Cell::new(0, 0), far, &mut path),
///     Err(HierarchyError::Search(SearchError::GoalBlocked { .. }))
/// ));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum HierarchyError<C> {
    /// Clusters must be at least 2 cells wide (and at most 4096).
    ClusterSize {
        /// The size asked for.
        size: u32,
    },
    /// A search failed: a blocked or off-map start or goal, a cost overflow.
    Search(SearchError<Cell, C>),
    /// A [`Plan`](super::Plan) asked to go on after its map was edited:
    /// plan again.
    MapChanged(MapChanged),
}

impl<C> From<SearchError<Cell, C>> for HierarchyError<C> {
    fn from(e: SearchError<Cell, C>) -> Self {
        HierarchyError::Search(e)
    }
}

impl<C> From<MapChanged> for HierarchyError<C> {
    fn from(e: MapChanged) -> Self {
        HierarchyError::MapChanged(e)
    }
}

impl<C: fmt::Debug> fmt::Display for HierarchyError<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HierarchyError::ClusterSize { size } => {
                write!(f, "cluster size {size}: clusters are 2 to 4096 cells wide")
            }
            HierarchyError::Search(e) => write!(f, "{e}"),
            HierarchyError::MapChanged(e) => write!(f, "{e}"),
        }
    }
}

impl<C: fmt::Debug> std::error::Error for HierarchyError<C> {}
