//! [`PrecomputedOn`]: precomputed jumps searched on the grid they were
//! built for, as it is now.

use super::{JumpPointsError, PrecomputedJumps};
use crate::cost::Cost;
use crate::graph::{check_version, DenseIds, EdgeSink, Expansion, Graph, MapChanged};
use crate::grid::{Cell, Grid};

/// [`PrecomputedJumps`] checked against their grid: the graph a search
/// runs on. Made by [`PrecomputedJumps::on`] (refused when the grid has been
/// edited since the tables were built or synced) or
/// [`PrecomputedJumps::synced`] (brings the tables up to date first). It
/// borrows the grid, so the grid cannot change while it is searched: the
/// tables can never answer for a map they do not describe.
///
/// Jump points are the grid's cells; successors are the jump points found by
/// the rays towards [`Expansion::goal`], pruned by the direction of arrival
/// exactly as [`BlockJumpPoints`](super::super::BlockJumpPoints) does (the
/// same edges in the same order). Without a goal (a goal predicate, or a
/// caller of [`successors`](Graph::successors)) the successors are the
/// grid's moves.
///
/// # Example
/// ```
/// use pathseek::{Cell, Connectivity, Graph, Grid, GridCosts};
/// use pathseek::graph::Expansion;
/// use pathseek::jump_points::PrecomputedJumps;
/// let grid = Grid::new(5, 5, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
/// let jps = PrecomputedJumps::new(&grid).unwrap();
/// let mut edges = Vec::new();
/// // Going east from (0, 2): the ray runs straight into the goal.
/// let at = Expansion::new(Cell::new(1, 2))
///     .with_parent(Some(Cell::new(0, 2)))
///     .with_goal(Some(Cell::new(4, 2)));
/// jps.on(&grid).unwrap().expand(at, &mut |c, k| edges.push((c, k)));
/// assert_eq!(edges, [(Cell::new(4, 2), 6)]);
/// ```
#[derive(Clone, Copy)]
pub struct PrecomputedOn<'a, C> {
    jumps: &'a PrecomputedJumps<C>,
    grid: &'a Grid<C>,
}

impl<C: Cost> core::fmt::Debug for PrecomputedOn<'_, C> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("PrecomputedOn")
            .field("jumps", self.jumps)
            .finish_non_exhaustive()
    }
}

impl<C: Cost> PrecomputedJumps<C> {
    /// The tables as a graph on `grid`, which must be the grid they were
    /// built from or last [`sync`](crate::graph::FollowMap::sync)ed with, unedited
    /// since: otherwise [`MapChanged`] (sync, or use
    /// [`synced`](PrecomputedJumps::synced)).
    ///
    /// # Example
    /// ```
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts};
    /// use pathseek::jump_points::PrecomputedJumps;
    /// let mut grid = Grid::new(64, 64, Connectivity::Eight, GridCosts::octile()).unwrap();
    /// let jps = PrecomputedJumps::new(&grid).unwrap();
    /// let goal = Cell::new(63, 0);
    /// assert!(pathseek::astar(&jps.on(&grid)?, Cell::new(0, 0), goal, grid.heuristic(goal)).found().is_some());
    /// grid.set_passable(Cell::new(30, 0), false)?; // a wall the tables have not seen
    /// assert!(jps.on(&grid).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn on<'a>(&'a self, grid: &'a Grid<C>) -> Result<PrecomputedOn<'a, C>, MapChanged> {
        check_version(grid, self.version)?;
        Ok(PrecomputedOn { jumps: self, grid })
    }

    /// Brings the tables up to date with `grid` ([`sync`](crate::graph::FollowMap::sync):
    /// from the grid's edit log, in time proportional to the edits) and
    /// returns them as a graph on it.
    ///
    /// # Example
    /// ```
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts};
    /// use pathseek::jump_points::PrecomputedJumps;
    /// let mut grid = Grid::new(64, 64, Connectivity::Eight, GridCosts::octile()).unwrap();
    /// let mut jps = PrecomputedJumps::new(&grid).unwrap();
    /// for y in 0..63 {
    ///     grid.set_passable(Cell::new(30, y), false)?; // a wall, open at the bottom
    /// }
    /// let goal = Cell::new(63, 0);
    /// let found = pathseek::astar(&jps.synced(&grid)?, Cell::new(0, 0), goal, grid.heuristic(goal));
    /// let plain = pathseek::astar(&grid, Cell::new(0, 0), goal, grid.heuristic(goal));
    /// assert_eq!(found.found().map(|p| p.cost), plain.found().map(|p| p.cost));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn synced<'a>(
        &'a mut self,
        grid: &'a Grid<C>,
    ) -> Result<PrecomputedOn<'a, C>, JumpPointsError> {
        self.follow(grid)?;
        Ok(PrecomputedOn { jumps: self, grid })
    }
}

impl<'a, C> PrecomputedOn<'a, C> {
    /// The tables.
    pub fn jumps(&self) -> &'a PrecomputedJumps<C> {
        self.jumps
    }

    /// The grid they are checked against.
    pub fn grid(&self) -> &'a Grid<C> {
        self.grid
    }
}

impl<C: Cost> Graph for PrecomputedOn<'_, C> {
    type Node = Cell;
    type Cost = C;

    #[inline]
    fn successors(&self, node: Cell, mut edge: impl FnMut(Cell, C)) {
        self.jumps.expand_rays(Expansion::new(node), &mut edge);
    }

    #[inline(always)]
    fn expand(&self, at: Expansion<Cell>, edges: &mut impl EdgeSink<Cell, C>) {
        self.jumps.expand_rays(at, edges)
    }

    #[inline]
    fn contains(&self, node: Cell) -> bool {
        self.jumps.contains_cell(node)
    }

    #[inline]
    fn dense_ids(&self) -> Option<&impl DenseIds<Node = Self::Node, Cost = Self::Cost>> {
        Some(self)
    }

    #[inline]
    fn version(&self) -> u64 {
        self.grid.version().get()
    }
}

impl<C: Cost> DenseIds for PrecomputedOn<'_, C> {
    #[inline]
    fn node_count(&self) -> usize {
        self.jumps.cell_count()
    }

    #[inline]
    fn node_index(&self, node: Cell) -> Option<usize> {
        self.jumps.cell_index(node)
    }

    #[inline]
    fn node_at(&self, index: usize) -> Option<Cell> {
        self.jumps.cell_at(index)
    }
}
