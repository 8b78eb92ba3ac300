//! [`Renumbered`]: a [`StaticGraph`] with its nodes renumbered for locality,
//! so that a search's records, edges, coordinates and landmark rows are read
//! from memory close together instead of at random.
//!
//! The type's docs say why and how.

use core::fmt;
use core::ops::Index;

use super::locality::{breadth_first_order, hilbert_order};
use super::{DenseIds, EdgeSink, Expansion, Graph, StaticGraph};
use crate::cost::Cost;

/// A node of a [`Renumbered`] graph, by its new id. Made only by the graph
/// ([`Renumbered::id`], [`DenseIds::node_at`], its edges and searches), so it
/// cannot be mixed up with an id of the original graph.
///
/// # Example
/// ```
/// use pathseek::graph::Renumbered;
/// let g = pathseek::StaticGraph::from_undirected_edges(3, [(0, 2, 1u32), (2, 1, 1)])?;
/// let r = Renumbered::breadth_first(&g);
/// let id = r.id(2).unwrap();
/// assert_eq!(r.original(id), Some(2));
/// assert!(id.index() < 3); // its place in the new order
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RenumberedId(u32);

impl RenumberedId {
    /// The new id as an index: its dense id in the renumbered graph.
    ///
    /// # Example
    /// See [`RenumberedId`].
    #[inline(always)]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Why a [`Renumbered`] graph or a [`Reordered`] table could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RenumberError {
    /// A list given per node (points, values, an order) has another length
    /// than the graph has nodes.
    WrongLength {
        /// The graph's node count.
        expected: usize,
        /// The list's length.
        found: usize,
    },
    /// A point has a coordinate that is NaN or infinite.
    NonFinitePoint {
        /// The node (original id).
        node: u32,
    },
    /// [`Renumbered::from_order`]: an id out of range, or one given twice.
    NotAPermutation {
        /// The position in the order where it was found.
        position: usize,
    },
}

impl fmt::Display for RenumberError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RenumberError::WrongLength { expected, found } => write!(
                f,
                "{found} entries given for a graph of {expected} nodes (one per node needed)"
            ),
            RenumberError::NonFinitePoint { node } => {
                write!(f, "node {node} has a coordinate that is NaN or infinite")
            }
            RenumberError::NotAPermutation { position } => write!(
                f,
                "the order is not a permutation of the nodes: position {position} \
                 repeats an id or is out of range"
            ),
        }
    }
}

impl std::error::Error for RenumberError {}

/// A [`StaticGraph`] with its nodes renumbered for locality, which keeps the
/// mapping both ways.
///
/// # Why
/// On a road graph a node has two or three edges, so an expansion does
/// little but read: the node's record in the store, its edges, its point or
/// landmark row, and the same for each neighbour. With the ids a file gives
/// (the order of some export), neighbours sit anywhere in multi-megabyte
/// arrays and nearly every read misses the cache. Renumbered so that nodes
/// near each other get ids near each other, a search's front touches a few
/// runs of those arrays.
///
/// # Ids
/// A renumbered graph's nodes are [`RenumberedId`]s, a type of their own:
/// they come only from the graph ([`Renumbered::id`] for your id, or its
/// searches and edges) and go back with [`Renumbered::original`], so an
/// original id cannot be passed where a new one is expected, nor the
/// reverse. Per-node data in your order (coordinates) is copied into the
/// new order by [`Renumbered::reorder`], indexed by `RenumberedId` only.
/// [`Landmarks`](crate::landmarks::Landmarks) and
/// [`GraphComponents`](crate::components::GraphComponents) built on the
/// renumbered graph store their tables in the new order; landmarks built on
/// the original graph are refused by the renumbered one
/// ([`WrongNumbering`](crate::landmarks::LandmarkError::WrongNumbering)).
///
/// # Which order
/// [`Renumbered::hilbert`] (a Hilbert curve over the nodes' points) when the
/// graph has coordinates: it was the better of the two on the Luxembourg
/// road graph, with its ids as the file gives them or scrambled.
/// [`Renumbered::breadth_first`] (Cuthill-McKee) when it has none and its
/// ids are not already local: it beat scrambled ids by far, but lost to
/// that file's own order (whose ids follow the streets), so measure it
/// against leaving the ids as they are. [`Renumbered::from_order`] for an
/// order of your own.
///
/// # Example
/// ```
/// use pathseek::graph::Renumbered;
/// use pathseek::StaticGraph;
///
/// // A street 0 - 1 - 2 - 3 whose ids are scattered along it.
/// let points = [[0.0, 0.0], [3.0, 0.0], [1.0, 0.0], [2.0, 0.0]];
/// let g = StaticGraph::from_undirected_edges(4, [(0, 2, 1u32), (2, 3, 1), (3, 1, 1)])?;
/// let r = Renumbered::hilbert(&g, &points)?;
/// let at = r.reorder(&points)?; // the points in the new order
/// let (start, goal) = (r.id(0).unwrap(), r.id(1).unwrap());
/// let h = |v| (at[v][0] - at[goal][0]).abs() as u32;
/// let found = pathseek::astar(&r, start, goal, h).into_path().unwrap();
/// assert_eq!(found.cost, 3);
/// assert_eq!(r.originals(&found.nodes), Some(vec![0, 2, 3, 1]));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// It is a [`Graph`] whose nodes are [`RenumberedId`]s, with [`DenseIds`]
/// (the new ids), so it takes an [`IndexedStore`](crate::store::IndexedStore),
/// landmarks and components like the graph it came from.
///
/// # Memory
/// The graph's own, plus 8 bytes per node for the two mappings.
#[derive(Clone)]
pub struct Renumbered<C> {
    /// The graph in the new order.
    graph: StaticGraph<C>,
    /// `new_of[original]`: the new id of an original one.
    new_of: Vec<u32>,
    /// `old_of[new]`: the original id of a new one.
    old_of: Vec<u32>,
    /// [`DenseIds::numbering`]: a hash of `old_of`, never 0.
    numbering: u64,
}

impl<C> fmt::Debug for Renumbered<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Renumbered")
            .field("nodes", &self.old_of.len())
            .field("edges", &self.graph.edge_count())
            .field("numbering", &self.numbering)
            .finish_non_exhaustive()
    }
}

impl<C: Cost> Renumbered<C> {
    /// Renumbered along a Hilbert curve over the nodes' points (`points[v]`
    /// the point of original node `v`): nodes close in the plane get close
    /// ids. The recommended order for graphs with coordinates.
    ///
    /// # Errors
    /// [`WrongLength`](RenumberError::WrongLength) unless there is one point
    /// per node; [`NonFinitePoint`](RenumberError::NonFinitePoint).
    ///
    /// # Complexity
    /// O(n log n + m): a sort of the nodes by their place on the curve, and
    /// a copy of the graph.
    ///
    /// # Example
    /// ```
    /// use pathseek::graph::{RenumberError, Renumbered};
    /// let g = pathseek::StaticGraph::from_undirected_edges(2, [(0, 1, 1u32)])?;
    /// let r = Renumbered::hilbert(&g, &[[5.0, 0.0], [0.0, 0.0]])?;
    /// assert_eq!(r.id(1).unwrap().index(), 0); // the lower left point first
    /// assert_eq!(
    ///     Renumbered::hilbert(&g, &[[0.0, 0.0]]).unwrap_err(),
    ///     RenumberError::WrongLength { expected: 2, found: 1 }
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn hilbert(graph: &StaticGraph<C>, points: &[[f64; 2]]) -> Result<Self, RenumberError> {
        check_length(graph.len(), points.len())?;
        let order = hilbert_order(points).map_err(|node| RenumberError::NonFinitePoint { node })?;
        Self::from_order(graph, order)
    }

    /// Renumbered breadth-first (Cuthill-McKee), over the edges taken both
    /// ways: for a graph without coordinates.
    ///
    /// # Complexity
    /// O(n + m log d) (`d` the largest degree), and a reverse copy of the
    /// graph while it runs.
    ///
    /// # Example
    /// ```
    /// use pathseek::graph::Renumbered;
    /// let g = pathseek::StaticGraph::from_undirected_edges(3, [(0, 2, 1u32), (2, 1, 1)])?;
    /// let r = Renumbered::breadth_first(&g);
    /// // The path 0 - 2 - 1 gets ids in its own order, from one end.
    /// let ids: Vec<usize> = [0, 2, 1].iter().map(|&v| r.id(v).unwrap().index()).collect();
    /// assert!(ids == [0, 1, 2] || ids == [2, 1, 0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn breadth_first(graph: &StaticGraph<C>) -> Self {
        let order = breadth_first_order(graph);
        Self::from_order(graph, order).expect("a breadth-first order is a permutation")
    }

    /// Renumbered by an order of your own: `old_of[i]` is the original id of
    /// the node that becomes node `i`.
    ///
    /// # Errors
    /// [`WrongLength`](RenumberError::WrongLength) unless `old_of` has one
    /// entry per node; [`NotAPermutation`](RenumberError::NotAPermutation)
    /// for an id out of range or given twice.
    ///
    /// # Complexity
    /// O(n + m).
    ///
    /// # Example
    /// ```
    /// use pathseek::graph::{RenumberError, Renumbered};
    /// let g = pathseek::StaticGraph::from_edges(3, [(0, 1, 1u32)])?;
    /// let r = Renumbered::from_order(&g, vec![2, 0, 1])?;
    /// assert_eq!(r.id(0).unwrap().index(), 1);
    /// assert_eq!(
    ///     Renumbered::from_order(&g, vec![2, 0, 2]).unwrap_err(),
    ///     RenumberError::NotAPermutation { position: 2 }
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_order(graph: &StaticGraph<C>, old_of: Vec<u32>) -> Result<Self, RenumberError> {
        let n = graph.len();
        check_length(n, old_of.len())?;
        let mut new_of = vec![u32::MAX; n];
        for (position, &old) in old_of.iter().enumerate() {
            match new_of.get_mut(old as usize) {
                Some(slot) if *slot == u32::MAX => *slot = position as u32,
                _ => return Err(RenumberError::NotAPermutation { position }),
            }
        }
        // FxHash-style mixing of the order: equal orders, equal numbering.
        let mut hash = 0x51_7C_C1_B7_27_22_0A_95u64 ^ n as u64;
        for &old in &old_of {
            hash = (hash.rotate_left(5) ^ u64::from(old)).wrapping_mul(0x51_7C_C1_B7_27_22_0A_95);
        }
        Ok(Renumbered {
            graph: graph.permuted(&old_of, &new_of),
            new_of,
            old_of,
            numbering: hash | 1,
        })
    }
}

impl<C> Renumbered<C> {
    /// The new id of the node with original id `original`; `None` out of
    /// range.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// use pathseek::graph::Renumbered;
    /// let g = pathseek::StaticGraph::from_edges(2, [(0, 1, 1u32)])?;
    /// let r = Renumbered::from_order(&g, vec![1, 0])?;
    /// assert_eq!(r.id(1).map(|v| v.index()), Some(0));
    /// assert_eq!(r.id(2), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn id(&self, original: u32) -> Option<RenumberedId> {
        self.new_of.get(original as usize).map(|&v| RenumberedId(v))
    }

    /// The original id of `id`; `None` for an id out of this graph's range
    /// (one of a larger renumbered graph).
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// use pathseek::graph::Renumbered;
    /// let g = pathseek::StaticGraph::from_edges(2, [(0, 1, 1u32)])?;
    /// let r = Renumbered::from_order(&g, vec![1, 0])?;
    /// let id = r.id(0).unwrap();
    /// assert_eq!(r.original(id), Some(0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn original(&self, id: RenumberedId) -> Option<u32> {
        self.old_of.get(id.index()).copied()
    }

    /// The original ids of `ids` (a path found on this graph); `None` if
    /// one is out of range.
    ///
    /// # Complexity
    /// O(length).
    ///
    /// # Example
    /// ```
    /// use pathseek::graph::Renumbered;
    /// let g = pathseek::StaticGraph::from_edges(3, [(0, 1, 1u32), (1, 2, 1)])?;
    /// let r = Renumbered::from_order(&g, vec![2, 1, 0])?;
    /// let path = pathseek::astar(&r, r.id(0).unwrap(), r.id(2).unwrap(), |_| 0);
    /// assert_eq!(r.originals(&path.into_path().unwrap().nodes), Some(vec![0, 1, 2]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn originals(&self, ids: &[RenumberedId]) -> Option<Vec<u32>> {
        ids.iter().map(|&id| self.original(id)).collect()
    }

    /// A copy of `values` (one per node, by original id) in the new order,
    /// read by [`RenumberedId`]: coordinates for a heuristic, say.
    ///
    /// # Errors
    /// [`WrongLength`](RenumberError::WrongLength) unless there is one value
    /// per node.
    ///
    /// # Example
    /// ```
    /// use pathseek::graph::Renumbered;
    /// let g = pathseek::StaticGraph::from_edges(2, [(0, 1, 1u32)])?;
    /// let r = Renumbered::from_order(&g, vec![1, 0])?;
    /// let names = r.reorder(&["zero", "one"])?;
    /// assert_eq!(names[r.id(1).unwrap()], "one");
    /// assert!(r.reorder(&["zero"]).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn reorder<T: Clone>(&self, values: &[T]) -> Result<Reordered<T>, RenumberError> {
        check_length(self.old_of.len(), values.len())?;
        Ok(Reordered {
            values: self
                .old_of
                .iter()
                .map(|&old| values[old as usize].clone())
                .collect(),
        })
    }

    /// The number of nodes.
    ///
    /// # Example
    /// ```
    /// let g = pathseek::StaticGraph::from_edges(4, [(0, 1, 1u32)])?;
    /// assert_eq!(pathseek::graph::Renumbered::breadth_first(&g).len(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn len(&self) -> usize {
        self.old_of.len()
    }

    /// `true` for a graph without nodes.
    ///
    /// # Example
    /// ```
    /// let g = pathseek::StaticGraph::<u32>::default();
    /// assert!(pathseek::graph::Renumbered::breadth_first(&g).is_empty());
    /// ```
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.old_of.is_empty()
    }

    /// The number of directed edges, as in the original graph.
    ///
    /// # Example
    /// ```
    /// let g = pathseek::StaticGraph::from_undirected_edges(2, [(0, 1, 1u32)])?;
    /// assert_eq!(pathseek::graph::Renumbered::breadth_first(&g).edge_count(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn edge_count(&self) -> usize {
        self.graph.edge_count()
    }

    /// The edges leaving `id` as `(target, cost)`, in the order the original
    /// graph gives them; none for an id out of range.
    ///
    /// # Example
    /// ```
    /// use pathseek::graph::Renumbered;
    /// let g = pathseek::StaticGraph::from_edges(3, [(0, 2, 7u32), (0, 1, 1)])?;
    /// let r = Renumbered::from_order(&g, vec![2, 1, 0])?;
    /// let out: Vec<(Option<u32>, u32)> =
    ///     r.edges(r.id(0).unwrap()).map(|(t, c)| (r.original(t), c)).collect();
    /// assert_eq!(out, [(Some(2), 7), (Some(1), 1)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn edges(&self, id: RenumberedId) -> impl ExactSizeIterator<Item = (RenumberedId, C)> + '_
    where
        C: Copy,
    {
        self.graph.edges(id.0).map(|(t, c)| (RenumberedId(t), c))
    }

    /// Heap memory held: the graph's
    /// ([`StaticGraph::heap_bytes`]) and 8 bytes per node for the mappings.
    ///
    /// # Example
    /// ```
    /// let g = pathseek::StaticGraph::from_edges(3, [(0, 1, 1u32)])?;
    /// let r = pathseek::graph::Renumbered::breadth_first(&g);
    /// assert_eq!(r.heap_bytes(), g.heap_bytes() + 8 * 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn heap_bytes(&self) -> usize {
        self.graph.heap_bytes() + 4 * (self.new_of.len() + self.old_of.len())
    }
}

fn check_length(expected: usize, found: usize) -> Result<(), RenumberError> {
    if expected == found {
        Ok(())
    } else {
        Err(RenumberError::WrongLength { expected, found })
    }
}

impl<C: Cost> Graph for Renumbered<C> {
    type Node = RenumberedId;
    type Cost = C;

    #[inline]
    fn successors(&self, node: RenumberedId, mut edge: impl FnMut(RenumberedId, C)) {
        for (to, cost) in self.graph.edges(node.0) {
            edge(RenumberedId(to), cost);
        }
    }

    #[inline]
    fn expand(&self, at: Expansion<RenumberedId>, edges: &mut impl EdgeSink<RenumberedId, C>) {
        let Some((targets, costs)) = self.graph.edge_slices(at.node.index()) else {
            return;
        };
        for (&to, &cost) in targets.iter().zip(costs) {
            edges.indexed_edge(RenumberedId(to), to as usize, cost);
        }
    }

    #[inline]
    fn contains(&self, node: RenumberedId) -> bool {
        node.index() < self.len()
    }

    #[inline]
    fn dense_ids(&self) -> Option<&impl DenseIds<Node = Self::Node, Cost = Self::Cost>> {
        Some(self)
    }
}

impl<C: Cost> DenseIds for Renumbered<C> {
    #[inline]
    fn node_count(&self) -> usize {
        self.len()
    }

    #[inline]
    fn node_index(&self, node: RenumberedId) -> Option<usize> {
        (node.index() < self.len()).then_some(node.index())
    }

    #[inline]
    fn node_at(&self, index: usize) -> Option<RenumberedId> {
        (index < self.len()).then_some(RenumberedId(index as u32))
    }

    #[inline]
    fn numbering(&self) -> u64 {
        self.numbering
    }
}

/// Values per node in a [`Renumbered`] graph's order, read by
/// [`RenumberedId`] only: made by [`Renumbered::reorder`].
///
/// # Example
/// See [`Renumbered::reorder`].
#[derive(Clone, Debug, PartialEq)]
pub struct Reordered<T> {
    values: Vec<T>,
}

impl<T> Reordered<T> {
    /// The value of `id`; `None` for an id out of range (one of a larger
    /// graph).
    ///
    /// # Example
    /// ```
    /// use pathseek::graph::Renumbered;
    /// let g = pathseek::StaticGraph::from_edges(2, [(0, 1, 1u32)])?;
    /// let r = Renumbered::from_order(&g, vec![1, 0])?;
    /// let v = r.reorder(&[10, 11])?;
    /// assert_eq!(v.get(r.id(0).unwrap()), Some(&10));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn get(&self, id: RenumberedId) -> Option<&T> {
        self.values.get(id.index())
    }

    /// The number of values (the graph's node count).
    ///
    /// # Example
    /// ```
    /// let g = pathseek::StaticGraph::from_edges(2, [(0, 1, 1u32)])?;
    /// let r = pathseek::graph::Renumbered::breadth_first(&g);
    /// assert_eq!(r.reorder(&[1, 2])?.len(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// `true` when there are no values.
    ///
    /// # Example
    /// ```
    /// let g = pathseek::StaticGraph::<u32>::default();
    /// let r = pathseek::graph::Renumbered::breadth_first(&g);
    /// assert!(r.reorder::<u8>(&[])?.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }
}

/// # Panics
/// For an id out of range: one of another, larger graph (use
/// [`get`](Reordered::get) to have `None` instead).
impl<T> Index<RenumberedId> for Reordered<T> {
    type Output = T;

    #[inline(always)]
    fn index(&self, id: RenumberedId) -> &T {
        &self.values[id.index()]
    }
}
