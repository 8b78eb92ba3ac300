//! Shortcut refinement: a grid path searched again with A*, window by
//! window, each stretch replaced by the cheaper path the search finds, so
//! the path keeps the grid's moves and costs and never costs more.
//!
//! Each search runs from a cell of the path to the cell `window` steps
//! further along, looking only for paths cheaper than the stretch between
//! them ([`Query::below_cost`]): a search that cannot beat it stops early,
//! without expanding the cells of paths that only tie it. The
//! next window starts half a window back, on the path as refined so far, so
//! a shortcut across the seam of two windows is not missed.

use super::{Cell, Grid, GridHeuristic, PathError};
use crate::astar::AStar;
use crate::cost::Cost;
use crate::open_set::{DaryHeap, OpenSet};
use crate::query::Query;
use crate::result::Status;
use crate::store::{ClosedSet, IndexedStore};

/// The query type of a [`ShortcutRefiner`]'s engine: a grid search with the
/// grid's own heuristic.
///
/// # Example
/// ```
/// use pathseek::grid::{GridQuery, ShortcutRefiner};
/// use pathseek::open_set::BinaryHeap;
/// use pathseek::store::HashStore;
/// use pathseek::{AStar, Length};
/// // An engine for a refiner, named in a struct field.
/// struct Unit {
///     refiner: ShortcutRefiner<Length, BinaryHeap<Length>, HashStore<pathseek::Cell, Length>>,
/// }
/// let engine: AStar<_, _, GridQuery<Length>> = AStar::new(BinaryHeap::new(), HashStore::new());
/// let unit = Unit { refiner: ShortcutRefiner::with_engine(16, engine) };
/// assert_eq!(unit.refiner.window(), 16);
/// ```
pub type GridQuery<C> = Query<Cell, C, GridHeuristic<C>>;

/// Refines a grid path by searching it again in windows of `window` steps
/// and keeping each cheaper stretch found: a path that is valid on the grid
/// and never costs more, as the grid counts costs (octile moves, terrain).
///
/// Meant for paths that are not optimal: found on a grid edited since, by a
/// weighted or bounded search, spliced from pieces, or walked by hand. An
/// A*-optimal path comes back unchanged. It keeps one A* engine (by default
/// a [`DaryHeap`]`<C, 4>` with an [`IndexedStore`], which holds a record
/// per grid cell; [`with_engine`](ShortcutRefiner::with_engine) takes
/// another), so refining path after path allocates nothing once warm.
///
/// Larger windows find longer detours to cut, at the price of larger
/// searches; each search is bounded by the cost of its stretch.
///
/// # Example
/// ```
/// use pathseek::grid::ShortcutRefiner;
/// use pathseek::{Cell, Connectivity, Grid, GridCosts};
/// let grid = Grid::new(6, 6, Connectivity::Eight, GridCosts::octile())?;
/// // A detour: down, across, and up again.
/// let path: Vec<Cell> = [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2), (3, 2), (3, 1), (3, 0)]
///     .into_iter()
///     .map(Cell::from)
///     .collect();
/// let mut refiner = ShortcutRefiner::new(8);
/// let mut better = Vec::new();
/// let refined = refiner.refine(&grid, &path, &mut better)?;
/// assert_eq!(better, [Cell::new(0, 0), Cell::new(1, 0), Cell::new(2, 0), Cell::new(3, 0)]);
/// assert_eq!((refined.original.to_f64(), refined.cost.to_f64()), (7.0, 3.0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct ShortcutRefiner<C: Cost, O = DaryHeap<C, 4>, S = IndexedStore<C>> {
    window: usize,
    /// Expansions each window's search may spend (`u64::MAX`: no limit).
    max_expansions: u64,
    /// Searches in a row that may find nothing before the rest of the path
    /// is kept as it is (`u64::MAX`: never).
    patience: u64,
    engine: AStar<O, S, GridQuery<C>>,
    /// The path of the last search.
    found: Vec<Cell>,
    /// Prefix costs of the path given and of the path refined.
    prefix: Vec<C>,
    out_prefix: Vec<C>,
}

impl<C: Cost, O, S> core::fmt::Debug for ShortcutRefiner<C, O, S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("ShortcutRefiner")
            .field("window", &self.window)
            .finish_non_exhaustive()
    }
}

/// What [`ShortcutRefiner::refine`] did.
///
/// # Example
/// See [`ShortcutRefiner`].
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct Refined<C> {
    /// The cost of the refined path ([`path_cost`](crate::graph::path_cost)).
    pub cost: C,
    /// The cost of the path given.
    pub original: C,
    /// Searches run: one per window, but for windows whose stretch already
    /// costs what the heuristic estimates (it cannot be beaten).
    pub searches: u64,
    /// Windows whose stretch was replaced by a cheaper one.
    pub shortened: u64,
    /// Cells expanded by all the searches together.
    pub expanded: u64,
}

impl<C: Cost> ShortcutRefiner<C> {
    /// A refiner searching windows of `window` steps (0 is taken as 1) on
    /// the default engine: a [`DaryHeap`]`<C, 4>` and an [`IndexedStore`].
    ///
    /// # Example
    /// ```
    /// let refiner = pathseek::grid::ShortcutRefiner::<pathseek::Length>::new(16);
    /// assert_eq!(refiner.window(), 16);
    /// ```
    pub fn new(window: usize) -> Self {
        Self::with_engine(window, AStar::new(DaryHeap::new(), IndexedStore::new()))
    }
}

impl<C: Cost, O, S> ShortcutRefiner<C, O, S> {
    /// A refiner searching windows of `window` steps (0 is taken as 1) with
    /// `engine`: choose its open set and node store (a
    /// [`HashStore`](crate::store::HashStore) or a
    /// [`PagedStore`](crate::store::PagedStore) on a huge grid where a
    /// record per cell is too much).
    ///
    /// # Example
    /// ```
    /// use pathseek::grid::ShortcutRefiner;
    /// use pathseek::open_set::BinaryHeap;
    /// use pathseek::store::HashStore;
    /// use pathseek::{AStar, Cell, Connectivity, Grid, GridCosts};
    /// let grid = Grid::new(4, 4, Connectivity::Four, GridCosts::new(1u32, 1))?;
    /// let mut refiner = ShortcutRefiner::with_engine(4, AStar::new(BinaryHeap::new(), HashStore::new()));
    /// let path: Vec<Cell> = [(0, 0), (0, 1), (1, 1), (1, 0), (2, 0)].into_iter().map(Cell::from).collect();
    /// let mut out = Vec::new();
    /// assert_eq!(refiner.refine(&grid, &path, &mut out)?.cost, 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_engine(window: usize, engine: AStar<O, S, GridQuery<C>>) -> Self {
        ShortcutRefiner {
            window: window.max(1),
            max_expansions: u64::MAX,
            patience: u64::MAX,
            engine,
            found: Vec::new(),
            prefix: Vec::new(),
            out_prefix: Vec::new(),
        }
    }

    /// The window, in steps.
    ///
    /// # Example
    /// ```
    /// let refiner = pathseek::grid::ShortcutRefiner::<u32>::new(0);
    /// assert_eq!(refiner.window(), 1);
    /// ```
    pub fn window(&self) -> usize {
        self.window
    }

    /// Sets the window, in steps (0 is taken as 1).
    ///
    /// # Example
    /// ```
    /// let mut refiner = pathseek::grid::ShortcutRefiner::<u32>::new(8);
    /// refiner.set_window(32);
    /// assert_eq!(refiner.window(), 32);
    /// ```
    pub fn set_window(&mut self, window: usize) {
        self.window = window.max(1);
    }

    /// Caps the expansions of each window's search: a search that reaches
    /// the cap keeps its stretch as it is. Cheaper refinement in open
    /// areas, where a stretch that bends a little leaves many cells within
    /// its cost; `u64::MAX` (the default) searches every window to its end.
    ///
    /// # Example
    /// ```
    /// let mut refiner = pathseek::grid::ShortcutRefiner::<u32>::new(32);
    /// refiner.set_max_expansions(256);
    /// assert_eq!(refiner.max_expansions(), 256);
    /// ```
    pub fn set_max_expansions(&mut self, expansions: u64) {
        self.max_expansions = expansions;
    }

    /// Stops searching after `searches` searched windows in a row found
    /// nothing cheaper: the rest of the path is kept as it is (refined
    /// paths that are already near optimal cost no more searches). `0` is
    /// taken as 1; `u64::MAX` (the default) searches every window.
    ///
    /// # Example
    /// ```
    /// let mut refiner = pathseek::grid::ShortcutRefiner::<pathseek::Length>::new(16);
    /// refiner.set_patience(4);
    /// assert_eq!(refiner.patience(), 4);
    /// ```
    pub fn set_patience(&mut self, searches: u64) {
        self.patience = searches.max(1);
    }

    /// The searches in a row that may find nothing ([`set_patience`](Self::set_patience)).
    ///
    /// # Example
    /// See [`set_patience`](Self::set_patience).
    pub fn patience(&self) -> u64 {
        self.patience
    }

    /// The cap on each window's expansions ([`set_max_expansions`](Self::set_max_expansions)).
    ///
    /// # Example
    /// See [`set_max_expansions`](Self::set_max_expansions).
    pub fn max_expansions(&self) -> u64 {
        self.max_expansions
    }
}

impl<C: Cost, O: OpenSet<C>, S: ClosedSet<Grid<C>>> ShortcutRefiner<C, O, S> {
    /// Writes into `out` (cleared first) `path` refined: from the path's
    /// first cell, a search to the cell `window` steps further along, bounded
    /// by the cost of the stretch between them; a cheaper path found
    /// replaces the stretch. The next window starts `window / 2` steps back
    /// on the path as refined so far, and ends `window` steps after its
    /// start, until the last cell.
    ///
    /// `path` must be a walk of `grid` ([`PathError`]: not empty, each cell
    /// passable, each step a move of the grid); `Err(CostOverflow)` if its
    /// cost overflows `C`. The result starts and ends at `path`'s first and
    /// last cells, is a walk of `grid`, and costs at most what `path` costs
    /// ([`path_cost`](crate::graph::path_cost), exactly: with float costs
    /// whose sums round differently, `path` itself is given back rather
    /// than a path that sums a last bit higher). A search that fails (an
    /// error of the engine) keeps its stretch.
    ///
    /// # Complexity
    /// About `2n / window` searches for an `n`-step path, each bounded by
    /// the cost of a `window`-step stretch (so it expands at most the cells
    /// within that cost of the stretch's start), and O(n) steps costed in
    /// all. No allocation once the engine and `out` are warm.
    ///
    /// # Example
    /// See [`ShortcutRefiner`].
    pub fn refine(
        &mut self,
        grid: &Grid<C>,
        path: &[Cell],
        out: &mut Vec<Cell>,
    ) -> Result<Refined<C>, PathError> {
        out.clear();
        grid.check_cell_path(path)?;
        // Prefix costs of `path` (`path_cost` of `path[..=i]`), and of `out`
        // as it grows: a stretch's cost is a difference, not a sum again.
        let mut prefix = core::mem::take(&mut self.prefix);
        let mut out_prefix = core::mem::take(&mut self.out_prefix);
        let result = (|| {
            prefix_costs(grid, path, &mut prefix)?;
            let original = prefix[prefix.len() - 1];
            let n = path.len();
            let window = self.window;
            let mut refined = Refined {
                cost: original,
                original,
                searches: 0,
                shortened: 0,
                expanded: 0,
            };
            out.push(path[0]);
            out_prefix.clear();
            out_prefix.push(C::zero());
            // `out` ends at `path[j]`.
            let mut j = 0;
            // Searched windows in a row that found nothing.
            let mut fruitless = 0;
            while j + 1 < n {
                if fruitless >= self.patience {
                    // The rest as it is.
                    let base = out_prefix[out.len() - 1];
                    for i in j + 1..n {
                        out.push(path[i]);
                        let step = prefix[i] - prefix[j];
                        out_prefix.push(base.checked_add(step).ok_or(PathError::CostOverflow)?);
                    }
                    break;
                }
                let back = (window / 2).min(out.len() - 1);
                let s = out.len() - 1 - back;
                let e = (j + (window - back)).min(n - 1);
                // The stretch searched again: `out[s..]`, then `path[j..=e]`.
                let old = (out_prefix[out.len() - 1] - out_prefix[s])
                    .checked_add(prefix[e] - prefix[j])
                    .ok_or(PathError::CostOverflow)?;
                let (from, to) = (out[s], path[e]);
                let heuristic = GridHeuristic::new(grid, to);
                // A stretch that costs what the (admissible) estimate says
                // cannot be beaten: no search.
                // A lower bound on any path's cost: the heuristic, or on a
                // grid without terrain the cost of crossing open ground
                // (exact where the heuristic rounds down, as with integer
                // octile costs).
                let h = heuristic.estimate(from);
                let estimate = match open_ground_cost(grid, from, to) {
                    Some(c) if c > h => c,
                    _ => h,
                };
                let found = if estimate >= old {
                    None
                } else if straight_path(grid, from, to, false, &mut self.found, estimate)
                    || straight_path(grid, from, to, true, &mut self.found, estimate)
                {
                    // A straight run of moves that costs the estimate: as good
                    // as a search can do, for a fraction of its work.
                    Some(())
                } else {
                    let mut query = Query::new(from, to, heuristic).below_cost(old);
                    if self.max_expansions != u64::MAX {
                        query = query.max_expansions(self.max_expansions);
                    }
                    let status = self.engine.search_into(grid, query, &mut self.found);
                    refined.searches += 1;
                    refined.expanded += self.engine.stats().expanded;
                    match status {
                        Status::Found { cost } if cost < old => {
                            fruitless = 0;
                            Some(())
                        }
                        _ => {
                            fruitless += 1;
                            None
                        }
                    }
                };
                match found {
                    Some(()) => {
                        out.truncate(s);
                        out_prefix.truncate(s);
                        let mut acc = out_prefix.last().copied().unwrap_or_else(C::zero);
                        let mut prev = out.last().copied();
                        for &cell in &self.found {
                            if let Some(p) = prev {
                                let step =
                                    grid.step_cost(p, cell).ok_or(PathError::CostOverflow)?;
                                acc = acc.checked_add(step).ok_or(PathError::CostOverflow)?;
                            }
                            out.push(cell);
                            out_prefix.push(acc);
                            prev = Some(cell);
                        }
                        refined.shortened += 1;
                    }
                    None => {
                        let base = out_prefix[out.len() - 1];
                        for i in j + 1..=e {
                            out.push(path[i]);
                            let step = prefix[i] - prefix[j];
                            out_prefix.push(base.checked_add(step).ok_or(PathError::CostOverflow)?);
                        }
                    }
                }
                j = e;
            }
            Ok(refined)
        })();
        self.prefix = prefix;
        self.out_prefix = out_prefix;
        let mut refined = result?;
        match grid.walk_cost(out) {
            Some(cost) if cost <= refined.original => refined.cost = cost,
            _ => {
                // Float sums rounded the other way: keep the path given.
                out.clear();
                out.extend_from_slice(path);
                refined.shortened = 0;
            }
        }
        Ok(refined)
    }
}

/// `prefix[i]` = the cost of `path[..=i]` (a walk of `grid`).
fn prefix_costs<C: Cost>(
    grid: &Grid<C>,
    path: &[Cell],
    prefix: &mut Vec<C>,
) -> Result<(), PathError> {
    prefix.clear();
    let mut acc = C::zero();
    prefix.push(acc);
    for w in path.windows(2) {
        let step = grid.step_cost(w[0], w[1]).ok_or(PathError::CostOverflow)?;
        acc = acc.checked_add(step).ok_or(PathError::CostOverflow)?;
        prefix.push(acc);
    }
    Ok(())
}

/// Writes into `out` the straight run of moves from `from` to `to` (8-connected:
/// the diagonal moves, then the straight ones; 4-connected: along x, then
/// along y; `reversed`: the other way round) and returns `true` if every
/// move exists on `grid` and the run costs `target` exactly.
fn straight_path<C: Cost>(
    grid: &Grid<C>,
    from: Cell,
    to: Cell,
    reversed: bool,
    out: &mut Vec<Cell>,
    target: C,
) -> bool {
    out.clear();
    out.push(from);
    let (dx, dy) = (
        i64::from(to.x) - i64::from(from.x),
        i64::from(to.y) - i64::from(from.y),
    );
    let (sx, sy) = (dx.signum() as i32, dy.signum() as i32);
    let (ax, ay) = (dx.unsigned_abs(), dy.unsigned_abs());
    let eight = grid.connectivity() == super::Connectivity::Eight;
    // The runs of moves: (step x, step y, count).
    let runs: [(i32, i32, u64); 2] = if eight {
        let diagonal = (sx, sy, ax.min(ay));
        let straight = if ax > ay {
            (sx, 0, ax - ay)
        } else {
            (0, sy, ay - ax)
        };
        [diagonal, straight]
    } else {
        [(sx, 0, ax), (0, sy, ay)]
    };
    let order = if reversed { [runs[1], runs[0]] } else { runs };
    let mut cost = C::zero();
    let mut at = from;
    for (mx, my, count) in order {
        for _ in 0..count {
            let next = Cell::new(at.x.wrapping_add_signed(mx), at.y.wrapping_add_signed(my));
            let Some(step) = grid.step_cost(at, next) else {
                return false;
            };
            let Some(sum) = cost.checked_add(step) else {
                return false;
            };
            if sum > target {
                return false;
            }
            cost = sum;
            out.push(next);
            at = next;
        }
    }
    at == to && cost == target
}

/// The cost of the cheapest walk from `from` to `to` on a grid with no
/// walls and no terrain, where that is a lower bound for `grid`: `grid` has
/// no terrain and its moves cost `straight <= diagonal <= 2 straight` (so
/// diagonal moves, then straight ones, are cheapest). `None` otherwise or
/// on overflow.
fn open_ground_cost<C: Cost>(grid: &Grid<C>, from: Cell, to: Cell) -> Option<C> {
    let costs = grid.costs();
    let (s, d) = (costs.straight, costs.diagonal);
    if grid.has_terrain() || d < s || d > s.checked_add(s)? {
        return None;
    }
    let (ax, ay) = (
        u64::from(from.x.abs_diff(to.x)),
        u64::from(from.y.abs_diff(to.y)),
    );
    if grid.connectivity() == super::Connectivity::Four {
        return s.checked_mul_count(ax + ay);
    }
    let (lo, hi) = (ax.min(ay), ax.max(ay));
    d.checked_mul_count(lo)?
        .checked_add(s.checked_mul_count(hi - lo)?)
}
