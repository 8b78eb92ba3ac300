//! The loop of fringe search: the starts into the fringe, then passes over
//! it, each expanding the nodes within the f-limit and deferring the others,
//! and the relaxation of an expanded node's edges.
//!
//! The records (g, cached h, parent, closed) are the node store's, as in the
//! A* core; the run's end, best node and partial path are the A* core's
//! [`Run`], so both report limits, partial paths and errors alike.

use super::list::{FringeList, SENTINEL};
use super::FringeStats;
use crate::astar::{check_query, overflow_or_infinite, unknown_slot, End, Run};
use crate::cost::{Cost, OrderKey};
use crate::graph::{EdgeSink, Expansion, Graph};
use crate::query::{Goal, Heuristic, Limit, Limits, Query, CLOCK_INTERVAL};
use crate::result::{SearchError, Stats};
use crate::store::{ClosedSet, NO_SLOT};
use std::time::Instant;

/// The order-preserving `u64` key of a valid cost: the list's `f`, the
/// f-limit and the smallest deferred `f` compare as integers.
#[inline(always)]
fn key<C: Cost>(c: C) -> u64 {
    c.to_key().to_u64()
}

/// One search's view of the engine's structures and of its query.
pub(super) struct Scan<'a, G: Graph, S, H, T> {
    pub(super) graph: &'a G,
    pub(super) store: &'a mut S,
    pub(super) list: &'a mut FringeList,
    pub(super) stats: &'a mut Stats,
    pub(super) passes: &'a mut FringeStats,
    pub(super) heuristic: H,
    pub(super) goal: T,
    pub(super) limits: Limits<G::Cost>,
    pub(super) run: Run<G::Node, G::Cost>,
}

impl<'a, G, S, H, T> Scan<'a, G, S, H, T>
where
    G: Graph,
    S: ClosedSet<G>,
    H: Heuristic<G::Node, G::Cost>,
    T: Goal<G::Node>,
{
    /// Runs `query` to its end on the structures given; the run says how it
    /// ended (the path is read from the store's records).
    #[inline(never)]
    pub(super) fn run(
        graph: &'a G,
        store: &'a mut S,
        list: &'a mut FringeList,
        stats: &'a mut Stats,
        passes: &'a mut FringeStats,
        query: Query<G::Node, G::Cost, H, T>,
    ) -> Run<G::Node, G::Cost> {
        let Query {
            starts,
            goal,
            heuristic,
            limits,
            fallback: _,
        } = query;
        *stats = Stats::default();
        *passes = FringeStats::default();
        let mut scan = Scan {
            graph,
            store,
            list,
            stats,
            passes,
            heuristic,
            goal,
            limits,
            run: Run::new(),
        };
        match scan.seed(&starts) {
            Ok(limit) => scan.passes(limit),
            Err(e) => scan.run.end = Some(End::Error(e)),
        }
        scan.stats.stored = scan.store.len();
        scan.run.settle_partial(scan.graph, &*scan.store);
        scan.run
    }

    /// Clears the structures, makes the checks every search makes (the
    /// A* core's), and puts the starts into the fringe in the query's
    /// order. Returns the first f-limit: the smallest `f` of the starts.
    fn seed(
        &mut self,
        starts: &[(G::Node, G::Cost)],
    ) -> Result<u64, SearchError<G::Node, G::Cost>> {
        self.list.clear();
        self.store.reset(self.graph)?;
        check_query(self.graph, starts, self.goal.node(), &self.limits)?;
        let mut limit = u64::MAX;
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
            let at = FringeList::index(slot);
            if found.fresh {
                self.list.push_back(at, key(f));
            } else {
                self.list.set_f(at, key(f));
            }
            limit = limit.min(key(f));
            self.stats.pushed += 1;
            self.run.offer_start(slot, h, g);
        }
        self.stats.max_open = self.list.len();
        Ok(limit)
    }

    /// The passes over the fringe, from the f-limit `limit`, until the search
    /// ends.
    #[inline(always)]
    fn passes(&mut self, mut limit: u64) {
        let max_cost = self.limits.max_cost.map_or(u64::MAX, key);
        let below_cost = self.limits.below_cost.map_or(u64::MAX, key);
        let max_expansions = self.limits.max_expansions.unwrap_or(u64::MAX);
        let max_stored = self.limits.max_stored;
        let deadline = self.limits.deadline;
        // A node within the limit takes the slow path when the expansion
        // count reaches this (every node when the store is limited), or when
        // the visit count reaches the clock's next reading.
        let checkpoint = if max_stored.is_some() {
            0
        } else {
            max_expansions
        };
        let mut clock_at = if deadline.is_some() { 0 } else { u64::MAX };
        let (mut expanded, mut visited) = (0u64, 0u64);
        'passes: loop {
            if limit > max_cost || limit >= below_cost {
                self.run.end = Some(End::Partial(Limit::Cost));
                break;
            }
            self.passes.iterations += 1;
            // The smallest `f` deferred in this pass: the next limit. A node
            // deferred and then reached more cheaply in the same pass may
            // leave its old `f` here, never below its new one; the next pass
            // then finds nothing within the limit and sets it right.
            let mut next_limit = u64::MAX;
            let mut at = self.list.next(SENTINEL);
            while at != SENTINEL {
                let link = self.list.link(at);
                visited += 1;
                if link.f > limit {
                    next_limit = next_limit.min(link.f);
                    at = link.next;
                    continue;
                }
                let mut last = false;
                if expanded >= checkpoint || visited >= clock_at {
                    if visited >= clock_at {
                        clock_at = visited + CLOCK_INTERVAL;
                        if deadline.is_some_and(|t| Instant::now() >= t) {
                            self.run.end = Some(End::Partial(Limit::Deadline));
                            break 'passes;
                        }
                    }
                    if max_stored.is_some_and(|max| self.store.len() >= max) {
                        self.run.end = Some(End::Partial(Limit::Stored));
                        break 'passes;
                    }
                    // One more node is taken: the goal may be this one.
                    last = expanded >= max_expansions;
                }
                match self.take(at, last, &mut expanded) {
                    Some(next) => at = next,
                    None => break 'passes,
                }
            }
            if self.list.len() == 0 {
                self.run.end = Some(End::NoPath);
                break;
            }
            if visited >= clock_at {
                clock_at = visited + CLOCK_INTERVAL;
                if deadline.is_some_and(|t| Instant::now() >= t) {
                    self.run.end = Some(End::Partial(Limit::Deadline));
                    break;
                }
            }
            limit = next_limit;
        }
        self.stats.expanded = expanded;
        self.passes.visited = visited;
    }

    /// Takes the node at `at` (within the limit): the goal ends the search
    /// (`None`); otherwise, unless `last` (the expansion limit is reached:
    /// the search ends as partial), expands it (counted in `expanded`), its
    /// improved successors put right after it, takes it out of the fringe
    /// and returns the node to visit next. An error while relaxing ends the
    /// search.
    #[inline(always)]
    fn take(&mut self, at: u32, last: bool, expanded: &mut u64) -> Option<u32> {
        let slot = FringeList::slot(at);
        let Some(record) = self.store.record_mut(slot) else {
            self.run.end = Some(End::Error(unknown_slot()));
            return None;
        };
        record.set_closed(true);
        let (g, h, parent_slot) = (record.g, record.h, record.parent);
        self.run.offer_taken(slot, h, g);
        let Some(node) = self.store.node(self.graph, slot) else {
            self.run.end = Some(End::Error(SearchError::StoreUnsupported {
                reason: "the node store could not map a slot back to its node (Graph::node_at)",
            }));
            return None;
        };
        if self.goal.is_goal(node) {
            self.run.end = Some(End::Found { slot, cost: g });
            return None;
        }
        if last {
            self.run.end = Some(End::Partial(Limit::Expansions));
            return None;
        }
        *expanded += 1;
        let graph = self.graph;
        // Only graphs that prune by direction read the parent.
        let parent = if parent_slot == NO_SLOT {
            None
        } else {
            self.store.node(graph, parent_slot)
        };
        let mut relax = Relax {
            graph,
            store: &mut *self.store,
            list: &mut *self.list,
            heuristic: &mut self.heuristic,
            stats: &mut *self.stats,
            error: &mut self.run.end,
            from: node,
            parent: slot,
            g,
            anchor: at,
        };
        let expansion = Expansion::new(node)
            .with_parent(parent)
            .with_goal(self.goal.node());
        graph.expand(expansion, &mut relax);
        let next = self.list.next(at);
        self.list.remove(at);
        // Measured with the expanded node still in: the most it held.
        let open = self.list.len() + 1;
        if open > self.stats.max_open {
            self.stats.max_open = open;
        }
        if self.run.end.is_some() {
            return None;
        }
        Some(next)
    }
}

/// The relaxation of one expanded node's edges: a successor reached for the
/// first time, or more cheaply than before, goes into the fringe right
/// after the expanded node (after the successors put there before it, so
/// they are visited next, in the graph's order), leaving its old place if it
/// had one, or reopened if it had been expanded.
struct Relax<'r, G: Graph, S, H> {
    graph: &'r G,
    store: &'r mut S,
    list: &'r mut FringeList,
    heuristic: &'r mut H,
    stats: &'r mut Stats,
    /// The first error met while relaxing this node's edges.
    error: &'r mut Option<End<G::Node, G::Cost>>,
    from: G::Node,
    /// The expanded node's slot.
    parent: u32,
    g: G::Cost,
    /// Where the next improved successor goes: after this link.
    anchor: u32,
}

impl<G, S, H> EdgeSink<G::Node, G::Cost> for Relax<'_, G, S, H>
where
    G: Graph,
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

impl<G, S, H> Relax<'_, G, S, H>
where
    G: Graph,
    S: ClosedSet<G>,
    H: Heuristic<G::Node, G::Cost>,
{
    /// Relaxes the edge to `succ` (`index`: its dense id, if the graph
    /// passed it). Errors are the A* core's, for the same inputs; the first
    /// one is kept and the search ends after this node's expansion.
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
        let at = FringeList::index(slot);
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
            self.list.insert_after(self.anchor, at, key(f));
            self.anchor = at;
            self.stats.pushed += 1;
            return;
        }
        if g < record.g {
            let Some(f) = g.checked_add_valid(record.h) else {
                return fail(self.error, SearchError::CostOverflow { node: succ });
            };
            record.g = g;
            record.parent = self.parent;
            if record.is_closed() {
                // Expanded before at a higher cost: back into the fringe.
                record.set_closed(false);
                self.stats.reopened += 1;
            } else {
                // In the fringe (behind the expanded node, deferred, or
                // ahead of it): moved to right after it.
                if at == self.anchor {
                    self.anchor = self.list.prev(at);
                }
                self.list.remove(at);
            }
            self.list.insert_after(self.anchor, at, key(f));
            self.anchor = at;
            self.stats.pushed += 1;
        }
    }
}

/// Keeps the first error of an expansion. Out of line and cold, as in the
/// A* core.
#[cold]
#[inline(never)]
fn fail<N, C>(end: &mut Option<End<N, C>>, error: SearchError<N, C>) {
    if end.is_none() {
        *end = Some(End::Error(error));
    }
}
