//! [`UnitSearch`]: one backward search from the goal that serves every unit.

use super::same_size;
use crate::astar::Engine;
use crate::cost::Cost;
use crate::graph::{check_version, DenseIds, MapChanged};
use crate::grid::{Cell, Grid};
use crate::open_set::BinaryHeap;
use crate::query::Heuristic;
use crate::query::Predicate;
use crate::result::{SearchError, Stats, Status};
use crate::store::{IndexedStore, Records};
use crate::Query;

/// Many units, one goal, one search: a search from the goal over the
/// reversed graph that stops as soon as every unit's node is settled. Each
/// unit's path and cost are then read from it, equal in cost to a search of
/// its own.
///
/// Cheaper than a [`DistanceField`](super::DistanceField) when the units are
/// near the goal or near one another: it stops early and, with a heuristic,
/// heads for the units. The heuristic estimates, for a node `v`, the cost
/// from the nearest unit to `v` (forward); it must not overestimate it.
/// [`grid_units_heuristic`] gives one for grids.
///
/// It records the graph's [`version`](crate::Graph::version) at each run;
/// on a graph edited since, [`cost`](Self::cost) and
/// [`path_into`](Self::path_into) return [`MapChanged`]: run it again.
///
/// # Example
/// ```
/// use pathseek::groups::{grid_units_heuristic, UnitSearch};
/// use pathseek::{Cell, Connectivity, Grid, GridCosts};
///
/// let grid = Grid::new(30, 30, Connectivity::Eight, GridCosts::new(2u32, 3))?;
/// let goal = Cell::new(25, 25);
/// let units = [Cell::new(1, 1), Cell::new(2, 1), Cell::new(1, 3)];
/// let mut search = UnitSearch::new();
/// let h = grid_units_heuristic(&grid, &units);
/// search.run_grid(&grid, goal, &units, h)?;
/// let mut path = Vec::new();
/// for (i, &unit) in units.iter().enumerate() {
///     let own = pathseek::astar(&grid, unit, goal, grid.heuristic(goal));
///     assert_eq!(search.path_into(&grid, i, &mut path)?, own.found().map(|p| p.cost));
///     assert_eq!((path.first(), path.last()), (Some(&unit), Some(&goal)));
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct UnitSearch<N, C: Cost> {
    engine: Engine<BinaryHeap<C>, IndexedStore<C>>,
    /// Per dense id: a unit waits there (cleared after each run).
    waiting: Vec<bool>,
    /// The units' dense ids, in the order given.
    units: Vec<usize>,
    scratch: Vec<N>,
    node_count: usize,
    ready: bool,
    /// The graph's version at the last run.
    version: u64,
}

impl<N, C: Cost> Default for UnitSearch<N, C> {
    fn default() -> Self {
        UnitSearch {
            engine: Engine::new(BinaryHeap::new(), IndexedStore::new()),
            waiting: Vec::new(),
            units: Vec::new(),
            scratch: Vec::new(),
            node_count: 0,
            ready: false,
            version: 0,
        }
    }
}

impl<N: Copy, C: Cost> UnitSearch<N, C> {
    /// An empty search; its buffers grow on the first run.
    ///
    /// # Example
    /// ```
    /// let search = pathseek::groups::UnitSearch::<u32, u32>::new();
    /// # let _ = search;
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// Searches from `goal` over `reversed` (the units' graph with every
    /// edge turned round) until every unit in `units` is settled, or
    /// nothing more can be. Units that cannot reach the goal get no path.
    ///
    /// # Errors
    /// [`GoalBlocked`](SearchError::GoalBlocked) for a goal outside the
    /// graph, [`StartBlocked`](SearchError::StartBlocked) for a unit outside
    /// it, [`NodeOutOfRange`](SearchError::NodeOutOfRange) for a unit
    /// without a dense id, and the search's errors.
    ///
    /// # Example
    /// ```
    /// use pathseek::groups::UnitSearch;
    /// use pathseek::StaticGraph;
    /// // One-way: 0 -> 1 -> 2 (the goal), and 3 -> 0.
    /// let g = StaticGraph::from_edges(4, [(0, 1, 2u32), (1, 2, 2), (3, 0, 1)])?;
    /// let mut search = UnitSearch::new();
    /// let stats = search.run(&g.reverse(), 2, &[3, 1], |_| 0)?;
    /// assert_eq!((search.cost(&g, 0)?, search.cost(&g, 1)?), (Some(5), Some(2)));
    /// assert!(stats.expanded <= 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run<R, H>(
        &mut self,
        reversed: &R,
        goal: N,
        units: &[N],
        heuristic: H,
    ) -> Result<Stats, SearchError<N, C>>
    where
        R: DenseIds<Node = N, Cost = C>,
        H: Heuristic<N, C>,
    {
        self.ready = false;
        if !reversed.contains(goal) {
            return Err(SearchError::GoalBlocked { node: goal });
        }
        let n = reversed.node_count();
        self.units.clear();
        for &unit in units {
            if !reversed.contains(unit) {
                return Err(SearchError::StartBlocked { node: unit });
            }
            let id = reversed
                .node_index(unit)
                .filter(|&i| i < n)
                .ok_or(SearchError::NodeOutOfRange { node: unit })?;
            self.units.push(id);
        }
        if self.waiting.len() < n {
            self.waiting.resize(n, false);
        }
        let mut remaining = 0usize;
        for &id in &self.units {
            if !self.waiting[id] {
                self.waiting[id] = true;
                remaining += 1;
            }
        }
        let waiting = &mut self.waiting;
        // Settling the last waiting unit ends the search (as its goal).
        let all_settled = Predicate(|node: N| {
            if let Some(i) = reversed.node_index(node)
                && let Some(w) = waiting.get_mut(i)
                && *w
            {
                *w = false;
                remaining -= 1;
            }
            remaining == 0
        });
        let (status, _, _) = self.engine.run_into(
            reversed,
            Query::with_goal(goal, all_settled, heuristic),
            &mut self.scratch,
        );
        for &id in &self.units {
            self.waiting[id] = false;
        }
        match status {
            Status::Error(SearchError::StartBlocked { node }) => {
                Err(SearchError::GoalBlocked { node })
            }
            Status::Error(e) => Err(e),
            _ => {
                self.node_count = n;
                self.ready = true;
                self.version = reversed.version();
                Ok(self.engine.stats)
            }
        }
    }

    /// `Ok(())` for a search not run or run on `graph`'s version.
    fn check<G: DenseIds<Node = N, Cost = C>>(&self, graph: &G) -> Result<(), MapChanged> {
        if self.ready {
            check_version(graph, self.version)
        } else {
            Ok(())
        }
    }

    /// The cost from unit number `unit` (its index in the slice given to
    /// [`run`](Self::run)) to the goal; `Ok(None)` if it cannot reach it.
    /// `graph` is the forward graph, to check it is the one searched.
    ///
    /// # Errors
    /// [`MapChanged`] if `graph` has changed since the run.
    ///
    /// # Example
    /// See [`run`](Self::run).
    pub fn cost<G: DenseIds<Node = N, Cost = C>>(
        &self,
        graph: &G,
        unit: usize,
    ) -> Result<Option<C>, MapChanged> {
        self.check(graph)?;
        Ok(self
            .units
            .get(unit)
            .and_then(|&id| self.settled(graph, id))
            .map(|(g, _)| g))
    }

    /// The settled record of dense id `id`: its cost and next step's id.
    fn settled<G: DenseIds<Node = N, Cost = C>>(
        &self,
        graph: &G,
        id: usize,
    ) -> Option<(C, Option<u32>)> {
        if !self.ready || !same_size(graph, self.node_count) {
            return None;
        }
        let record = self.engine.store.record(u32::try_from(id).ok()?)?;
        record.is_closed().then(|| (record.g, record.parent()))
    }

    /// Writes unit number `unit`'s path to the goal into `path` (cleared
    /// first) and returns its cost; `Ok(None)` and an empty path if it
    /// cannot reach the goal.
    ///
    /// # Errors
    /// [`MapChanged`] (and an empty path) if `graph` has changed since the
    /// run.
    ///
    /// # Example
    /// See [`UnitSearch`].
    pub fn path_into<G: DenseIds<Node = N, Cost = C>>(
        &self,
        graph: &G,
        unit: usize,
        path: &mut Vec<N>,
    ) -> Result<Option<C>, MapChanged> {
        path.clear();
        self.check(graph)?;
        Ok(self.path_unchecked(graph, unit, path))
    }

    /// [`path_into`](Self::path_into) without the version check.
    fn path_unchecked<G: DenseIds<Node = N, Cost = C>>(
        &self,
        graph: &G,
        unit: usize,
        path: &mut Vec<N>,
    ) -> Option<C> {
        let mut id = *self.units.get(unit)?;
        let (cost, _) = self.settled(graph, id)?;
        loop {
            let Some(node) = graph.node_at(id) else {
                path.clear();
                return None;
            };
            path.push(node);
            match self.settled(graph, id) {
                Some((_, Some(next))) if path.len() <= self.node_count => id = next as usize,
                Some((_, None)) => return Some(cost),
                _ => {
                    path.clear();
                    return None;
                }
            }
        }
    }
}

impl<C: Cost> UnitSearch<Cell, C> {
    /// [`run`](Self::run) on [`grid.reversed()`](Grid::reversed).
    ///
    /// # Example
    /// See [`UnitSearch`].
    pub fn run_grid<H: Heuristic<Cell, C>>(
        &mut self,
        grid: &Grid<C>,
        goal: Cell,
        units: &[Cell],
        heuristic: H,
    ) -> Result<Stats, SearchError<Cell, C>> {
        self.run(&grid.reversed(), goal, units, heuristic)
    }
}

/// For a [`UnitSearch`] on a grid: the grid's own heuristic
/// ([`Grid::heuristic`]) to the nearest cell of the units' bounding box,
/// which never overestimates the cost from the nearest unit. O(1) per call.
///
/// # Example
/// See [`UnitSearch`].
pub fn grid_units_heuristic<'a, C: Cost>(
    grid: &'a Grid<C>,
    units: &[Cell],
) -> impl Fn(Cell) -> C + Copy + use<'a, C> {
    let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0, 0);
    for u in units {
        (x0, y0, x1, y1) = (x0.min(u.x), y0.min(u.y), x1.max(u.x), y1.max(u.y));
    }
    let empty = units.is_empty();
    move |c: Cell| {
        if empty {
            return C::zero();
        }
        let nearest = Cell::new(c.x.clamp(x0, x1), c.y.clamp(y0, y1));
        grid.heuristic(nearest)(c)
    }
}
