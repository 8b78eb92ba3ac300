//! A sliced search: one query spread over many calls (game frames), each
//! expanding at most a budget of nodes, with nothing borrowed between calls.

use super::engine::{path_into, AStar, End, Run};
use super::query::{Goal, Heuristic, Query, Target};
use crate::closed_set::ClosedSet;
use crate::components::{precheck, Precheck, Reachability};
use crate::graph::Graph;
use crate::open_set::OpenSet;
use crate::result::{Stats, Status};

/// A search spread over many calls: [`start`](SlicedSearch::start) a
/// [`Query`], then [`advance`](SlicedSearch::advance) it by a budget of
/// expansions each frame until it reports found, no path, partial (a limit of
/// the query) or an error. The model is Detour's sliced path query.
///
/// It owns an engine ([`AStar`]: open set and node store) and the query in
/// progress, and borrows nothing between calls: the graph is passed to every
/// call, so the game may edit its map between frames, and a `SlicedSearch`
/// can live in a unit's struct. Its type names the open set, the store and the
/// query; a query whose heuristic and goal are named types (such as
/// [`GridHeuristic`](crate::grid::GridHeuristic) and
/// [`Target`](crate::query::Target)) gives a type you can write:
///
/// ```
/// use pathseek::{Cell, Query, SlicedSearch};
/// use pathseek::closed_set::IndexedStore;
/// use pathseek::grid::GridHeuristic;
/// use pathseek::open_set::BinaryHeap;
///
/// struct Unit {
///     search: SlicedSearch<BinaryHeap<u32>, IndexedStore<u32>, Query<Cell, u32, GridHeuristic<u32>>>,
/// }
/// ```
///
/// The result is the same as [`AStar::run`] on the same query, whatever the
/// budgets: the same cost, path and counters. A warm `SlicedSearch` (its
/// structures grown by earlier searches) allocates nothing.
///
/// # Edits between calls
/// Each [`advance`](SlicedSearch::advance) reads the graph it is given; what
/// the search learned earlier stays. A node's edges are read once, when it is
/// expanded; the `g`, parent and cached `h` of every node reached stay.
/// So after an edit of the graph:
///
/// - if no node expanded so far has changed edges (on a grid: no expanded cell
///   is the edited cell or one of its neighbours), the search goes on exactly as
///   a new search on the edited graph would, and gives its answer;
/// - otherwise the result follows edges as they were when they were read: it
///   may cross a node blocked since, or cost more than the best path of the
///   edited graph. Check the path with [`graph::path_cost`](crate::graph::path_cost)
///   and [`start`](SlicedSearch::start) again if it matters.
///
/// The goal node is checked when the search starts: blocked later, it is
/// never popped, and the search ends with [`Status::NoPath`] (a new search
/// would say [`SearchError::GoalBlocked`](crate::SearchError::GoalBlocked)).
/// A different graph (not an edited one) is not an edit: start again. A store
/// sized for the first graph answers nodes outside it with
/// [`SearchError::NodeOutOfRange`](crate::SearchError::NodeOutOfRange).
///
/// # Example
/// ```
/// use pathseek::{Cell, Connectivity, Grid, GridCosts, Query, SlicedSearch, Status};
/// use pathseek::{closed_set::IndexedStore, open_set::BinaryHeap};
///
/// let mut grid = Grid::new(64, 64, Connectivity::Eight, GridCosts::<u32>::new(2, 3)).unwrap();
/// let mut search = SlicedSearch::new(BinaryHeap::new(), IndexedStore::new());
/// let goal = Cell::new(63, 0);
/// search.start(&grid, Query::new(Cell::new(0, 0), goal, grid.heuristic(goal)));
/// let mut path = Vec::new();
/// let mut frames = 0;
/// let cost = loop {
///     frames += 1;
///     match search.advance(&grid, 16) {
///         Status::InProgress => {
///             // Walk towards the best node so far while the search goes on.
///             search.path_into(&grid, &mut path);
///             assert_eq!(path[0], Cell::new(0, 0));
///         }
///         Status::Found { cost } => break cost,
///         other => panic!("{other:?}"),
///     }
///     grid.set_passable(Cell::new(30, 30), false).unwrap(); // the map may change meanwhile
/// };
/// search.path_into(&grid, &mut path);
/// assert_eq!((cost, path.len(), path.last()), (126, 64, Some(&goal)));
/// assert!(frames > 1);
/// ```
#[derive(Clone, Debug)]
pub struct SlicedSearch<O, S, Q: SlicedQuery> {
    engine: AStar<O, S>,
    query: Option<Q>,
    run: Run<Q::Node, Q::Cost>,
}

/// The node and cost types of a query a [`SlicedSearch`] can hold: every
/// [`Query`]. Sealed.
pub trait SlicedQuery: sealed::Sealed {
    /// The node type.
    type Node;
    /// The cost type.
    type Cost: crate::Cost;
}

mod sealed {
    pub trait Sealed {}
    impl<N, C, H, T> Sealed for super::Query<N, C, H, T> {}
}

impl<N, C: crate::Cost, H, T> SlicedQuery for Query<N, C, H, T> {
    type Node = N;
    type Cost = C;
}

impl<O, S, Q: SlicedQuery> SlicedSearch<O, S, Q> {
    /// A sliced search with the given open set and node store; nothing started.
    ///
    /// # Example
    /// See [`SlicedSearch`].
    pub fn new(open: O, store: S) -> Self {
        SlicedSearch::from_engine(AStar::new(open, store))
    }

    /// A sliced search that uses `engine`'s structures.
    ///
    /// # Example
    /// ```
    /// use pathseek::{AStar, Query, SlicedSearch};
    /// use pathseek::{closed_set::HashStore, open_set::BinaryHeap};
    /// let engine = AStar::new(BinaryHeap::new(), HashStore::new());
    /// let mut search = SlicedSearch::from_engine(engine);
    /// let g = pathseek::graph::from_fn(|n: u32, edge: &mut dyn FnMut(u32, u32)| edge(n + 1, 1));
    /// search.start(&g, Query::new(0, 3, |_| 0));
    /// assert_eq!(search.advance(&g, 100), pathseek::Status::Found { cost: 3 });
    /// ```
    pub fn from_engine(engine: AStar<O, S>) -> Self {
        SlicedSearch {
            engine,
            query: None,
            run: Run::new(),
        }
    }

    /// The engine, with the records of the search in progress or last ended.
    pub fn engine(&self) -> &AStar<O, S> {
        &self.engine
    }

    /// The engine back, for one-shot searches (the sliced search ends).
    pub fn into_engine(self) -> AStar<O, S> {
        self.engine
    }

    /// The query in progress or last ended (`None` before the first
    /// [`start`](SlicedSearch::start) and after [`cancel`](SlicedSearch::cancel)).
    pub fn query(&self) -> Option<&Q> {
        self.query.as_ref()
    }

    /// Forgets the query; [`status`](SlicedSearch::status) is then
    /// [`Status::Idle`]. The structures keep their memory.
    pub fn cancel(&mut self) {
        self.query = None;
    }

    /// The counters of the search so far.
    pub fn stats(&self) -> Stats {
        self.engine.last_stats()
    }
}

impl<O, S, N, C, H, T> SlicedSearch<O, S, Query<N, C, H, T>>
where
    N: Copy + Eq + core::hash::Hash + core::fmt::Debug,
    C: crate::Cost,
    O: OpenSet<C>,
    H: Heuristic<N, C>,
    T: Goal<N>,
{
    /// Starts `query` on `graph`, replacing any search in progress: the start
    /// and goal checks, the starts in the open set, no expansion yet. Returns
    /// [`Status::InProgress`], or the error of a failed check.
    ///
    /// # Example
    /// ```
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts, Query, SearchError, SlicedSearch, Status};
    /// use pathseek::{closed_set::IndexedStore, open_set::BinaryHeap};
    /// let mut grid = Grid::new(8, 8, Connectivity::Four, GridCosts::new(1u32, 1)).unwrap();
    /// grid.set_passable(Cell::new(7, 7), false).unwrap();
    /// let mut search = SlicedSearch::new(BinaryHeap::new(), IndexedStore::new());
    /// let goal = Cell::new(7, 7);
    /// let status = search.start(&grid, Query::new(Cell::new(0, 0), goal, grid.heuristic(goal)));
    /// assert_eq!(status, Status::Error(SearchError::GoalBlocked { node: goal }));
    /// assert_eq!(search.stats().expanded, 0);
    /// ```
    pub fn start<G>(&mut self, graph: &G, query: Query<N, C, H, T>) -> Status<N, C>
    where
        G: Graph<Node = N, Cost = C>,
        S: ClosedSet<G>,
    {
        let (query, run) = self.engine.resume(graph, query, None, 0);
        self.query = Some(query);
        self.run = run;
        self.run.status(self.engine.store())
    }

    /// Expands up to `budget` more nodes and says where the search stands:
    /// [`Status::InProgress`] (call again), or how it ended. Once ended, further
    /// calls expand nothing and return the same status; [`Status::Idle`] if
    /// nothing was started. A budget of 0 only reports.
    ///
    /// # Example
    /// See [`SlicedSearch`].
    pub fn advance<G>(&mut self, graph: &G, budget: u64) -> Status<N, C>
    where
        G: Graph<Node = N, Cost = C>,
        S: ClosedSet<G>,
    {
        let Some(query) = self.query.take() else {
            return Status::Idle;
        };
        let run = core::mem::replace(&mut self.run, Run::new());
        let (query, run) = self.engine.resume(graph, query, Some(run), budget);
        self.query = Some(query);
        self.run = run;
        self.run.status(self.engine.store())
    }

    /// Where the search stands, without advancing it.
    pub fn status(&self) -> Status<N, C>
    where
        S: crate::closed_set::Records<Cost = C>,
    {
        if self.query.is_none() {
            return Status::Idle;
        }
        self.run.status(self.engine.store())
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
    /// ```
    /// use pathseek::{Query, SlicedSearch, Status};
    /// use pathseek::{closed_set::HashStore, open_set::BinaryHeap};
    /// let g = pathseek::graph::from_fn(|n: i32, edge: &mut dyn FnMut(i32, u32)| {
    ///     edge(n - 1, 1);
    ///     edge(n + 1, 1);
    /// });
    /// let mut search = SlicedSearch::new(BinaryHeap::new(), HashStore::new());
    /// search.start(&g, Query::new(0, 50, |n: i32| n.abs_diff(50)));
    /// assert_eq!(search.advance(&g, 10), Status::InProgress);
    /// let mut path = Vec::new();
    /// assert_eq!(search.path_into(&g, &mut path), Some(9));
    /// assert_eq!(path, (0..=9).collect::<Vec<_>>()); // to the best node expanded
    /// assert_eq!(search.advance(&g, 100), Status::Found { cost: 50 });
    /// ```
    pub fn path_into<G>(&self, graph: &G, path: &mut Vec<N>) -> Option<C>
    where
        G: Graph<Node = N, Cost = C>,
        S: ClosedSet<G>,
    {
        path.clear();
        self.query.as_ref()?;
        let (slot, cost) = self.run.path_end(graph, self.engine.store())?;
        if path_into(graph, self.engine.store(), slot, path).is_err() {
            path.clear();
            return None;
        }
        Some(cost)
    }
}

/// The searches to one goal node.
impl<O, S, N, C, H> SlicedSearch<O, S, Query<N, C, H, Target<N>>>
where
    N: Copy + Eq + core::hash::Hash + core::fmt::Debug,
    C: crate::Cost,
    O: OpenSet<C>,
    H: Heuristic<N, C>,
{
    /// Starts `query` within a [`Reachability`] (see
    /// [`AStar::run_within`]): if no start can reach the goal, the search is
    /// over at once ([`Status::NoPath`], nothing expanded), or, with
    /// [`Query::fallback_to_nearest`], it heads for the reachable node nearest
    /// to the goal ([`goal`](SlicedSearch::goal) says which).
    ///
    /// # Example
    /// ```
    /// use pathseek::components::GridComponents;
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts, Query, SlicedSearch, Status};
    /// use pathseek::{closed_set::IndexedStore, open_set::BinaryHeap};
    /// let mut grid = Grid::new(8, 8, Connectivity::Four, GridCosts::new(1u32, 1))?;
    /// let mut parts = GridComponents::new(&grid);
    /// parts.block(&mut grid, Cell::new(7, 7))?; // the goal
    /// let mut search = SlicedSearch::new(BinaryHeap::new(), IndexedStore::new());
    /// let goal = Cell::new(7, 7);
    /// let q = Query::new(Cell::new(0, 0), goal, grid.heuristic(goal)).fallback_to_nearest();
    /// search.start_within(&grid, &parts.reach(&grid)?, q);
    /// assert_eq!(search.goal(), Some(Cell::new(7, 6)));
    /// while search.advance(&grid, 4) == Status::InProgress {}
    /// assert_eq!(search.status(), Status::Found { cost: 13 });
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
        match precheck(graph, reach, &mut query) {
            Precheck::Search => self.start(graph, query),
            Precheck::NoPath => {
                self.engine.clear_stats();
                self.query = Some(query);
                self.run = Run::new();
                self.run.end = Some(End::NoPath);
                Status::NoPath
            }
        }
    }

    /// The goal node of the search in progress or last ended: the query's,
    /// or the fallback [`start_within`](SlicedSearch::start_within) chose.
    pub fn goal(&self) -> Option<N> {
        self.query.as_ref().map(|q| q.goal.0)
    }
}
