//! The query of a contraction hierarchy ([`ChSearch`]): two Dijkstra
//! searches that only go up, one from the start along up arcs and one from
//! the goal along down arcs, meeting at the highest node of the shortest
//! path.
//!
//! Stall-on-demand prunes both: a node reached more cheaply from above (a
//! higher node already labelled, plus the arc down to it) cannot be on a
//! shortest up-down path, so its arcs are not relaxed.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::upward::Upward;
use super::{table, Contracted, ContractionError};
use crate::cost::Cost;
use crate::graph::DenseIds;

/// One direction's label of a node: its cost, the node it was reached
/// from (its parent, lower in the hierarchy) and the search it belongs to.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Label<C> {
    pub(crate) cost: C,
    pub(crate) parent: u32,
    pub(crate) stamp: u32,
}

/// No parent: the label of a search's own root.
pub(crate) const ROOT: u32 = u32::MAX;

/// One direction of the search: labels by rank, and its queue.
#[derive(Clone, Debug)]
pub(crate) struct Side<C: Cost> {
    pub(crate) labels: Vec<Label<C>>,
    pub(crate) heap: BinaryHeap<Reverse<(C::Key, u32)>>,
    /// Nodes settled (popped and not stalled) in the last search.
    pub(crate) settled: u64,
    /// A path cost of the last search reached the cost type's largest
    /// value: its answer cannot be trusted.
    pub(crate) overflow: bool,
}

impl<C: Cost> Side<C> {
    pub(crate) fn new() -> Self {
        Side {
            labels: Vec::new(),
            heap: BinaryHeap::new(),
            settled: 0,
            overflow: false,
        }
    }

    /// Ready for a new search on `n` nodes, with stamp `stamp`.
    pub(crate) fn reset(&mut self, n: usize, stamp: u32) {
        if self.labels.len() != n || stamp == 1 {
            self.labels.clear();
            self.labels.resize(
                n,
                Label {
                    cost: C::zero(),
                    parent: ROOT,
                    stamp: 0,
                },
            );
        }
        self.heap.clear();
        self.settled = 0;
        self.overflow = false;
    }

    #[inline]
    pub(crate) fn cost(&self, r: u32, stamp: u32) -> Option<C> {
        let l = &self.labels[r as usize];
        (l.stamp == stamp).then_some(l.cost)
    }

    pub(crate) fn root(&mut self, r: u32, stamp: u32) {
        self.labels[r as usize] = Label {
            cost: C::zero(),
            parent: ROOT,
            stamp,
        };
        self.heap.push(Reverse((C::zero().to_key(), r)));
    }

    /// Pops the next node to settle, skipping entries made stale by a
    /// cheaper label; `None` when the queue is empty or its smallest cost
    /// is not below `bound`.
    #[inline]
    pub(crate) fn pop_below(&mut self, bound: Option<C>, stamp: u32) -> Option<(u32, C)> {
        while let Some(&Reverse((key, r))) = self.heap.peek() {
            if bound.is_some_and(|b| key >= b.to_key()) {
                return None;
            }
            self.heap.pop();
            let l = &self.labels[r as usize];
            if l.stamp == stamp && l.cost.to_key() == key {
                return Some((r, l.cost));
            }
        }
        None
    }

    /// Settles `r` at cost `d`, going up (`up`: along up arcs, else along
    /// down arcs): stalls it if a higher node gives it a cheaper cost,
    /// else relaxes its arcs. `false` when it was stalled.
    #[inline]
    pub(crate) fn settle(&mut self, g: &Upward<C>, r: u32, d: C, up: bool, stamp: u32) -> bool {
        let absent = Upward::<C>::absent();
        let range = g.arcs(r);
        // Stall on demand: a labelled higher node with an arc back to `r`.
        for a in &g.arcs[range.clone()] {
            let back = if up { a.down } else { a.up };
            if back == absent {
                continue;
            }
            let l = &self.labels[a.head as usize];
            if l.stamp == stamp && l.cost.checked_add(back).is_some_and(|through| through < d) {
                return false;
            }
        }
        self.settled += 1;
        for a in &g.arcs[range] {
            let w = if up { a.up } else { a.down };
            if w == absent {
                continue;
            }
            let Some(c) = d.checked_add(w).filter(|&c| c < absent) else {
                self.overflow = true;
                continue;
            };
            let l = &mut self.labels[a.head as usize];
            if l.stamp != stamp || c < l.cost {
                *l = Label {
                    cost: c,
                    parent: r,
                    stamp,
                };
                self.heap.push(Reverse((c.to_key(), a.head)));
            }
        }
        true
    }

    pub(crate) fn heap_bytes(&self) -> usize {
        self.labels.capacity() * core::mem::size_of::<Label<C>>()
            + self.heap.capacity() * core::mem::size_of::<(C::Key, u32)>()
    }
}

/// Memory of a bidirectional search, kept across queries.
#[derive(Clone, Debug)]
pub(crate) struct Bidirectional<C: Cost> {
    pub(crate) forward: Side<C>,
    pub(crate) backward: Side<C>,
    pub(crate) stamp: u32,
    /// Scratch of [`path`](Self::path): the up arcs, and the halves still
    /// to unpack.
    ups: Vec<u32>,
    rest: Vec<u32>,
}

impl<C: Cost> Bidirectional<C> {
    pub(crate) fn new() -> Self {
        Bidirectional {
            forward: Side::new(),
            backward: Side::new(),
            stamp: 0,
            ups: Vec::new(),
            rest: Vec::new(),
        }
    }

    pub(crate) fn fresh_stamp(&mut self, n: usize) -> u32 {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.stamp = 1;
        }
        self.forward.reset(n, self.stamp);
        self.backward.reset(n, self.stamp);
        self.stamp
    }

    /// `true` when a path cost of the last search overflowed.
    pub(crate) fn overflowed(&self) -> bool {
        self.forward.overflow || self.backward.overflow
    }

    /// The cost from rank `s` to rank `t` and the rank where the two
    /// searches met, or `None` when `t` cannot be reached (or a cost
    /// overflowed: see [`overflowed`](Self::overflowed)).
    pub(crate) fn run(&mut self, g: &Upward<C>, s: u32, t: u32) -> Option<(C, u32)> {
        let stamp = self.fresh_stamp(g.len());
        self.forward.root(s, stamp);
        self.backward.root(t, stamp);
        let mut best: Option<(C, u32)> = None;
        let (mut forward_done, mut backward_done) = (false, false);
        let mut forward_turn = true;
        while !(forward_done && backward_done) {
            let forward = !forward_done && (backward_done || forward_turn);
            forward_turn = !forward_turn;
            let (side, other) = if forward {
                (&mut self.forward, &self.backward)
            } else {
                (&mut self.backward, &self.forward)
            };
            let Some((r, d)) = side.pop_below(best.map(|b| b.0), stamp) else {
                if forward {
                    forward_done = true;
                } else {
                    backward_done = true;
                }
                continue;
            };
            if let Some(m) = other.cost(r, stamp) {
                match d.checked_add(m).filter(|&c| c < Upward::<C>::absent()) {
                    Some(total) if best.is_none_or(|b| total < b.0) => best = Some((total, r)),
                    Some(_) => {}
                    None => side.overflow = true,
                }
            }
            side.settle(g, r, d, forward, stamp);
        }
        best
    }

    /// Appends to `out` the dense ids of the path found by the last
    /// [`run`](Self::run) from `s` through the meeting rank `meet` to the
    /// goal, `s` included.
    pub(crate) fn path(&mut self, g: &Upward<C>, s: u32, meet: u32, out: &mut Vec<u32>) {
        out.push(g.node[s as usize]);
        // Up from the start: the arcs to the meeting node, walked back.
        let ups = &mut self.ups;
        ups.clear();
        let mut r = meet;
        loop {
            let parent = self.forward.labels[r as usize].parent;
            if parent == ROOT {
                break;
            }
            ups.push(g.find(parent, r).expect("the arc a label came by") as u32);
            r = parent;
        }
        for &arc in ups.iter().rev() {
            g.unpack(arc as usize, true, out, &mut self.rest);
        }
        // Down to the goal: the backward labels lead from the meeting node
        // to the goal in order.
        let mut r = meet;
        loop {
            let parent = self.backward.labels[r as usize].parent;
            if parent == ROOT {
                break;
            }
            let arc = g.find(parent, r).expect("the arc a label came by");
            g.unpack(arc, false, out, &mut self.rest);
            r = parent;
        }
    }

    pub(crate) fn heap_bytes(&self) -> usize {
        self.forward.heap_bytes()
            + self.backward.heap_bytes()
            + (self.ups.capacity() + self.rest.capacity()) * 4
    }
}

/// The memory of contraction hierarchy queries, kept across them: two
/// labels per node and two queues, grown to the largest hierarchy asked
/// and reused (nothing is allocated once warm). One per thread.
///
/// # Example
/// ```
/// use pathseek::contraction::{ChSearch, ContractionHierarchy};
/// let g = pathseek::StaticGraph::from_undirected_edges(3, [(0, 1, 2u32), (1, 2, 3)])?;
/// let ch = ContractionHierarchy::new(&g)?;
/// let mut search = ChSearch::new();
/// assert_eq!(search.distance(&ch, &g, 0, 2)?, Some(5));
/// assert!(search.settled() >= 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct ChSearch<C: Cost> {
    pub(crate) bi: Bidirectional<C>,
    ids: Vec<u32>,
    pub(crate) table: table::Buckets<C>,
}

impl<C: Cost> Default for ChSearch<C> {
    fn default() -> Self {
        Self::new()
    }
}

impl<C: Cost> ChSearch<C> {
    /// Empty memory; the first query sizes it.
    ///
    /// # Example
    /// ```
    /// let search = pathseek::contraction::ChSearch::<u32>::new();
    /// assert_eq!(search.settled(), 0);
    /// ```
    pub fn new() -> Self {
        ChSearch {
            bi: Bidirectional::new(),
            ids: Vec::new(),
            table: table::Buckets::new(),
        }
    }

    /// The ranks of `start` and `goal` after checking the hierarchy
    /// answers for `graph`.
    fn ranks<G: DenseIds<Cost = C>, H: Contracted<C>>(
        h: &H,
        graph: &G,
        start: G::Node,
        goal: G::Node,
    ) -> Result<(u32, u32), ContractionError> {
        h.answers_for(graph)?;
        let up = &h.upward().0;
        let rank = |node| {
            let i = graph
                .node_index(node)
                .filter(|&i| i < up.len())
                .ok_or(ContractionError::UnknownNode)?;
            if !graph.contains(node) {
                return Err(ContractionError::BlockedNode);
            }
            Ok(up.rank[i])
        };
        Ok((rank(start)?, rank(goal)?))
    }

    /// The cost of a shortest path from `start` to `goal`, or `None` when
    /// there is none.
    ///
    /// # Errors
    /// The hierarchy does not answer for `graph` as it is
    /// ([`Contracted::answers_for`]), `start` or `goal` is not a node
    /// of it ([`ContractionError::UnknownNode`]) or is blocked
    /// ([`ContractionError::BlockedNode`]), or a path cost the
    /// search met reached the cost type's largest value
    /// ([`ContractionError::CostOverflow`]).
    ///
    /// # Example
    /// ```
    /// use pathseek::contraction::{ChSearch, ContractionError, ContractionHierarchy};
    /// let g = pathseek::StaticGraph::from_undirected_edges(3, [(0, 1, 2u32), (1, 2, 3)])?;
    /// let ch = ContractionHierarchy::new(&g)?;
    /// let mut search = ChSearch::new();
    /// assert_eq!(search.distance(&ch, &g, 2, 0)?, Some(5));
    /// assert_eq!(search.distance(&ch, &g, 2, 9), Err(ContractionError::UnknownNode));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn distance<G: DenseIds<Cost = C>, H: Contracted<C>>(
        &mut self,
        h: &H,
        graph: &G,
        start: G::Node,
        goal: G::Node,
    ) -> Result<Option<C>, ContractionError> {
        let (s, t) = Self::ranks(h, graph, start, goal)?;
        let found = self.bi.run(&h.upward().0, s, t).map(|(c, _)| c);
        if self.bi.overflowed() {
            return Err(ContractionError::CostOverflow);
        }
        Ok(found)
    }

    /// A shortest path from `start` to `goal`: its cost, and its nodes (the
    /// graph's own edges, shortcuts unpacked; start and goal included) in
    /// `path`, which is cleared first. `Ok(None)` (and `path` empty) when
    /// there is no path.
    ///
    /// # Errors
    /// As [`distance`](Self::distance).
    ///
    /// # Example
    /// ```
    /// use pathseek::contraction::{ChSearch, ContractionHierarchy};
    /// let g = pathseek::StaticGraph::from_undirected_edges(4, [(0, 1, 1u32), (1, 2, 1), (2, 3, 1), (0, 3, 5)])?;
    /// let ch = ContractionHierarchy::new(&g)?;
    /// let mut path = Vec::new();
    /// assert_eq!(ChSearch::new().find_path(&ch, &g, 0, 3, &mut path)?, Some(3));
    /// assert_eq!(path, [0, 1, 2, 3]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn find_path<G: DenseIds<Cost = C>, H: Contracted<C>>(
        &mut self,
        h: &H,
        graph: &G,
        start: G::Node,
        goal: G::Node,
        path: &mut Vec<G::Node>,
    ) -> Result<Option<C>, ContractionError> {
        path.clear();
        let (s, t) = Self::ranks(h, graph, start, goal)?;
        let up = &h.upward().0;
        let found = self.bi.run(up, s, t);
        if self.bi.overflowed() {
            return Err(ContractionError::CostOverflow);
        }
        let Some((cost, meet)) = found else {
            return Ok(None);
        };
        self.ids.clear();
        self.bi.path(up, s, meet, &mut self.ids);
        for &i in &self.ids {
            path.push(
                graph
                    .node_at(i as usize)
                    .ok_or(ContractionError::UnknownNode)?,
            );
        }
        Ok(Some(cost))
    }

    /// Nodes settled (taken from a queue and not stalled) by the last
    /// query, both searches together: its search space.
    ///
    /// # Example
    /// ```
    /// use pathseek::contraction::{ChSearch, ContractionHierarchy};
    /// let g = pathseek::StaticGraph::from_undirected_edges(2, [(0, 1, 1u32)])?;
    /// let ch = ContractionHierarchy::new(&g)?;
    /// let mut search = ChSearch::new();
    /// search.distance(&ch, &g, 0, 1)?;
    /// assert!((1..=3).contains(&search.settled()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn settled(&self) -> u64 {
        self.bi.forward.settled + self.bi.backward.settled
    }

    /// Bytes of heap memory held.
    ///
    /// # Example
    /// ```
    /// let search = pathseek::contraction::ChSearch::<u32>::new();
    /// assert_eq!(search.heap_bytes(), 0);
    /// ```
    pub fn heap_bytes(&self) -> usize {
        self.bi.heap_bytes() + self.ids.capacity() * 4 + self.table.heap_bytes()
    }
}
