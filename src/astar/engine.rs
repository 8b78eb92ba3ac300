//! The search core in one module: the entry points ([`astar`], [`astar_until`]),
//! the reusable engine ([`AStar`]), a search
//! in progress ([`Search`]: the pop-and-expand loop and the path at its end)
//! and edge relaxation. They stay in one module on purpose: split across
//! modules, the release build put them in different codegen units and the
//! callgrind subset's fastest configuration ran 7% more instructions
//! (378.7M -> 405.7M).

use crate::closed_set::{ClosedSet, HashStore, PagedStore, NO_SLOT};
use crate::cost::Cost;
use crate::graph::{EdgeSink, Expansion, Graph};
use crate::open_set::{BinaryHeap, Entry, OpenSet};
use crate::result::{CostResult, Outcome, Path, SearchError, SearchResult, Stats};
use num_traits::Zero;

/// Finds a cheapest path from `start` to `goal`.
///
/// Uses a [`BinaryHeap`] (with in-place decrease-key: the fastest general open
/// set measured on the MovingAI maps) and the best node store for one search
/// on the graph: a [`PagedStore`] when the graph has dense ids
/// ([`Graph::node_count`]; it allocates records only for the parts of the graph
/// the search reaches), otherwise a [`HashStore`]. To search many times, keep an [`AStar`] and call
/// [`AStar::search`]: it reuses its memory.
///
/// # Example
/// ```
/// // A line of 10 nodes; each step costs 1.5.
/// let line = pathseek::graph::from_fn(|n: i32, edge: &mut dyn FnMut(i32, f64)| {
///     if n > 0 { edge(n - 1, 1.5) }
///     if n < 9 { edge(n + 1, 1.5) }
/// });
/// let result = pathseek::astar(&line, 2, 6, |n| 1.5 * (6 - n).abs() as f64);
/// let path = result.found().unwrap();
/// assert_eq!(path.nodes, vec![2, 3, 4, 5, 6]);
/// assert_eq!(path.cost, 6.0);
/// assert_eq!(result.stats.expanded, 4); // a perfect heuristic walks straight there
/// ```
pub fn astar<G, H>(
    graph: &G,
    start: G::Node,
    goal: G::Node,
    heuristic: H,
) -> SearchResult<G::Node, G::Cost>
where
    G: Graph,
    H: FnMut(G::Node) -> G::Cost,
{
    if graph.node_count().is_some() {
        AStar::new(BinaryHeap::new(), PagedStore::new()).search(graph, start, goal, heuristic)
    } else {
        AStar::new(BinaryHeap::new(), HashStore::new()).search(graph, start, goal, heuristic)
    }
}

/// Finds a cheapest path from `start` to any node for which `is_goal` is true.
///
/// The first goal node popped from the open set wins. The heuristic must not
/// overestimate the distance to the *nearest* goal.
///
/// # Example
/// ```
/// // Nearest multiple of 7 above 30, walking +1 (cost 1) or +3 (cost 2).
/// let g = pathseek::graph::from_fn(|n: u32, edge: &mut dyn FnMut(u32, u32)| {
///     edge(n + 1, 1);
///     edge(n + 3, 2);
/// });
/// let r = pathseek::astar_until(&g, 30, |n| n % 7 == 0, |_| 0);
/// let path = r.found().unwrap();
/// assert_eq!(path.goal(), Some(&35));
/// assert_eq!(path.cost, 4); // 30 -> 33 -> 34 -> 35 (2 + 1 + 1)
/// ```
pub fn astar_until<G, H, P>(
    graph: &G,
    start: G::Node,
    is_goal: P,
    heuristic: H,
) -> SearchResult<G::Node, G::Cost>
where
    G: Graph,
    H: FnMut(G::Node) -> G::Cost,
    P: FnMut(G::Node) -> bool,
{
    if graph.node_count().is_some() {
        AStar::new(BinaryHeap::new(), PagedStore::new())
            .search_until(graph, start, is_goal, heuristic)
    } else {
        AStar::new(BinaryHeap::new(), HashStore::new())
            .search_until(graph, start, is_goal, heuristic)
    }
}

/// The error of a popped slot that has no record: a store or open set that
/// broke its contract.
#[cold]
#[inline(never)]
fn unknown_slot<N, C>() -> SearchError<N, C> {
    SearchError::StoreUnsupported {
        reason: "the open set held a slot that has no record in the node store",
    }
}

/// What one call of [`Search::step`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// One node was expanded; the search goes on.
    Expanded,
    /// The search has ended; [`Search::run`] returns its result.
    Finished,
}

/// A search in progress, advanced one expansion at a time.
///
/// Made by [`AStar::begin`](crate::AStar::begin). It borrows the engine's open set and node store.
pub struct Search<'a, G: Graph, H, P, O, S> {
    pub(super) graph: &'a G,
    pub(super) open: &'a mut O,
    pub(super) store: &'a mut S,
    pub(super) heuristic: H,
    pub(super) is_goal: P,
    /// The goal node, when the search has one (for [`Expansion::goal`]).
    pub(super) goal: Option<G::Node>,
    pub(super) stats: &'a mut Stats,
    pub(super) end: Option<End<G::Node, G::Cost>>,
}

/// How a search ended; the path is built only when asked for.
pub(super) enum End<N, C> {
    Found { slot: u32, cost: C },
    NoPath,
    Error(SearchError<N, C>),
}

impl<G, H, P, O, S> Search<'_, G, H, P, O, S>
where
    G: Graph,
    O: OpenSet<G::Cost>,
    S: ClosedSet<G>,
    H: FnMut(G::Node) -> G::Cost,
    P: FnMut(G::Node) -> bool,
{
    /// Pops the best open node and expands it, or ends the search (goal reached,
    /// open set empty, or an error).
    ///
    /// # Example
    /// See [`AStar::begin`](crate::AStar::begin).
    #[inline]
    pub fn step(&mut self) -> Step {
        if self.end.is_some() {
            return Step::Finished;
        }
        loop {
            let Some(entry) = self.open.pop() else {
                self.end = Some(End::NoPath);
                return Step::Finished;
            };
            let record = match self.store.record_mut(entry.slot) {
                Some(r) if !r.is_closed() && r.g == entry.g => r,
                // Stale: superseded by a cheaper entry for the same node.
                Some(_) => continue,
                None => {
                    self.end = Some(End::Error(unknown_slot()));
                    return Step::Finished;
                }
            };
            record.set_closed(true);
            let parent_slot = record.parent;
            let Some(node) = self.store.node(self.graph, entry.slot) else {
                self.end = Some(End::Error(SearchError::StoreUnsupported {
                    reason: "the node store could not map a slot back to its node (Graph::node_at)",
                }));
                return Step::Finished;
            };
            if (self.is_goal)(node) {
                self.end = Some(End::Found {
                    slot: entry.slot,
                    cost: entry.g,
                });
                return Step::Finished;
            }
            self.stats.expanded += 1;
            if let Err(e) = self.expand(node, parent_slot, entry) {
                self.end = Some(End::Error(e));
                return Step::Finished;
            }
            return Step::Expanded;
        }
    }

    /// Runs the search to its end and returns the result.
    ///
    /// # Example
    /// See [`AStar::begin`](crate::AStar::begin).
    #[inline]
    pub fn run(mut self) -> SearchResult<G::Node, G::Cost> {
        let mut nodes = Vec::new();
        let outcome = match self.run_into(&mut nodes) {
            Ok(Some(cost)) => Outcome::Found(Path { nodes, cost }),
            Ok(None) => Outcome::NoPath,
            Err(e) => Outcome::Error(e),
        };
        SearchResult {
            outcome,
            stats: self.stats(),
        }
    }

    /// Runs the search to its end and writes the path into `path` (cleared
    /// first): its cost, `None` for no path, or the error. Allocates only if
    /// `path` must grow.
    ///
    /// # Example
    /// ```
    /// use pathseek::{AStar, open_set::BinaryHeap, closed_set::HashStore};
    /// let g = pathseek::graph::from_fn(|n: u32, edge: &mut dyn FnMut(u32, u32)| edge(n + 1, 3));
    /// let mut engine = AStar::new(BinaryHeap::new(), HashStore::new());
    /// let mut path = Vec::with_capacity(16);
    /// let cost = engine.begin(&g, 0, |n| n == 4, |_| 0).run_into(&mut path);
    /// assert_eq!(cost, Ok(Some(12)));
    /// assert_eq!(path, [0, 1, 2, 3, 4]);
    /// ```
    #[inline]
    pub fn run_into(&mut self, path: &mut Vec<G::Node>) -> CostResult<G::Node, G::Cost> {
        path.clear();
        while self.step() == Step::Expanded {}
        self.stats.stored = self.store.len();
        match self.end {
            Some(End::Found { slot, cost }) => {
                self.path_into(slot, path)?;
                Ok(Some(cost))
            }
            Some(End::Error(ref e)) => Err(e.clone()),
            Some(End::NoPath) | None => Ok(None),
        }
    }

    /// Tells the graph the search's one goal node ([`Expansion::goal`]); the
    /// single-goal entry points call it, `is_goal` stays the goal test.
    #[inline]
    pub(super) fn with_goal(mut self, goal: G::Node) -> Self {
        self.goal = Some(goal);
        self
    }

    /// The counters so far.
    pub fn stats(&self) -> Stats {
        Stats {
            stored: self.store.len(),
            ..*self.stats
        }
    }

    /// `true` once the search has ended.
    pub fn is_finished(&self) -> bool {
        self.end.is_some()
    }

    #[inline]
    pub(super) fn seed(&mut self, start: G::Node) -> Result<(), SearchError<G::Node, G::Cost>> {
        self.open.clear();
        self.store.reset(self.graph)?;
        if !self.graph.contains(start) {
            return Err(SearchError::StartBlocked { node: start });
        }
        let h = (self.heuristic)(start);
        if !h.is_valid() {
            return Err(SearchError::InvalidHeuristic {
                node: start,
                value: h,
            });
        }
        let found = self.store.find_or_insert(self.graph, start)?;
        let (slot, record) = (found.slot, found.record);
        record.g = G::Cost::zero();
        record.h = h;
        self.open.push(Entry {
            f: h,
            g: G::Cost::zero(),
            slot,
        });
        self.stats.pushed = 1;
        self.stats.max_open = 1;
        Ok(())
    }

    #[inline]
    fn expand(
        &mut self,
        node: G::Node,
        parent_slot: u32,
        entry: Entry<G::Cost>,
    ) -> Result<(), SearchError<G::Node, G::Cost>> {
        let graph = self.graph;
        // Only graphs that prune by direction read the parent; for the others
        // this look-up is dead code and compiles away.
        let parent = if parent_slot == NO_SLOT {
            None
        } else {
            self.store.node(graph, parent_slot)
        };
        let mut error = None;
        let mut relax = Relax {
            graph,
            open: &mut *self.open,
            store: &mut *self.store,
            heuristic: &mut self.heuristic,
            stats: &mut *self.stats,
            error: &mut error,
            from: node,
            parent: entry.slot,
            g: entry.g,
        };
        let at = Expansion::new(node)
            .with_parent(parent)
            .with_goal(self.goal);
        graph.expand(at, &mut relax);
        let open_len = self.open.len();
        if open_len > self.stats.max_open {
            self.stats.max_open = open_len;
        }
        error.map_or(Ok(()), Err)
    }

    /// Follows parent links from `goal_slot` back to the start into `path`.
    fn path_into(
        &self,
        goal_slot: u32,
        path: &mut Vec<G::Node>,
    ) -> Result<(), SearchError<G::Node, G::Cost>> {
        let broken = || SearchError::StoreUnsupported {
            reason: "parent links do not lead back to the start",
        };
        let limit = self.store.len();
        let mut slot = goal_slot;
        loop {
            path.push(self.store.node(self.graph, slot).ok_or_else(broken)?);
            let Some(parent) = self.store.record(slot).ok_or_else(broken)?.parent() else {
                break;
            };
            if path.len() > limit {
                return Err(broken());
            }
            slot = parent;
        }
        path.reverse();
        Ok(())
    }
}

/// The state needed to relax the edges of one expanded node.
struct Relax<'r, G: Graph, O, S, H> {
    graph: &'r G,
    open: &'r mut O,
    store: &'r mut S,
    heuristic: &'r mut H,
    stats: &'r mut Stats,
    /// The first error met while relaxing this node's edges.
    error: &'r mut Option<SearchError<G::Node, G::Cost>>,
    from: G::Node,
    parent: u32,
    g: G::Cost,
}

impl<G, O, S, H> EdgeSink<G::Node, G::Cost> for Relax<'_, G, O, S, H>
where
    G: Graph,
    O: OpenSet<G::Cost>,
    S: ClosedSet<G>,
    H: FnMut(G::Node) -> G::Cost,
{
    #[inline(always)]
    fn edge(&mut self, to: G::Node, cost: G::Cost) {
        self.relax(to, None, cost)
    }

    #[inline(always)]
    fn indexed_edge(&mut self, to: G::Node, index: usize, cost: G::Cost) {
        self.relax(to, Some(index), cost)
    }
}

impl<G, O, S, H> Relax<'_, G, O, S, H>
where
    G: Graph,
    O: OpenSet<G::Cost>,
    S: ClosedSet<G>,
    H: FnMut(G::Node) -> G::Cost,
{
    /// Relaxes the edge to `succ` (`index`: its dense id, if the graph passed it).
    ///
    /// An error skips the edge and is handed to [`fail`](Self::fail), out of
    /// line, which keeps the node's first one; the search ends when the node's
    /// expansion returns. So the loop over the edges carries no error state.
    #[inline(always)]
    fn relax(&mut self, succ: G::Node, index: Option<usize>, cost: G::Cost) {
        if !cost.is_valid() {
            return self.fail(SearchError::InvalidEdgeCost {
                from: self.from,
                to: succ,
                cost,
            });
        }
        let Some(g) = self.g.checked_add_valid(cost) else {
            return self.fail(SearchError::CostOverflow { node: succ });
        };
        let found = match self.store.find_or_insert_at(self.graph, succ, index) {
            Ok(found) => found,
            Err(e) => return self.fail(e),
        };
        let (slot, record) = (found.slot, found.record);
        if found.fresh {
            let h = (self.heuristic)(succ);
            if !h.is_valid() {
                return self.fail(SearchError::InvalidHeuristic {
                    node: succ,
                    value: h,
                });
            }
            let Some(f) = g.checked_add_valid(h) else {
                return self.fail(SearchError::CostOverflow { node: succ });
            };
            record.g = g;
            record.h = h;
            record.parent = self.parent;
            self.open.push(Entry { f, g, slot });
            self.stats.pushed += 1;
            return;
        }
        if g < record.g {
            let Some(f) = g.checked_add_valid(record.h) else {
                return self.fail(SearchError::CostOverflow { node: succ });
            };
            record.g = g;
            record.parent = self.parent;
            let entry = Entry { f, g, slot };
            if record.is_closed() {
                record.set_closed(false);
                self.stats.reopened += 1;
                self.open.push(entry);
            } else {
                self.open.decrease_key(entry);
            }
            self.stats.pushed += 1;
        }
    }

    /// Keeps the first error of this expansion.
    #[cold]
    #[inline(never)]
    fn fail(&mut self, error: SearchError<G::Node, G::Cost>) {
        if self.error.is_none() {
            *self.error = Some(error);
        }
    }
}

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
        self.begin(graph, start, move |n| n == goal, heuristic)
            .with_goal(goal)
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
        self.begin(graph, start, move |n| n == goal, heuristic)
            .with_goal(goal)
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
    #[inline]
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
        let mut search = Search {
            graph,
            open: &mut self.open,
            store: &mut self.store,
            heuristic,
            is_goal,
            goal: None,
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
