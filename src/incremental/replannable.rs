//! [`Replannable`]: what a graph gives an incremental planner besides its
//! successors: the edges into a node, and an estimate from the unit's node.

use crate::cost::Cost;
use crate::graph::{DenseIds, EdgeSink, Expansion, Graph};
use crate::grid::{Cell, Grid, GridHeuristic};
use crate::query::Heuristic;

/// A graph [`DStarLite`](super::DStarLite) can plan on: dense node ids
/// ([`DenseIds`]), the edges *into* a node, and a heuristic estimate of the
/// cost from the unit's node to any node.
///
/// D* Lite searches from the goal back towards the unit, so it reads the
/// predecessors of the nodes it settles, and it orders them by their
/// estimated distance from the unit, which moves. A [`Grid`] implements it
/// (its predecessors are [`Grid::reversed`]'s successors; its estimate is
/// [`Grid::heuristic`] towards the unit's cell, which is symmetric).
///
/// Required: [`predecessors`](Self::predecessors),
/// [`estimate_from`](Self::estimate_from). The graph's
/// [`version`](Graph::version) and [`changed_since`](Graph::changed_since)
/// (defaults: never changes) let the planner see edits by itself; without
/// them, tell it with [`nodes_changed`](super::DStarLite::nodes_changed).
///
/// # Contract
/// - `predecessors(n, sink)` reports every edge `m -> n` exactly as
///   `successors(m)` reports it (same cost), through `sink.edge(m, cost)` or
///   `sink.indexed_edge(m, index, cost)`.
/// - `estimate_from(u)` is *consistent* from `u`: `h(u) = 0`, and
///   `h(n) <= h(m) + c(m -> n)` for every edge (so it never overestimates
///   the cost from `u` to `n`). Zero everywhere is always consistent (D* Lite
///   then searches like Dijkstra).
/// - When an edit changes the estimate itself (not only edges), the
///   [`Estimate`](Self::Estimate) made after it compares unequal to the one
///   made before, and the planner recomputes every key.
///
/// # Example
/// An undirected ring of `n` nodes, each edge costing 1, outside the crate:
/// ```
/// use pathseek::graph::{DenseIds, EdgeSink, Graph};
/// use pathseek::incremental::{DStarLite, Replannable};
/// use pathseek::open_set::BinaryHeap;
/// use pathseek::{Heuristic, Status};
///
/// struct Ring(u32);
/// impl Graph for Ring {
///     type Node = u32;
///     type Cost = u32;
///     fn successors(&self, n: u32, mut edge: impl FnMut(u32, u32)) {
///         edge((n + 1) % self.0, 1);
///         edge((n + self.0 - 1) % self.0, 1);
///     }
/// }
/// impl DenseIds for Ring {
///     fn node_count(&self) -> usize { self.0 as usize }
///     fn node_index(&self, n: u32) -> Option<usize> { (n < self.0).then_some(n as usize) }
///     fn node_at(&self, i: usize) -> Option<u32> { u32::try_from(i).ok().filter(|&n| n < self.0) }
/// }
/// /// The distance round the ring from `from`.
/// #[derive(Clone, Copy, PartialEq)]
/// struct Round { from: u32, n: u32 }
/// impl Heuristic<u32, u32> for Round {
///     fn estimate(&mut self, to: u32) -> u32 {
///         let d = self.from.abs_diff(to);
///         d.min(self.n - d)
///     }
/// }
/// impl Replannable for Ring {
///     type Estimate = Round;
///     fn predecessors(&self, n: u32, edges: &mut impl EdgeSink<u32, u32>) {
///         self.successors(n, |m, c| edges.edge(m, c)); // undirected
///     }
///     fn estimate_from(&self, from: u32) -> Round {
///         Round { from, n: self.0 }
///     }
/// }
///
/// let ring = Ring(10);
/// let mut dstar = DStarLite::new(BinaryHeap::new());
/// dstar.start(&ring, 1, 8)?;
/// assert_eq!(dstar.compute(&ring), Status::Found { cost: 3 });
/// # Ok::<(), pathseek::SearchError<u32, u32>>(())
/// ```
pub trait Replannable: DenseIds {
    /// The estimate from one node: its `estimate(n)` is a lower bound on
    /// the cost from that node to `n` (see the contract above).
    type Estimate: Heuristic<Self::Node, Self::Cost> + Copy + PartialEq;

    /// Reports every edge into `node`: `edges.edge(from, cost)` (or
    /// `indexed_edge`) for each edge `from -> node`.
    fn predecessors(&self, node: Self::Node, edges: &mut impl EdgeSink<Self::Node, Self::Cost>);

    /// The estimate of the cost from `from` (the unit's node) to any node.
    fn estimate_from(&self, from: Self::Node) -> Self::Estimate;
}

impl<C: Cost> Replannable for Grid<C> {
    type Estimate = GridHeuristic<C>;

    #[inline]
    fn predecessors(&self, node: Cell, edges: &mut impl EdgeSink<Cell, C>) {
        self.reversed().expand(Expansion::new(node), edges);
    }

    #[inline]
    fn estimate_from(&self, from: Cell) -> GridHeuristic<C> {
        // Octile, Manhattan or Chebyshev distance scaled by the smallest
        // terrain weight: symmetric, so the heuristic towards `from` is also
        // the estimate from it; a new smallest weight makes it unequal.
        GridHeuristic::new(self, from)
    }
}

impl<G: Replannable + ?Sized> Replannable for &G {
    type Estimate = G::Estimate;

    #[inline]
    fn predecessors(&self, node: Self::Node, edges: &mut impl EdgeSink<Self::Node, Self::Cost>) {
        (**self).predecessors(node, edges)
    }

    #[inline]
    fn estimate_from(&self, from: Self::Node) -> Self::Estimate {
        (**self).estimate_from(from)
    }
}
