//! Witness searches: before contracting a node `v`, a bounded Dijkstra from
//! each node `u` with an edge into `v` looks for paths to `v`'s successors
//! that avoid `v` and cost no more than going through it. A successor with
//! such a witness needs no shortcut from `u`.
//!
//! The search is bounded twice: by cost (the dearest path through `v`) and
//! by the number of edges it scans, a budget shared by the searches of one
//! node (so a node of many neighbours, in the dense core of a graph that
//! is no road network, does not cost the square of its degree in
//! searches). Stopping early only means a shortcut too many, never a
//! distance lost.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::cost::Cost;

/// An edge of the graph being contracted, or a shortcut added so far.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Link<C> {
    pub(crate) to: u32,
    pub(crate) cost: C,
    /// The node a shortcut skips, or [`ORIGINAL`](super::upward::ORIGINAL).
    pub(crate) middle: u32,
}

/// The graph still to contract: edges out of and into every node, each
/// target once (the cheapest of parallel edges), no self-loops.
#[derive(Clone, Debug)]
pub(crate) struct Remaining<C> {
    pub(crate) out: Vec<Vec<Link<C>>>,
    pub(crate) inc: Vec<Vec<Link<C>>>,
}

impl<C: Cost> Remaining<C> {
    /// Adds or improves the edge `from -> to`: `true` if it changed.
    pub(crate) fn improve(&mut self, from: u32, to: u32, cost: C, middle: u32) -> bool {
        fn set<C: Cost>(list: &mut Vec<Link<C>>, to: u32, cost: C, middle: u32) -> bool {
            match list.iter_mut().find(|l| l.to == to) {
                Some(l) if cost < l.cost => {
                    (l.cost, l.middle) = (cost, middle);
                    true
                }
                Some(_) => false,
                None => {
                    list.push(Link { to, cost, middle });
                    true
                }
            }
        }
        let changed = set(&mut self.out[from as usize], to, cost, middle);
        if changed {
            set(&mut self.inc[to as usize], from, cost, middle);
        }
        changed
    }
}

/// A shortcut to add when a node is contracted.
pub(crate) type Shortcut<C> = (u32, u32, C);

/// Memory of witness searches, kept across them (one per thread).
#[derive(Clone, Debug)]
pub(crate) struct Witness<C: Cost> {
    cost: Vec<C>,
    /// `stamp[x] == now`: `cost[x]` is of this search.
    stamp: Vec<u32>,
    /// `target[x] == now`: x is a successor of the node being contracted.
    target: Vec<u32>,
    now: u32,
    heap: BinaryHeap<Reverse<(C::Key, u32)>>,
}

impl<C: Cost> Witness<C> {
    pub(crate) fn new(n: usize) -> Self {
        Witness {
            cost: vec![C::zero(); n],
            stamp: vec![0; n],
            target: vec![0; n],
            now: 0,
            heap: BinaryHeap::new(),
        }
    }

    fn next(&mut self) -> u32 {
        self.now = self.now.wrapping_add(1);
        if self.now == 0 {
            self.stamp.fill(0);
            self.target.fill(0);
            self.now = 1;
        }
        self.now
    }

    #[inline]
    fn cost_of(&self, x: u32) -> Option<C> {
        (self.stamp[x as usize] == self.now).then(|| self.cost[x as usize])
    }

    /// The shortcuts contracting `v` needs, each handed to `out`, given that
    /// the nodes for which `skip` is true (those contracted alongside `v`)
    /// are gone too; each witness search settles at most `settle_limit`
    /// nodes, and all together scan at most `budget` edges (at least a
    /// few each). `Err(())` when a path cost overflows
    /// the cost type.
    pub(crate) fn shortcuts(
        &mut self,
        g: &Remaining<C>,
        v: u32,
        skip: &[bool],
        settle_limit: usize,
        budget: usize,
        mut out: impl FnMut(Shortcut<C>),
    ) -> Result<(), ()> {
        let succ = &g.out[v as usize];
        let each = (budget / g.inc[v as usize].len().max(1)).max(8);
        for link_in in &g.inc[v as usize] {
            let u = link_in.to;
            // The cost through `v` to each successor but `u`.
            let through = |s: &Link<C>| {
                link_in
                    .cost
                    .checked_add(s.cost)
                    .filter(|&c| c < C::max_value())
                    .ok_or(())
            };
            // The dearest path through `v` bounds the search.
            let mut max: Option<C> = None;
            let now = self.next();
            let mut targets = 0usize;
            for s in succ.iter().filter(|s| s.to != u) {
                let c = through(s)?;
                if max.is_none_or(|m| c > m) {
                    max = Some(c);
                }
                if self.target[s.to as usize] != now {
                    self.target[s.to as usize] = now;
                    targets += 1;
                }
            }
            let Some(max) = max else { continue };
            self.search(g, u, v, skip, max, (settle_limit, each), targets);
            for s in succ.iter().filter(|s| s.to != u) {
                let c = through(s)?;
                if self.cost_of(s.to).is_none_or(|w| c < w) {
                    out((u, s.to, c));
                }
            }
        }
        Ok(())
    }

    /// Dijkstra from `source` avoiding `avoid` and the skipped nodes, up
    /// to cost `max`, `limits.0` nodes settled or `limits.1` edges
    /// scanned, or all `targets` settled.
    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        g: &Remaining<C>,
        source: u32,
        avoid: u32,
        skip: &[bool],
        max: C,
        limits: (usize, usize),
        mut targets: usize,
    ) {
        let now = self.now;
        self.heap.clear();
        self.cost[source as usize] = C::zero();
        self.stamp[source as usize] = now;
        self.heap.push(Reverse((C::zero().to_key(), source)));
        let (mut settled, mut scanned) = (0, 0);
        let max_key = max.to_key();
        while let Some(Reverse((key, x))) = self.heap.pop() {
            if key > max_key {
                break;
            }
            let d = self.cost[x as usize];
            if d.to_key() != key {
                continue;
            }
            if self.target[x as usize] == now {
                targets -= 1;
                if targets == 0 {
                    break;
                }
            }
            let links = &g.out[x as usize];
            settled += 1;
            scanned += links.len();
            if settled > limits.0 || scanned > limits.1 {
                break;
            }
            for l in links {
                let y = l.to;
                if y == avoid || skip[y as usize] {
                    continue;
                }
                let Some(c) = d.checked_add(l.cost) else {
                    continue;
                };
                if c > max {
                    continue;
                }
                if self.cost_of(y).is_none_or(|old| c < old) {
                    self.cost[y as usize] = c;
                    self.stamp[y as usize] = now;
                    self.heap.push(Reverse((c.to_key(), y)));
                }
            }
        }
    }
}
