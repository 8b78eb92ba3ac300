//! [`Fringe`]: a kept fringe search engine, its node store and fringe
//! reused from one search to the next.

use super::list::FringeList;
use super::scan::Scan;
use crate::astar::result;
use crate::graph::Graph;
use crate::query::{Goal, Heuristic, Query};
use crate::result::{SearchResult, Stats, Status};
use crate::store::{ClosedSet, Records};

/// What a fringe search counts beyond the [`Stats`] every search keeps.
///
/// # Example
/// ```
/// use pathseek::fringe::Fringe;
/// use pathseek::store::IndexedStore;
/// use pathseek::{Cell, Connectivity, Grid, GridCosts, Query};
/// let grid = Grid::new(32, 32, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
/// let mut fringe = Fringe::new(IndexedStore::new());
/// let goal = Cell::new(31, 31);
/// fringe.search(&grid, Query::new(Cell::new(0, 0), goal, grid.heuristic(goal)));
/// // The octile distance is exact on an empty grid: one pass walks there.
/// let passes = fringe.fringe_stats();
/// assert_eq!(passes.iterations, 1);
/// assert!(passes.visited >= fringe.stats().expanded);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct FringeStats {
    /// Passes over the fringe: the f-limit was raised `iterations - 1`
    /// times.
    pub iterations: u64,
    /// Nodes visited over all passes: the expanded ones, the ones deferred
    /// to a later pass (their `f` above the limit), and the goal or last
    /// node looked at.
    pub visited: u64,
}

/// A reusable fringe search engine: a node store and the fringe, kept
/// between searches so that searching again allocates nothing once they
/// have grown to the graph's size.
///
/// It runs the same [`Query`] as [`AStar`](crate::AStar) (several starts
/// with initial costs, a goal node or test, a heuristic, the limits) and
/// answers in the same words: [`search`](Fringe::search) gives a
/// [`SearchResult`] (found, no path, partial, error; with [`Stats`]),
/// [`search_into`](Fringe::search_into) a [`Status`] and the path in your
/// buffer. The node store is any [`ClosedSet`] of the crate or your own;
/// [`IndexedStore`](crate::store::IndexedStore) on graphs with dense ids.
///
/// A search runs to its end in one call: there is no
/// `start`/`advance`/`finish` as on [`AStar`](crate::AStar) (bound a
/// search with [`Query::max_expansions`] or [`Query::deadline`] instead).
/// [`Query::fallback_to_nearest`] concerns searches within component labels
/// ([`AStar::search_within`](crate::AStar::search_within)) and is ignored
/// here, as by [`AStar::search`](crate::AStar::search).
///
/// # Example
/// ```
/// use pathseek::fringe::Fringe;
/// use pathseek::store::IndexedStore;
/// use pathseek::{Cell, Connectivity, Grid, GridCosts, Query};
///
/// let mut grid = Grid::new(16, 16, Connectivity::Eight, GridCosts::octile()).unwrap();
/// for y in 0..15 {
///     grid.set_passable(Cell::new(8, y), false).unwrap(); // a wall, open at the bottom
/// }
/// let mut fringe = Fringe::new(IndexedStore::new());
/// let goal = Cell::new(15, 0);
/// let r = fringe.search(&grid, Query::new(Cell::new(0, 0), goal, grid.heuristic(goal)));
/// // The same cost as A*.
/// let astar = pathseek::astar(&grid, Cell::new(0, 0), goal, grid.heuristic(goal));
/// assert_eq!(r.found().unwrap().cost, astar.found().unwrap().cost);
/// ```
#[derive(Clone, Debug, Default)]
pub struct Fringe<S> {
    store: S,
    list: FringeList,
    stats: Stats,
    passes: FringeStats,
}

impl<S> Fringe<S> {
    /// An engine with the given node store; nothing searched yet.
    ///
    /// # Example
    /// ```
    /// use pathseek::fringe::Fringe;
    /// use pathseek::store::HashStore;
    /// use pathseek::Query;
    /// let line = pathseek::graph::from_fn(|n: i64, edge: &mut dyn FnMut(i64, u32)| {
    ///     edge(n - 1, 1);
    ///     edge(n + 1, 1);
    /// });
    /// let mut fringe = Fringe::new(HashStore::new());
    /// let r = fringe.search(&line, Query::new(0, -4, |n: i64| (n + 4).unsigned_abs() as u32));
    /// assert_eq!(r.found().unwrap().cost, 4);
    /// ```
    pub fn new(store: S) -> Self {
        let mut list = FringeList::default();
        list.clear();
        Fringe {
            store,
            list,
            stats: Stats::default(),
            passes: FringeStats::default(),
        }
    }

    /// The node store; it holds the records (`g`, cached `h`, parent) of
    /// the last search.
    ///
    /// # Example
    /// ```
    /// use pathseek::fringe::Fringe;
    /// use pathseek::store::{IndexedStore, Records};
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts, Query};
    /// let grid = Grid::new(4, 4, Connectivity::Four, GridCosts::new(1u32, 1)).unwrap();
    /// let mut fringe = Fringe::new(IndexedStore::new());
    /// let goal = Cell::new(3, 0);
    /// fringe.search(&grid, Query::new(Cell::new(0, 0), goal, grid.heuristic(goal)));
    /// // Cell (x, y) is slot y * width + x in an indexed store.
    /// assert_eq!(fringe.store().record(3).map(|r| r.g), Some(3));
    /// ```
    pub fn store(&self) -> &S {
        &self.store
    }

    /// The counters of the last search, as an A* search counts them:
    /// `expanded` nodes, `pushed` (insertions into the fringe: first
    /// reached, reached more cheaply, reopened), `reopened` (expanded nodes
    /// put back, which fringe search does even with a consistent heuristic:
    /// it expands within the limit in list order, not by `f`), `max_open`
    /// (the largest fringe) and `stored`.
    ///
    /// # Example
    /// ```
    /// use pathseek::fringe::Fringe;
    /// use pathseek::store::IndexedStore;
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts, Query};
    /// let grid = Grid::new(8, 8, Connectivity::Four, GridCosts::new(1u32, 1)).unwrap();
    /// let mut fringe = Fringe::new(IndexedStore::new());
    /// let goal = Cell::new(7, 0);
    /// fringe.search(&grid, Query::new(Cell::new(0, 0), goal, grid.heuristic(goal)));
    /// let stats = fringe.stats();
    /// assert_eq!(stats.expanded, 7); // straight along the row
    /// assert!(stats.expanded <= stats.pushed);
    /// ```
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The passes and visits of the last search.
    ///
    /// # Example
    /// See [`FringeStats`].
    pub fn fringe_stats(&self) -> FringeStats {
        self.passes
    }

    /// Heap memory held by the engine, in bytes: the node store's
    /// ([`Records::heap_bytes`]) and the fringe's (16 bytes per slot up to
    /// the largest slot handed out).
    ///
    /// # Example
    /// ```
    /// use pathseek::fringe::Fringe;
    /// use pathseek::store::IndexedStore;
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts, Query};
    /// let grid = Grid::new(64, 64, Connectivity::Eight, GridCosts::octile()).unwrap();
    /// let mut fringe = Fringe::new(IndexedStore::new());
    /// let goal = Cell::new(63, 63);
    /// fringe.search(&grid, Query::new(Cell::new(0, 0), goal, grid.heuristic(goal)));
    /// assert!(fringe.heap_bytes() >= 64 * 64 * 16); // a record per cell
    /// ```
    pub fn heap_bytes(&self) -> usize
    where
        S: Records,
    {
        self.store.heap_bytes() + self.list.heap_bytes()
    }

    /// Runs `query` on `graph` to its end: found (the path and its cost),
    /// no path, a partial path if a limit of the query was reached (to the
    /// best node reached, as A* reports it), or an error; with the counters.
    ///
    /// # Example
    /// ```
    /// use pathseek::fringe::Fringe;
    /// use pathseek::store::HashStore;
    /// use pathseek::{Outcome, Query};
    /// let g = pathseek::graph::from_fn(|n: u64, edge: &mut dyn FnMut(u64, u32)| {
    ///     edge(2 * n + 1, 1);
    ///     edge(2 * n + 3, 1);
    /// });
    /// let mut fringe = Fringe::new(HashStore::new());
    /// // Node 2 cannot be reached and the graph never ends: a limit stops it.
    /// let r = fringe.search(&g, Query::new(0, 2, |_| 0).max_expansions(1_000));
    /// assert!(matches!(r.outcome, Outcome::Partial { .. }));
    /// assert_eq!(r.stats.expanded, 1_000);
    /// ```
    pub fn search<G, H, T>(
        &mut self,
        graph: &G,
        query: Query<G::Node, G::Cost, H, T>,
    ) -> SearchResult<G::Node, G::Cost>
    where
        G: Graph,
        S: ClosedSet<G>,
        H: Heuristic<G::Node, G::Cost>,
        T: Goal<G::Node>,
    {
        let mut path = Vec::new();
        let status = self.search_into(graph, query, &mut path);
        result(status, path, self.stats)
    }

    /// Runs `query` on `graph` to its end and writes the path (to the goal,
    /// or the partial path when a limit was reached) into `path`, cleared
    /// first. Allocates nothing once the engine and `path` have grown to
    /// the size the searches need. [`stats`](Fringe::stats) has the
    /// counters.
    ///
    /// # Example
    /// ```
    /// use pathseek::fringe::Fringe;
    /// use pathseek::store::IndexedStore;
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts, Query, Status};
    /// let grid = Grid::new(16, 16, Connectivity::Eight, GridCosts::<u32>::exact_octile()).unwrap();
    /// let mut fringe = Fringe::new(IndexedStore::new());
    /// let mut path = Vec::new();
    /// let goal = Cell::new(15, 3);
    /// let q = Query::new(Cell::new(0, 0), goal, grid.heuristic(goal));
    /// let status = fringe.search_into(&grid, q, &mut path);
    /// assert_eq!(status, Status::Found { cost: 12 * 470_832 + 3 * 665_857 });
    /// assert_eq!((path.first(), path.last()), (Some(&Cell::new(0, 0)), Some(&goal)));
    /// ```
    pub fn search_into<G, H, T>(
        &mut self,
        graph: &G,
        query: Query<G::Node, G::Cost, H, T>,
        path: &mut Vec<G::Node>,
    ) -> Status<G::Node, G::Cost>
    where
        G: Graph,
        S: ClosedSet<G>,
        H: Heuristic<G::Node, G::Cost>,
        T: Goal<G::Node>,
    {
        let run = Scan::run(
            graph,
            &mut self.store,
            &mut self.list,
            &mut self.stats,
            &mut self.passes,
            query,
        );
        run.write_path(graph, &self.store, path)
    }
}
