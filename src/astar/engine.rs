//! The reusable engine: an open set and a node store kept between searches.

use super::search::{End, Search};
use crate::closed_set::ClosedSet;
use crate::graph::Graph;
use crate::open_set::OpenSet;
use crate::result::{CostResult, Outcome, SearchError, SearchResult, Stats};

/// A reusable A* engine: an open set and a node store, kept between searches.
///
/// Choose the structures by type; a warm engine searches without allocating
/// (its buffers only grow).
///
/// # Example
/// ```
/// use pathseek::{AStar, Grid, GridCosts, Connectivity, Cell};
/// use pathseek::open_set::BinaryHeap;
/// use pathseek::closed_set::IndexedStore;
///
/// let grid = Grid::new(8, 8, Connectivity::Eight, GridCosts::octile()).unwrap();
/// let mut engine = AStar::new(BinaryHeap::new(), IndexedStore::new());
/// for x in 1..8 {
///     let goal = Cell::new(x, 7);
///     let r = engine.search(&grid, Cell::new(0, 0), goal, grid.heuristic(goal));
///     assert!(r.found().is_some());
/// }
/// ```
#[derive(Clone, Debug, Default)]
pub struct AStar<O, S> {
    open: O,
    store: S,
    stats: Stats,
}

impl<O, S> AStar<O, S> {
    /// An engine with the given open set and node store.
    ///
    /// # Example
    /// ```
    /// use pathseek::{AStar, open_set::BinaryHeap, closed_set::HashStore};
    /// let engine: AStar<BinaryHeap<u32>, HashStore<(i32, i32), u32>> =
    ///     AStar::new(BinaryHeap::new(), HashStore::new());
    /// # let _ = engine;
    /// ```
    pub fn new(open: O, store: S) -> Self {
        AStar {
            open,
            store,
            stats: Stats::default(),
        }
    }

    /// The same engine with another open set.
    ///
    /// # Example
    /// ```
    /// use pathseek::{AStar, open_set::BinaryHeap, closed_set::IndexedStore};
    /// let engine = AStar::new(BinaryHeap::<u32>::new(), IndexedStore::<u32>::new())
    ///     .with_open_set(BinaryHeap::<u32>::with_capacity(1 << 16));
    /// # let _ = engine;
    /// ```
    pub fn with_open_set<O2>(self, open: O2) -> AStar<O2, S> {
        AStar {
            open,
            store: self.store,
            stats: self.stats,
        }
    }

    /// The same engine with another node store.
    ///
    /// # Example
    /// ```
    /// use pathseek::{AStar, open_set::BinaryHeap, closed_set::{HashStore, IndexedStore}};
    /// let engine = AStar::new(BinaryHeap::<u32>::new(), IndexedStore::<u32>::new())
    ///     .with_store(HashStore::<u64, u32>::new());
    /// # let _ = engine;
    /// ```
    pub fn with_store<S2>(self, store: S2) -> AStar<O, S2> {
        AStar {
            open: self.open,
            store,
            stats: self.stats,
        }
    }

    /// The open set.
    pub fn open_set(&self) -> &O {
        &self.open
    }

    /// The node store; after a search it still holds that search's records.
    pub fn store(&self) -> &S {
        &self.store
    }

    /// Finds a cheapest path from `start` to `goal`; see [`astar`](fn@crate::astar).
    ///
    /// # Example
    /// ```
    /// use pathseek::{AStar, open_set::BinaryHeap, closed_set::HashStore};
    /// let g = pathseek::graph::from_fn(|n: i64, edge: &mut dyn FnMut(i64, u64)| {
    ///     edge(n - 1, 1);
    ///     edge(n + 1, 1);
    /// });
    /// let mut engine = AStar::new(BinaryHeap::new(), HashStore::new());
    /// let r = engine.search(&g, 0, -4, |n| (n + 4).unsigned_abs());
    /// assert_eq!(r.found().unwrap().cost, 4);
    /// ```
    pub fn search<G, H>(
        &mut self,
        graph: &G,
        start: G::Node,
        goal: G::Node,
        heuristic: H,
    ) -> SearchResult<G::Node, G::Cost>
    where
        G: Graph,
        O: OpenSet<G::Cost>,
        S: ClosedSet<G>,
        H: FnMut(G::Node) -> G::Cost,
    {
        if !graph.contains(goal) {
            return SearchResult {
                outcome: Outcome::Error(SearchError::GoalBlocked { node: goal }),
                stats: Stats::default(),
            };
        }
        self.begin_with(graph, start, Some(goal), move |n| n == goal, heuristic)
            .run()
    }

    /// Finds a cheapest path from `start` to any goal; see [`astar_until`](crate::astar_until).
    ///
    /// # Example
    /// ```
    /// use pathseek::{AStar, open_set::BinaryHeap, closed_set::HashStore};
    /// let g = pathseek::graph::from_fn(|n: u32, edge: &mut dyn FnMut(u32, u32)| edge(n + 2, 1));
    /// let mut engine = AStar::new(BinaryHeap::new(), HashStore::new());
    /// let r = engine.search_until(&g, 1, |n| n > 10, |_| 0);
    /// assert_eq!(r.found().unwrap().goal(), Some(&11));
    /// ```
    pub fn search_until<G, H, P>(
        &mut self,
        graph: &G,
        start: G::Node,
        is_goal: P,
        heuristic: H,
    ) -> SearchResult<G::Node, G::Cost>
    where
        G: Graph,
        O: OpenSet<G::Cost>,
        S: ClosedSet<G>,
        H: FnMut(G::Node) -> G::Cost,
        P: FnMut(G::Node) -> bool,
    {
        self.begin(graph, start, is_goal, heuristic).run()
    }

    /// Finds a cheapest path from `start` to `goal` and writes its nodes into
    /// `path` (cleared first), returning its cost, `None` for no path, or the
    /// error. Unlike [`search`](AStar::search) this allocates nothing once the
    /// engine and `path` have grown to the size the searches need: the way to
    /// search every frame. [`last_stats`](AStar::last_stats) has the counters.
    ///
    /// # Example
    /// ```
    /// use pathseek::{AStar, Cell, Connectivity, Grid, GridCosts};
    /// use pathseek::{open_set::BinaryHeap, closed_set::IndexedStore};
    /// let grid = Grid::new(16, 16, Connectivity::Eight, GridCosts::<u32>::exact_octile()).unwrap();
    /// let mut engine = AStar::new(BinaryHeap::new(), IndexedStore::new());
    /// let mut path = Vec::new();
    /// let goal = Cell::new(15, 3);
    /// let cost = engine.search_into(&grid, Cell::new(0, 0), goal, grid.heuristic(goal), &mut path);
    /// assert_eq!(cost, Ok(Some(12 * 470_832 + 3 * 665_857)));
    /// assert_eq!((path.first(), path.last()), (Some(&Cell::new(0, 0)), Some(&goal)));
    /// assert_eq!(engine.last_stats().expanded, 15);
    /// ```
    pub fn search_into<G, H>(
        &mut self,
        graph: &G,
        start: G::Node,
        goal: G::Node,
        heuristic: H,
        path: &mut Vec<G::Node>,
    ) -> CostResult<G::Node, G::Cost>
    where
        G: Graph,
        O: OpenSet<G::Cost>,
        S: ClosedSet<G>,
        H: FnMut(G::Node) -> G::Cost,
    {
        path.clear();
        if !graph.contains(goal) {
            self.stats = Stats::default();
            return Err(SearchError::GoalBlocked { node: goal });
        }
        self.begin_with(graph, start, Some(goal), move |n| n == goal, heuristic)
            .run_into(path)
    }

    /// The counters of the last search this engine ran (or is running).
    ///
    /// # Example
    /// See [`AStar::search_into`].
    pub fn last_stats(&self) -> Stats {
        self.stats
    }

    /// Starts a search that the caller advances with [`Search::step`].
    ///
    /// # Example
    /// ```
    /// use pathseek::{AStar, Step, open_set::BinaryHeap, closed_set::HashStore};
    /// let g = pathseek::graph::from_fn(|n: u32, edge: &mut dyn FnMut(u32, u32)| edge(n + 1, 1));
    /// let mut engine = AStar::new(BinaryHeap::new(), HashStore::new());
    /// let mut search = engine.begin(&g, 0, |n| n == 5, |_| 0);
    /// let mut steps = 0;
    /// while search.step() == Step::Expanded {
    ///     steps += 1;
    /// }
    /// assert_eq!(steps, 5);
    /// assert_eq!(search.run().found().unwrap().cost, 5);
    /// ```
    pub fn begin<'a, G, H, P>(
        &'a mut self,
        graph: &'a G,
        start: G::Node,
        is_goal: P,
        heuristic: H,
    ) -> Search<'a, G, H, P, O, S>
    where
        G: Graph,
        O: OpenSet<G::Cost>,
        S: ClosedSet<G>,
        H: FnMut(G::Node) -> G::Cost,
        P: FnMut(G::Node) -> bool,
    {
        self.begin_with(graph, start, None, is_goal, heuristic)
    }

    /// [`begin`](AStar::begin), told the goal node when there is one (passed
    /// to [`Graph::expand`] as [`Expansion::goal`]).
    fn begin_with<'a, G, H, P>(
        &'a mut self,
        graph: &'a G,
        start: G::Node,
        goal: Option<G::Node>,
        is_goal: P,
        heuristic: H,
    ) -> Search<'a, G, H, P, O, S>
    where
        G: Graph,
        O: OpenSet<G::Cost>,
        S: ClosedSet<G>,
        H: FnMut(G::Node) -> G::Cost,
        P: FnMut(G::Node) -> bool,
    {
        let mut search = Search {
            graph,
            open: &mut self.open,
            store: &mut self.store,
            heuristic,
            is_goal,
            goal,
            stats: &mut self.stats,
            end: None,
        };
        *search.stats = Stats::default();
        if let Err(e) = search.seed(start) {
            search.end = Some(End::Error(e));
        }
        search
    }
}
