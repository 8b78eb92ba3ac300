//! The search core in one module: the entry points ([`astar`], [`astar_until`],
//! [`search`]), the reusable engine ([`AStar`]), the one loop every query runs
//! (start checks, pop and expand, limits, the best node so far) and edge
//! relaxation. They stay in one module on purpose, though the file is long:
//! split across modules, the release build puts them in different codegen
//! units. Splitting the loop from its entry points cost 7% on the callgrind
//! subset's fastest configuration (378.7M -> 405.7M); moving only `AStar`'s
//! public methods to a module of their own cost 0.6-2.2% (fast 384.7M ->
//! 386.9M, default 558.4M -> 562.4M).

use super::query::{Goal, Heuristic, Limit, Limits, Query, Target, CLOCK_INTERVAL};
use super::spare;
use crate::closed_set::{ClosedSet, HashStore, IndexedStore, PagedStore, Records, NO_SLOT};
use crate::components::{precheck, Precheck, Reachability};
use crate::cost::{Cost, OrderKey};
use crate::graph::{cheapest_edge, EdgeSink, Expansion, Graph};
use crate::open_set::{BinaryHeap, DaryHeap, Entry, OpenSet};
use crate::result::{CostResult, Outcome, Path, SearchError, SearchResult, Stats, Status};
use num_traits::Zero;
use std::time::Instant;

/// Finds a cheapest path from `start` to `goal`.
///
/// On a graph with dense ids ([`Graph::node_count`]: grids, [`StaticGraph`](crate::StaticGraph),
/// the jump point graphs) it borrows this thread's spare engine for the cost
/// type, so repeated one-shot searches reuse memory instead of allocating
/// and zeroing it: a [`DaryHeap`]`<C, 4>` for costs with 32-bit keys (`u32`,
/// [`Length`](crate::Length), `f32`, ...) or a [`BinaryHeap`] for wider ones,
/// with an [`IndexedStore`] for graphs of up to 2^20 nodes (a record per
/// node: 16 MiB at most with 32-bit costs) and a [`PagedStore`] beyond
/// (records only for the parts of the graph searches reach);
/// [`release_search_memory`](crate::release_search_memory) frees them.
/// Other graphs get a fresh [`BinaryHeap`] and [`HashStore`]. To
/// choose the structures, keep an [`AStar`] and call [`AStar::search`]. For
/// several starts, limits and partial paths, see [`search`] and [`Query`].
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
    search(graph, Query::new(start, goal, heuristic))
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
    search(graph, Query::until(start, is_goal, heuristic))
}

/// Runs a [`Query`] (several starts, a goal node or test, limits) to its end
/// with the structures [`astar`] picks.
///
/// # Example
/// ```
/// use pathseek::{Cell, Connectivity, Grid, GridCosts, Limit, Outcome, Query};
/// let grid = Grid::new(64, 64, Connectivity::Eight, GridCosts::<u32>::new(2, 3)).unwrap();
/// let goal = Cell::new(63, 63);
/// let query = Query::new(Cell::new(0, 0), goal, grid.heuristic(goal)).max_expansions(10);
/// let r = pathseek::search(&grid, query);
/// let Outcome::Partial { path, limit: Limit::Expansions } = r.outcome else { panic!() };
/// assert_eq!(path.nodes.len(), 11); // ten steps along the diagonal, then out of budget
/// ```
pub fn search<G, H, T>(
    graph: &G,
    query: Query<G::Node, G::Cost, H, T>,
) -> SearchResult<G::Node, G::Cost>
where
    G: Graph,
    H: Heuristic<G::Node, G::Cost>,
    T: Goal<G::Node>,
{
    let Some(nodes) = graph.node_count() else {
        return AStar::new(BinaryHeap::new(), HashStore::new()).run(graph, query);
    };
    // Dense ids: the thread's spare engine, whose node store belongs to no
    // graph. Costs with 32-bit keys join f and g into one comparison, where
    // the 4-ary heap is fastest; wider keys compare twice, where the binary
    // heap is. Up to `SPARE_INDEXED_NODES` nodes the store is indexed (a
    // record per node, the fastest look-up); beyond, paged (records only
    // for the pages searches reach), so a thread never keeps a record for
    // every node of a huge graph.
    let narrow = <G::Cost as Cost>::Key::BITS == 32;
    match (narrow, nodes <= SPARE_INDEXED_NODES) {
        (true, true) => spare::with_spare(
            |e: &mut AStar<DaryHeap<G::Cost, 4>, IndexedStore<G::Cost>>| e.run(graph, query),
        ),
        (true, false) => {
            spare::with_spare(|e: &mut AStar<DaryHeap<G::Cost, 4>, PagedStore<G::Cost>>| {
                e.run(graph, query)
            })
        }
        (false, true) => spare::with_spare(
            |e: &mut AStar<BinaryHeap<G::Cost>, IndexedStore<G::Cost>>| e.run(graph, query),
        ),
        (false, false) => {
            spare::with_spare(|e: &mut AStar<BinaryHeap<G::Cost>, PagedStore<G::Cost>>| {
                e.run(graph, query)
            })
        }
    }
}

/// The largest graph (in nodes) whose one-shot searches use an indexed
/// store: 2^20, so a thread's spare engine keeps at most 16 MiB of records
/// with 32-bit costs (24 MiB with 64-bit ones) per cost type.
pub(crate) const SPARE_INDEXED_NODES: usize = 1 << 20;

/// The error of a popped slot that has no record: a store or open set that
/// broke its contract.
#[cold]
#[inline(never)]
fn unknown_slot<N, C>() -> SearchError<N, C> {
    SearchError::StoreUnsupported {
        reason: "the open set held a slot that has no record in the node store",
    }
}

/// Of the starts and the nodes taken from the open set, the one with the
/// smallest `h` so far (ties: smaller `g`, then the first found): where a
/// partial path ends. The path and its cost are read from the records, which
/// a cheaper path found later updates.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Best<C> {
    pub(crate) slot: u32,
    h: C,
    /// Its `g` when it last became best, for the ties; reports read the record.
    g: C,
}

/// How a search ended; the path is built only when asked for.
#[derive(Clone, Debug)]
pub(crate) enum End<N, C> {
    Found { slot: u32, cost: C },
    NoPath,
    Partial(Limit),
    Error(SearchError<N, C>),
}

/// Where a query's search stands, apart from its open set and records: no
/// closures, so a [`SlicedSearch`](crate::SlicedSearch) keeps it between calls.
#[derive(Clone, Debug)]
pub(crate) struct Run<N, C> {
    /// `None` while the search goes on.
    pub(crate) end: Option<End<N, C>>,
    pub(crate) best: Best<C>,
    /// The cost of the partial path, worked out when a limit ended the search.
    partial_cost: Option<C>,
    /// The expansion count at which the deadline clock is next read.
    clock_at: u64,
}

impl<N, C: Cost> Run<N, C> {
    pub(crate) fn new() -> Self {
        Run {
            end: None,
            best: Best {
                slot: NO_SLOT,
                h: C::zero(),
                g: C::zero(),
            },
            partial_cost: None,
            clock_at: u64::MAX,
        }
    }

    /// The status of the search: in progress or how it ended (the cost of a
    /// partial outcome is that of the path to the best node, from `records`).
    pub(crate) fn status<R: Records<Cost = C>>(&self, records: &R) -> Status<N, C>
    where
        N: Clone,
    {
        match &self.end {
            None => Status::InProgress,
            Some(End::Found { cost, .. }) => Status::Found { cost: *cost },
            Some(End::NoPath) => Status::NoPath,
            Some(End::Partial(limit)) => match self.partial_cost {
                Some(cost) => Status::Partial {
                    limit: *limit,
                    cost,
                },
                None => match records.record(self.best.slot) {
                    Some(r) => Status::Partial {
                        limit: *limit,
                        cost: r.g,
                    },
                    None => Status::Error(unknown_slot()),
                },
            },
            Some(End::Error(e)) => Status::Error(e.clone()),
        }
    }

    /// Where the path the search offers now ends, and its cost: the goal once
    /// found, otherwise the best node; `None` after an error or before
    /// anything was stored.
    pub(crate) fn path_end<G: Graph<Cost = C>, S: ClosedSet<G>>(
        &self,
        graph: &G,
        store: &S,
    ) -> Option<(u32, C)> {
        let slot = self.best.slot;
        match self.end {
            Some(End::Found { slot, cost }) => Some((slot, cost)),
            Some(End::Error(_)) => None,
            // Worked out when the limit ended the search.
            Some(End::Partial(_)) if self.partial_cost.is_some() => {
                self.partial_cost.map(|cost| (slot, cost))
            }
            _ => {
                let g = store.record(slot)?.g;
                Some((slot, chain_cost(graph, store, slot).unwrap_or(g)))
            }
        }
    }
}

/// One call's view of a search: the graph, the engine's structures, the query
/// and its progress.
///
/// The heuristic, the goal test, the limits and the progress are moved in by
/// value for the call and handed back after it: the loop then reads them as
/// locals, which measured faster than through references into the query.
struct Core<'a, G: Graph, O, S, H, T> {
    graph: &'a G,
    open: &'a mut O,
    store: &'a mut S,
    stats: &'a mut Stats,
    heuristic: H,
    goal: T,
    limits: Limits<G::Cost>,
    run: Run<G::Node, G::Cost>,
}

impl<G, O, S, H, T> Core<'_, G, O, S, H, T>
where
    G: Graph,
    O: OpenSet<G::Cost>,
    S: ClosedSet<G>,
    H: Heuristic<G::Node, G::Cost>,
    T: Goal<G::Node>,
{
    /// Clears the structures, makes the checks every search makes before
    /// expanding anything, and puts the starts in the open set.
    fn start(&mut self, starts: &[(G::Node, G::Cost)]) {
        *self.stats = Stats::default();
        self.run = Run::new();
        if self.limits.deadline.is_some() {
            self.run.clock_at = 0;
        }
        if let Err(e) = self.seed(starts) {
            self.run.end = Some(End::Error(e));
        }
        self.stats.stored = self.store.len();
    }

    fn seed(&mut self, starts: &[(G::Node, G::Cost)]) -> Result<(), SearchError<G::Node, G::Cost>> {
        self.open.clear();
        self.store.reset(self.graph)?;
        if starts.is_empty() {
            return Err(SearchError::NoStart);
        }
        for &(start, initial) in starts {
            if !self.graph.contains(start) {
                return Err(SearchError::StartBlocked { node: start });
            }
            if !initial.is_valid() {
                return Err(SearchError::InvalidStartCost {
                    node: start,
                    cost: initial,
                });
            }
        }
        if let Some(goal) = self.goal.node()
            && !self.graph.contains(goal)
        {
            return Err(SearchError::GoalBlocked { node: goal });
        }
        for &(start, g) in starts {
            let found = self.store.find_or_insert(self.graph, start)?;
            let (slot, record) = (found.slot, found.record);
            let h = if found.fresh {
                let h = self.heuristic.estimate(start);
                if !h.is_valid() {
                    return Err(SearchError::InvalidHeuristic {
                        node: start,
                        value: h,
                    });
                }
                record.h = h;
                h
            } else if g < record.g {
                record.h
            } else {
                continue; // listed twice; the cheaper initial cost stays
            };
            let f = g
                .checked_add_valid(h)
                .ok_or(SearchError::CostOverflow { node: start })?;
            record.g = g;
            let entry = Entry { f, g, slot };
            if found.fresh {
                self.open.push(entry);
            } else {
                self.open.decrease_key(entry);
            }
            self.stats.pushed += 1;
            let best = self.run.best;
            if best.slot == NO_SLOT || h < best.h || (h == best.h && g < best.g) {
                self.run.best = Best { slot, h, g };
            }
        }
        self.stats.max_open = self.open.len();
        Ok(())
    }

    /// Expands up to `budget` nodes, or fewer if the search ends first.
    #[inline(always)]
    fn advance(&mut self, budget: u64) {
        if self.run.end.is_some() {
            return;
        }
        let stop = self.stats.expanded.saturating_add(budget);
        let max_expansions = self.limits.max_expansions.unwrap_or(u64::MAX);
        let max_stored = self.limits.max_stored;
        // One comparison per expansion covers the budget, the clock, the
        // expansion limit and (when set, by a checkpoint at every expansion)
        // the store limit; the checks themselves are made here, off the
        // common path.
        let next = |expanded: u64, clock_at: u64| {
            let every = if max_stored.is_some() {
                expanded
            } else {
                u64::MAX
            };
            stop.min(clock_at).min(max_expansions).min(every)
        };
        // The count lives in a local during the loop (in a register); the
        // stats get it back at the end.
        let mut expanded = self.stats.expanded;
        let mut checkpoint = next(expanded, self.run.clock_at);
        loop {
            if expanded >= checkpoint {
                if expanded >= stop {
                    break;
                }
                if expanded >= self.run.clock_at {
                    self.run.clock_at = expanded + CLOCK_INTERVAL;
                    if self.limits.deadline.is_some_and(|at| Instant::now() >= at) {
                        self.run.end = Some(End::Partial(Limit::Deadline));
                        break;
                    }
                }
                if max_stored.is_some_and(|max| self.store.len() >= max) {
                    self.run.end = Some(End::Partial(Limit::Stored));
                    break;
                }
                if expanded >= max_expansions {
                    // One last pop: the goal may be the next node.
                    self.step(true, &mut expanded);
                    break;
                }
                checkpoint = next(expanded, self.run.clock_at);
            }
            if !self.step(false, &mut expanded) {
                break;
            }
        }
        self.stats.expanded = expanded;
        self.stats.stored = self.store.len();
        if let Some(End::Partial(_)) = self.run.end {
            self.run.partial_cost = chain_cost(self.graph, &*self.store, self.run.best.slot);
        }
    }

    /// Pops the best open node and expands it (`true`), or ends the search
    /// (`false`, with `run.end` set): goal popped, open set empty, past the
    /// cost limit, or an error. `last`: the expansion limit is reached, so a
    /// node that is not a goal ends the search instead of being expanded.
    #[inline(always)]
    fn step(&mut self, last: bool, expanded: &mut u64) -> bool {
        loop {
            let Some(entry) = self.open.pop() else {
                self.run.end = Some(End::NoPath);
                return false;
            };
            let record = match self.store.record_mut(entry.slot) {
                Some(r) if !r.is_closed() && r.g == entry.g => r,
                // Stale: superseded by a cheaper entry for the same node.
                Some(_) => continue,
                None => {
                    self.run.end = Some(End::Error(unknown_slot()));
                    return false;
                }
            };
            if let Some(max) = self.limits.max_cost
                && entry.f > max
            {
                self.run.end = Some(End::Partial(Limit::Cost));
                return false;
            }
            record.set_closed(true);
            let parent_slot = record.parent;
            let h = record.h;
            let best = &mut self.run.best;
            // The best node popped again (reopened: cheaper) refreshes its `g`.
            if h <= best.h && (h < best.h || entry.g < best.g || entry.slot == best.slot) {
                *best = Best {
                    slot: entry.slot,
                    h,
                    g: entry.g,
                };
            }
            let Some(node) = self.store.node(self.graph, entry.slot) else {
                self.run.end = Some(End::Error(SearchError::StoreUnsupported {
                    reason: "the node store could not map a slot back to its node (Graph::node_at)",
                }));
                return false;
            };
            if self.goal.is_goal(node) {
                self.run.end = Some(End::Found {
                    slot: entry.slot,
                    cost: entry.g,
                });
                return false;
            }
            if last {
                self.run.end = Some(End::Partial(Limit::Expansions));
                return false;
            }
            *expanded += 1;
            self.expand(node, parent_slot, entry);
            // An error while relaxing ended the search.
            return self.run.end.is_none();
        }
    }

    #[inline(always)]
    fn expand(&mut self, node: G::Node, parent_slot: u32, entry: Entry<G::Cost>) {
        let graph = self.graph;
        // Only graphs that prune by direction read the parent; for the others
        // this look-up is dead code and compiles away.
        let parent = if parent_slot == NO_SLOT {
            None
        } else {
            self.store.node(graph, parent_slot)
        };
        let mut relax = Relax {
            graph,
            open: &mut *self.open,
            store: &mut *self.store,
            heuristic: &mut self.heuristic,
            stats: &mut *self.stats,
            error: &mut self.run.end,
            from: node,
            parent: entry.slot,
            g: entry.g,
        };
        let at = Expansion::new(node)
            .with_parent(parent)
            .with_goal(self.goal.node());
        graph.expand(at, &mut relax);
        let open_len = self.open.len();
        if open_len > self.stats.max_open {
            self.stats.max_open = open_len;
        }
    }
}

/// The cost of the path the parent links give from a start to `end`.
///
/// Usually `end`'s recorded `g`. But after a search stopped by a limit, a
/// node whose ancestor was since reached more cheaply (reopened, under an
/// inconsistent heuristic) keeps its old `g` until that ancestor is expanded
/// again, while the path through the links is cheaper. So each step is
/// checked (`child.g == parent.g + edge`, the sum the relaxation made); if one
/// does not hold, the cost is the start's initial cost plus the cheapest
/// edge of every step, summed from the end. `None` when a step is not an
/// edge of `graph` (edited since, or a graph whose edges depend on the
/// search, such as jump points): the caller keeps the recorded `g`.
pub(crate) fn chain_cost<G: Graph, S: ClosedSet<G>>(
    graph: &G,
    store: &S,
    end: u32,
) -> Option<G::Cost> {
    let limit = store.len();
    let end_g = store.record(end)?.g;
    let (mut slot, mut total, mut steps, mut settled) = (end, G::Cost::zero(), 0usize, true);
    loop {
        let record = store.record(slot)?;
        let Some(parent) = record.parent() else {
            return if settled {
                Some(end_g)
            } else {
                total.checked_add_valid(record.g)
            };
        };
        let (from, to) = (store.node(graph, parent)?, store.node(graph, slot)?);
        let edge = cheapest_edge(graph, from, to)?;
        let parent_g = store.record(parent)?.g;
        if parent_g.checked_add_valid(edge) != Some(record.g) {
            settled = false;
        }
        total = total.checked_add_valid(edge)?;
        steps += 1;
        if steps > limit {
            return None;
        }
        slot = parent;
    }
}

/// Follows parent links from `end` back to a start into `path` (cleared
/// first, filled start first).
pub(crate) fn path_into<G: Graph, S: ClosedSet<G>>(
    graph: &G,
    store: &S,
    end: u32,
    path: &mut Vec<G::Node>,
) -> Result<(), SearchError<G::Node, G::Cost>> {
    path.clear();
    let broken = || SearchError::StoreUnsupported {
        reason: "parent links do not lead back to the start",
    };
    let limit = store.len();
    if path.capacity() == 0 {
        // A new buffer (a one-shot search's path): one allocation of the
        // right size instead of a growth per doubling.
        let (mut steps, mut slot) = (1, end);
        while let Some(parent) = store.record(slot).and_then(|r| r.parent()) {
            if steps > limit {
                break;
            }
            steps += 1;
            slot = parent;
        }
        path.reserve_exact(steps);
    }
    let mut slot = end;
    loop {
        path.push(store.node(graph, slot).ok_or_else(broken)?);
        let Some(parent) = store.record(slot).ok_or_else(broken)?.parent() else {
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

/// The state needed to relax the edges of one expanded node.
struct Relax<'r, G: Graph, O, S, H> {
    graph: &'r G,
    open: &'r mut O,
    store: &'r mut S,
    heuristic: &'r mut H,
    stats: &'r mut Stats,
    /// The first error met while relaxing this node's edges.
    error: &'r mut Option<End<G::Node, G::Cost>>,
    from: G::Node,
    parent: u32,
    g: G::Cost,
}

impl<G, O, S, H> EdgeSink<G::Node, G::Cost> for Relax<'_, G, O, S, H>
where
    G: Graph,
    O: OpenSet<G::Cost>,
    S: ClosedSet<G>,
    H: Heuristic<G::Node, G::Cost>,
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
    H: Heuristic<G::Node, G::Cost>,
{
    /// Relaxes the edge to `succ` (`index`: its dense id, if the graph passed it).
    ///
    /// An error skips the edge and is handed to [`fail`], out of
    /// line, which keeps the node's first one; the search ends when the node's
    /// expansion returns. So the loop over the edges carries no error state.
    #[inline(always)]
    fn relax(&mut self, succ: G::Node, index: Option<usize>, cost: G::Cost) {
        if !cost.is_valid() {
            return fail(
                self.error,
                SearchError::InvalidEdgeCost {
                    from: self.from,
                    to: succ,
                    cost,
                },
            );
        }
        let Some(g) = self.g.checked_add_valid(cost) else {
            return fail(self.error, SearchError::CostOverflow { node: succ });
        };
        let found = match self.store.find_or_insert_at(self.graph, succ, index) {
            Ok(found) => found,
            Err(e) => return fail(self.error, e),
        };
        let (slot, record) = (found.slot, found.record);
        if found.fresh {
            let h = self.heuristic.estimate(succ);
            if !h.is_valid() {
                return fail(
                    self.error,
                    SearchError::InvalidHeuristic {
                        node: succ,
                        value: h,
                    },
                );
            }
            let Some(f) = g.checked_add_valid(h) else {
                return fail(self.error, SearchError::CostOverflow { node: succ });
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
                return fail(self.error, SearchError::CostOverflow { node: succ });
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
}

/// Keeps the first error of an expansion in `first`. Out of line, and given
/// only the error slot, so that the relaxation state never has its address
/// taken and stays in registers.
#[cold]
#[inline(never)]
fn fail<N, C>(end: &mut Option<End<N, C>>, error: SearchError<N, C>) {
    if end.is_none() {
        *end = Some(End::Error(error));
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
        let mut path = Vec::new();
        let status = self.run_into(graph, Query::new(start, goal, heuristic), &mut path);
        self.result(status, path)
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
        let mut path = Vec::new();
        let status = self.run_into(graph, Query::until(start, is_goal, heuristic), &mut path);
        self.result(status, path)
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
        match self.run_into(graph, Query::new(start, goal, heuristic), path) {
            Status::Found { cost } => Ok(Some(cost)),
            Status::Error(e) => Err(e),
            _ => Ok(None),
        }
    }

    /// Forgets the counters (a search ended before it began).
    pub(crate) fn clear_stats(&mut self) {
        self.stats = Stats::default();
    }

    /// The counters of the last search this engine ran (or is running).
    ///
    /// # Example
    /// See [`AStar::search_into`].
    pub fn last_stats(&self) -> Stats {
        self.stats
    }

    /// Runs a [`Query`] to its end: found, no path, a partial path if a limit
    /// was reached, or an error. [`search`](fn@crate::search) does the same
    /// with a fresh engine.
    ///
    /// # Example
    /// ```
    /// use pathseek::{AStar, Outcome, Query, open_set::BinaryHeap, closed_set::HashStore};
    /// let g = pathseek::graph::from_fn(|n: u64, edge: &mut dyn FnMut(u64, u32)| {
    ///     edge(2 * n + 1, 1);
    ///     edge(2 * n + 3, 1);
    /// });
    /// let mut engine = AStar::new(BinaryHeap::new(), HashStore::new());
    /// // Node 2 cannot be reached and the graph never ends: a limit makes it stop.
    /// let r = engine.run(&g, Query::new(0, 2, |_| 0).max_expansions(1_000));
    /// assert!(matches!(r.outcome, Outcome::Partial { .. }));
    /// assert_eq!(r.stats.expanded, 1_000);
    /// ```
    pub fn run<G, H, T>(
        &mut self,
        graph: &G,
        query: Query<G::Node, G::Cost, H, T>,
    ) -> SearchResult<G::Node, G::Cost>
    where
        G: Graph,
        O: OpenSet<G::Cost>,
        S: ClosedSet<G>,
        H: Heuristic<G::Node, G::Cost>,
        T: Goal<G::Node>,
    {
        let mut path = Vec::new();
        let status = self.run_into(graph, query, &mut path);
        self.result(status, path)
    }

    /// The result of a search that ended with `status`, its path in `path`.
    fn result<N, C>(&self, status: Status<N, C>, path: Vec<N>) -> SearchResult<N, C> {
        let outcome = match status {
            Status::Found { cost } => Outcome::Found(Path { nodes: path, cost }),
            Status::Partial { limit, cost } => Outcome::Partial {
                path: Path { nodes: path, cost },
                limit,
            },
            Status::Error(e) => Outcome::Error(e),
            _ => Outcome::NoPath,
        };
        SearchResult {
            outcome,
            stats: self.stats,
        }
    }

    /// Runs a [`Query`] to its end and writes the path (to the goal, or the
    /// partial path when a limit was reached) into `path`, cleared first. The
    /// status is never [`Status::InProgress`]. Allocates nothing once the
    /// engine and `path` have grown to the size the searches need.
    ///
    /// # Example
    /// ```
    /// use pathseek::{AStar, Query, Status, open_set::BinaryHeap, closed_set::HashStore};
    /// let g = pathseek::graph::from_fn(|n: u32, edge: &mut dyn FnMut(u32, u32)| edge(n + 1, 3));
    /// let mut engine = AStar::new(BinaryHeap::new(), HashStore::new());
    /// let mut path = Vec::with_capacity(16);
    /// let status = engine.run_into(&g, Query::until(0, |n| n == 4, |_| 0), &mut path);
    /// assert_eq!(status, Status::Found { cost: 12 });
    /// assert_eq!(path, [0, 1, 2, 3, 4]);
    /// ```
    pub fn run_into<G, H, T>(
        &mut self,
        graph: &G,
        query: Query<G::Node, G::Cost, H, T>,
        path: &mut Vec<G::Node>,
    ) -> Status<G::Node, G::Cost>
    where
        G: Graph,
        O: OpenSet<G::Cost>,
        S: ClosedSet<G>,
        H: Heuristic<G::Node, G::Cost>,
        T: Goal<G::Node>,
    {
        let (_, run) = self.resume(graph, query, None, u64::MAX);
        path.clear();
        let status = run.status(&self.store);
        if matches!(status, Status::Found { .. } | Status::Partial { .. })
            && let Some((end, _)) = run.path_end(graph, &self.store)
            && let Err(e) = path_into(graph, &self.store, end, path)
        {
            path.clear();
            return Status::Error(e);
        }
        status
    }

    /// Runs a query to a goal node within a [`Reachability`] (component
    /// labels: [`GridComponents::reach`](crate::components::GridComponents::reach)),
    /// asked before anything is expanded. If no start can reach the goal, the
    /// search ends at once with [`Outcome::NoPath`] and zero expansions, or,
    /// with [`Query::fallback_to_nearest`], searches to the reachable node
    /// nearest to the goal. Returns the result and the goal searched for (the
    /// query's or the fallback; `None` when nothing was searched). Starts or a
    /// goal outside the graph give the usual errors.
    ///
    /// # Example
    /// ```
    /// use pathseek::components::GridComponents;
    /// use pathseek::{AStar, Cell, Connectivity, Grid, GridCosts, Outcome, Query};
    /// use pathseek::{closed_set::IndexedStore, open_set::BinaryHeap};
    /// // A wall down column 5 with no door.
    /// let grid = Grid::from_fn(10, 10, Connectivity::Eight, GridCosts::new(2u32, 3), |c| c.x != 5)?;
    /// let parts = GridComponents::new(&grid);
    /// let reach = parts.reach(&grid)?;
    /// let mut engine = AStar::new(BinaryHeap::new(), IndexedStore::new());
    /// let (start, goal) = (Cell::new(0, 5), Cell::new(9, 5));
    /// let q = Query::new(start, goal, grid.heuristic(goal));
    /// let (r, used) = engine.run_within(&grid, &reach, q.clone());
    /// assert_eq!((r.outcome, r.stats.expanded, used), (Outcome::NoPath, 0, None));
    /// // With the fallback: to the cell nearest the goal on the start's side.
    /// let (r, used) = engine.run_within(&grid, &reach, q.fallback_to_nearest());
    /// assert_eq!(used, Some(Cell::new(4, 5)));
    /// assert_eq!(r.found().unwrap().goal(), Some(&Cell::new(4, 5)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[allow(clippy::type_complexity)]
    pub fn run_within<G, H, R>(
        &mut self,
        graph: &G,
        reach: &R,
        mut query: Query<G::Node, G::Cost, H, Target<G::Node>>,
    ) -> (SearchResult<G::Node, G::Cost>, Option<G::Node>)
    where
        G: Graph,
        O: OpenSet<G::Cost>,
        S: ClosedSet<G>,
        H: Heuristic<G::Node, G::Cost>,
        R: Reachability<G::Node>,
    {
        match precheck(graph, reach, &mut query) {
            Precheck::NoPath => {
                self.clear_stats();
                (self.result(Status::NoPath, Vec::new()), None)
            }
            Precheck::Search => {
                let goal = query.goal.0;
                (self.run(graph, query), Some(goal))
            }
        }
    }

    /// Runs `query` from where `run` stands (`None`: from its start) for up
    /// to `budget` expansions: the one-shot searches' whole run and the sliced
    /// search's step. Out of line, so that both run the same machine code.
    #[inline(never)]
    #[allow(clippy::type_complexity)]
    pub(crate) fn resume<G, H, T>(
        &mut self,
        graph: &G,
        query: Query<G::Node, G::Cost, H, T>,
        run: Option<Run<G::Node, G::Cost>>,
        budget: u64,
    ) -> (Query<G::Node, G::Cost, H, T>, Run<G::Node, G::Cost>)
    where
        G: Graph,
        O: OpenSet<G::Cost>,
        S: ClosedSet<G>,
        H: Heuristic<G::Node, G::Cost>,
        T: Goal<G::Node>,
    {
        let Query {
            starts,
            goal,
            heuristic,
            limits,
            fallback,
        } = query;
        let fresh = run.is_none();
        let mut core = Core {
            graph,
            open: &mut self.open,
            store: &mut self.store,
            stats: &mut self.stats,
            heuristic,
            goal,
            limits,
            run: run.unwrap_or_else(Run::new),
        };
        if fresh {
            core.start(&starts);
        }
        core.advance(budget);
        let query = Query {
            starts,
            goal: core.goal,
            heuristic: core.heuristic,
            limits,
            fallback,
        };
        (query, core.run)
    }
}
