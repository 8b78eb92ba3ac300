//! A compressed sparse row graph: a compact, read-only directed graph over
//! dense `u32` ids, for road networks, waypoint graphs and navigation graphs.
//!
//! Three arrays: `offsets` (one per node, plus one), and for every edge its
//! target and its cost, grouped by source node. Expanding a node reads one
//! contiguous run of each and allocates nothing.
//!
//! # Memory
//! 4 bytes per node, plus `4 + size_of::<C>()` bytes per directed edge: 8 per
//! edge for `u32` costs, 12 for `f64`. An undirected edge is stored as two
//! directed ones. [`heap_bytes`](StaticGraph::heap_bytes) reports the total.

use core::fmt;

use crate::cost::Cost;
use crate::graph::{DenseIds, EdgeSink, Expansion, Graph};

/// A read-only directed graph in compressed sparse row form, with nodes
/// `0..n` and weighted edges.
///
/// Build it from an edge list ([`from_edges`](Self::from_edges),
/// [`from_undirected_edges`](Self::from_undirected_edges)), copy any graph
/// with dense ids into it ([`from_graph`](Self::from_graph)), read it from a
/// DIMACS or METIS file, and get its [`reverse`](Self::reverse)
/// (every edge turned round), which searches backwards from a goal need on a
/// directed graph.
///
/// # Example
/// ```
/// use pathseek::StaticGraph;
///
/// // A one-way street 0 -> 1 -> 2, and a two-way one 0 - 2.
/// let mut g = StaticGraph::from_edges(3, [(0, 1, 4u32), (1, 2, 4)])?;
/// assert_eq!(pathseek::astar(&g, 0, 2, |_| 0).found().unwrap().cost, 8);
/// g = StaticGraph::from_undirected_edges(3, [(0, 1, 4u32), (1, 2, 4), (0, 2, 10)])?;
/// assert_eq!(pathseek::astar(&g, 2, 0, |_| 0).found().unwrap().cost, 8);
/// assert_eq!(g.edge_count(), 6); // each undirected edge both ways
/// # Ok::<(), pathseek::graph::StaticGraphError>(())
/// ```
#[derive(Clone)]
pub struct StaticGraph<C> {
    /// `offsets[v]..offsets[v + 1]` indexes the edges leaving `v`.
    offsets: Vec<u32>,
    targets: Vec<u32>,
    costs: Vec<C>,
    /// Its [`Graph::version`]: a number no other graph has had, so a
    /// structure built on this graph knows it from another of the same size.
    version: u64,
}

/// Two graphs are equal when they have the same edges (their versions
/// aside).
impl<C: PartialEq> PartialEq for StaticGraph<C> {
    fn eq(&self, other: &Self) -> bool {
        (&self.offsets, &self.targets, &self.costs)
            == (&other.offsets, &other.targets, &other.costs)
    }
}

impl<C> fmt::Debug for StaticGraph<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("StaticGraph")
            .field("nodes", &(self.offsets.len() - 1))
            .field("edges", &self.targets.len())
            .finish_non_exhaustive()
    }
}

impl<C> Default for StaticGraph<C> {
    fn default() -> Self {
        StaticGraph {
            offsets: vec![0],
            targets: Vec::new(),
            costs: Vec::new(),
            version: crate::graph::fresh_version(),
        }
    }
}

/// Why a [`StaticGraph`] could not be built.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum StaticGraphError {
    /// An edge names a node outside `0..node_count`.
    NodeOutOfRange {
        /// The offending id.
        node: u64,
        /// The number of nodes.
        node_count: usize,
    },
    /// An edge's cost is NaN or negative.
    InvalidCost {
        /// Source of the edge.
        from: u32,
        /// Target of the edge.
        to: u32,
    },
    /// More nodes than `u32` ids can name (`u32::MAX` or more).
    TooManyNodes {
        /// The number asked for.
        node_count: usize,
    },
    /// More directed edges than `u32` offsets can index (`u32::MAX` or more).
    TooManyEdges {
        /// The number of directed edges.
        edge_count: usize,
    },
    /// [`from_graph`](StaticGraph::from_graph): a successor of the node with
    /// dense id `from` has no dense id below `node_count`, or
    /// [`DenseIds::node_at`] has no node for `from`.
    UnknownNode {
        /// The dense id.
        from: usize,
    },
}

impl fmt::Display for StaticGraphError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StaticGraphError::NodeOutOfRange { node, node_count } => write!(
                f,
                "node {node} is out of range (the graph has {node_count} nodes)"
            ),
            StaticGraphError::InvalidCost { from, to } => write!(
                f,
                "edge {from} -> {to}: cost must be non-negative and not NaN"
            ),
            StaticGraphError::TooManyNodes { node_count } => write!(
                f,
                "{node_count} nodes: a static graph holds fewer than 2^32 - 1"
            ),
            StaticGraphError::TooManyEdges { edge_count } => write!(
                f,
                "{edge_count} directed edges: a static graph holds fewer than 2^32 - 1"
            ),
            StaticGraphError::UnknownNode { from } => write!(
                f,
                "node {from} has no node_at, or a successor without a dense id below node_count"
            ),
        }
    }
}

impl std::error::Error for StaticGraphError {}

impl<C: Cost> StaticGraph<C> {
    /// A directed graph with `node_count` nodes and the edges `(from, to,
    /// cost)`. Parallel edges and self-loops are kept; the edges leaving a
    /// node keep their order in `edges`.
    ///
    /// # Errors
    /// An endpoint out of range, a cost that is NaN or negative, or more
    /// nodes or edges than `u32` ids can name.
    ///
    /// # Complexity
    /// O(n + m) time; the edges are collected once (about `8 + size_of::<C>()`
    /// bytes per edge while building).
    ///
    /// # Example
    /// ```
    /// let g = pathseek::StaticGraph::from_edges(3, [(0, 1, 1.5), (1, 2, 2.0)])?;
    /// assert_eq!(g.edges(1).collect::<Vec<_>>(), [(2, 2.0)]);
    /// assert!(pathseek::StaticGraph::from_edges(2, [(0, 2, 1.0)]).is_err());
    /// # Ok::<(), pathseek::graph::StaticGraphError>(())
    /// ```
    pub fn from_edges(
        node_count: usize,
        edges: impl IntoIterator<Item = (u32, u32, C)>,
    ) -> Result<Self, StaticGraphError> {
        Self::build(node_count, edges, false)
    }

    /// A graph with `node_count` nodes where each `(a, b, cost)` is a
    /// two-way edge: `a -> b` and `b -> a`, both at `cost`.
    ///
    /// # Errors
    /// As [`from_edges`](Self::from_edges).
    ///
    /// # Example
    /// ```
    /// let g = pathseek::StaticGraph::from_undirected_edges(2, [(0, 1, 3u32)])?;
    /// assert_eq!(g.edges(1).collect::<Vec<_>>(), [(0, 3)]);
    /// # Ok::<(), pathseek::graph::StaticGraphError>(())
    /// ```
    pub fn from_undirected_edges(
        node_count: usize,
        edges: impl IntoIterator<Item = (u32, u32, C)>,
    ) -> Result<Self, StaticGraphError> {
        Self::build(node_count, edges, true)
    }

    fn build(
        node_count: usize,
        edges: impl IntoIterator<Item = (u32, u32, C)>,
        both_ways: bool,
    ) -> Result<Self, StaticGraphError> {
        if node_count >= u32::MAX as usize {
            return Err(StaticGraphError::TooManyNodes { node_count });
        }
        let mut list = Vec::new();
        for (from, to, cost) in edges {
            for node in [from, to] {
                if node as usize >= node_count {
                    return Err(StaticGraphError::NodeOutOfRange {
                        node: node.into(),
                        node_count,
                    });
                }
            }
            if !cost.is_valid() {
                return Err(StaticGraphError::InvalidCost { from, to });
            }
            list.push((from, to, cost));
            if both_ways {
                list.push((to, from, cost));
            }
        }
        Self::from_sorted_by_source(node_count, &list)
    }

    /// The CSR arrays of a checked edge list, by a counting sort on the
    /// source (stable: each node's edges keep their order).
    fn from_sorted_by_source(
        node_count: usize,
        list: &[(u32, u32, C)],
    ) -> Result<Self, StaticGraphError> {
        if list.len() >= u32::MAX as usize {
            return Err(StaticGraphError::TooManyEdges {
                edge_count: list.len(),
            });
        }
        let mut offsets = vec![0u32; node_count + 1];
        for &(from, _, _) in list {
            offsets[from as usize + 1] += 1;
        }
        for v in 0..node_count {
            offsets[v + 1] += offsets[v];
        }
        let mut next: Vec<u32> = offsets[..node_count].to_vec();
        let mut targets = vec![0u32; list.len()];
        let mut costs = vec![C::zero(); list.len()];
        for &(from, to, cost) in list {
            let at = &mut next[from as usize];
            targets[*at as usize] = to;
            costs[*at as usize] = cost;
            *at += 1;
        }
        Ok(StaticGraph {
            offsets,
            targets,
            costs,
            version: crate::graph::fresh_version(),
        })
    }

    /// The graph of an edge list already checked (every id below
    /// `node_count < u32::MAX`, every cost valid, fewer than `u32::MAX`
    /// edges), with every allocation fallible: for the file readers, which
    /// report a refused allocation as an error instead of aborting.
    pub(crate) fn try_from_checked_edges(
        node_count: usize,
        list: &[(u32, u32, C)],
    ) -> Result<Self, std::collections::TryReserveError> {
        debug_assert!(node_count < u32::MAX as usize && list.len() < u32::MAX as usize);
        fn zeroed<T: Clone>(
            len: usize,
            value: T,
        ) -> Result<Vec<T>, std::collections::TryReserveError> {
            let mut v = Vec::new();
            v.try_reserve_exact(len)?;
            v.resize(len, value);
            Ok(v)
        }
        let mut offsets = zeroed(node_count + 1, 0u32)?;
        for &(from, _, _) in list {
            offsets[from as usize + 1] += 1;
        }
        for v in 0..node_count {
            offsets[v + 1] += offsets[v];
        }
        let mut next = zeroed(node_count, 0u32)?;
        next.copy_from_slice(&offsets[..node_count]);
        let mut targets = zeroed(list.len(), 0u32)?;
        let mut costs = zeroed(list.len(), C::zero())?;
        for &(from, to, cost) in list {
            let at = &mut next[from as usize];
            targets[*at as usize] = to;
            costs[*at as usize] = cost;
            *at += 1;
        }
        Ok(StaticGraph {
            offsets,
            targets,
            costs,
            version: crate::graph::fresh_version(),
        })
    }

    /// A copy of any graph with dense ids ([`DenseIds::node_count`],
    /// [`DenseIds::node_at`], [`DenseIds::node_index`]): node `i` of the copy is
    /// the node with dense id `i`. Nodes for which [`Graph::contains`] is
    /// `false` (blocked grid cells) get no edges, and no edge enters them.
    ///
    /// # Errors
    /// No dense ids, a successor without one, an invalid edge cost, or too
    /// many nodes or edges.
    ///
    /// # Example
    /// ```
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts, StaticGraph};
    /// let grid = Grid::new(3, 2, Connectivity::Four, GridCosts::new(1u32, 1)).unwrap();
    /// let g = StaticGraph::from_graph(&grid)?;
    /// assert_eq!((g.len(), g.edge_count()), (6, 14));
    /// // The dense id of cell (x, y) is y * width + x.
    /// let r = pathseek::astar(&g, 0, 5, |_| 0);
    /// assert_eq!(r.found().unwrap().cost, 3);
    /// # Ok::<(), pathseek::graph::StaticGraphError>(())
    /// ```
    pub fn from_graph<G: DenseIds<Cost = C>>(graph: &G) -> Result<Self, StaticGraphError> {
        let node_count = graph.node_count();
        if node_count >= u32::MAX as usize {
            return Err(StaticGraphError::TooManyNodes { node_count });
        }
        let mut offsets = Vec::with_capacity(node_count + 1);
        let mut targets = Vec::new();
        let mut costs = Vec::new();
        offsets.push(0u32);
        for from in 0..node_count {
            let node = graph
                .node_at(from)
                .ok_or(StaticGraphError::UnknownNode { from })?;
            if graph.contains(node) {
                let mut bad = None;
                graph.successors(node, |to, cost| {
                    if bad.is_some() || !graph.contains(to) {
                        return;
                    }
                    match graph.node_index(to) {
                        Some(t) if t < node_count && cost.is_valid() => {
                            targets.push(t as u32);
                            costs.push(cost);
                        }
                        Some(t) if t < node_count => {
                            bad = Some(StaticGraphError::InvalidCost {
                                from: from as u32,
                                to: t as u32,
                            })
                        }
                        _ => bad = Some(StaticGraphError::UnknownNode { from }),
                    }
                });
                if let Some(e) = bad {
                    return Err(e);
                }
            }
            if targets.len() >= u32::MAX as usize {
                return Err(StaticGraphError::TooManyEdges {
                    edge_count: targets.len(),
                });
            }
            offsets.push(targets.len() as u32);
        }
        Ok(StaticGraph {
            offsets,
            targets,
            costs,
            version: crate::graph::fresh_version(),
        })
    }

    /// The same nodes with every edge turned round: `v -> u` at cost `c` for
    /// each edge `u -> v` at `c`. A search on the reverse graph from a goal
    /// finds the cost from every node to that goal.
    ///
    /// The reverse shares the graph's [`version`](Graph::version): it is the
    /// same map read backwards, so a structure built on one (a
    /// [`DistanceField`](crate::groups::DistanceField)) is asked about the
    /// other.
    ///
    /// # Complexity
    /// O(n + m) time and a new graph's memory.
    ///
    /// # Example
    /// ```
    /// let g = pathseek::StaticGraph::from_edges(3, [(0, 1, 1u32), (0, 2, 5)])?;
    /// let r = g.reverse();
    /// assert_eq!(r.edges(2).collect::<Vec<_>>(), [(0, 5)]);
    /// assert_eq!(r.edges(0).count(), 0);
    /// assert_eq!(r.reverse(), g);
    /// # Ok::<(), pathseek::graph::StaticGraphError>(())
    /// ```
    pub fn reverse(&self) -> Self {
        let n = self.len();
        let mut offsets = vec![0u32; n + 1];
        for &t in &self.targets {
            offsets[t as usize + 1] += 1;
        }
        for v in 0..n {
            offsets[v + 1] += offsets[v];
        }
        let mut next: Vec<u32> = offsets[..n].to_vec();
        let mut targets = vec![0u32; self.targets.len()];
        let mut costs = vec![C::zero(); self.costs.len()];
        for from in 0..n {
            let (lo, hi) = self.range(from);
            for e in lo..hi {
                let to = self.targets[e] as usize;
                let at = next[to] as usize;
                targets[at] = from as u32;
                costs[at] = self.costs[e];
                next[to] += 1;
            }
        }
        StaticGraph {
            offsets,
            targets,
            costs,
            version: self.version,
        }
    }

    /// The same edges with new costs `cost(from, to, old cost)`: for a file
    /// whose edges have no lengths, say, give each the distance between its
    /// endpoints.
    ///
    /// # Errors
    /// [`InvalidCost`](StaticGraphError::InvalidCost) for the first new cost
    /// that is NaN or negative.
    ///
    /// # Example
    /// ```
    /// let g = pathseek::StaticGraph::from_edges(2, [(0, 1, 1u32)])?;
    /// let doubled = g.map_costs(|_, _, c| f64::from(c) * 2.0)?;
    /// assert_eq!(doubled.edges(0).collect::<Vec<_>>(), [(1, 2.0)]);
    /// assert!(g.map_costs(|_, _, _| f64::NAN).is_err());
    /// # Ok::<(), pathseek::graph::StaticGraphError>(())
    /// ```
    pub fn map_costs<D: Cost>(
        &self,
        mut cost: impl FnMut(u32, u32, C) -> D,
    ) -> Result<StaticGraph<D>, StaticGraphError> {
        let mut costs = Vec::with_capacity(self.costs.len());
        for from in 0..self.len() {
            let (lo, hi) = self.range(from);
            for e in lo..hi {
                let (to, old) = (self.targets[e], self.costs[e]);
                let c = cost(from as u32, to, old);
                if !c.is_valid() {
                    return Err(StaticGraphError::InvalidCost {
                        from: from as u32,
                        to,
                    });
                }
                costs.push(c);
            }
        }
        Ok(StaticGraph {
            offsets: self.offsets.clone(),
            targets: self.targets.clone(),
            costs,
            version: crate::graph::fresh_version(),
        })
    }
}

impl<C> StaticGraph<C> {
    /// The number of nodes.
    ///
    /// # Example
    /// ```
    /// let g = pathseek::StaticGraph::from_edges(4, [(0, 1, 1u32)])?;
    /// assert_eq!(g.len(), 4);
    /// # Ok::<(), pathseek::graph::StaticGraphError>(())
    /// ```
    #[inline]
    pub fn len(&self) -> usize {
        self.offsets.len() - 1
    }

    /// `true` if the graph has no nodes.
    ///
    /// # Example
    /// ```
    /// assert!(pathseek::StaticGraph::<u32>::default().is_empty());
    /// ```
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The number of directed edges (an undirected edge counts twice).
    ///
    /// # Example
    /// ```
    /// let g = pathseek::StaticGraph::from_undirected_edges(2, [(0, 1, 1u32)])?;
    /// assert_eq!(g.edge_count(), 2);
    /// # Ok::<(), pathseek::graph::StaticGraphError>(())
    /// ```
    #[inline]
    pub fn edge_count(&self) -> usize {
        self.targets.len()
    }

    #[inline(always)]
    fn range(&self, node: usize) -> (usize, usize) {
        (self.offsets[node] as usize, self.offsets[node + 1] as usize)
    }

    /// The targets and costs of the edges leaving `node`, `None` for a node
    /// out of range: the expansion's one read of the arrays.
    #[inline(always)]
    pub(crate) fn edge_slices(&self, node: usize) -> Option<(&[u32], &[C])> {
        if node >= self.len() {
            return None;
        }
        let (lo, hi) = self.range(node);
        Some((&self.targets[lo..hi], &self.costs[lo..hi]))
    }

    /// The same graph with node `old_of[i]` renamed `i` (`new_of` the
    /// inverse: both a permutation of `0..len()`, checked by the caller);
    /// each node's edges keep their order.
    pub(crate) fn permuted(&self, old_of: &[u32], new_of: &[u32]) -> StaticGraph<C>
    where
        C: Copy,
    {
        debug_assert!(old_of.len() == self.len() && new_of.len() == self.len());
        let mut offsets = Vec::with_capacity(self.offsets.len());
        let mut targets = Vec::with_capacity(self.targets.len());
        let mut costs = Vec::with_capacity(self.costs.len());
        offsets.push(0u32);
        for &old in old_of {
            let (lo, hi) = self.range(old as usize);
            targets.extend(self.targets[lo..hi].iter().map(|&t| new_of[t as usize]));
            costs.extend_from_slice(&self.costs[lo..hi]);
            offsets.push(targets.len() as u32);
        }
        StaticGraph {
            offsets,
            targets,
            costs,
            version: crate::graph::fresh_version(),
        }
    }

    /// The edges leaving `node` as `(target, cost)`, in the order they were
    /// given; none for a node out of range.
    ///
    /// # Example
    /// ```
    /// let g = pathseek::StaticGraph::from_edges(3, [(0, 2, 7u8), (0, 1, 1)])?;
    /// assert_eq!(g.edges(0).collect::<Vec<_>>(), [(2, 7), (1, 1)]);
    /// assert_eq!(g.edges(9).count(), 0);
    /// # Ok::<(), pathseek::graph::StaticGraphError>(())
    /// ```
    pub fn edges(&self, node: u32) -> impl ExactSizeIterator<Item = (u32, C)> + '_
    where
        C: Copy,
    {
        let (lo, hi) = if (node as usize) < self.len() {
            self.range(node as usize)
        } else {
            (0, 0)
        };
        self.targets[lo..hi]
            .iter()
            .copied()
            .zip(self.costs[lo..hi].iter().copied())
    }

    /// The number of edges leaving `node` (0 for a node out of range).
    ///
    /// # Example
    /// ```
    /// let g = pathseek::StaticGraph::from_edges(2, [(0, 1, 1u32), (0, 0, 1)])?;
    /// assert_eq!((g.degree(0), g.degree(1), g.degree(5)), (2, 0, 0));
    /// # Ok::<(), pathseek::graph::StaticGraphError>(())
    /// ```
    pub fn degree(&self, node: u32) -> usize {
        if (node as usize) < self.len() {
            let (lo, hi) = self.range(node as usize);
            hi - lo
        } else {
            0
        }
    }

    /// Heap memory held: `4 * (n + 1) + (4 + size_of::<C>()) * m` bytes.
    ///
    /// # Example
    /// ```
    /// let g = pathseek::StaticGraph::from_edges(3, [(0, 1, 1.0f64), (1, 2, 1.0)])?;
    /// assert_eq!(g.heap_bytes(), 4 * 4 + 12 * 2);
    /// # Ok::<(), pathseek::graph::StaticGraphError>(())
    /// ```
    pub fn heap_bytes(&self) -> usize {
        self.offsets.len() * 4 + self.targets.len() * (4 + core::mem::size_of::<C>())
    }
}

impl<C: Cost> Graph for StaticGraph<C> {
    type Node = u32;
    type Cost = C;

    #[inline]
    fn successors(&self, node: u32, mut edge: impl FnMut(u32, C)) {
        for (to, cost) in self.edges(node) {
            edge(to, cost);
        }
    }

    #[inline]
    fn expand(&self, at: Expansion<u32>, edges: &mut impl EdgeSink<u32, C>) {
        let Some((targets, costs)) = self.edge_slices(at.node as usize) else {
            return;
        };
        for (&to, &cost) in targets.iter().zip(costs) {
            edges.indexed_edge(to, to as usize, cost);
        }
    }

    /// A number no other graph has had (the graph never changes): a
    /// structure built on it refuses another graph of the same size.
    #[inline]
    fn version(&self) -> u64 {
        self.version
    }

    #[inline]
    fn contains(&self, node: u32) -> bool {
        (node as usize) < self.len()
    }

    #[inline]
    fn dense_ids(&self) -> Option<&impl DenseIds<Node = Self::Node, Cost = Self::Cost>> {
        Some(self)
    }
}

impl<C: Cost> DenseIds for StaticGraph<C> {
    #[inline]
    fn node_count(&self) -> usize {
        self.len()
    }

    #[inline]
    fn node_index(&self, node: u32) -> Option<usize> {
        ((node as usize) < self.len()).then_some(node as usize)
    }

    #[inline]
    fn node_at(&self, index: usize) -> Option<u32> {
        (index < self.len()).then_some(index as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_bad_edges() {
        assert_eq!(
            StaticGraph::from_edges(2, [(0, 5, 1u32)]),
            Err(StaticGraphError::NodeOutOfRange {
                node: 5,
                node_count: 2
            })
        );
        assert_eq!(
            StaticGraph::from_undirected_edges(2, [(1, 0, -1i32)]),
            Err(StaticGraphError::InvalidCost { from: 1, to: 0 })
        );
        assert!(StaticGraph::from_edges(2, [(0, 1, f64::NAN)]).is_err());
    }

    #[test]
    fn reverse_of_reverse_and_degrees() {
        let edges = [(0, 1, 1u32), (0, 2, 2), (2, 1, 3), (1, 1, 4), (0, 1, 5)];
        let g = StaticGraph::from_edges(4, edges).unwrap();
        assert_eq!(g.edge_count(), 5);
        assert_eq!(g.degree(0), 3);
        assert_eq!(g.degree(3), 0);
        let r = g.reverse();
        let mut into_1: Vec<_> = r.edges(1).collect();
        into_1.sort();
        assert_eq!(into_1, [(0, 1), (0, 5), (1, 4), (2, 3)]);
        let rr = r.reverse();
        for v in 0..4 {
            let (mut a, mut b): (Vec<_>, Vec<_>) = (g.edges(v).collect(), rr.edges(v).collect());
            a.sort();
            b.sort();
            assert_eq!(a, b);
        }
    }

    #[test]
    fn components_accept_undirected_and_refuse_directed() {
        use crate::components::{GraphComponents, GraphComponentsError};
        let g = StaticGraph::from_undirected_edges(5, [(0, 1, 1u32), (2, 3, 1)]).unwrap();
        let parts = GraphComponents::new(&g).unwrap();
        assert_eq!(parts.count(), 3);
        assert!(parts.connected(2, 3) && !parts.connected(1, 2));
        let d = StaticGraph::from_edges(2, [(0, 1, 1u32)]).unwrap();
        assert!(matches!(
            GraphComponents::new(&d),
            Err(GraphComponentsError::NotSymmetric { from: 0, to: 1 })
        ));
    }

    #[test]
    fn expand_reports_dense_ids() {
        let g = StaticGraph::from_edges(3, [(0, 2, 1u32), (0, 1, 1)]).unwrap();
        let mut seen = Vec::new();
        struct Ids<'a>(&'a mut Vec<(u32, usize)>);
        impl EdgeSink<u32, u32> for Ids<'_> {
            fn edge(&mut self, _: u32, _: u32) {
                panic!("expected indexed edges");
            }
            fn indexed_edge(&mut self, to: u32, index: usize, _: u32) {
                self.0.push((to, index));
            }
        }
        g.expand(Expansion::new(0), &mut Ids(&mut seen));
        assert_eq!(seen, [(2, 2), (1, 1)]);
        g.expand(Expansion::new(7), &mut Ids(&mut seen));
        assert_eq!(seen.len(), 2);
    }
}
