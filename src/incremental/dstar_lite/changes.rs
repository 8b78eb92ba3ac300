//! What a [`DStarLite`] plan is told between replans: the unit walked
//! ([`move_to`](DStarLite::move_to)), edges changed (the graph's change
//! log, [`nodes_changed`](DStarLite::nodes_changed), or on a grid
//! [`cells_changed`](DStarLite::cells_changed)).

use super::repair::sum;
use super::DStarLite;
use crate::cost::Cost;
#[cfg(doc)]
use crate::graph::{DenseIds, Graph};
use crate::grid::{Cell, Grid};
use crate::incremental::Replannable;
use crate::open_set::OpenSet;
use crate::result::SearchError;

impl<N, C, G, O> DStarLite<G, O>
where
    N: Copy + Eq + core::hash::Hash + core::fmt::Debug,
    C: Cost,
    G: Replannable<Node = N, Cost = C>,
    O: OpenSet<C>,
{
    /// The unit has walked to `node` (usually the next node of its path):
    /// it becomes the start of the plan, and D* Lite's `k_m` grows by the
    /// heuristic distance walked, so the keys already queued stay valid
    /// lower bounds. Call [`compute`](Self::compute) before reading the path
    /// again. Errors, with nothing changed:
    /// [`NotStarted`](SearchError::NotStarted), or
    /// [`StartBlocked`](SearchError::StartBlocked) for a node off the graph
    /// or blocked.
    ///
    /// # Example
    /// ```
    /// use pathseek::incremental::DStarLite;
    /// use pathseek::open_set::BinaryHeap;
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts, Status};
    /// let grid = Grid::new(8, 8, Connectivity::Eight, GridCosts::new(2u32, 3))?;
    /// let mut dstar = DStarLite::new(BinaryHeap::new());
    /// dstar.start(&grid, Cell::new(0, 0), Cell::new(7, 7))?;
    /// dstar.compute(&grid);
    /// dstar.move_to(&grid, Cell::new(1, 1))?;
    /// assert_eq!(dstar.position(), Some(Cell::new(1, 1)));
    /// assert_eq!(dstar.compute(&grid), Status::Found { cost: 6 * 3 });
    /// assert!(dstar.move_to(&grid, Cell::new(8, 0)).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn move_to(&mut self, graph: &G, node: N) -> Result<(), SearchError<N, C>> {
        let Some(before) = self.start.filter(|_| self.same_size(graph)) else {
            return Err(SearchError::NotStarted);
        };
        self.catch_up(graph);
        let Some(index) = graph.node_index(node).filter(|_| graph.contains(node)) else {
            return Err(SearchError::StartBlocked { node });
        };
        if node == before {
            return Ok(());
        }
        self.settled = false;
        self.start = Some(node);
        self.start_index = index;
        if self.needs_rekey || self.estimate_changed(graph, before) {
            // Every key is recomputed from the new start before the next replan.
            self.needs_rekey = true;
            return Ok(());
        }
        let walked = self.estimate(node);
        match sum(self.k_m, walked) {
            Some(k_m) if k_m < C::max_value() => self.k_m = k_m,
            _ => {
                // k_m cannot grow any more: rebuild the keys with k_m = 0.
                self.needs_rekey = true;
            }
        }
        self.h = Some(graph.estimate_from(node));
        Ok(())
    }

    /// Reads the nodes whose edges changed since the version the plan last
    /// saw from the graph's change log ([`Graph::changed_since`]: on a grid,
    /// its edit log) and updates them ([`nodes_changed`](Self::nodes_changed));
    /// when the log cannot tell (it dropped some, or this is another graph),
    /// starts again from the unit's node.
    pub(super) fn catch_up(&mut self, graph: &G) {
        let now = graph.version();
        let (Some(start), Some(goal)) = (self.start, self.goal) else {
            return;
        };
        if now == self.seen || !self.same_size(graph) {
            return;
        }
        let mut edited = core::mem::take(&mut self.edited);
        edited.clear();
        if graph.changed_since(self.seen, &mut |n| edited.push(n)) {
            self.seen = now;
            self.nodes_changed(graph, edited.iter().copied());
        } else {
            let total = self.total;
            // An error (the unit's node or the goal blocked) stays as the plan's.
            if let Err(e) = self.start(graph, start, goal) {
                self.error = Some(e);
                self.start = Some(start);
                self.goal = Some(goal);
                self.seen = now;
            }
            self.total = total;
        }
        self.edited = edited;
    }

    /// Tells the plan that the outgoing edges of `nodes` changed (added,
    /// removed, re-weighted, or the node itself came or went): each gets
    /// its `rhs` recomputed from its current edges and its place in the
    /// queue updated (D* Lite's "for all directed edges (u, v) with changed
    /// edge costs: update u"). Graphs with a change log need no call:
    /// [`compute`](Self::compute) and [`move_to`](Self::move_to) read it.
    /// A node listed twice costs twice but changes nothing. Nodes not in the
    /// graph ([`DenseIds::node_index`] is `None`) are **ignored**; the count
    /// of those ignored is returned. Call [`compute`](Self::compute) next.
    /// Before a start, or on a graph of another size, nothing is done and
    /// every node counts as ignored.
    ///
    /// # Example
    /// ```
    /// use pathseek::incremental::DStarLite;
    /// use pathseek::open_set::BinaryHeap;
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts, Status};
    /// let mut grid = Grid::new(3, 1, Connectivity::Four, GridCosts::new(1u32, 1))?;
    /// let mut dstar = DStarLite::new(BinaryHeap::new());
    /// dstar.start(&grid, Cell::new(0, 0), Cell::new(2, 0))?;
    /// assert_eq!(dstar.compute(&grid), Status::Found { cost: 2 });
    /// grid.set_terrain(Cell::new(1, 0), 4)?; // (0, 0) -> (1, 0) now costs 4
    /// let ignored = dstar.nodes_changed(&grid, [Cell::new(0, 0), Cell::new(5, 0)]);
    /// assert_eq!(ignored, 1);
    /// assert_eq!(dstar.compute(&grid), Status::Found { cost: 5 });
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn nodes_changed(&mut self, graph: &G, nodes: impl IntoIterator<Item = N>) -> usize {
        let Some(start) = self.start else {
            return nodes.into_iter().count();
        };
        if !self.same_size(graph) || self.error.is_some() {
            return nodes.into_iter().count();
        }
        if self.estimate_changed(graph, start) {
            self.needs_rekey = true;
        }
        let mut ignored = 0;
        for node in nodes {
            let Some(i) = graph.node_index(node) else {
                ignored += 1;
                continue;
            };
            self.settled = false;
            if let Err(e) = self.recompute_rhs(graph, i, node) {
                self.error = Some(e);
                return ignored;
            }
        }
        ignored
    }
}

impl<C: Cost, O: OpenSet<C>> DStarLite<Grid<C>, O> {
    /// Edits made through the grid's own methods need no call: [`compute`](Self::compute)
    /// and [`move_to`](Self::move_to) read them from the grid's edit log
    /// ([`Grid::edits_since`]), and start again when the log cannot tell.
    /// This call updates round `cells` at once (telling twice costs twice but
    /// changes nothing): [`nodes_changed`](Self::nodes_changed) with each
    /// cell and its neighbours.
    ///
    /// Tells the plan that `cells` changed on `grid` since it was last
    /// told (blocked, opened or given another terrain weight): every edge
    /// into, out of, or diagonally past such a cell may have changed, and
    /// their sources are the cell and its eight neighbours, so each of those
    /// gets its `rhs` recomputed from its current edges and its place in the
    /// queue updated (D* Lite's "for all directed edges (u, v) with changed
    /// edge costs"). A cell listed twice costs twice but changes nothing.
    /// Cells off the grid are **ignored** (an edit there cannot have
    /// happened); the count of those ignored is returned. Call
    /// [`compute`](Self::compute) next. Before a start, or on a grid of
    /// another size, nothing is done and every cell counts as ignored.
    ///
    /// # Example
    /// ```
    /// use pathseek::incremental::DStarLite;
    /// use pathseek::open_set::BinaryHeap;
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts, Status};
    /// let mut grid = Grid::new(3, 3, Connectivity::Four, GridCosts::new(1u32, 1))?;
    /// let mut dstar = DStarLite::new(BinaryHeap::new());
    /// dstar.start(&grid, Cell::new(0, 1), Cell::new(2, 1))?;
    /// assert_eq!(dstar.compute(&grid), Status::Found { cost: 2 });
    /// grid.set_terrain(Cell::new(1, 1), 10)?; // mud in the middle
    /// let ignored = dstar.cells_changed(&grid, [Cell::new(1, 1), Cell::new(7, 7)]);
    /// assert_eq!(ignored, 1);
    /// assert_eq!(dstar.compute(&grid), Status::Found { cost: 4 }); // round it
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cells_changed(
        &mut self,
        grid: &Grid<C>,
        cells: impl IntoIterator<Item = Cell>,
    ) -> usize {
        if self.start.is_none() || !self.same_size(grid) || self.error.is_some() {
            return cells.into_iter().count();
        }
        let mut ignored = 0;
        for cell in cells {
            if !grid.in_bounds(cell) {
                ignored += 1;
                continue;
            }
            self.nodes_changed(grid, grid.around(cell));
            if self.error.is_some() {
                break;
            }
        }
        ignored
    }
}
