//! [`GraphComponents`]: the connected components of a graph with dense ids and
//! symmetric edges.

use core::fmt;

use super::ComponentId;
use crate::graph::DenseIds;

/// The label of a node that is not part of the graph.
const NONE: u32 = u32::MAX;

/// The connected components of a [`Graph`](crate::Graph) with dense ids and symmetric edges
/// (every edge `u -> v` has a reverse `v -> u`, at any cost), such as an
/// undirected [`AdjacencyList`](crate::AdjacencyList).
///
/// Nodes are named by their dense ids ([`DenseIds::node_index`]);
/// [`component_of`](Self::component_of) takes a node and its graph instead.
/// A node for which [`Graph::contains`](crate::Graph::contains) is `false` is left out: it has no
/// component and its successors are not asked for.
///
/// Directed graphs are refused, not given strongly connected components:
/// [`new`](Self::new) checks that every edge has its reverse. For grids use
/// [`GridComponents`](super::GridComponents), which is faster, smaller to
/// build and can be edited.
///
/// Memory: one `u32` per node (4 bytes per node).
///
/// # Example
/// ```
/// use pathseek::components::GraphComponents;
/// use pathseek::AdjacencyList;
///
/// // 0 - 1 - 2 and 3 - 4, each edge both ways; node 5 alone.
/// let mut g = AdjacencyList::new(6);
/// for (a, b) in [(0, 1), (1, 2), (3, 4)] {
///     g.add_edge(a, b, 1.0)?;
///     g.add_edge(b, a, 1.0)?;
/// }
/// let parts = GraphComponents::new(&g)?;
/// assert_eq!(parts.count(), 3);
/// assert!(parts.connected(0, 2));
/// assert!(!parts.connected(2, 3));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct GraphComponents {
    /// One label per node id; [`NONE`] for a node left out.
    labels: Vec<u32>,
    count: usize,
}

impl fmt::Debug for GraphComponents {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GraphComponents")
            .field("nodes", &self.labels.len())
            .field("count", &self.count)
            .finish_non_exhaustive()
    }
}

/// Why [`GraphComponents::new`] refused a graph. Node ids are dense ids
/// ([`DenseIds::node_index`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GraphComponentsError {
    /// More nodes than labels fit in a `u32` (`u32::MAX` or more).
    TooManyNodes {
        /// [`DenseIds::node_count`].
        node_count: usize,
    },
    /// [`DenseIds::node_at`] and [`DenseIds::node_index`] disagree for this id (or
    /// `node_at` has no node for it).
    InconsistentIds {
        /// The id.
        index: usize,
    },
    /// A successor of node `from` has no dense id below `node_count`.
    UnknownSuccessor {
        /// The node whose successor it is.
        from: usize,
    },
    /// An edge enters a node that is not part of the graph ([`Graph::contains`](crate::Graph::contains)
    /// is `false` for it).
    EdgeToExcluded {
        /// Where the edge starts.
        from: usize,
        /// The node left out.
        to: usize,
    },
    /// The edge `from -> to` has no reverse `to -> from`: the graph is directed,
    /// and connected components need symmetric edges. (Reported for the
    /// smallest such `from`, then the smallest `to`.)
    NotSymmetric {
        /// Where the edge starts.
        from: usize,
        /// Where it ends.
        to: usize,
    },
}

impl fmt::Display for GraphComponentsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GraphComponentsError::TooManyNodes { node_count } => write!(
                f,
                "the graph has {node_count} nodes; components support fewer than 2^32 - 1"
            ),
            GraphComponentsError::InconsistentIds { index } => write!(
                f,
                "node_at({index}) and node_index disagree (or node_at has no node for it)"
            ),
            GraphComponentsError::UnknownSuccessor { from } => write!(
                f,
                "a successor of node {from} has no dense id below node_count"
            ),
            GraphComponentsError::EdgeToExcluded { from, to } => write!(
                f,
                "edge {from} -> {to} enters a node the graph does not contain"
            ),
            GraphComponentsError::NotSymmetric { from, to } => write!(
                f,
                "edge {from} -> {to} has no reverse {to} -> {from}: the graph is directed, \
                 and connected components need symmetric edges (strongly connected \
                 components are not supported)"
            ),
        }
    }
}

impl std::error::Error for GraphComponentsError {}

impl GraphComponents {
    /// Labels the components of `graph`, after checking that it has dense ids and
    /// that every edge has its reverse.
    ///
    /// Errors: see [`GraphComponentsError`]; a directed graph gives
    /// [`NotSymmetric`](GraphComponentsError::NotSymmetric) with an edge whose
    /// reverse is missing.
    ///
    /// # Complexity
    /// With `n` nodes and `e` edges: O(n + e log d) time, `d` the largest
    /// out-degree, and O(n + e) temporary memory (8 bytes per node and 4 per
    /// edge). The successors of each node are collected once and sorted; the
    /// symmetry check then looks every edge's reverse up by binary search
    /// (exact, parallel edges and self-loops allowed), and a breadth-first walk
    /// over the collected edges labels the components.
    ///
    /// # Example
    /// ```
    /// use pathseek::components::{GraphComponents, GraphComponentsError};
    /// use pathseek::AdjacencyList;
    /// // One-way: 0 -> 1 only.
    /// let g = AdjacencyList::from_edges(2, [(0, 1, 1u32)])?;
    /// let err = GraphComponents::new(&g).unwrap_err();
    /// assert_eq!(err, GraphComponentsError::NotSymmetric { from: 0, to: 1 });
    /// assert!(err.to_string().contains("no reverse 1 -> 0"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new<G: DenseIds>(graph: &G) -> Result<Self, GraphComponentsError> {
        let n = graph.node_count();
        if n >= NONE as usize {
            return Err(GraphComponentsError::TooManyNodes { node_count: n });
        }
        // The successors of every node by id, sorted per node.
        let mut included = vec![false; n];
        for (index, slot) in included.iter_mut().enumerate() {
            let node = graph
                .node_at(index)
                .filter(|&node| graph.node_index(node) == Some(index))
                .ok_or(GraphComponentsError::InconsistentIds { index })?;
            *slot = graph.contains(node);
        }
        let mut offsets: Vec<usize> = Vec::with_capacity(n + 1);
        let mut targets: Vec<u32> = Vec::new();
        offsets.push(0);
        for from in 0..n {
            if included[from] {
                // Checked above.
                let node = graph
                    .node_at(from)
                    .ok_or(GraphComponentsError::InconsistentIds { index: from })?;
                let mut bad = None;
                graph.successors(node, |succ, _| match graph.node_index(succ) {
                    Some(to) if to < n => {
                        if !included[to] {
                            bad.get_or_insert(GraphComponentsError::EdgeToExcluded { from, to });
                        }
                        targets.push(to as u32);
                    }
                    _ => {
                        bad.get_or_insert(GraphComponentsError::UnknownSuccessor { from });
                    }
                });
                if let Some(e) = bad {
                    return Err(e);
                }
                let start = offsets[from];
                targets[start..].sort_unstable();
            }
            offsets.push(targets.len());
        }
        let adj = |u: usize| &targets[offsets[u]..offsets[u + 1]];
        // Every edge u -> v needs v -> u.
        for u in 0..n {
            let out = adj(u);
            for (k, &v) in out.iter().enumerate() {
                if v as usize == u || (k > 0 && out[k - 1] == v) {
                    continue;
                }
                if adj(v as usize).binary_search(&(u as u32)).is_err() {
                    return Err(GraphComponentsError::NotSymmetric {
                        from: u,
                        to: v as usize,
                    });
                }
            }
        }
        // Breadth-first labelling, components numbered by their smallest id.
        let mut labels = vec![NONE; n];
        let mut queue: Vec<u32> = Vec::new();
        let mut count = 0u32;
        for s in 0..n {
            if !included[s] || labels[s] != NONE {
                continue;
            }
            labels[s] = count;
            queue.clear();
            queue.push(s as u32);
            let mut head = 0;
            while let Some(&u) = queue.get(head) {
                head += 1;
                for &v in adj(u as usize) {
                    if labels[v as usize] == NONE {
                        labels[v as usize] = count;
                        queue.push(v);
                    }
                }
            }
            count += 1;
        }
        Ok(GraphComponents {
            labels,
            count: count as usize,
        })
    }

    /// The number of node ids (the graph's [`node_count`](DenseIds::node_count)).
    ///
    /// # Example
    /// ```
    /// use pathseek::components::GraphComponents;
    /// let g = pathseek::AdjacencyList::<u32>::new(4);
    /// assert_eq!(GraphComponents::new(&g)?.len(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn len(&self) -> usize {
        self.labels.len()
    }

    /// `true` for a graph without nodes.
    ///
    /// # Example
    /// ```
    /// use pathseek::components::GraphComponents;
    /// let g = pathseek::AdjacencyList::<u32>::new(0);
    /// assert!(GraphComponents::new(&g)?.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.labels.is_empty()
    }

    /// The number of components (an isolated node is one).
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// use pathseek::components::GraphComponents;
    /// let g = pathseek::AdjacencyList::from_edges(3, [(0, 1, 1u32), (1, 0, 1)])?;
    /// assert_eq!(GraphComponents::new(&g)?.count(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn count(&self) -> usize {
        self.count
    }

    /// The component of the node with dense id `index`; `None` for an id out of
    /// range or a node the graph does not contain. Components are numbered
    /// `0..count()` in the order of their smallest id.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// use pathseek::components::GraphComponents;
    /// let g = pathseek::AdjacencyList::from_edges(3, [(1, 2, 1u32), (2, 1, 1)])?;
    /// let parts = GraphComponents::new(&g)?;
    /// assert_eq!(parts.component(0).map(|c| c.get()), Some(0));
    /// assert_eq!(parts.component(2), parts.component(1));
    /// assert_eq!(parts.component(3), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn component(&self, index: usize) -> Option<ComponentId> {
        match self.labels.get(index) {
            Some(&l) if l != NONE => Some(ComponentId(l)),
            _ => None,
        }
    }

    /// Whether the nodes with dense ids `a` and `b` are joined by a path (both
    /// in the graph and in one component).
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// use pathseek::components::GraphComponents;
    /// let g = pathseek::AdjacencyList::from_edges(3, [(0, 2, 1u32), (2, 0, 1)])?;
    /// let parts = GraphComponents::new(&g)?;
    /// assert!(parts.connected(0, 2));
    /// assert!(!parts.connected(0, 1));
    /// assert!(!parts.connected(0, 7));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn connected(&self, a: usize, b: usize) -> bool {
        match (self.component(a), self.component(b)) {
            (Some(x), Some(y)) => x == y,
            _ => false,
        }
    }

    /// The component of `node` of `graph` (the graph these labels were built
    /// from), through its [`node_index`](DenseIds::node_index).
    ///
    /// # Complexity
    /// O(1) plus the graph's `node_index`.
    ///
    /// # Example
    /// ```
    /// use pathseek::components::GraphComponents;
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts};
    /// // Any graph with dense ids and symmetric moves works, a grid too.
    /// let grid = Grid::from_fn(3, 1, Connectivity::Four, GridCosts::new(1u32, 1), |c| c.x != 1)?;
    /// let parts = GraphComponents::new(&grid)?;
    /// assert!(parts.component_of(&grid, Cell::new(0, 0)).is_some());
    /// assert_eq!(parts.component_of(&grid, Cell::new(1, 0)), None); // blocked
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn component_of<G: DenseIds>(&self, graph: &G, node: G::Node) -> Option<ComponentId> {
        self.component(graph.node_index(node)?)
    }

    /// Whether `a` and `b` of `graph` (the graph these labels were built from)
    /// are joined by a path.
    ///
    /// # Complexity
    /// O(1) plus the graph's `node_index`.
    ///
    /// # Example
    /// ```
    /// use pathseek::components::GraphComponents;
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts};
    /// let grid = Grid::from_fn(3, 2, Connectivity::Eight, GridCosts::new(2u32, 3), |c| c.x != 1)?;
    /// let parts = GraphComponents::new(&grid)?;
    /// assert!(parts.nodes_connected(&grid, Cell::new(0, 0), Cell::new(0, 1)));
    /// assert!(!parts.nodes_connected(&grid, Cell::new(0, 0), Cell::new(2, 0)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn nodes_connected<G: DenseIds>(&self, graph: &G, a: G::Node, b: G::Node) -> bool {
        match (self.component_of(graph, a), self.component_of(graph, b)) {
            (Some(x), Some(y)) => x == y,
            _ => false,
        }
    }

    /// The heap memory held: 4 bytes per node.
    ///
    /// # Example
    /// ```
    /// use pathseek::components::GraphComponents;
    /// let g = pathseek::AdjacencyList::<u32>::new(10);
    /// assert_eq!(GraphComponents::new(&g)?.heap_bytes(), 40);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn heap_bytes(&self) -> usize {
        self.labels.capacity() * core::mem::size_of::<u32>()
    }
}
