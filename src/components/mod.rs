//! Connected components: which nodes can reach each other, answered in O(1) before a search.
//!
//! When start and goal are not connected, A* has to explore everything reachable
//! from the start before it can report that there is no path. Label the
//! components once and ask [`GridComponents::connected`] (or
//! [`GraphComponents::connected`]) first: a search between two connected nodes
//! stays inside their component, and a search between unconnected ones need not
//! run at all.
//!
//! # What is supported
//!
//! | graph | type | edits | memory |
//! |---|---|---|---|
//! | [`Grid`](crate::Grid), 4- or 8-connected | [`GridComponents`] | [`open`](GridComponents::open) / [`block`](GridComponents::block) a cell without relabelling the map; terrain edits keep the labels; any other change of passability: questions answer [`MapChanged`](crate::graph::MapChanged) until [`sync`](crate::graph::FollowMap::sync) | 4 bytes per cell, nothing per component |
//! | any graph with dense ids ([`DenseIds`](crate::graph::DenseIds)) whose edges are symmetric, such as an undirected [`AdjacencyList`](crate::AdjacencyList) | [`GraphComponents`] | none (build again) | 4 bytes per node |
//!
//! Grids: a grid's moves are reversible (a diagonal step needs both orthogonal
//! cells beside it passable, and that rule reads the same from either end), so
//! its components are well defined. Because of that same rule, a diagonal step
//! never connects anything that two straight steps do not already connect, so a
//! 4-connected and an 8-connected grid with the same walls have the same
//! components; [`GridComponents`] serves both.
//!
//! Other graphs: the edges must be symmetric (for every edge `u -> v` there is an
//! edge `v -> u`, at any cost). A directed graph is **refused**:
//! [`GraphComponents::new`] checks every edge and returns
//! [`GraphComponentsError::NotSymmetric`] naming an edge whose reverse is
//! missing. Strongly connected components are not computed. Graphs without
//! dense ids ([`DenseIds`](crate::graph::DenseIds)) are refused by the compiler.
//!
//! # Searching within the labels
//! [`AStar::search_within`](crate::AStar::search_within) and
//! [`AStar::start_within`](crate::AStar::start_within) ask the labels first:
//! an unreachable goal is no path with zero expansions, or, with
//! [`Query::fallback_to_nearest`](crate::Query::fallback_to_nearest), a
//! search to the reachable cell nearest to it
//! ([`Grid::nearest_cell`](crate::Grid::nearest_cell): by the grid's
//! heuristic distance, ring by ring, deterministic ties).
//! `examples/movingai.rs --precheck` runs a whole scenario file this way.
//!
//! # Example
//! ```
//! use pathseek::components::GridComponents;
//! use pathseek::{Cell, Connectivity, Grid, GridCosts};
//!
//! // A wall down column 2 splits the map in two.
//! let mut grid = Grid::from_fn(5, 3, Connectivity::Eight, GridCosts::float_octile(), |c| c.x != 2)?;
//! let mut parts = GridComponents::new(&grid);
//! let (start, goal) = (Cell::new(0, 0), Cell::new(4, 2));
//! assert!(!parts.connected(&grid, start, goal)?); // no need to search
//!
//! // Open a door: the two sides merge without relabelling the map.
//! parts.open(&mut grid, Cell::new(2, 1))?;
//! assert!(parts.connected(&grid, start, goal)?);
//! assert!(pathseek::astar(&grid, start, goal, grid.heuristic(goal)).found().is_some());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod graph;
mod grid;
mod grid_edit;
mod reach;
#[cfg(feature = "serde")]
mod save;
#[cfg(test)]
mod tests;

pub use graph::{GraphComponents, GraphComponentsError};
pub use grid::GridComponents;
pub use grid_edit::EditError;
pub(crate) use reach::{precheck, Precheck};
pub use reach::{GraphReach, GridReach, Reachability};

/// The label of one connected component.
///
/// Two nodes are connected exactly when their labels are equal. Labels are
/// plain numbers with no meaning beyond that: [`GraphComponents`] numbers its
/// components `0..count` in the order of their smallest node id, and so does a
/// freshly built [`GridComponents`] (in row-major order of their first cell);
/// after an edit, a grid's labels are no longer dense, and a label taken before
/// an edit may no longer name the same cells.
///
/// # Example
/// ```
/// use pathseek::components::GridComponents;
/// use pathseek::{Cell, Connectivity, Grid, GridCosts};
/// let grid = Grid::from_fn(3, 1, Connectivity::Four, GridCosts::new(1u32, 1), |c| c.x != 1)?;
/// let parts = GridComponents::new(&grid);
/// let left = parts.component(&grid, Cell::new(0, 0))?.unwrap();
/// let right = parts.component(&grid, Cell::new(2, 0))?.unwrap();
/// assert_eq!((left.get(), right.get()), (0, 1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ComponentId(u32);

impl ComponentId {
    /// The label as a number.
    ///
    /// # Example
    /// ```
    /// use pathseek::components::GraphComponents;
    /// use pathseek::AdjacencyList;
    /// let g = AdjacencyList::from_edges(3, [(1, 2, 1u32), (2, 1, 1)])?;
    /// let parts = GraphComponents::new(&g)?;
    /// assert_eq!(parts.component(2).map(|c| c.get()), Some(1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub const fn get(self) -> u32 {
        self.0
    }
}
