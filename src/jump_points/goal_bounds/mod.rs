//! Goal bounding on top of precomputed jumps (Rabin and Sturtevant 2016,
//! "Combining bounding boxes and JPS prunes everything"): for every cell and
//! each of its eight moves, the bounding box of the goals that some optimal
//! path from the cell reaches with that move first. A search towards a goal
//! then skips every ray of [`PrecomputedJumps`] whose box does not hold the
//! goal: no optimal path to the goal leaves the cell that way. A diagonal
//! ray is bounded at each of its stops too (the cells where it reports its
//! straight sub-rays' jump points): a sub-ray is skipped when the stop's box
//! for that straight move does not hold the goal, and the diagonal ends at a
//! stop whose diagonal box does not. A jump point a ray finds is not
//! reported when none of the rays its expansion would follow has a box that
//! holds the goal (it would be expanded for nothing).
//!
//! - [`BoundedJumps`] owns both tables, built together from one grid, so
//!   they always describe the same map; [`BoundedJumps::on`] checks the grid
//!   (refused with [`MapChanged`](crate::graph::MapChanged) after an edit)
//!   and gives [`BoundedOn`], the graph a search runs on.
//! - [`GoalBounds`] is the box table, read through
//!   [`BoundedJumps::bounds`].
//! - [`BoundedJumps::write_to`] and [`BoundedJumps::read_from`] save and load
//!   the boxes (their build is long: one Dijkstra per cell); a loaded table
//!   is checked against the grid it is loaded for.
//!
//! # Why the boxes are safe
//! The boxes hold, for every optimal first move (the union over ties, not
//! the one move a shortest-path tree happens to take), every goal it starts
//! an optimal path to. Whatever optimal path the jump point search follows,
//! each jump point on it continues with an optimal path to the goal, whose
//! first move's box therefore holds the goal: that ray is never skipped.
//! The same holds at a diagonal ray's stops and at the jump points found:
//! the rest of an optimal path from any cell on it is an optimal path from
//! that cell.
//! With float costs near-ties (within a relative tolerance) count as ties,
//! which only makes boxes larger.

mod build;
mod error;
mod file;
mod on;
mod table;

pub use error::GoalBoundsError;
pub use on::BoundedOn;
pub use table::GoalBounds;

use super::PrecomputedJumps;
use crate::cost::Cost;
use crate::grid::Grid;

/// A [`Grid`]'s precomputed jumps ([`PrecomputedJumps`], JPS+) with goal
/// bounds: searched as a [`Graph`](crate::Graph) through
/// [`on(&grid)`](BoundedJumps::on), it gives the same costs as
/// [`PrecomputedJumps`] and plain A* on the grid, expanding far fewer jump
/// points (a ray is followed only when its first move's box holds the goal).
///
/// Built from one grid by [`new`](BoundedJumps::new) (all cores) or
/// [`with_threads`](BoundedJumps::with_threads); it keeps no borrow of the
/// grid. There is no update after edits: [`on`](BoundedJumps::on) refuses a
/// grid edited since the build ([`MapChanged`](crate::graph::MapChanged)),
/// so the tables never answer for a map they do not describe; build again
/// (or load a table saved for the edited map).
///
/// # Complexity
/// Building: one Dijkstra over the whole grid per passable cell, O(n² log n)
/// for n passable cells, spread over threads; den520d (256 x 257) takes
/// tens of seconds on two cores. Save the result
/// ([`write_to`](BoundedJumps::write_to)) and load it
/// ([`read_from`](BoundedJumps::read_from), O(cells), checked).
/// Memory: [`GoalBounds::BYTES_PER_CELL`] = 64 bytes per cell (eight boxes
/// of four `u16`) plus [`PrecomputedJumps::BYTES_PER_CELL`] = 34.
/// A search: what [`PrecomputedJumps`] does per ray, plus one box test per
/// ray considered.
///
/// # Example
/// ```
/// use pathseek::{AStar, Cell, Connectivity, Grid, GridCosts, Query};
/// use pathseek::jump_points::{BoundedJumps, PrecomputedJumps};
/// use pathseek::{open_set::DaryHeap, store::IndexedStore};
///
/// let mut grid = Grid::new(32, 32, Connectivity::Eight, GridCosts::<u32>::exact_octile()).unwrap();
/// for y in 0..31 {
///     grid.set_passable(Cell::new(16, y), false).unwrap(); // a wall, open at the bottom
/// }
/// let bounded = BoundedJumps::new(&grid).unwrap();
/// let plain = PrecomputedJumps::new(&grid).unwrap();
/// let (start, goal) = (Cell::new(0, 0), Cell::new(31, 0));
/// let mut engine = AStar::new(DaryHeap::<u32, 4>::new(), IndexedStore::new());
/// let a = engine.search(&bounded.on(&grid)?, Query::new(start, goal, grid.heuristic(goal)));
/// let b = engine.search(&plain.on(&grid)?, Query::new(start, goal, grid.heuristic(goal)));
/// assert_eq!(a.found().unwrap().cost, b.found().unwrap().cost);
/// assert!(a.stats.expanded <= b.stats.expanded);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq)]
pub struct BoundedJumps<C> {
    jumps: PrecomputedJumps<C>,
    bounds: GoalBounds,
    /// [`file::fingerprint`] of the grid's passability.
    fingerprint: u64,
}

impl<C: Cost> core::fmt::Debug for BoundedJumps<C> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("BoundedJumps")
            .field("jumps", &self.jumps)
            .field("bounds", &self.bounds)
            .finish_non_exhaustive()
    }
}

impl<C: Cost + Send + Sync> BoundedJumps<C> {
    /// The precomputed jumps and goal bounds of `grid`, built on every core
    /// ([`std::thread::available_parallelism`]).
    ///
    /// # Errors
    /// [`GoalBoundsError::Jumps`] for a grid [`PrecomputedJumps::new`]
    /// refuses (4-connected, terrain weights, unsupported costs);
    /// [`GoalBoundsError::GridTooLarge`] for a side of 65535 cells or more;
    /// [`GoalBoundsError::CostOverflow`] when a distance overflows `C`.
    ///
    /// # Example
    /// ```
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts};
    /// use pathseek::jump_points::{BoundedJumps, GoalBoundsError, JumpPointsError};
    /// let mut grid = Grid::new(8, 8, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
    /// assert!(BoundedJumps::new(&grid).is_ok());
    /// grid.set_terrain(Cell::new(1, 1), 4).unwrap();
    /// assert_eq!(
    ///     BoundedJumps::new(&grid).unwrap_err(),
    ///     GoalBoundsError::Jumps(JumpPointsError::Terrain)
    /// );
    /// ```
    pub fn new(grid: &Grid<C>) -> Result<Self, GoalBoundsError> {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        Self::with_threads(grid, threads)
    }

    /// [`new`](Self::new) on `threads` threads (at least one: the caller's).
    ///
    /// # Errors
    /// Those of [`new`](Self::new).
    ///
    /// # Example
    /// ```
    /// use pathseek::{Connectivity, Grid, GridCosts};
    /// use pathseek::jump_points::BoundedJumps;
    /// let grid = Grid::new(12, 9, Connectivity::Eight, GridCosts::float_octile()).unwrap();
    /// let one = BoundedJumps::with_threads(&grid, 1).unwrap();
    /// let three = BoundedJumps::with_threads(&grid, 3).unwrap();
    /// assert!(one == three);
    /// ```
    pub fn with_threads(grid: &Grid<C>, threads: usize) -> Result<Self, GoalBoundsError> {
        let jumps = PrecomputedJumps::new(grid)?;
        if grid.width().max(grid.height()) >= u32::from(u16::MAX) {
            return Err(GoalBoundsError::GridTooLarge);
        }
        let boxes = build::build(grid, threads)?;
        Ok(BoundedJumps {
            jumps,
            bounds: GoalBounds {
                width: grid.width(),
                height: grid.height(),
                boxes,
            },
            fingerprint: file::fingerprint(grid),
        })
    }
}

impl<C: Cost> BoundedJumps<C> {
    /// The precomputed jumps the bounds prune.
    ///
    /// # Example
    /// ```
    /// use pathseek::{Connectivity, Grid, GridCosts};
    /// use pathseek::jump_points::{BoundedJumps, PrecomputedJumps};
    /// let grid = Grid::new(6, 6, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
    /// let bounded = BoundedJumps::new(&grid).unwrap();
    /// assert!(*bounded.jumps() == PrecomputedJumps::new(&grid).unwrap());
    /// ```
    pub fn jumps(&self) -> &PrecomputedJumps<C> {
        &self.jumps
    }

    /// The goal-bounding table.
    ///
    /// # Example
    /// ```
    /// use pathseek::{Connectivity, Grid, GridCosts};
    /// use pathseek::jump_points::BoundedJumps;
    /// let grid = Grid::new(6, 4, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
    /// assert_eq!(BoundedJumps::new(&grid).unwrap().bounds().size(), (6, 4));
    /// ```
    pub fn bounds(&self) -> &GoalBounds {
        &self.bounds
    }

    /// Width and height of the grid the tables answer for.
    ///
    /// # Example
    /// ```
    /// use pathseek::{Connectivity, Grid, GridCosts};
    /// use pathseek::jump_points::BoundedJumps;
    /// let grid = Grid::new(6, 4, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
    /// assert_eq!(BoundedJumps::new(&grid).unwrap().size(), (6, 4));
    /// ```
    pub fn size(&self) -> (u32, u32) {
        self.bounds.size()
    }

    /// Heap bytes held by both tables.
    ///
    /// # Example
    /// ```
    /// use pathseek::{Connectivity, Grid, GridCosts};
    /// use pathseek::jump_points::{BoundedJumps, GoalBounds, PrecomputedJumps};
    /// let grid = Grid::new(10, 10, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
    /// let bounded = BoundedJumps::new(&grid).unwrap();
    /// let per_cell = GoalBounds::BYTES_PER_CELL + PrecomputedJumps::<u32>::BYTES_PER_CELL;
    /// assert!(bounded.heap_bytes() >= 100 * per_cell);
    /// ```
    pub fn heap_bytes(&self) -> usize {
        self.jumps.heap_bytes() + self.bounds.heap_bytes()
    }
}
