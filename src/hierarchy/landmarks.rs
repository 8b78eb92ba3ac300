//! Landmarks on the abstract graph (ALT: A\*, landmarks, triangle
//! inequality): the shortest distance from a few spread-out nodes to every
//! node, so the abstract search can bound a node's distance to the goal
//! better than the straight-line estimate where walls force detours.
//!
//! With `d` the distances of one landmark `L`, and `D` its distance to the
//! query's goal (the goal joins the graph through the nodes of its cluster,
//! so `D` is the least `d[m] + c(m, goal)` over them), the triangle
//! inequality gives `dist(v, goal) >= D - d[v]`; on a graph whose edges cost
//! the same both ways (a grid without terrain), also `>= d[v] - D`. The
//! distances belong to one state of the graph: the hierarchy marks them
//! stale at every repair and builds them again as it brings itself up to
//! date (`sync`, or the next query).

use core::cmp::Reverse;
use std::collections::BinaryHeap;

use super::abstract_graph::Abstract;
use crate::cost::Cost;

/// The landmarks' distances, kept by a [`Hierarchy`](super::Hierarchy).
#[derive(Clone, Debug)]
pub(crate) struct AbstractLandmarks<C: Cost> {
    /// How many landmarks there are (0: none built).
    count: usize,
    /// Node-major: `dist[v * count + i]` is landmark `i`'s distance to node
    /// `v` (`C::max_value()`: not reached).
    dist: Vec<C>,
    /// The distances are for an older graph (or were never built).
    pub(super) stale: bool,
    /// Each landmark's distance to the current query's goal ([`aim`](Self::aim)).
    goal: Vec<C>,
    /// Scratch: one landmark's distances, the nearest landmark's distance
    /// per node (for choosing the next), the Dijkstra's heap.
    one: Vec<C>,
    nearest: Vec<C>,
    heap: BinaryHeap<Reverse<(C::Key, u32)>>,
}

impl<C: Cost> Default for AbstractLandmarks<C> {
    fn default() -> Self {
        AbstractLandmarks {
            count: 0,
            dist: Vec::new(),
            stale: true,
            goal: Vec::new(),
            one: Vec::new(),
            nearest: Vec::new(),
            heap: BinaryHeap::new(),
        }
    }
}

impl<C: Cost> AbstractLandmarks<C> {
    /// Landmarks built.
    pub(super) fn count(&self) -> usize {
        self.count
    }

    /// Heap bytes held.
    pub(super) fn heap_bytes(&self) -> usize {
        (self.dist.capacity()
            + self.goal.capacity()
            + self.one.capacity()
            + self.nearest.capacity())
            * core::mem::size_of::<C>()
            + self.heap.capacity() * core::mem::size_of::<Reverse<(C::Key, u32)>>()
    }

    /// Builds `count` landmarks on `graph`: the first the node farthest
    /// from the first live node, each next the node farthest from those
    /// chosen (a node none of them reaches counts as farthest, so each part
    /// of a broken map gets one before any part gets a second).
    ///
    /// # Complexity
    /// `count + 1` Dijkstras over the abstract graph: O(count (E + V log V)).
    pub(super) fn build(&mut self, graph: &Abstract<C>, count: usize) {
        let n = graph.cells.len();
        self.stale = false;
        self.dist.clear();
        self.count = 0;
        let live = |v: usize| graph.refs[v] > 0;
        let Some(first) = (0..n).find(|&v| live(v)) else {
            return;
        };
        self.dist.resize(n * count, C::max_value());
        self.nearest.clear();
        self.nearest.resize(n, C::max_value());
        // Farthest from the first live node, then from the landmarks.
        self.dijkstra(graph, first as u32);
        let mut next = farthest(&self.one, live);
        for i in 0..count {
            let Some(l) = next else { break };
            self.dijkstra(graph, l);
            for v in 0..n {
                let d = self.one[v];
                self.dist[v * count + i] = d;
                if d < self.nearest[v] {
                    self.nearest[v] = d;
                }
            }
            self.count = i + 1;
            // The nearest distance of a landmark is 0: never chosen twice.
            next = farthest(&self.nearest, |v| live(v) && self.nearest[v] != C::zero());
        }
        if self.count < count {
            // Fewer live nodes than landmarks: close up the rows.
            let kept = self.count;
            for v in 1..n {
                self.dist.copy_within(v * count..v * count + kept, v * kept);
            }
            self.dist.truncate(n * kept);
        }
    }

    /// Dijkstra from `source` over the graph's edges into `one`.
    fn dijkstra(&mut self, graph: &Abstract<C>, source: u32) {
        let n = graph.cells.len();
        self.one.clear();
        self.one.resize(n, C::max_value());
        self.one[source as usize] = C::zero();
        self.heap.clear();
        self.heap.push(Reverse((C::zero().to_key(), source)));
        while let Some(Reverse((key, u))) = self.heap.pop() {
            let du = self.one[u as usize];
            if du.to_key() != key {
                continue;
            }
            let u = u as usize;
            for &(m, c) in graph.inter[u].iter().chain(graph.intra[u].iter()) {
                let Some(d) = du.checked_add(c) else { continue };
                if d < self.one[m as usize] {
                    self.one[m as usize] = d;
                    self.heap.push(Reverse((d.to_key(), m)));
                }
            }
        }
    }

    /// Takes each landmark's distance to the query's goal, joined to the
    /// graph by `to_goal` (node, cost from it to the goal): the least
    /// distance to such a node plus its cost (`C::max_value()` where the
    /// landmark reaches none).
    pub(super) fn aim(&mut self, to_goal: &[(u32, C)]) {
        let count = self.count;
        self.goal.clear();
        self.goal.resize(count, C::max_value());
        for &(m, c) in to_goal {
            let row = &self.dist[m as usize * count..(m as usize + 1) * count];
            for (o, &d) in self.goal.iter_mut().zip(row) {
                if d == C::max_value() {
                    continue;
                }
                if let Some(s) = d.checked_add(c).filter(|&s| s < *o) {
                    *o = s;
                }
            }
        }
    }

    /// The landmarks' lower bound on node `v`'s distance to the goal set by
    /// [`aim`](Self::aim); `both_ways` on a graph whose edges cost the same
    /// both ways.
    #[inline]
    pub(super) fn bound(&self, v: usize, both_ways: bool) -> C {
        let row = &self.dist[v * self.count..(v + 1) * self.count];
        let mut best = C::zero();
        for (&d, &g) in row.iter().zip(&self.goal) {
            if d == C::max_value() || g == C::max_value() {
                continue;
            }
            let b = if g > d {
                g - d
            } else if both_ways {
                d - g
            } else {
                C::zero()
            };
            if b > best {
                best = b;
            }
        }
        best
    }
}

/// The live node of greatest `d` (`C::max_value()`, not reached, greatest
/// of all), if any.
fn farthest<C: Cost>(d: &[C], live: impl Fn(usize) -> bool) -> Option<u32> {
    let mut best: Option<(usize, C)> = None;
    for (v, &x) in d.iter().enumerate() {
        if live(v) && best.is_none_or(|(_, b)| x > b) {
            best = Some((v, x));
        }
    }
    best.map(|(v, _)| v as u32)
}

impl<C: Cost> super::Hierarchy<C> {
    /// Builds the landmarks again when the options ask for some and the
    /// graph has changed since they were built.
    pub(super) fn refresh_landmarks(&mut self) {
        if self.options.landmarks > 0 && self.landmarks.stale {
            self.landmarks.build(&self.graph, self.options.landmarks);
        }
    }
}
