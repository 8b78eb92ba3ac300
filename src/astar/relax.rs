//! Edge relaxation: what the core does with each edge of an expanded node.

use crate::closed_set::ClosedSet;
use crate::cost::Cost;
use crate::graph::{EdgeSink, Graph};
use crate::open_set::{Entry, OpenSet};
use crate::result::{SearchError, Stats};

/// The state needed to relax the edges of one expanded node.
pub(super) struct Relax<'r, G: Graph, O, S, H> {
    pub(super) graph: &'r G,
    pub(super) open: &'r mut O,
    pub(super) store: &'r mut S,
    pub(super) heuristic: &'r mut H,
    pub(super) stats: &'r mut Stats,
    /// The first error met while relaxing this node's edges.
    pub(super) error: &'r mut Option<SearchError<G::Node, G::Cost>>,
    pub(super) from: G::Node,
    pub(super) parent: u32,
    pub(super) g: G::Cost,
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
