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
        if self.error.take().is_some() {
            // The state was lost: it is built again from the new node.
            self.rebuild = true;
        }
        if self.rebuild {
            return Ok(());
        }
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
    /// the plan is built again from the unit's node at the next replan. An
    /// error that lost the state is checked again once the graph changed.
    pub(super) fn catch_up(&mut self, graph: &G) {
        let now = graph.version();
        if self.start.is_none() || now == self.seen || !self.same_size(graph) {
            return;
        }
        self.settled = false;
        if self.rebuild || self.error.is_some() {
            self.error = None;
            self.rebuild = true;
            self.seen = now;
            return;
        }
        let mut edited = core::mem::take(&mut self.edited);
        edited.clear();
        if graph.changed_since(self.seen, &mut |n| edited.push(n)) {
            self.seen = now;
            self.update_nodes(graph, edited.iter().copied());
        } else {
            self.rebuild = true;
            self.seen = now;
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
    /// every node counts as ignored. The graph's change log is read first,
    /// as [`compute`](Self::compute) reads it, so nodes told on another
    /// graph than the one the plan follows (another version its log does
    /// not know) make the plan start again rather than mix two maps. After
    /// an error that lost the state ([`compute`](Self::compute)), this is
    /// the news that the graph changed: the plan is built again at the next
    /// replan.
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
        if self.start.is_none() || !self.same_size(graph) {
            return nodes.into_iter().count();
        }
        // The graph's own log first: told about another graph than the one
        // the plan follows, the plan is built again on the next one.
        self.catch_up(graph);
        self.settled = false;
        if self.error.take().is_some() {
            self.rebuild = true;
        }
        self.update_nodes(graph, nodes)
    }

    /// [`nodes_changed`](Self::nodes_changed) once the plan has caught up
    /// with `graph` (started, the same size): each node's `rhs` recomputed
    /// and its place in the queue updated; returns the count of nodes not
    /// in the graph.
    pub(super) fn update_nodes(&mut self, graph: &G, nodes: impl IntoIterator<Item = N>) -> usize {
        let Some(start) = self.start else {
            return nodes.into_iter().count();
        };
        self.settled = false;
        if self.rebuild || self.error.is_some() {
            // Built again from scratch: only the count is wanted.
            return nodes
                .into_iter()
                .filter(|&n| graph.node_index(n).is_none())
                .count();
        }
        if self.estimate_changed(graph, start) {
            self.needs_rekey = true;
        }
        let mut ignored = 0;
        let mut nodes = nodes.into_iter();
        for node in nodes.by_ref() {
            let Some(i) = graph.node_index(node) else {
                ignored += 1;
                continue;
            };
            if let Err(e) = self.recompute_rhs(graph, i, node) {
                self.error = Some(e);
                break;
            }
        }
        ignored + nodes.filter(|&n| graph.node_index(n).is_none()).count()
    }
}

impl<C: Cost, O: OpenSet<C>> DStarLite<Grid<C>, O> {
    /// Edits made through the grid's own methods need no call: [`compute`](Self::compute)
    /// and [`move_to`](Self::move_to) read them from the grid's edit log
    /// ([`Grid::edits_since`]), and start again when the log cannot tell.
    /// This call updates round `cells` at once (telling twice costs twice but
    /// changes nothing): [`nodes_changed`](Self::nodes_changed) with each
    /// cell and its neighbours (the grid's edit log read first: told on
    /// another grid, the plan starts again).
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
        if self.start.is_none() || !self.same_size(grid) {
            return cells.into_iter().count();
        }
        self.catch_up(grid);
        self.settled = false;
        if self.error.take().is_some() {
            // News that the grid changed after an error: built again.
            self.rebuild = true;
        }
        let mut ignored = 0;
        for cell in cells {
            if !grid.in_bounds(cell) {
                ignored += 1;
                continue;
            }
            self.update_nodes(grid, grid.around(cell));
        }
        ignored
    }
}
