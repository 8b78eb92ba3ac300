//! The algorithm of [`DStarLite`]: the per-cell state, the keys, the lazy
//! queue and `ComputeShortestPath`.

use super::DStarLite;
use crate::cost::Cost;
use crate::graph::{DenseIds, EdgeSink, Expansion};
use crate::incremental::Replannable;
use crate::open_set::{Entry, OpenSet};
use crate::query::Heuristic;
use crate::result::{SearchError, Status};

/// A cost to the goal as D* Lite keeps it: the cost, and how many steps
/// of the path it was read from added nothing to it (a move of cost 0, or
/// one too small to change a float sum). Ordered by the cost, then by that
/// count, so every step adds to a label (a zero-cost move adds one to the
/// count): labels that rest on each other round a cycle cannot all be
/// consistent, which is what keeps the plan exact with zero-cost moves
/// (see "Zero-cost moves" on [`DStarLite`]). Without such moves the count
/// is always 0 and the order is the cost's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Label<C> {
    pub(super) cost: C,
    pub(super) zeros: u32,
}

impl<C: Cost> Label<C> {
    /// Infinite: not reached (`C::max_value()`).
    #[inline]
    pub(super) fn inf() -> Self {
        Label {
            cost: C::max_value(),
            zeros: 0,
        }
    }

    #[inline]
    pub(super) fn zero() -> Self {
        Label {
            cost: C::zero(),
            zeros: 0,
        }
    }

    #[inline]
    pub(super) fn is_inf(self) -> bool {
        self.cost == C::max_value()
    }

    /// `self` comes before `other`: a smaller cost, or the same cost with
    /// fewer zero steps.
    #[inline]
    pub(super) fn lt(self, other: Self) -> bool {
        self.cost < other.cost || (self.cost == other.cost && self.zeros < other.zeros)
    }

    /// The smaller of the two (`self` on equals).
    #[inline]
    fn min(self, other: Self) -> Self {
        if other.lt(self) {
            other
        } else {
            self
        }
    }
}

/// The label of a move of cost `c` followed by a path of label `to`:
/// infinite if `to` is; `None` when the cost overflows (or reaches the
/// infinity value), or the count of zero steps does.
#[inline]
pub(super) fn step<C: Cost>(c: C, to: Label<C>) -> Option<Label<C>> {
    if to.is_inf() {
        return Some(Label::inf());
    }
    let cost = sum(c, to.cost)?;
    if cost == C::max_value() {
        return Some(Label::inf());
    }
    let zeros = if cost == to.cost {
        to.zeros.checked_add(1)?
    } else {
        to.zeros
    };
    Some(Label { cost, zeros })
}

#[derive(Clone, Copy, Debug)]
pub(super) struct NodeState<C> {
    /// Settled cost to the goal (`C::max_value()`: infinite), with
    /// [`g_zeros`](Self::g_zeros) its label ([`g`](Self::g)).
    g_cost: C,
    /// One-step look-ahead: `min over successors s' of c(s, s') + g(s')`
    /// (0 at the goal), with [`rhs_zeros`](Self::rhs_zeros) its label
    /// ([`rhs`](Self::rhs)).
    rhs_cost: C,
    /// The key of the node's live entry (`k1`), when `queued`.
    pub(super) key_f: C,
    /// The tie half of that entry (see "Ties" on [`DStarLite`]).
    pub(super) key_tie: C,
    /// The zero steps of `g` and `rhs` (kept apart from the costs: no
    /// padding between a float cost and a count).
    g_zeros: u32,
    rhs_zeros: u32,
    /// How many entries of this node the open set physically holds (live or stale).
    pub(super) copies: u32,
    /// `true` when the node is in D* Lite's queue `U` (its live entry is the
    /// one with key `(key_f, key_tie)`).
    pub(super) queued: bool,
}

impl<C: Cost> NodeState<C> {
    pub(super) fn fresh() -> Self {
        NodeState {
            g_cost: C::max_value(),
            rhs_cost: C::max_value(),
            key_f: C::zero(),
            key_tie: C::zero(),
            g_zeros: 0,
            rhs_zeros: 0,
            copies: 0,
            queued: false,
        }
    }

    /// The settled label, `g`.
    #[inline]
    pub(super) fn g(&self) -> Label<C> {
        Label {
            cost: self.g_cost,
            zeros: self.g_zeros,
        }
    }

    /// The look-ahead label, `rhs`.
    #[inline]
    pub(super) fn rhs(&self) -> Label<C> {
        Label {
            cost: self.rhs_cost,
            zeros: self.rhs_zeros,
        }
    }

    #[inline]
    pub(super) fn set_g(&mut self, g: Label<C>) {
        (self.g_cost, self.g_zeros) = (g.cost, g.zeros);
    }

    #[inline]
    pub(super) fn set_rhs(&mut self, rhs: Label<C>) {
        (self.rhs_cost, self.rhs_zeros) = (rhs.cost, rhs.zeros);
    }
}

/// Collects the edges a graph reports into a reused buffer, with their
/// dense ids; remembers the first edge whose cost is NaN or negative.
struct Collect<'a, G: DenseIds> {
    graph: &'a G,
    out: &'a mut Vec<(usize, G::Node, G::Cost)>,
    invalid: Option<(G::Node, G::Cost)>,
}

impl<'a, G: DenseIds> Collect<'a, G> {
    fn new(graph: &'a G, out: &'a mut Vec<(usize, G::Node, G::Cost)>) -> Self {
        out.clear();
        Collect {
            graph,
            out,
            invalid: None,
        }
    }

    #[inline]
    fn keep(&mut self, index: usize, to: G::Node, cost: G::Cost) {
        if cost.is_valid() {
            self.out.push((index, to, cost));
        } else if self.invalid.is_none() {
            self.invalid = Some((to, cost));
        }
    }
}

impl<G: DenseIds> EdgeSink<G::Node, G::Cost> for Collect<'_, G> {
    #[inline]
    fn edge(&mut self, to: G::Node, cost: G::Cost) {
        if let Some(index) = self.graph.node_index(to) {
            self.keep(index, to, cost);
        }
    }

    #[inline]
    fn indexed_edge(&mut self, to: G::Node, index: usize, cost: G::Cost) {
        self.keep(index, to, cost);
    }
}

/// `a + b` with `C::max_value()` as infinity: infinite if either is, `None`
/// when a finite sum overflows (or reaches the infinity value).
#[inline]
pub(super) fn sum<C: Cost>(a: C, b: C) -> Option<C> {
    let inf = C::max_value();
    if a == inf || b == inf {
        return Some(inf);
    }
    a.checked_add_valid(b).filter(|&s| s < inf)
}

/// The second half of a key, as an [`Entry`]'s `g` (larger first on equal
/// `k1`): infinite for an underconsistent node (`g < rhs`: raised before any
/// overconsistent node of the same `k1`), else the cost of
/// `k2 = min(g, rhs)`, so that among overconsistent nodes the one nearer
/// the unit comes first, as A* breaks ties.
#[inline]
fn tie<C: Cost>(g: Label<C>, rhs: Label<C>) -> C {
    if g.lt(rhs) {
        C::max_value()
    } else {
        rhs.cost
    }
}

impl<N, C, G, O> DStarLite<G, O>
where
    N: Copy + Eq + core::hash::Hash + core::fmt::Debug,
    C: Cost,
    G: Replannable<Node = N, Cost = C>,
    O: OpenSet<C>,
{
    /// `graph` has the node count the plan was started on.
    pub(super) fn same_size(&self, graph: &G) -> bool {
        graph.node_count() == self.nodes.len()
    }

    /// The heuristic estimate from the unit's node to `node` (0 before a
    /// start, which every caller follows).
    #[inline]
    pub(super) fn estimate(&self, node: N) -> C {
        match self.h {
            Some(mut h) => h.estimate(node),
            None => C::zero(),
        }
    }

    /// The entry of node `i`'s key: `Entry { f: k1, g: tie }`, where `tie`
    /// is `k2 = min(g, rhs)` for an overconsistent node and infinite for an
    /// underconsistent one (see "Ties" on [`DStarLite`]).
    #[inline]
    fn key(&self, i: usize, node: N) -> Result<Entry<C>, SearchError<N, C>> {
        let n = &self.nodes[i];
        let k2 = n.g().min(n.rhs()).cost;
        let Some(f) = sum(self.estimate(node), self.k_m).and_then(|hk| sum(k2, hk)) else {
            return Err(SearchError::CostOverflow { node });
        };
        Ok(Entry {
            f,
            g: tie(n.g(), n.rhs()),
            slot: i as u32,
        })
    }

    fn push(&mut self, entry: Entry<C>) {
        let before = self.open.len();
        self.open.push(entry);
        self.note_growth(entry.slot as usize, before);
    }

    /// Notes that node `i` is about to leave its fresh state (both labels
    /// infinite), for the next start's reset; gives up the list (a full
    /// reset) past a quarter of the nodes.
    #[inline]
    pub(super) fn touch(&mut self, i: usize) {
        let n = &self.nodes[i];
        if n.g_cost != C::max_value() || n.rhs_cost != C::max_value() {
            return; // already listed
        }
        let limit = self.nodes.len() / 4;
        if let Some(touched) = self.touched.as_mut() {
            match u32::try_from(i) {
                Ok(i) if touched.len() < limit => touched.push(i),
                _ => self.touched = None,
            }
        }
    }

    /// Counts the entries a push or decrease-key added.
    fn note_growth(&mut self, i: usize, before: usize) {
        let after = self.open.len();
        self.nodes[i].copies += (after.saturating_sub(before)) as u32;
        self.current.pushed += 1;
        self.current.max_open = self.current.max_open.max(after);
    }

    /// D* Lite's `UpdateVertex(u)` (its `rhs` already current): queued with
    /// its key when inconsistent, out of the queue when consistent.
    pub(super) fn update_vertex(&mut self, i: usize, node: N) -> Result<(), SearchError<N, C>> {
        self.current.updated += 1;
        let n = self.nodes[i];
        if n.g() == n.rhs() {
            self.nodes[i].queued = false; // lazy removal
            return Ok(());
        }
        if self.needs_rekey {
            // The keys are rebuilt from scratch before the next replan.
            self.nodes[i].queued = true;
            return Ok(());
        }
        let entry = self.key(i, node)?;
        let old = Entry {
            f: n.key_f,
            g: n.key_tie,
            slot: entry.slot,
        };
        if n.queued && entry == old {
            return Ok(());
        }
        self.nodes[i].key_f = entry.f;
        self.nodes[i].key_tie = entry.g;
        self.nodes[i].queued = true;
        if n.queued && n.copies == 1 && entry.precedes(&old) {
            let before = self.open.len();
            self.open.decrease_key(entry);
            self.note_growth(i, before);
        } else {
            self.push(entry);
        }
        Ok(())
    }

    /// `rhs(i) = min over successors s' of c(i, s') + g(s')` (the goal keeps
    /// 0), then `UpdateVertex(i)`.
    pub(super) fn recompute_rhs(
        &mut self,
        graph: &G,
        i: usize,
        node: N,
    ) -> Result<(), SearchError<N, C>> {
        if i != self.goal_index {
            let mut out = core::mem::take(&mut self.out);
            let mut edges = Collect::new(graph, &mut out);
            graph.expand(Expansion::new(node), &mut edges);
            let invalid = edges.invalid;
            let mut rhs = Label::inf();
            let mut result = Ok(());
            for &(s, _, c) in out.iter() {
                match step(c, self.nodes[s].g()) {
                    Some(through) => rhs = rhs.min(through),
                    None => result = Err(SearchError::CostOverflow { node }),
                }
            }
            self.out = out;
            if let Some((to, cost)) = invalid {
                return Err(SearchError::InvalidEdgeCost {
                    from: node,
                    to,
                    cost,
                });
            }
            result?;
            self.touch(i);
            self.nodes[i].set_rhs(rhs);
        }
        self.update_vertex(i, node)
    }

    /// Pops entries until a live one (the node's current key, node queued).
    fn pop_live(&mut self) -> Option<Entry<C>> {
        while let Some(e) = self.open.pop() {
            let n = &mut self.nodes[e.slot as usize];
            n.copies = n.copies.saturating_sub(1);
            if n.queued && n.key_f == e.f && n.key_tie == e.g {
                return Some(e);
            }
            self.current.stale += 1;
        }
        None
    }

    /// Recomputes every queued key from the unit's node with `k_m = 0`
    /// (after the estimate changed).
    fn rekey(&mut self, graph: &G, start: N) -> Result<(), SearchError<N, C>> {
        self.open.clear();
        self.k_m = C::zero();
        self.h = Some(graph.estimate_from(start));
        self.needs_rekey = false;
        for i in 0..self.nodes.len() {
            let n = &mut self.nodes[i];
            n.copies = 0;
            n.queued = false;
            let inconsistent = n.g() != n.rhs();
            if let Some(node) = graph.node_at(i).filter(|_| inconsistent) {
                self.update_vertex(i, node)?;
            }
        }
        Ok(())
    }

    pub(super) fn replan(&mut self, graph: &G) -> Status<N, C> {
        if self.start.is_none() || !self.same_size(graph) {
            return Status::Error(SearchError::NotStarted);
        }
        if let Some(e) = &self.error {
            return Status::Error(e.clone());
        }
        match self.repair(graph) {
            Ok(status) => status,
            Err(e) => {
                self.error = Some(e.clone());
                Status::Error(e)
            }
        }
    }

    /// The estimate the graph gives now differs from the plan's (an edit
    /// changed the estimate itself): the keys must be rebuilt.
    pub(super) fn estimate_changed(&self, graph: &G, start: N) -> bool {
        self.h != Some(graph.estimate_from(start))
    }

    fn repair(&mut self, graph: &G) -> Result<Status<N, C>, SearchError<N, C>> {
        let (Some(start), Some(goal)) = (self.start, self.goal) else {
            return Err(SearchError::NotStarted);
        };
        // A* answers these for a query from the unit's node: checked on the
        // graph as it is at every call, the plan kept meanwhile.
        if graph.node_index(start).is_none() || !graph.contains(start) {
            return Ok(Status::Error(SearchError::StartBlocked { node: start }));
        }
        if graph.node_index(goal).is_none() || !graph.contains(goal) {
            return Ok(Status::Error(SearchError::GoalBlocked { node: goal }));
        }
        if self.rebuild {
            self.reset(graph)?;
        }
        if self.needs_rekey || self.estimate_changed(graph, start) {
            self.rekey(graph, start)?;
        }
        let s = self.start_index;
        let mut budget = self.max_expansions;
        let mut around = core::mem::take(&mut self.around);
        let result = self.settle(graph, s, start, &mut budget, &mut around);
        self.around = around;
        if !result? {
            return Ok(Status::InProgress);
        }
        let g = self.nodes[s].g();
        Ok(if g.is_inf() {
            Status::NoPath
        } else {
            Status::Found { cost: g.cost }
        })
    }

    /// D* Lite's `ComputeShortestPath` loop; `false` when the budget ran out.
    fn settle(
        &mut self,
        graph: &G,
        s: usize,
        start_node: N,
        budget: &mut u64,
        around: &mut Vec<(usize, N, C)>,
    ) -> Result<bool, SearchError<N, C>> {
        while let Some(top) = self.pop_live() {
            let start = self.nodes[s];
            let start_key = Entry {
                f: sum(start.g().min(start.rhs()).cost, self.k_m)
                    .ok_or(SearchError::CostOverflow { node: start_node })?,
                g: tie(start.g(), start.rhs()),
                slot: s as u32,
            };
            if !(top.precedes(&start_key) || start.rhs() != start.g()) {
                self.push(top); // no peek: put it back
                return Ok(true);
            }
            if *budget == 0 {
                self.push(top);
                return Ok(false);
            }
            *budget -= 1;
            let u = top.slot as usize;
            let node = top_node(graph, u)?;
            let fresh = self.key(u, node)?;
            let n = self.nodes[u];
            if top.precedes(&fresh) {
                // The key was made from an older start: queue it again with its own.
                self.current.rekeyed += 1;
                self.nodes[u].key_f = fresh.f;
                self.nodes[u].key_tie = fresh.g;
                self.push(fresh);
                continue;
            }
            self.current.expanded += 1;
            let mut edges = Collect::new(graph, around);
            graph.predecessors(node, &mut edges);
            if let Some((from, cost)) = edges.invalid {
                return Err(SearchError::InvalidEdgeCost {
                    from,
                    to: node,
                    cost,
                });
            }
            if n.rhs().lt(n.g()) {
                // Overconsistent: settle it, and offer it to its predecessors.
                self.nodes[u].set_g(n.rhs());
                self.nodes[u].queued = false;
                for &(p, p_node, c) in around.iter() {
                    // Only a lowered rhs changes p: an unchanged p keeps its
                    // place (a key made from an older start is renewed when
                    // it surfaces), and the goal's rhs stays 0.
                    let through =
                        step(c, n.rhs()).ok_or(SearchError::CostOverflow { node: p_node })?;
                    if p != self.goal_index && through.lt(self.nodes[p].rhs()) {
                        self.touch(p);
                        self.nodes[p].set_rhs(through);
                        self.update_vertex(p, p_node)?;
                    }
                }
            } else {
                // Underconsistent: raise it, and recompute whoever relied on it.
                self.current.raised += 1;
                let g_old = n.g();
                self.nodes[u].set_g(Label::inf());
                for &(p, p_node, c) in around.iter() {
                    if p != self.goal_index && step(c, g_old) == Some(self.nodes[p].rhs()) {
                        self.recompute_rhs(graph, p, p_node)?;
                    }
                }
                self.update_vertex(u, node)?;
            }
        }
        Ok(true)
    }
}

/// The node of dense id `i`, which the plan's own entries always have.
#[inline]
fn top_node<G: DenseIds>(graph: &G, i: usize) -> Result<G::Node, SearchError<G::Node, G::Cost>> {
    graph.node_at(i).ok_or(SearchError::NotStarted)
}

#[cfg(test)]
mod tests {
    use super::NodeState;

    /// The size the docs of `DStarLite` give: `4 * size_of::<C>() + 16`.
    #[test]
    fn node_state_size() {
        assert_eq!(core::mem::size_of::<NodeState<u32>>(), 32);
        assert_eq!(core::mem::size_of::<NodeState<f64>>(), 48);
    }
}
