//! What a [`DStarLite`] plan is told between replans: the unit walked
//! ([`move_to`](DStarLite::move_to)), the goal moved
//! ([`move_goal`](DStarLite::move_goal)), cells changed
//! ([`cells_changed`](DStarLite::cells_changed), or the grid's edit log).

use super::repair::sum;
use super::DStarLite;
use crate::cost::Cost;
use crate::grid::{Cell, Grid, GridHeuristic, MapVersion};
use crate::open_set::OpenSet;
use crate::result::SearchError;

impl<C: Cost, O: OpenSet<C>> DStarLite<C, O> {
    /// The unit has walked to `cell` (usually the next cell of its path):
    /// it becomes the start of the plan, and D* Lite's `k_m` grows by the
    /// heuristic distance walked, so the keys already queued stay valid
    /// lower bounds. Call [`compute`](Self::compute) before reading the path
    /// again. Errors, with nothing changed:
    /// [`NotStarted`](SearchError::NotStarted), or
    /// [`StartBlocked`](SearchError::StartBlocked) for a cell off the grid or
    /// blocked.
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
    pub fn move_to(&mut self, grid: &Grid<C>, cell: Cell) -> Result<(), SearchError<Cell, C>> {
        if !self.started || !self.same_size(grid) {
            return Err(SearchError::NotStarted);
        }
        self.catch_up(grid);
        if !grid.is_passable(cell) {
            return Err(SearchError::StartBlocked { node: cell });
        }
        if cell == self.start {
            return Ok(());
        }
        self.settled = false;
        if self.needs_rekey || grid.min_terrain() != self.h_terrain {
            // Every key is recomputed from the new start before the next replan.
            self.needs_rekey = true;
            self.start = cell;
            return Ok(());
        }
        let walked = self.estimate(cell);
        match sum(self.k_m, walked) {
            Some(k_m) if k_m < C::max_value() => self.k_m = k_m,
            _ => {
                // k_m cannot grow any more: rebuild the keys with k_m = 0.
                self.needs_rekey = true;
            }
        }
        self.start = cell;
        self.h = Some(GridHeuristic::new(grid, cell));
        Ok(())
    }

    /// The goal has moved to `cell` (a unit chasing a moving target): the
    /// plan keeps what it knows and is repaired by the next
    /// [`compute`](Self::compute), instead of starting over.
    ///
    /// The search runs from the goal, so the goal is its root: the new goal
    /// gets `rhs = 0` and the old one the `rhs` of any other cell, both
    /// queued if that made them inconsistent (Basic Moving Target D* Lite,
    /// Sun, Yeoh and Koenig 2010, with the search run from the target). The
    /// answer is exact, as after any edit. It pays when the goal moves a
    /// little, near where the unit was already headed; the cells whose path
    /// ran through the old goal are raised and settled again, so a goal
    /// that jumps far is better served by [`start`](Self::start) (the
    /// `living_map` example measures both on a chase). Errors, with nothing
    /// changed: [`NotStarted`](SearchError::NotStarted), or
    /// [`GoalBlocked`](SearchError::GoalBlocked) for a cell off the grid or
    /// blocked.
    ///
    /// # Example
    /// ```
    /// use pathseek::incremental::DStarLite;
    /// use pathseek::open_set::BinaryHeap;
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts, Status};
    /// let grid = Grid::new(8, 8, Connectivity::Four, GridCosts::new(1u32, 1))?;
    /// let mut dstar = DStarLite::new(BinaryHeap::new());
    /// dstar.start(&grid, Cell::new(0, 0), Cell::new(7, 7))?;
    /// assert_eq!(dstar.compute(&grid), Status::Found { cost: 14 });
    /// dstar.move_goal(&grid, Cell::new(7, 6))?;
    /// assert_eq!(dstar.goal(), Some(Cell::new(7, 6)));
    /// assert_eq!(dstar.compute(&grid), Status::Found { cost: 13 });
    /// assert!(dstar.move_goal(&grid, Cell::new(9, 9)).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn move_goal(&mut self, grid: &Grid<C>, cell: Cell) -> Result<(), SearchError<Cell, C>> {
        if !self.started || !self.same_size(grid) {
            return Err(SearchError::NotStarted);
        }
        self.catch_up(grid);
        let Some(new) = grid.cell_index(cell).filter(|_| grid.is_passable(cell)) else {
            return Err(SearchError::GoalBlocked { node: cell });
        };
        if cell == self.goal {
            return Ok(());
        }
        self.settled = false;
        if self.error.is_some() {
            // A stopped plan (overflow) cannot be repaired: start over.
            let start = self.start;
            let total = self.total;
            self.start(grid, start, cell)?;
            self.total = total;
            return Ok(());
        }
        let (old, old_cell) = (self.goal_index, self.goal);
        self.goal = cell;
        self.goal_index = new;
        self.nodes[new].rhs = C::zero();
        let result = self
            .update_vertex(new, cell)
            .and_then(|()| self.recompute_rhs(grid, old, old_cell));
        if let Err(e) = result {
            self.error = Some(e);
        }
        Ok(())
    }

    /// Reads the edits of `grid` since the version the plan last saw from
    /// its edit log and updates round them ([`cells_changed`](Self::cells_changed));
    /// when the log cannot tell (it dropped some, or this is another grid),
    /// starts again from the unit's cell.
    pub(super) fn catch_up(&mut self, grid: &Grid<C>) {
        let now = grid.version().get();
        if !self.started || now == self.seen || !self.same_size(grid) {
            return;
        }
        let mut edited = core::mem::take(&mut self.edited);
        edited.clear();
        match grid.edits_since(MapVersion(self.seen)) {
            Some(edits) => {
                edited.extend(edits.map(|e| e.cell));
                self.seen = now;
                self.cells_changed(grid, edited.iter().copied());
            }
            None => {
                let (start, goal, total) = (self.start, self.goal, self.total);
                // An error (the unit's cell or the goal blocked) stays as the plan's.
                if let Err(e) = self.start(grid, start, goal) {
                    self.error = Some(e);
                    self.started = true;
                    self.seen = now;
                }
                self.total = total;
            }
        }
        self.edited = edited;
    }

    /// Edits made through the grid's own methods need no call: [`compute`](Self::compute)
    /// and [`move_to`](Self::move_to) read them from the grid's edit log
    /// ([`Grid::edits_since`]), and start again when the log cannot tell.
    /// This call updates round `cells` at once (telling twice costs twice but
    /// changes nothing).
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
        if !self.started || !self.same_size(grid) || self.error.is_some() {
            return cells.into_iter().count();
        }
        if grid.min_terrain() != self.h_terrain {
            self.needs_rekey = true;
        }
        let mut ignored = 0;
        for cell in cells {
            if !grid.in_bounds(cell) {
                ignored += 1;
                continue;
            }
            self.settled = false;
            for near in grid.around(cell) {
                let Some(i) = grid.cell_index(near) else {
                    continue;
                };
                if let Err(e) = self.recompute_rhs(grid, i, near) {
                    self.error = Some(e);
                    return ignored;
                }
            }
        }
        ignored
    }
}
