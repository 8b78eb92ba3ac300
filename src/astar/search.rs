//! A search in progress: the pop-and-expand loop, and the path at its end.

use super::relax::Relax;
use crate::closed_set::{ClosedSet, NO_SLOT};
use crate::cost::Cost;
use crate::graph::{Expansion, Graph};
use crate::open_set::{Entry, OpenSet};
use crate::result::{CostResult, Outcome, Path, SearchError, SearchResult, Stats};
use num_traits::Zero;

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
