//! [`AStar`]: a kept engine that owns its search in progress. One-shot runs
//! ([`search`](AStar::search), [`search_into`](AStar::search_into)) and runs
//! spread over game frames ([`start`](AStar::start),
//! [`advance`](AStar::advance), [`finish`](AStar::finish)) are the same
//! thing: a one-shot run is a start, an unbounded advance and a finish.

use super::core::{path_into, result, End, Engine, Run};
use crate::components::{precheck, Precheck, Reachability};
use crate::graph::Graph;
use crate::open_set::OpenSet;
use crate::query::{Goal, Heuristic, Query, Target};
use crate::result::{SearchResult, Stats, Status};
use crate::store::{ClosedSet, Records};

/// A reusable A* engine: an open set, a node store, and the query it is
/// running. Keep one to search many times without allocating, to choose the
/// structures, or to spread a search over game frames.
///
/// # One vocabulary
/// | call | what it does | returns |
/// |---|---|---|
/// | [`search(&graph, query)`](AStar::search) | the whole search | [`SearchResult`]: outcome with its path, and stats |
/// | [`search_into(&graph, query, &mut path)`](AStar::search_into) | the whole search, the path into your buffer | [`Status`] |
/// | [`start(&graph, query)`](AStar::start) | the checks and the starts, nothing expanded | [`Status`] |
/// | [`advance(&graph, budget)`](AStar::advance) | up to `budget` more expansions (a frame's worth) | [`Status`] |
/// | [`path_into(&graph, &mut path)`](AStar::path_into) | the path so far (to the goal once found, else to the best node) | its cost |
/// | [`finish(&graph)`](AStar::finish) | ends the search (in progress: partial, [`Limit::Stopped`](crate::Limit::Stopped)) | [`SearchResult`] |
/// | [`search_within`](AStar::search_within), [`start_within`](AStar::start_within) | the same, asking component labels first | as above |
///
/// `search` is `start` + `advance(u64::MAX)` + `finish`, and gives the same
/// path, cost and counters as any sequence of budgets. The free functions
/// [`astar`](fn@crate::astar) and [`search`](fn@crate::search) run the same
/// loop on a spare engine kept per thread.
///
/// # Its query type
/// The third type parameter is the type of the [`Query`] it runs, inferred
/// from the first call: an engine runs queries of one type (the same
/// heuristic and goal types), because it keeps the one in progress between
/// calls. With grids that is `Query<Cell, C, GridHeuristic<C>>`; with a
/// closure, the same closure expression each time (a closure written in a
/// loop is one type), or a named [`Heuristic`] type or an `fn` pointer when
/// they vary. A unit can keep its engine in a struct field:
///
/// ```
/// use pathseek::store::IndexedStore;
/// use pathseek::grid::GridHeuristic;
/// use pathseek::open_set::DaryHeap;
/// use pathseek::{AStar, Cell, Length, Query};
///
/// struct Unit {
///     search: AStar<DaryHeap<Length, 4>, IndexedStore<Length>, Query<Cell, Length, GridHeuristic<Length>>>,
/// }
/// ```
///
/// # Edits between calls
/// The engine borrows nothing between calls: the graph is passed to each,
/// so a game may edit its map between frames, and the search keeps up. At
/// every [`advance`](AStar::advance), [`path_into`](AStar::path_into) and
/// [`finish`](AStar::finish) it compares the graph's
/// [`version`](Graph::version) with the one it saw; if the graph changed it
/// asks which nodes the edits touched ([`Graph::changed_since`]: on a grid,
/// each edited cell and its neighbours). If none of them has a record in the
/// search (it never looked there) and the goal node is still in the graph,
/// the search goes on: it is the search a fresh start on the edited graph
/// would be making. Otherwise it starts the same query again by itself,
/// counted in [`Stats::restarts`](crate::Stats::restarts), so a blocked goal
/// is an error at the next call and a path never crosses a cell blocked
/// since. A path reported found is valid on the graph as it is when it is
/// read: [`path_into`](AStar::path_into) gives nothing for a graph edited
/// under a search until [`advance`](AStar::advance) has caught up.
///
/// The restart keeps the query, its heuristic included: an edit that makes
/// the heuristic overestimate (a grid's terrain lowered below the weight its
/// [`GridHeuristic`](crate::grid::GridHeuristic) was built with) calls for a
/// new query. A graph that cannot tell what changed (the jump point graphs:
/// an edit moves jump points far from it) makes every edit a restart.
///
/// # Example
/// ```
/// use pathseek::store::IndexedStore;
/// use pathseek::open_set::DaryHeap;
/// use pathseek::{AStar, Cell, Connectivity, Grid, GridCosts, Query, Status};
///
/// let grid = Grid::new(64, 64, Connectivity::Eight, GridCosts::octile()).unwrap();
/// let mut engine = AStar::new(DaryHeap::<_, 4>::new(), IndexedStore::new());
/// // One go: the outcome with its path.
/// let goal = Cell::new(63, 20);
/// let found = engine.search(&grid, Query::new(Cell::new(0, 0), goal, grid.heuristic(goal)));
/// assert_eq!(found.found().unwrap().nodes.len(), 64);
/// // Or a few expansions per frame, walking towards the best node meanwhile.
/// let goal = Cell::new(63, 63);
/// engine.start(&grid, Query::new(Cell::new(0, 0), goal, grid.heuristic(goal)));
/// let mut path = Vec::new();
/// while engine.advance(&grid, 16) == Status::InProgress {
///     engine.path_into(&grid, &mut path); // the path to the best node so far
/// }
/// let done = engine.finish(&grid);
/// assert_eq!(done.found().unwrap().goal(), Some(&goal));
/// ```
pub struct AStar<O, S, Q: SearchQuery> {
    engine: Engine<O, S>,
    query: Option<Q>,
    run: Run<Q::Node, Q::Cost>,
    /// The graph's [`version`](Graph::version) the search last saw.
    seen: u64,
    /// The query's own goal while the fallback of a search within labels
    /// ([`Query::fallback_to_nearest`]) searches for another node: asked
    /// again whenever the graph changes.
    asked: Option<Q::Node>,
}

/// The node and cost types of a query an [`AStar`] runs: every [`Query`].
/// Sealed.
pub trait SearchQuery: sealed::Sealed {
    /// The node type.
    type Node;
    /// The cost type.
    type Cost: crate::Cost;
}

mod sealed {
    pub trait Sealed {}
    impl<N, C, H, T> Sealed for crate::query::Query<N, C, H, T> {}
}

impl<N, C: crate::Cost, H, T> SearchQuery for Query<N, C, H, T> {
    type Node = N;
    type Cost = C;
}

impl<O: Clone, S: Clone, Q: SearchQuery + Clone> Clone for AStar<O, S, Q>
where
    Q::Node: Clone,
{
    fn clone(&self) -> Self {
        AStar {
            engine: self.engine.clone(),
            query: self.query.clone(),
            run: self.run.clone(),
            seen: self.seen,
            asked: self.asked.clone(),
        }
    }
}

impl<O: core::fmt::Debug, S: core::fmt::Debug, Q: SearchQuery> core::fmt::Debug for AStar<O, S, Q>
where
    Q::Node: core::fmt::Debug,
{
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("AStar")
            .field("open", &self.engine.open)
            .field("store", &self.engine.store)
            .field("stats", &self.engine.stats)
            .field("started", &self.query.is_some())
            .finish_non_exhaustive()
    }
}

impl<O: Default, S: Default, Q: SearchQuery> Default for AStar<O, S, Q> {
    fn default() -> Self {
        AStar::new(O::default(), S::default())
    }
}

impl<O, S, Q: SearchQuery> AStar<O, S, Q> {
    /// An engine with the given open set and node store; nothing started.
    ///
    /// # Example
    /// ```
    /// use pathseek::{AStar, Query, open_set::BinaryHeap, store::HashStore};
    /// let g = pathseek::graph::from_fn(|n: i64, edge: &mut dyn FnMut(i64, u64)| {
    ///     edge(n - 1, 1);
    ///     edge(n + 1, 1);
    /// });
    /// let mut engine = AStar::new(BinaryHeap::new(), HashStore::new());
    /// let r = engine.search(&g, Query::new(0, -4, |n: i64| (n + 4).unsigned_abs()));
    /// assert_eq!(r.found().unwrap().cost, 4);
    /// ```
    pub fn new(open: O, store: S) -> Self {
        AStar {
            engine: Engine::new(open, store),
            query: None,
            run: Run::new(),
            seen: 0,
            asked: None,
        }
    }

    /// The same engine with another open set (nothing started).
    ///
    /// # Example
    /// ```
    /// use pathseek::{AStar, Query, open_set::BinaryHeap, store::IndexedStore};
    /// let engine: AStar<_, _, Query<u32, u32, fn(u32) -> u32>> =
    ///     AStar::new(BinaryHeap::<u32>::new(), IndexedStore::<u32>::new())
    ///         .with_open_set(BinaryHeap::<u32>::with_capacity(1 << 16));
    /// # let _ = engine;
    /// ```
    pub fn with_open_set<O2>(self, open: O2) -> AStar<O2, S, Q> {
        AStar::new(open, self.engine.store)
    }

    /// The same engine with another node store (nothing started).
    ///
    /// # Example
    /// ```
    /// use pathseek::{AStar, Query, open_set::BinaryHeap, store::{HashStore, IndexedStore}};
    /// let engine: AStar<_, _, Query<u64, u32, fn(u64) -> u32>> =
    ///     AStar::new(BinaryHeap::<u32>::new(), IndexedStore::<u32>::new())
    ///         .with_store(HashStore::<u64, u32>::new());
    /// # let _ = engine;
    /// ```
    pub fn with_store<S2>(self, store: S2) -> AStar<O, S2, Q> {
        AStar::new(self.engine.open, store)
    }

    /// The open set.
    pub fn open_set(&self) -> &O {
        &self.engine.open
    }

    /// The node store; it holds the records of the search in progress or
    /// last ended.
    ///
    /// # Example
    /// See [`Records`](crate::store::Records).
    pub fn store(&self) -> &S {
        &self.engine.store
    }

    /// The counters of the search in progress or last ended.
    ///
    /// # Example
    /// See [`AStar::search_into`].
    pub fn stats(&self) -> Stats {
        self.engine.stats
    }

    /// The query in progress or last ended (`None` before the first
    /// [`start`](AStar::start) and after [`cancel`](AStar::cancel)).
    pub fn query(&self) -> Option<&Q> {
        self.query.as_ref()
    }

    /// Forgets the query; [`status`](AStar::status) is then
    /// [`Status::Idle`]. The structures keep their memory.
    ///
    /// # Example
    /// ```
    /// use pathseek::{AStar, Query, Status, open_set::BinaryHeap, store::HashStore};
    /// let g = pathseek::graph::from_fn(|n: u32, edge: &mut dyn FnMut(u32, u32)| edge(n + 1, 1));
    /// let mut engine = AStar::new(BinaryHeap::new(), HashStore::new());
    /// engine.start(&g, Query::new(0, 1000, |_| 0));
    /// engine.cancel();
    /// assert_eq!(engine.status(), Status::Idle);
    /// ```
    pub fn cancel(&mut self) {
        self.query = None;
        self.asked = None;
    }
}

impl<O, S, N, C, H, T> AStar<O, S, Query<N, C, H, T>>
where
    N: Copy + Eq + core::hash::Hash + core::fmt::Debug,
    C: crate::Cost,
    O: OpenSet<C>,
    H: Heuristic<N, C>,
    T: Goal<N>,
{
    /// Runs `query` on `graph` to its end: found (the path and its cost), no
    /// path, a partial path if a limit of the query was reached, or an
    /// error; with the counters. Replaces any search in progress.
    ///
    /// # Example
    /// ```
    /// use pathseek::{AStar, Outcome, Query, open_set::BinaryHeap, store::HashStore};
    /// let g = pathseek::graph::from_fn(|n: u64, edge: &mut dyn FnMut(u64, u32)| {
    ///     edge(2 * n + 1, 1);
    ///     edge(2 * n + 3, 1);
    /// });
    /// let mut engine = AStar::new(BinaryHeap::new(), HashStore::new());
    /// // Node 2 cannot be reached and the graph never ends: a limit makes it stop.
    /// let r = engine.search(&g, Query::new(0, 2, |_| 0).max_expansions(1_000));
    /// assert!(matches!(r.outcome, Outcome::Partial { .. }));
    /// assert_eq!(r.stats.expanded, 1_000);
    /// ```
    pub fn search<G>(&mut self, graph: &G, query: Query<N, C, H, T>) -> SearchResult<N, C>
    where
        G: Graph<Node = N, Cost = C>,
        S: ClosedSet<G>,
    {
        let mut path = Vec::new();
        let status = self.search_into(graph, query, &mut path);
        result(status, path, self.engine.stats)
    }

    /// Runs `query` on `graph` to its end and writes the path (to the goal,
    /// or the partial path when a limit was reached) into `path`, cleared
    /// first. The status is never [`Status::InProgress`]. Allocates nothing
    /// once the engine and `path` have grown to the size the searches need:
    /// the way to search every frame. [`stats`](AStar::stats) has the
    /// counters.
    ///
    /// # Example
    /// ```
    /// use pathseek::{AStar, Cell, Connectivity, Grid, GridCosts, Query, Status};
    /// use pathseek::{open_set::DaryHeap, store::IndexedStore};
    /// let grid = Grid::new(16, 16, Connectivity::Eight, GridCosts::<u32>::exact_octile()).unwrap();
    /// let mut engine = AStar::new(DaryHeap::<_, 4>::new(), IndexedStore::new());
    /// let mut path = Vec::new();
    /// let goal = Cell::new(15, 3);
    /// let status = engine.search_into(&grid, Query::new(Cell::new(0, 0), goal, grid.heuristic(goal)), &mut path);
    /// assert_eq!(status, Status::Found { cost: 12 * 470_832 + 3 * 665_857 });
    /// assert_eq!((path.first(), path.last()), (Some(&Cell::new(0, 0)), Some(&goal)));
    /// assert_eq!(engine.stats().expanded, 15);
    /// ```
    pub fn search_into<G>(
        &mut self,
        graph: &G,
        query: Query<N, C, H, T>,
        path: &mut Vec<N>,
    ) -> Status<N, C>
    where
        G: Graph<Node = N, Cost = C>,
        S: ClosedSet<G>,
    {
        self.query = None;
        self.asked = None;
        self.seen = graph.version();
        let (status, query, run) = self.engine.run_into(graph, query, path);
        self.query = Some(query);
        self.run = run;
        status
    }

    /// Starts `query` on `graph`, replacing any search in progress: the start
    /// and goal checks, the starts in the open set, no expansion yet. Returns
    /// [`Status::InProgress`], or the error of a failed check.
    ///
    /// # Example
    /// ```
    /// use pathseek::{AStar, Cell, Connectivity, Grid, GridCosts, Query, SearchError, Status};
    /// use pathseek::{store::IndexedStore, open_set::BinaryHeap};
    /// let mut grid = Grid::new(8, 8, Connectivity::Four, GridCosts::new(1u32, 1)).unwrap();
    /// grid.set_passable(Cell::new(7, 7), false).unwrap();
    /// let mut engine = AStar::new(BinaryHeap::new(), IndexedStore::new());
    /// let goal = Cell::new(7, 7);
    /// let status = engine.start(&grid, Query::new(Cell::new(0, 0), goal, grid.heuristic(goal)));
    /// assert_eq!(status, Status::Error(SearchError::GoalBlocked { node: goal }));
    /// assert_eq!(engine.stats().expanded, 0);
    /// ```
    pub fn start<G>(&mut self, graph: &G, query: Query<N, C, H, T>) -> Status<N, C>
    where
        G: Graph<Node = N, Cost = C>,
        S: ClosedSet<G>,
    {
        self.query = None;
        self.asked = None;
        self.seen = graph.version();
        let (query, run) = self.engine.resume(graph, query, None, 0);
        self.query = Some(query);
        self.run = run;
        self.run.status(&self.engine.store)
    }

    /// Whether what the search has seen is still the graph as it is: the
    /// same version, or edits that touched no node the search has a record
    /// of and left its goal node in the graph. A search that ended in an
    /// error is never current once the graph changed: the error (a blocked
    /// start or goal, say) is about nodes the search holds no record of, and
    /// is checked again on the graph as it is; so is the answer of component
    /// labels given before anything was searched (the store then holds the
    /// records of an older search, if any).
    fn is_current<G>(&self, graph: &G) -> bool
    where
        G: Graph<Node = N, Cost = C>,
        S: ClosedSet<G>,
    {
        if graph.version() == self.seen {
            return true;
        }
        if matches!(self.run.end, Some(End::Error(_))) || !self.run.searched() {
            return false;
        }
        if let Some(goal) = self.query.as_ref().and_then(|q| q.goal.node())
            && !graph.contains(goal)
        {
            return false;
        }
        let store = &self.engine.store;
        let mut touched = false;
        let told = graph.changed_since(self.seen, &mut |node| {
            if !touched && store.holds(graph, node) != Some(false) {
                touched = true;
            }
        });
        told && !touched
    }

    /// Brings the search up to date with an edited graph: goes on if the
    /// edits touched nothing it has seen, else starts the same query again
    /// (counted in [`Stats::restarts`]).
    fn sync_with<G>(&mut self, graph: &G)
    where
        G: Graph<Node = N, Cost = C>,
        S: ClosedSet<G>,
    {
        if self.is_current(graph) {
            self.seen = graph.version();
            return;
        }
        if let Some(query) = self.query.take() {
            self.restart(graph, query);
        }
    }

    /// Starts `query` again on the graph as it is, counted in
    /// [`Stats::restarts`].
    fn restart<G>(&mut self, graph: &G, query: Query<N, C, H, T>)
    where
        G: Graph<Node = N, Cost = C>,
        S: ClosedSet<G>,
    {
        let restarts = self.engine.stats.restarts + 1;
        self.seen = graph.version();
        let (query, run) = self.engine.resume(graph, query, None, 0);
        self.engine.stats.restarts = restarts;
        self.query = Some(query);
        self.run = run;
    }

    /// Expands up to `budget` more nodes and says where the search stands:
    /// [`Status::InProgress`] (call again), or how it ended. Once ended,
    /// further calls expand nothing and return the same status;
    /// [`Status::Idle`] if nothing was started. A budget of 0 only reports.
    ///
    /// # Example
    /// ```
    /// use pathseek::{AStar, Query, Status};
    /// use pathseek::{store::HashStore, open_set::BinaryHeap};
    /// let g = pathseek::graph::from_fn(|n: i32, edge: &mut dyn FnMut(i32, u32)| {
    ///     edge(n - 1, 1);
    ///     edge(n + 1, 1);
    /// });
    /// let mut engine = AStar::new(BinaryHeap::new(), HashStore::new());
    /// engine.start(&g, Query::new(0, 50, |n: i32| n.abs_diff(50)));
    /// assert_eq!(engine.advance(&g, 10), Status::InProgress);
    /// let mut path = Vec::new();
    /// assert_eq!(engine.path_into(&g, &mut path), Some(9));
    /// assert_eq!(path, (0..=9).collect::<Vec<_>>()); // to the best node expanded
    /// assert_eq!(engine.advance(&g, 100), Status::Found { cost: 50 });
    /// ```
    pub fn advance<G>(&mut self, graph: &G, budget: u64) -> Status<N, C>
    where
        G: Graph<Node = N, Cost = C>,
        S: ClosedSet<G>,
    {
        if self.query.is_none() {
            return Status::Idle;
        }
        self.sync_with(graph);
        let Some(query) = self.query.take() else {
            return Status::Idle;
        };
        let run = core::mem::replace(&mut self.run, Run::new());
        let (query, run) = self.engine.resume(graph, query, Some(run), budget);
        self.query = Some(query);
        self.run = run;
        self.run.status(&self.engine.store)
    }

    /// Where the search stands, without advancing it.
    ///
    /// # Example
    /// See [`AStar::cancel`].
    pub fn status(&self) -> Status<N, C>
    where
        S: Records<Cost = C>,
    {
        if self.query.is_none() {
            return Status::Idle;
        }
        self.run.status(&self.engine.store)
    }

    /// Writes into `path` (cleared first) the path the search offers now: to
    /// the goal once found; otherwise (in progress, partial, no path) to the
    /// best node reached so far (of the starts and the nodes taken from the
    /// open set, the one with the smallest `h`, ties: smaller `g`; see
    /// [`Query`]). Returns its cost, or `None` (and an empty `path`) when there
    /// is none: nothing started, or the search stopped on an error. Does not
    /// end or change the search, and allocates only if `path` must grow.
    ///
    /// # Example
    /// See [`AStar::advance`].
    pub fn path_into<G>(&self, graph: &G, path: &mut Vec<N>) -> Option<C>
    where
        G: Graph<Node = N, Cost = C>,
        S: ClosedSet<G>,
    {
        path.clear();
        self.query.as_ref()?;
        if !self.is_current(graph) {
            return None; // edited under it: advance brings it up to date
        }
        let (slot, cost) = self.run.path_end(graph, &self.engine.store)?;
        if path_into(graph, &self.engine.store, slot, path).is_err() {
            path.clear();
            return None;
        }
        Some(cost)
    }

    /// Ends the search and returns its result with the path: as it ended,
    /// or, if it was still in progress, [`Outcome::Partial`](crate::Outcome::Partial)
    /// with [`Limit::Stopped`](crate::Limit::Stopped) and the path to the
    /// best node so far (Detour's "finalize" of a sliced query). With nothing
    /// started, [`SearchError::NotStarted`](crate::SearchError::NotStarted).
    /// The engine keeps the query (its [`status`](AStar::status) is the
    /// ended one) until the next start.
    ///
    /// # Example
    /// ```
    /// use pathseek::{AStar, Limit, Query};
    /// use pathseek::{store::HashStore, open_set::BinaryHeap};
    /// let g = pathseek::graph::from_fn(|n: u32, edge: &mut dyn FnMut(u32, u32)| edge(n + 1, 2));
    /// let mut engine = AStar::new(BinaryHeap::new(), HashStore::new());
    /// engine.start(&g, Query::new(0, 100, |n: u32| 2 * 100u32.saturating_sub(n)));
    /// engine.advance(&g, 5); // out of time this frame: walk what there is
    /// let r = engine.finish(&g);
    /// let (path, limit) = r.partial().unwrap();
    /// // Nodes 0 to 4 were expanded; 4 is the best so far.
    /// assert_eq!((path.nodes.len(), path.cost, limit), (5, 8, Limit::Stopped));
    /// ```
    pub fn finish<G>(&mut self, graph: &G) -> SearchResult<N, C>
    where
        G: Graph<Node = N, Cost = C>,
        S: ClosedSet<G>,
    {
        let mut path = Vec::new();
        if self.query.is_none() {
            return result(Status::Idle, path, self.engine.stats);
        }
        self.sync_with(graph);
        self.run.stop(graph, &self.engine.store);
        let status = self.run.write_path(graph, &self.engine.store, &mut path);
        result(status, path, self.engine.stats)
    }
}

/// The searches to one goal node.
impl<O, S, N, C, H> AStar<O, S, Query<N, C, H, Target<N>>>
where
    N: Copy + Eq + core::hash::Hash + core::fmt::Debug,
    C: crate::Cost,
    O: OpenSet<C>,
    H: Heuristic<N, C>,
{
    /// [`search`](AStar::search) within a [`Reachability`] (component
    /// labels: [`GridComponents::reach`](crate::components::GridComponents::reach)),
    /// asked before anything is expanded. If no start can reach the goal,
    /// the search ends at once with [`Outcome::NoPath`](crate::Outcome::NoPath)
    /// and zero expansions, or, with [`Query::fallback_to_nearest`], searches
    /// to the reachable node nearest to the goal ([`goal`](AStar::goal) says
    /// which). Starts or a goal outside the graph give the usual errors.
    ///
    /// # Example
    /// ```
    /// use pathseek::components::GridComponents;
    /// use pathseek::{AStar, Cell, Connectivity, Grid, GridCosts, Outcome, Query};
    /// use pathseek::{store::IndexedStore, open_set::BinaryHeap};
    /// // A wall down column 5 with no door.
    /// let grid = Grid::from_fn(10, 10, Connectivity::Eight, GridCosts::new(2u32, 3), |c| c.x != 5)?;
    /// let parts = GridComponents::new(&grid);
    /// let reach = parts.reach(&grid)?;
    /// let mut engine = AStar::new(BinaryHeap::new(), IndexedStore::new());
    /// let (start, goal) = (Cell::new(0, 5), Cell::new(9, 5));
    /// let q = Query::new(start, goal, grid.heuristic(goal));
    /// let r = engine.search_within(&grid, &reach, q.clone());
    /// assert_eq!((r.outcome, r.stats.expanded), (Outcome::NoPath, 0));
    /// // With the fallback: to the cell nearest the goal on the start's side.
    /// let r = engine.search_within(&grid, &reach, q.fallback_to_nearest());
    /// assert_eq!(engine.goal(), Some(Cell::new(4, 5)));
    /// assert_eq!(r.found().unwrap().goal(), Some(&Cell::new(4, 5)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn search_within<G, R>(
        &mut self,
        graph: &G,
        reach: &R,
        query: Query<N, C, H, Target<N>>,
    ) -> SearchResult<N, C>
    where
        G: Graph<Node = N, Cost = C>,
        S: ClosedSet<G>,
        R: Reachability<N>,
    {
        // An answer of the labels ends the search at once: advancing it
        // then does nothing.
        self.start_within(graph, reach, query);
        self.advance(graph, u64::MAX);
        self.finish(graph)
    }

    /// [`start`](AStar::start) within a [`Reachability`] (see
    /// [`search_within`](AStar::search_within)): if no start can reach the
    /// goal, the search is over at once ([`Status::NoPath`], nothing
    /// expanded), or, with [`Query::fallback_to_nearest`], it heads for the
    /// reachable node nearest to the goal ([`goal`](AStar::goal) says which).
    ///
    /// # Example
    /// ```
    /// use pathseek::components::GridComponents;
    /// use pathseek::{AStar, Cell, Connectivity, Grid, GridCosts, Query, Status};
    /// use pathseek::{store::IndexedStore, open_set::BinaryHeap};
    /// let mut grid = Grid::new(8, 8, Connectivity::Four, GridCosts::new(1u32, 1))?;
    /// let mut parts = GridComponents::new(&grid);
    /// parts.block(&mut grid, Cell::new(7, 7))?; // the goal
    /// let mut engine = AStar::new(BinaryHeap::new(), IndexedStore::new());
    /// let goal = Cell::new(7, 7);
    /// let q = Query::new(Cell::new(0, 0), goal, grid.heuristic(goal)).fallback_to_nearest();
    /// engine.start_within(&grid, &parts.reach(&grid)?, q);
    /// assert_eq!(engine.goal(), Some(Cell::new(7, 6)));
    /// while engine.advance(&grid, 4) == Status::InProgress {}
    /// assert_eq!(engine.status(), Status::Found { cost: 13 });
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn start_within<G, R>(
        &mut self,
        graph: &G,
        reach: &R,
        mut query: Query<N, C, H, Target<N>>,
    ) -> Status<N, C>
    where
        G: Graph<Node = N, Cost = C>,
        S: ClosedSet<G>,
        R: Reachability<N>,
    {
        let asked = query.goal.0;
        match precheck(graph, reach, &mut query) {
            Precheck::Search => {
                let status = self.start(graph, query);
                self.asked = (self.goal() != Some(asked)).then_some(asked);
                status
            }
            Precheck::NoPath => {
                self.end_by_labels(graph, query);
                self.engine.stats = Stats::default();
                Status::NoPath
            }
        }
    }

    /// Ends the search with the labels' answer, no path, nothing searched
    /// (nothing to walk either: [`path_into`](AStar::path_into) gives none).
    fn end_by_labels<G: Graph<Node = N, Cost = C>>(
        &mut self,
        graph: &G,
        query: Query<N, C, H, Target<N>>,
    ) {
        self.seen = graph.version();
        self.query = Some(query);
        self.asked = None;
        self.run = Run::new();
        self.run.end = Some(End::NoPath);
    }

    /// [`advance`](AStar::advance) within a [`Reachability`]: when the graph
    /// has been edited since the search last ran (in progress or ended), the
    /// labels are asked again, for the query's own goal, before anything is
    /// expanded, so the answer is the one a fresh
    /// [`search_within`](AStar::search_within) would give on the graph as
    /// it is. A goal cut off mid-search ends it at once with
    /// [`Status::NoPath`] (expanding nothing more), instead of after every
    /// node the start can still reach. With [`Query::fallback_to_nearest`]
    /// the search heads instead for the reachable node nearest to the goal,
    /// and back to the goal itself once it can be reached again (a new goal
    /// is a restart, counted in [`Stats::restarts`]; [`goal`](AStar::goal)
    /// says which). A goal blocked is the usual
    /// [`GoalBlocked`](crate::SearchError::GoalBlocked) error.
    /// [`advance`](AStar::advance) without the labels follows the edits too,
    /// but cannot choose another fallback goal.
    /// The labels must describe the graph as it is (for a grid,
    /// [`GridComponents::reach`](crate::components::GridComponents::reach)
    /// refuses stale ones: edit through the labels, e.g.
    /// [`GridComponents::block`](crate::components::GridComponents::block)).
    ///
    /// # Example
    /// ```
    /// use pathseek::components::GridComponents;
    /// use pathseek::{AStar, Cell, Connectivity, Grid, GridCosts, Query, Status};
    /// use pathseek::{store::IndexedStore, open_set::BinaryHeap};
    /// let mut grid = Grid::new(32, 32, Connectivity::Four, GridCosts::new(1u32, 1))?;
    /// let mut parts = GridComponents::new(&grid);
    /// let (start, goal) = (Cell::new(0, 0), Cell::new(30, 30));
    /// let mut engine = AStar::new(BinaryHeap::new(), IndexedStore::new());
    /// engine.start_within(&grid, &parts.reach(&grid)?, Query::new(start, goal, grid.heuristic(goal)));
    /// assert_eq!(engine.advance_within(&grid, &parts.reach(&grid)?, 20), Status::InProgress);
    /// // Walls round the goal's corner cut it off mid-search.
    /// for i in 28..32 {
    ///     parts.block(&mut grid, Cell::new(28, i))?;
    ///     parts.block(&mut grid, Cell::new(i, 28))?;
    /// }
    /// let expanded = engine.stats().expanded;
    /// assert_eq!(engine.advance_within(&grid, &parts.reach(&grid)?, 20), Status::NoPath);
    /// assert_eq!(engine.stats().expanded, expanded); // nothing more expanded
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn advance_within<G, R>(&mut self, graph: &G, reach: &R, budget: u64) -> Status<N, C>
    where
        G: Graph<Node = N, Cost = C>,
        S: ClosedSet<G>,
        R: Reachability<N>,
    {
        if graph.version() != self.seen
            && let Some(mut query) = self.query.take()
        {
            // Asked again for the query's own goal, not for the fallback
            // chosen on the graph as it was.
            let searched = query.goal.0;
            let asked = self.asked.take().unwrap_or(searched);
            query.goal = Target(asked);
            match precheck(graph, reach, &mut query) {
                Precheck::NoPath => {
                    let stats = self.engine.stats;
                    self.end_by_labels(graph, query);
                    self.engine.stats = stats;
                    return Status::NoPath;
                }
                Precheck::Search => {
                    let goal = query.goal.0;
                    self.asked = (goal != asked).then_some(asked);
                    if goal == searched {
                        // The same goal: the edit log tells whether the
                        // search can go on.
                        self.query = Some(query);
                    } else {
                        self.restart(graph, query);
                    }
                }
            }
        }
        self.advance(graph, budget)
    }

    /// The goal node of the search in progress or last ended: the query's,
    /// or the fallback [`start_within`](AStar::start_within) chose.
    ///
    /// # Example
    /// See [`AStar::start_within`].
    pub fn goal(&self) -> Option<N> {
        self.query.as_ref().map(|q| q.goal.0)
    }
}
