//! [`BoundedOn`]: precomputed jumps with goal bounds, searched on the grid
//! they were built for, as it is now.

use super::table::holds;
use super::{BoundedJumps, GoalBounds};
use crate::cost::Cost;
use crate::graph::{DenseIds, EdgeSink, Expansion, Graph, MapChanged};
use crate::grid::{Cell, Grid};
use crate::jump_points::PrecomputedOn;

/// [`BoundedJumps`] checked against their grid: the graph a search runs on.
/// Made by [`BoundedJumps::on`], refused when the grid has been edited since
/// the table was built or loaded. It borrows the grid, so the grid cannot
/// change while it is searched.
///
/// Its edges are those of [`PrecomputedOn`] (the jump points found by the
/// rays towards [`Expansion::goal`], pruned by the direction of arrival),
/// less the rays whose first move's box does not hold the goal (and, along
/// a diagonal ray, the sub-rays and the rest of the diagonal whose box at
/// that stop does not hold it, and every jump point whose own rays, as its
/// expansion would prune them, all have boxes without the goal: a dead end
/// for this goal, never reported). Without a
/// single goal (a goal predicate, several goals, a caller of
/// [`successors`](Graph::successors)) nothing is pruned by the boxes: the
/// successors are then [`PrecomputedOn`]'s.
///
/// # Example
/// ```
/// use pathseek::{Cell, Connectivity, Graph, Grid, GridCosts};
/// use pathseek::graph::Expansion;
/// use pathseek::jump_points::BoundedJumps;
/// let grid = Grid::new(5, 5, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
/// let bounded = BoundedJumps::new(&grid).unwrap();
/// let mut edges = Vec::new();
/// // From (0, 0) with the goal at (4, 0): only the eastward rays can lead
/// // there on an optimal path; the ray east runs into the goal.
/// let at = Expansion::new(Cell::new(0, 0)).with_goal(Some(Cell::new(4, 0)));
/// bounded.on(&grid)?.expand(at, &mut |c, k| edges.push((c, k)));
/// assert_eq!(edges, [(Cell::new(4, 0), 8)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy)]
pub struct BoundedOn<'a, C> {
    on: PrecomputedOn<'a, C>,
    bounds: &'a GoalBounds,
}

impl<C: Cost> core::fmt::Debug for BoundedOn<'_, C> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("BoundedOn")
            .field("bounds", self.bounds)
            .finish_non_exhaustive()
    }
}

impl<C: Cost> BoundedJumps<C> {
    /// The jumps and their goal bounds as a graph on `grid`, which must be
    /// the grid they were built from (or loaded for), unedited since:
    /// otherwise [`MapChanged`] (build again: goal bounds are not updated
    /// by edits).
    ///
    /// # Example
    /// ```
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts};
    /// use pathseek::jump_points::BoundedJumps;
    /// let mut grid = Grid::new(16, 16, Connectivity::Eight, GridCosts::octile()).unwrap();
    /// let bounded = BoundedJumps::new(&grid).unwrap();
    /// let goal = Cell::new(15, 0);
    /// let r = pathseek::astar(&bounded.on(&grid)?, Cell::new(0, 0), goal, grid.heuristic(goal));
    /// assert!(r.found().is_some());
    /// grid.set_passable(Cell::new(8, 0), false)?; // a wall the table has not seen
    /// assert!(bounded.on(&grid).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn on<'a>(&'a self, grid: &'a Grid<C>) -> Result<BoundedOn<'a, C>, MapChanged> {
        Ok(BoundedOn {
            on: self.jumps.on(grid)?,
            bounds: &self.bounds,
        })
    }
}

impl<'a, C> BoundedOn<'a, C> {
    /// The jumps and goal bounds.
    ///
    /// # Example
    /// ```
    /// use pathseek::{Connectivity, Grid, GridCosts};
    /// use pathseek::jump_points::BoundedJumps;
    /// let grid = Grid::new(4, 4, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
    /// let bounded = BoundedJumps::new(&grid).unwrap();
    /// assert_eq!(bounded.on(&grid)?.bounded().size(), (4, 4));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn bounded(&self) -> &'a GoalBounds {
        self.bounds
    }

    /// The grid they are checked against.
    ///
    /// # Example
    /// ```
    /// use pathseek::{Connectivity, Grid, GridCosts};
    /// use pathseek::jump_points::BoundedJumps;
    /// let grid = Grid::new(4, 4, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
    /// let bounded = BoundedJumps::new(&grid).unwrap();
    /// assert_eq!(bounded.on(&grid)?.grid().width(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn grid(&self) -> &'a Grid<C> {
        self.on.grid()
    }
}

impl<C: Cost> Graph for BoundedOn<'_, C> {
    type Node = Cell;
    type Cost = C;

    #[inline]
    fn successors(&self, node: Cell, edge: impl FnMut(Cell, C)) {
        self.on.successors(node, edge)
    }

    #[inline(always)]
    fn expand(&self, at: Expansion<Cell>, edges: &mut impl EdgeSink<Cell, C>) {
        let jumps = self.on.jumps();
        let Some(goal) = at.goal.filter(|&g| self.bounds.index(g).is_some()) else {
            // No single goal, or one off the grid (no path): nothing to bound.
            return jumps.expand_rays(at, edges);
        };
        let boxes = &self.bounds.boxes;
        let (gx, gy) = (goal.x as u16, goal.y as u16);
        // Every index the rays ask about is a cell of the grid.
        jumps.expand_rays_where(
            at,
            edges,
            #[inline(always)]
            |i, d| holds(&boxes[i][d], gx, gy),
        );
    }

    #[inline]
    fn contains(&self, node: Cell) -> bool {
        self.on.contains(node)
    }

    #[inline]
    fn dense_ids(&self) -> Option<&impl DenseIds<Node = Self::Node, Cost = Self::Cost>> {
        Some(self)
    }

    #[inline]
    fn version(&self) -> u64 {
        self.on.version()
    }
}

impl<C: Cost> DenseIds for BoundedOn<'_, C> {
    #[inline]
    fn node_count(&self) -> usize {
        self.on.node_count()
    }

    #[inline]
    fn node_index(&self, node: Cell) -> Option<usize> {
        self.on.node_index(node)
    }

    #[inline]
    fn node_at(&self, index: usize) -> Option<Cell> {
        self.on.node_at(index)
    }
}
