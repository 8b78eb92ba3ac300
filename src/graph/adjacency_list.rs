//! Adjacency list: an explicit directed graph over dense `u32` node ids.
//!
//! Build it edge by edge, or from an edge list; it implements [`Graph`] with dense
//! ids, so searches on it use the array-backed node store.

use crate::cost::Cost;
use crate::graph::{DenseIds, Graph};

/// A directed graph with nodes `0..n` and weighted edges, stored per source node.
///
/// # Example
/// ```
/// use pathseek::AdjacencyList;
/// let mut g = AdjacencyList::new(4);
/// g.add_edge(0, 1, 2.5).unwrap();
/// g.add_edge(1, 3, 1.0).unwrap();
/// g.add_edge(0, 3, 4.0).unwrap();
/// let path = pathseek::astar(&g, 0, 3, |_| 0.0).into_result().unwrap().unwrap();
/// assert_eq!(path.nodes, vec![0, 1, 3]);
/// assert_eq!(path.cost, 3.5);
/// ```
#[derive(Clone, Debug, Default)]
pub struct AdjacencyList<C> {
    edges: Vec<Vec<(u32, C)>>,
    /// Its [`Graph::version`]: new at every edge added.
    version: u64,
}

/// Two lists are equal when they have the same edges in the same order
/// (their versions aside).
impl<C: PartialEq> PartialEq for AdjacencyList<C> {
    fn eq(&self, other: &Self) -> bool {
        self.edges == other.edges
    }
}

/// An edge that cannot be added to an [`AdjacencyList`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EdgeError {
    /// An endpoint is not a node of the graph.
    NodeOutOfRange {
        /// The offending node id.
        node: u32,
        /// The number of nodes.
        node_count: usize,
    },
    /// The cost is NaN or negative.
    InvalidCost {
        /// Source of the edge.
        from: u32,
        /// Target of the edge.
        to: u32,
    },
}

impl core::fmt::Display for EdgeError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            EdgeError::NodeOutOfRange { node, node_count } => {
                write!(
                    f,
                    "node {node} is out of range (the graph has {node_count} nodes)"
                )
            }
            EdgeError::InvalidCost { from, to } => {
                write!(
                    f,
                    "edge {from} -> {to}: cost must be non-negative and not NaN"
                )
            }
        }
    }
}

impl std::error::Error for EdgeError {}

impl<C: Cost> AdjacencyList<C> {
    /// A graph with `node_count` nodes and no edges.
    ///
    /// # Example
    /// ```
    /// let g = pathseek::AdjacencyList::<u32>::new(3);
    /// assert_eq!(g.len(), 3);
    /// ```
    pub fn new(node_count: usize) -> Self {
        AdjacencyList {
            edges: vec![Vec::new(); node_count],
            version: crate::graph::fresh_version(),
        }
    }

    /// Builds a graph from `(from, to, cost)` triples.
    ///
    /// # Example
    /// ```
    /// let g = pathseek::AdjacencyList::from_edges(3, [(0, 1, 5u32), (1, 2, 5)]).unwrap();
    /// assert_eq!(pathseek::astar(&g, 0, 2, |_| 0).found().unwrap().cost, 10);
    /// ```
    pub fn from_edges(
        node_count: usize,
        edges: impl IntoIterator<Item = (u32, u32, C)>,
    ) -> Result<Self, EdgeError> {
        let mut g = Self::new(node_count);
        for (from, to, cost) in edges {
            g.add_edge(from, to, cost)?;
        }
        Ok(g)
    }

    /// Adds the directed edge `from -> to`. Parallel edges and self-loops are allowed.
    ///
    /// # Example
    /// ```
    /// let mut g = pathseek::AdjacencyList::new(2);
    /// assert!(g.add_edge(0, 1, 1u32).is_ok());
    /// assert!(g.add_edge(0, 2, 1u32).is_err());
    /// assert!(pathseek::AdjacencyList::new(2).add_edge(0, 1, -1.0).is_err());
    /// ```
    pub fn add_edge(&mut self, from: u32, to: u32, cost: C) -> Result<(), EdgeError> {
        let node_count = self.edges.len();
        for node in [from, to] {
            if node as usize >= node_count {
                return Err(EdgeError::NodeOutOfRange { node, node_count });
            }
        }
        if !cost.is_valid() {
            return Err(EdgeError::InvalidCost { from, to });
        }
        self.edges[from as usize].push((to, cost));
        self.version = crate::graph::fresh_version();
        Ok(())
    }

    /// Number of nodes.
    ///
    /// # Example
    /// ```
    /// assert!(pathseek::AdjacencyList::<f64>::new(0).is_empty());
    /// ```
    pub fn len(&self) -> usize {
        self.edges.len()
    }

    /// `true` if the graph has no nodes.
    ///
    /// # Example
    /// ```
    /// assert!(!pathseek::AdjacencyList::<f64>::new(1).is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.edges.is_empty()
    }

    /// The edges leaving `node` as `(target, cost)` (empty for an unknown node).
    ///
    /// # Example
    /// ```
    /// let g = pathseek::AdjacencyList::from_edges(2, [(0, 1, 3u8)]).unwrap();
    /// assert_eq!(g.edges(0), &[(1, 3)]);
    /// assert!(g.edges(7).is_empty());
    /// ```
    pub fn edges(&self, node: u32) -> &[(u32, C)] {
        self.edges.get(node as usize).map_or(&[], |e| e.as_slice())
    }
}

impl<C: Cost> Graph for AdjacencyList<C> {
    type Node = u32;
    type Cost = C;

    #[inline]
    fn successors(&self, node: u32, mut edge: impl FnMut(u32, C)) {
        for &(to, cost) in self.edges(node) {
            edge(to, cost);
        }
    }

    #[inline]
    fn contains(&self, node: u32) -> bool {
        (node as usize) < self.edges.len()
    }

    /// New at every edge added, and no other graph's.
    #[inline]
    fn version(&self) -> u64 {
        self.version
    }

    #[inline]
    fn dense_ids(&self) -> Option<&impl DenseIds<Node = Self::Node, Cost = Self::Cost>> {
        Some(self)
    }
}

impl<C: Cost> DenseIds for AdjacencyList<C> {
    #[inline]
    fn node_count(&self) -> usize {
        self.edges.len()
    }

    #[inline]
    fn node_index(&self, node: u32) -> Option<usize> {
        ((node as usize) < self.edges.len()).then_some(node as usize)
    }

    #[inline]
    fn node_at(&self, index: usize) -> Option<u32> {
        (index < self.edges.len()).then_some(index as u32)
    }
}
