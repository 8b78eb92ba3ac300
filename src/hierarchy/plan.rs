//! A path handed out stretch by stretch: the abstract path first, the
//! cells refined (and smoothed) only as far as the unit needs them.

use super::layout::Layout;
use super::search::{Abstracted, Leg};
use super::{Hierarchy, HierarchyError};
use crate::cost::Cost;
use crate::graph::check_version;
use crate::grid::{Cell, Grid, MapVersion};

/// A path from a [`Hierarchy`]'s abstract search, refined lazily and in
/// order: [`next_stretch`](Plan::next_stretch) appends the next stretch of
/// cells, so a unit can start walking after the abstract search and one
/// stretch, long before the whole path is refined. The stretches together
/// are the path [`find_path`](Hierarchy::find_path) would give, smoothed
/// window by window as they go (so their cost may differ slightly); a start
/// and goal close enough for the direct search get its optimal path in one
/// stretch, as `find_path` gives it.
///
/// A plan belongs to the grid version it was made on: after an edit,
/// `next_stretch` returns [`HierarchyError::MapChanged`] (plan again from
/// where the unit stands).
///
/// # Example
/// ```
/// use pathseek::hierarchy::Hierarchy;
/// use pathseek::{Cell, Connectivity, Grid, GridCosts};
/// let grid = Grid::new(128, 128, Connectivity::Eight, GridCosts::octile())?;
/// let mut h = Hierarchy::new(&grid, 16)?;
/// let (start, goal) = (Cell::new(0, 0), Cell::new(127, 90));
/// let mut plan = h.plan(&grid, start, goal)?.expect("open ground");
/// let mut path = Vec::new();
/// assert!(plan.next_stretch(&mut h, &grid, &mut path)?); // the unit can go now
/// assert!(path.len() > 1 && path.len() < 128);
/// while plan.next_stretch(&mut h, &grid, &mut path)? {}
/// assert_eq!((path.first(), path.last()), (Some(&start), Some(&goal)));
/// assert!(path.windows(2).all(|w| w[0].x.abs_diff(w[1].x) <= 1 && w[0].y.abs_diff(w[1].y) <= 1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Plan<C> {
    layout: Layout,
    version: MapVersion,
    /// The hierarchy's number for the query that made the plan.
    query: u64,
    bound: C,
    waypoints: Vec<Cell>,
    /// The next abstract edge to refine: `waypoints[next]` to `[next + 1]`.
    next: usize,
    /// Cells refined and not yet handed out; its first cell was handed out
    /// already, unless nothing was.
    pending: Vec<Cell>,
    smoothed: Vec<Cell>,
    started: bool,
    done: bool,
}

impl<C: Cost> Hierarchy<C> {
    /// Plans a path from `start` to `goal`: the abstract search (or, close
    /// by, the direct search on the grid), no refinement yet. `Ok(None)`
    /// when there is no path.
    ///
    /// # Errors
    /// As [`find_path`](Self::find_path).
    ///
    /// # Example
    /// See [`Plan`].
    pub fn plan(
        &mut self,
        grid: &Grid<C>,
        start: Cell,
        goal: Cell,
    ) -> Result<Option<Plan<C>>, HierarchyError<C>> {
        let (bound, pending, waypoints) = match self.abstract_path(grid, start, goal, true)? {
            Abstracted::None => return Ok(None),
            Abstracted::Direct(cost) => (cost, self.raw.clone(), Vec::new()),
            Abstracted::Waypoints(cost) => (cost, Vec::new(), self.waypoints.clone()),
        };
        Ok(Some(Plan {
            layout: self.layout,
            version: grid.version(),
            query: self.serial,
            bound,
            waypoints,
            next: 0,
            pending,
            smoothed: Vec::new(),
            started: false,
            done: false,
        }))
    }
}

impl<C: Cost> Plan<C> {
    /// Appends the next stretch of the path to `out`: the first call the
    /// start and the cells after it, each later call the cells after the
    /// last one handed out. Returns `false` (appending nothing) once the
    /// goal has been handed out.
    ///
    /// # Errors
    /// [`HierarchyError::MapChanged`] if `grid` was edited since the plan
    /// was made; a search error of the refinement.
    ///
    /// # Example
    /// See [`Plan`].
    pub fn next_stretch(
        &mut self,
        hierarchy: &mut Hierarchy<C>,
        grid: &Grid<C>,
        out: &mut Vec<Cell>,
    ) -> Result<bool, HierarchyError<C>> {
        if self.done {
            return Ok(false);
        }
        check_version(grid, self.version.get())?;
        if self.waypoints.is_empty() {
            // Found by the direct search: optimal, nothing to smooth.
            out.extend_from_slice(&self.pending[usize::from(self.started)..]);
            self.started = true;
            self.done = true;
            return Ok(true);
        }
        let window = hierarchy.options.smoothing_window;
        // Refine until there are one and a half windows beyond what was
        // handed out (or the path ends): one smoothed and handed out, half a
        // window held back, as the smoothing's own windows overlap, so a
        // shortcut across the seam is not missed.
        let hold = window / 2;
        let want = window.max(1) + hold + 1;
        while self.next + 1 < self.waypoints.len()
            && (self.pending.len() < want || window == 0 && self.next == 0)
        {
            let leg = Leg {
                from: self.waypoints[self.next],
                to: self.waypoints[self.next + 1],
                first: self.next == 0,
                last: self.next + 2 == self.waypoints.len(),
                query: self.query,
            };
            hierarchy.refine_leg(grid, self.layout, leg, &mut self.pending)?;
            self.next += 1;
            if window == 0 {
                break;
            }
        }
        let last = self.next + 1 >= self.waypoints.len();
        hierarchy.smooth(grid, &self.pending, &mut self.smoothed)?;
        // Hand out all but the last half window (kept to smooth across the
        // seam).
        let keep = if last {
            1
        } else {
            hold.min(self.smoothed.len() - 1) + 1
        };
        let give = self.smoothed.len() + 1 - keep;
        let from = usize::from(self.started);
        out.extend_from_slice(&self.smoothed[from..give]);
        self.started = true;
        self.pending.clear();
        self.pending.extend_from_slice(&self.smoothed[give - 1..]);
        if last {
            self.done = true;
        }
        Ok(true)
    }

    /// The cost of the abstract path: the whole path costs at most this.
    ///
    /// # Example
    /// ```
    /// use pathseek::hierarchy::Hierarchy;
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts};
    /// let grid = Grid::new(64, 64, Connectivity::Four, GridCosts::new(1u32, 1))?;
    /// let mut h = Hierarchy::new(&grid, 8)?;
    /// let plan = h.plan(&grid, Cell::new(0, 0), Cell::new(63, 0))?.unwrap();
    /// assert!(plan.cost_bound() >= 63);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cost_bound(&self) -> C {
        self.bound
    }

    /// Whether the goal has been handed out.
    ///
    /// # Example
    /// See [`Plan`].
    pub fn is_done(&self) -> bool {
        self.done
    }

    /// The abstract path's cells, start and goal included (empty for a
    /// path found directly on the grid).
    ///
    /// # Example
    /// ```
    /// use pathseek::hierarchy::Hierarchy;
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts};
    /// let grid = Grid::new(64, 64, Connectivity::Eight, GridCosts::octile())?;
    /// let mut h = Hierarchy::new(&grid, 8)?;
    /// let plan = h.plan(&grid, Cell::new(0, 0), Cell::new(63, 63))?.unwrap();
    /// assert_eq!(plan.waypoints().first(), Some(&Cell::new(0, 0)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn waypoints(&self) -> &[Cell] {
        &self.waypoints
    }
}
