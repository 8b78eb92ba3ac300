//! The one search loop every query runs: the start checks, pop and expand,
//! limits, the best node so far, edge relaxation, and the path read back
//! from the records.
//!
//! It is one module on purpose: the release build keeps a module's code in
//! one codegen unit, and the loop ([`Engine::resume`], out of line) inlines
//! everything it calls from here. The public entry points
//! ([`AStar`](crate::AStar), [`astar`](fn@crate::astar),
//! [`search`](fn@crate::search)) live beside it and all reach the loop
//! through `resume`.

use crate::cost::Cost;
use crate::graph::{cheapest_edge, EdgeSink, Expansion, Graph};
use crate::open_set::{Entry, OpenSet};
use crate::query::{Goal, Heuristic, Limit, Limits, Query, CLOCK_INTERVAL};
use crate::result::{Outcome, Path, SearchError, SearchResult, Stats, Status};
use crate::store::{ClosedSet, Records, NO_SLOT};
use num_traits::Zero;
use std::time::Instant;

/// The structures of a search, kept between searches: an open set, a node
/// store and the counters of the last search. [`AStar`](crate::AStar) holds
/// one together with the query in progress; the one-shot searches borrow a
/// spare one, and the structures built on searches (landmarks, flow fields)
/// keep one, running queries of any type through [`Engine::run`].
#[derive(Clone, Debug, Default)]
pub(crate) struct Engine<O, S> {
    pub(crate) open: O,
    pub(crate) store: S,
    pub(crate) stats: Stats,
}

impl<O, S> Engine<O, S> {
    pub(crate) fn new(open: O, store: S) -> Self {
        Engine {
            open,
            store,
            stats: Stats::default(),
        }
    }

    /// Runs `query` from where `run` stands (`None`: from its start) for up
    /// to `budget` expansions: every entry point's search goes through here.
    /// Out of line, so that one-shot and sliced searches run the same
    /// machine code.
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

    /// Runs `query` to its end and writes its path (to the goal, or the
    /// partial path) into `path`, cleared first; hands the query back.
    #[allow(clippy::type_complexity)]
    pub(crate) fn run_into<G, H, T>(
        &mut self,
        graph: &G,
        query: Query<G::Node, G::Cost, H, T>,
        path: &mut Vec<G::Node>,
    ) -> (
        Status<G::Node, G::Cost>,
        Query<G::Node, G::Cost, H, T>,
        Run<G::Node, G::Cost>,
    )
    where
        G: Graph,
        O: OpenSet<G::Cost>,
        S: ClosedSet<G>,
        H: Heuristic<G::Node, G::Cost>,
        T: Goal<G::Node>,
    {
        let (query, run) = self.resume(graph, query, None, u64::MAX);
        let status = run.write_path(graph, &self.store, path);
        (status, query, run)
    }

    /// Runs `query` to its end: the result with its path.
    pub(crate) fn run<G, H, T>(
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
        let (status, _, _) = self.run_into(graph, query, &mut path);
        result(status, path, self.stats)
    }
}

/// The result of a search that ended with `status`, its path in `path`.
pub(crate) fn result<N, C>(status: Status<N, C>, path: Vec<N>, stats: Stats) -> SearchResult<N, C> {
    let outcome = match status {
        Status::Found { cost } => Outcome::Found(Path { nodes: path, cost }),
        Status::Partial { limit, cost } => Outcome::Partial {
            path: Path { nodes: path, cost },
            limit,
        },
        Status::Error(e) => Outcome::Error(e),
        Status::NoPath => Outcome::NoPath,
        Status::Idle | Status::InProgress => Outcome::Error(SearchError::NotStarted),
    };
    SearchResult { outcome, stats }
}

/// The largest graph (in nodes) whose one-shot searches use an indexed
/// store: 2^20, so a thread's spare engine keeps at most 16 MiB of records
/// with 32-bit costs (24 MiB with 64-bit ones) per cost type.
pub(crate) const SPARE_INDEXED_NODES: usize = 1 << 20;

/// The error of a popped slot that has no record: a store or open set that
/// broke its contract.
#[cold]
#[inline(never)]
pub(crate) fn unknown_slot<N, C>() -> SearchError<N, C> {
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
/// closures, so an [`AStar`](crate::AStar) keeps it between calls.
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

    /// Whether the run has stored anything: false before its starts are
    /// stored, after an error in the checks before any expansion, and for
    /// an answer of component labels (no path, nothing searched).
    pub(crate) fn searched(&self) -> bool {
        self.best.slot != NO_SLOT
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

    /// Writes the path the search offers now into `path` (cleared first):
    /// to the goal once found, to the best node after a limit; nothing for
    /// no path or an error. Returns the status, or the error of a path that
    /// cannot be read back.
    pub(crate) fn write_path<G: Graph<Node = N, Cost = C>, S: ClosedSet<G>>(
        &self,
        graph: &G,
        store: &S,
        path: &mut Vec<N>,
    ) -> Status<N, C>
    where
        N: Clone,
    {
        path.clear();
        let status = self.status(store);
        if matches!(status, Status::Found { .. } | Status::Partial { .. })
            && let Some((end, _)) = self.path_end(graph, store)
            && let Err(e) = path_into(graph, store, end, path)
        {
            path.clear();
            return Status::Error(e);
        }
        status
    }

    /// Offers a start (initial cost `g`, estimate `h`) as the best node so
    /// far: it becomes the best if it is the first, or has a smaller `h`, or
    /// the same `h` and a smaller `g`.
    #[inline(always)]
    pub(crate) fn offer_start(&mut self, slot: u32, h: C, g: C) {
        let best = self.best;
        if best.slot == NO_SLOT || h < best.h || (h == best.h && g < best.g) {
            self.best = Best { slot, h, g };
        }
    }

    /// Offers a node taken for expansion (popped from the open set, or
    /// within the f-limit of a fringe search) as the best node so far: a
    /// smaller `h`, or the same `h` and a smaller `g`; the best node taken
    /// again (reopened: cheaper) refreshes its `g`.
    #[inline(always)]
    pub(crate) fn offer_taken(&mut self, slot: u32, h: C, g: C) {
        let best = &mut self.best;
        if h <= best.h && (h < best.h || g < best.g || slot == best.slot) {
            *best = Best { slot, h, g };
        }
    }

    /// After a limit ended the search: works out the cost of the partial
    /// path (see [`chain_cost`]).
    pub(crate) fn settle_partial<G: Graph<Cost = C>, S: ClosedSet<G>>(
        &mut self,
        graph: &G,
        store: &S,
    ) {
        if let Some(End::Partial(_)) = self.end {
            self.partial_cost = chain_cost(graph, store, self.best.slot);
        }
    }

    /// Ends a search in progress as partial ([`Limit::Stopped`]), its path
    /// to the best node so far; a search that has ended stays as it is.
    pub(crate) fn stop<G: Graph<Node = N, Cost = C>, S: ClosedSet<G>>(
        &mut self,
        graph: &G,
        store: &S,
    ) {
        if self.end.is_none() {
            self.end = Some(End::Partial(Limit::Stopped));
            self.partial_cost = chain_cost(graph, store, self.best.slot);
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
        check_query(self.graph, starts, self.goal.node(), &self.limits)?;
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
                .ok_or_else(|| overflow_or_infinite(start, h))?;
            record.g = g;
            let entry = Entry { f, g, slot };
            if found.fresh {
                self.open.push(entry);
            } else {
                self.open.decrease_key(entry);
            }
            self.stats.pushed += 1;
            self.run.offer_start(slot, h, g);
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
        self.run.settle_partial(self.graph, &*self.store);
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
            if self.limits.max_cost.is_some_and(|max| entry.f > max)
                || self.limits.below_cost.is_some_and(|bound| entry.f >= bound)
            {
                self.run.end = Some(End::Partial(Limit::Cost));
                return false;
            }
            record.set_closed(true);
            let parent_slot = record.parent;
            let h = record.h;
            self.run.offer_taken(entry.slot, h, entry.g);
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

/// The checks every search makes before expanding anything, A* and fringe
/// search alike: at least one start, every start in the graph with a valid
/// initial cost, the goal node (if the goal is one node) in the graph, and
/// a valid `max_cost` and `below_cost`.
pub(crate) fn check_query<G: Graph>(
    graph: &G,
    starts: &[(G::Node, G::Cost)],
    goal: Option<G::Node>,
    limits: &Limits<G::Cost>,
) -> Result<(), SearchError<G::Node, G::Cost>> {
    if starts.is_empty() {
        return Err(SearchError::NoStart);
    }
    for &(start, initial) in starts {
        if !graph.contains(start) {
            return Err(SearchError::StartBlocked { node: start });
        }
        if !initial.is_valid() {
            return Err(SearchError::InvalidStartCost {
                node: start,
                cost: initial,
            });
        }
    }
    if let Some(goal) = goal
        && !graph.contains(goal)
    {
        return Err(SearchError::GoalBlocked { node: goal });
    }
    if let Some(max) = limits.max_cost
        && !max.is_valid()
    {
        return Err(SearchError::InvalidMaxCost { cost: max });
    }
    if let Some(bound) = limits.below_cost
        && !bound.is_valid()
    {
        return Err(SearchError::InvalidMaxCost { cost: bound });
    }
    Ok(())
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

    /// Relaxes `to` through the expanded node's parent when that is no
    /// dearer than through the node itself (Theta*'s second path).
    #[inline]
    fn edge_from_parent(
        &mut self,
        to: G::Node,
        index: Option<usize>,
        cost: G::Cost,
        cost_from_parent: G::Cost,
    ) {
        // The expanded node's own parent (none for a start), read from its
        // record: only any-angle graphs come here.
        let grandparent = self
            .store
            .record_mut(self.parent)
            .map_or(NO_SLOT, |r| r.parent);
        let via = (grandparent != NO_SLOT && cost_from_parent.is_valid())
            .then(|| self.store.record_mut(grandparent).map(|r| r.g))
            .flatten()
            .and_then(|g| g.checked_add_valid(cost_from_parent));
        let direct = self.g.checked_add_valid(cost);
        match (via, direct) {
            (Some(via), Some(direct)) if via <= direct && cost.is_valid() => {
                self.reach_via(to, index, via, grandparent)
            }
            _ => self.relax(to, index, cost),
        }
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
                return fail(self.error, overflow_or_infinite(succ, h));
            };
            record.g = g;
            record.h = h;
            record.parent = self.parent;
            self.open.push(Entry { f, g, slot });
            self.stats.pushed += 1;
            return;
        }
        if g < record.g {
            if !(H::REOPEN && G::REOPEN) && record.is_closed() {
                return;
            }
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

    /// [`relax`](Self::relax) for `succ` reached at cost `g` from the node
    /// in slot `parent` (the expanded node's parent: a shortcut of an
    /// any-angle graph). The same steps as `relax` after its cost checks,
    /// kept apart so that `relax`, the hot path of every other graph,
    /// compiles as it did (sharing one function cost 5% more instructions
    /// on the den520d subset).
    #[inline(never)]
    fn reach_via(&mut self, succ: G::Node, index: Option<usize>, g: G::Cost, parent: u32) {
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
                return fail(self.error, overflow_or_infinite(succ, h));
            };
            record.g = g;
            record.h = h;
            record.parent = parent;
            self.open.push(Entry { f, g, slot });
            self.stats.pushed += 1;
            return;
        }
        if g < record.g {
            if !(H::REOPEN && G::REOPEN) && record.is_closed() {
                return;
            }
            let Some(f) = g.checked_add_valid(record.h) else {
                return fail(self.error, SearchError::CostOverflow { node: succ });
            };
            record.g = g;
            record.parent = parent;
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

/// The error of an `f = g + h` that does not fit: an infinite heuristic value
/// (floats) is an invalid heuristic, anything else an overflow.
#[cold]
#[inline(never)]
pub(crate) fn overflow_or_infinite<N, C: Cost>(node: N, h: C) -> SearchError<N, C> {
    if h.checked_add_valid(C::zero()).is_none() {
        SearchError::InvalidHeuristic { node, value: h }
    } else {
        SearchError::CostOverflow { node }
    }
}
