//! Contraction hierarchies: a road graph prepared once so that shortest
//! paths come back in microseconds.
//!
//! Preparation contracts the nodes one by one, least important first,
//! adding a *shortcut* edge wherever a removed node was on the only
//! shortest path between two of its neighbours (Geisberger, Sanders,
//! Schultes and Delling 2008). A query then runs two small Dijkstra
//! searches, from the start and from the goal, that only ever go *up* to
//! more important nodes, and meet at the top of the shortest path; the
//! shortcuts on it are unpacked to the graph's own edges.
//!
//! | | prepared | after edge costs change | query |
//! |---|---|---|---|
//! | [`ContractionHierarchy`] | node order and shortcuts for one set of costs | prepare again | fastest |
//! | [`CustomizableHierarchy`] | order and shortcuts for any costs (only the graph's shape) | [`customize`](CustomizableHierarchy::customize): weights only, many times faster | a little slower |
//!
//! Both answer through a [`ChSearch`], which keeps the query memory (two
//! labels per node, two queues) across queries and allocates nothing once
//! warm: [`distance`](ChSearch::distance), [`find_path`](ChSearch::find_path)
//! and [`table`](ChSearch::table) (an N x M table of distances, by buckets:
//! Knopp, Sanders, Schultes, Schulz and Wagner 2007).
//!
//! A hierarchy answers only for the graph it was prepared (or customized)
//! for, as it was: another graph, or the same one edited since, is refused
//! with [`ContractionError::MapChanged`], never answered with the old
//! costs.
//!
//! # Example
//! ```
//! use pathseek::contraction::{ChSearch, ContractionHierarchy};
//! use pathseek::StaticGraph;
//!
//! // A ring road 0 - 1 - 2 - 3 - 0 and a slow lane 0 - 2.
//! let g = StaticGraph::from_undirected_edges(4, [(0, 1, 2u32), (1, 2, 2), (2, 3, 5), (3, 0, 5), (0, 2, 9)])?;
//! let ch = ContractionHierarchy::new(&g)?;
//! let mut search = ChSearch::new();
//! let mut path = Vec::new();
//! assert_eq!(search.find_path(&ch, &g, 0, 2, &mut path)?, Some(4));
//! assert_eq!(path, [0, 1, 2]);
//! // Three depots to two customers: every distance in one call.
//! let table = search.table(&ch, &g, &[0, 1, 3], &[2, 3])?;
//! assert_eq!(table.get(2, 0), Some(5)); // from node 3 to node 2
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Complexity
//! Preparation is roughly linear in the graph on road networks (witness
//! searches are bounded); a query settles a few hundred nodes on a
//! country's roads, whatever the distance. Memory: see
//! [`ContractionHierarchy::heap_bytes`]. Graphs without geometry (random
//! graphs, expanders) are the worst case: their last nodes form a dense
//! core that needs a shortcut for nearly every pair, so preparation grows
//! with the square of the core and a query can be slower than a plain
//! Dijkstra (on 5,000 random nodes: 1.7 million shortcuts, and 609 us a
//! query against 348 us). Contract road-like graphs.

use core::fmt;

use crate::cost::Cost;
use crate::graph::{check_version, DenseIds, MapChanged, StaticGraph, StaticGraphError};

mod customizable;
mod follow;
mod prepare;
mod search;
mod table;
#[cfg(test)]
mod tests;
mod upward;
mod witness;

pub use customizable::CustomizableHierarchy;
pub use search::ChSearch;
pub use table::DistanceTable;

use upward::Upward;

/// Why a hierarchy could not be prepared, or could not answer.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ContractionError {
    /// The graph could not be read into a compact copy (an invalid edge
    /// cost, a node without a dense id, too many nodes).
    Graph(StaticGraphError),
    /// An edge cost, or the cost of a path through a shortcut, reaches the
    /// largest value of the cost type.
    CostOverflow,
    /// The hierarchy was built for a graph with another number of nodes.
    WrongGraph {
        /// Nodes of the graph it was built for.
        expected: usize,
        /// Nodes of the graph given.
        found: usize,
    },
    /// The graph numbers its nodes another way than the one the hierarchy
    /// was built for ([`DenseIds::numbering`]).
    WrongNumbering,
    /// The graph changed since the hierarchy was prepared or customized
    /// (or it is another graph): prepare or customize it again.
    MapChanged(MapChanged),
    /// A [`CustomizableHierarchy`] has no costs yet: call
    /// [`customize`](CustomizableHierarchy::customize).
    NotCustomized,
    /// [`CustomizableHierarchy::customize`]: the graph has an edge the
    /// hierarchy was not built with (its shape changed: build it again).
    UnknownEdge {
        /// The edge's source (dense id).
        from: usize,
        /// The edge's target (dense id).
        to: usize,
    },
    /// A start, goal, source or target is not a node of the graph.
    UnknownNode,
    /// A start, goal, source or target is a node the graph does not
    /// contain now ([`Graph::contains`](crate::Graph::contains): a blocked
    /// grid cell).
    BlockedNode,
}

impl fmt::Display for ContractionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ContractionError::Graph(e) => write!(f, "cannot read the graph: {e}"),
            ContractionError::CostOverflow => write!(
                f,
                "an edge or path cost reaches the largest value of the cost type"
            ),
            ContractionError::WrongGraph { expected, found } => write!(
                f,
                "the hierarchy was built for a graph of {expected} nodes, not {found}"
            ),
            ContractionError::WrongNumbering => write!(
                f,
                "the graph numbers its nodes another way than the hierarchy's graph"
            ),
            ContractionError::MapChanged(e) => {
                write!(f, "{e} (prepare or customize the hierarchy again)")
            }
            ContractionError::NotCustomized => {
                write!(f, "the customizable hierarchy has no costs yet: customize it")
            }
            ContractionError::UnknownEdge { from, to } => write!(
                f,
                "edge {from} -> {to} is not in the hierarchy's graph: its shape changed, build it again"
            ),
            ContractionError::UnknownNode => write!(f, "a node is not part of the graph"),
            ContractionError::BlockedNode => write!(f, "a start or goal is blocked"),
        }
    }
}

impl std::error::Error for ContractionError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ContractionError::Graph(e) => Some(e),
            ContractionError::MapChanged(e) => Some(e),
            _ => None,
        }
    }
}

impl From<StaticGraphError> for ContractionError {
    fn from(e: StaticGraphError) -> Self {
        ContractionError::Graph(e)
    }
}

/// Which graph, as it was, a hierarchy answers for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct BuiltFor {
    pub(crate) nodes: usize,
    pub(crate) numbering: u64,
    pub(crate) version: u64,
}

impl BuiltFor {
    pub(crate) fn of<G: DenseIds>(graph: &G) -> Self {
        BuiltFor {
            nodes: graph.node_count(),
            numbering: graph.numbering(),
            version: graph.version(),
        }
    }

    pub(crate) fn check<G: DenseIds>(&self, graph: &G) -> Result<(), ContractionError> {
        self.check_shape(graph)?;
        check_version(graph, self.version).map_err(ContractionError::MapChanged)
    }

    /// As [`check`](Self::check), the version aside: the same number of
    /// nodes, numbered the same way.
    pub(crate) fn check_shape<G: DenseIds>(&self, graph: &G) -> Result<(), ContractionError> {
        let found = graph.node_count();
        if found != self.nodes {
            return Err(ContractionError::WrongGraph {
                expected: self.nodes,
                found,
            });
        }
        if graph.numbering() != self.numbering {
            return Err(ContractionError::WrongNumbering);
        }
        Ok(())
    }
}

/// The searchable arcs of a prepared hierarchy, numbered by rank: what a
/// [`ChSearch`] runs on. Opaque; got from [`Contracted::upward`].
#[derive(Clone, Debug, PartialEq)]
pub struct UpwardGraph<C>(pub(crate) Upward<C>);

impl<C: Cost> UpwardGraph<C> {
    /// The number of nodes.
    ///
    /// # Example
    /// ```
    /// use pathseek::contraction::{Contracted, ContractionHierarchy};
    /// let g = pathseek::StaticGraph::from_edges(3, [(0, 1, 1u32)])?;
    /// assert_eq!(ContractionHierarchy::new(&g)?.upward().len(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// `true` when the graph has no node.
    ///
    /// # Example
    /// ```
    /// use pathseek::contraction::{Contracted, ContractionHierarchy};
    /// let g = pathseek::StaticGraph::<u32>::from_edges(0, [])?;
    /// assert!(ContractionHierarchy::new(&g)?.upward().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.0.len() == 0
    }

    /// The number of arcs: each joins a node to a more important one, in
    /// one or both directions (original edges and shortcuts).
    ///
    /// # Example
    /// ```
    /// use pathseek::contraction::{Contracted, ContractionHierarchy};
    /// // A path 0 - 1 - 2: whichever node goes first, two arcs remain.
    /// let g = pathseek::StaticGraph::from_undirected_edges(3, [(0, 1, 1u32), (1, 2, 1)])?;
    /// assert_eq!(ContractionHierarchy::new(&g)?.upward().arc_count(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn arc_count(&self) -> usize {
        self.0.arcs.len()
    }

    /// Bytes of heap memory held.
    ///
    /// # Example
    /// ```
    /// use pathseek::contraction::{Contracted, ContractionHierarchy};
    /// let g = pathseek::StaticGraph::from_undirected_edges(3, [(0, 1, 1u32), (1, 2, 1)])?;
    /// assert!(ContractionHierarchy::new(&g)?.upward().heap_bytes() > 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn heap_bytes(&self) -> usize {
        self.0.heap_bytes()
    }
}

/// A prepared hierarchy a [`ChSearch`] can answer from: its arcs, and the
/// graph it answers for. Implemented by [`ContractionHierarchy`] and
/// [`CustomizableHierarchy`].
pub trait Contracted<C: Cost> {
    /// The arcs to search.
    fn upward(&self) -> &UpwardGraph<C>;

    /// `Ok(())` when the hierarchy answers for `graph` as it is now: the
    /// graph it was prepared or customized for, not edited since.
    ///
    /// # Errors
    /// [`ContractionError::MapChanged`], [`WrongGraph`](ContractionError::WrongGraph),
    /// [`WrongNumbering`](ContractionError::WrongNumbering),
    /// [`NotCustomized`](ContractionError::NotCustomized).
    fn answers_for<G: DenseIds<Cost = C>>(&self, graph: &G) -> Result<(), ContractionError>;
}

/// A contraction hierarchy of one graph with its costs: see the [module
/// docs](self).
///
/// # Example
/// ```
/// use pathseek::contraction::{ChSearch, ContractionHierarchy};
/// // A one-way street 0 -> 1 -> 2 and a two-way one 2 - 3.
/// let g = pathseek::StaticGraph::from_edges(4, [(0, 1, 1.5f64), (1, 2, 1.5), (2, 3, 1.0), (3, 2, 1.0)])?;
/// let ch = ContractionHierarchy::new(&g)?;
/// let mut search = ChSearch::new();
/// assert_eq!(search.distance(&ch, &g, 0, 3)?, Some(4.0));
/// assert_eq!(search.distance(&ch, &g, 3, 0)?, None); // against the one-way street
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct ContractionHierarchy<C> {
    upward: UpwardGraph<C>,
    built: BuiltFor,
    edges: usize,
}

impl<C: Cost + Send + Sync> ContractionHierarchy<C> {
    /// Prepares the hierarchy of `graph` (any graph with dense ids; it is
    /// copied into a [`StaticGraph`] first). With the `rayon` feature the
    /// witness searches run on every thread of the current rayon pool; the
    /// hierarchy is the same with one thread or many.
    ///
    /// # Errors
    /// [`ContractionError::Graph`] for an edge cost that is NaN or negative
    /// or a graph that cannot be copied; [`ContractionError::CostOverflow`]
    /// when a path cost would reach the cost type's largest value.
    ///
    /// # Complexity
    /// Bounded witness searches for every node and after every round of
    /// contractions: about a second for a country's roads (100,000 nodes)
    /// on one core.
    ///
    /// # Example
    /// ```
    /// use pathseek::contraction::ContractionHierarchy;
    /// let g = pathseek::StaticGraph::from_undirected_edges(3, [(0, 1, 1u32), (1, 2, 1)])?;
    /// let ch = ContractionHierarchy::new(&g)?;
    /// assert_eq!(ch.len(), 3);
    /// let bad = pathseek::StaticGraph::from_edges(2, [(0, 1, u32::MAX)])?;
    /// assert!(ContractionHierarchy::new(&bad).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new<G: DenseIds<Cost = C>>(graph: &G) -> Result<Self, ContractionError> {
        let built = BuiltFor::of(graph);
        let copy = StaticGraph::from_graph(graph)?;
        let upward = prepare::contract(&copy)?;
        Ok(ContractionHierarchy {
            upward: UpwardGraph(upward),
            built,
            edges: copy.edge_count(),
        })
    }
}

impl<C: Cost> ContractionHierarchy<C> {
    /// The number of nodes.
    ///
    /// # Example
    /// ```
    /// use pathseek::contraction::ContractionHierarchy;
    /// let g = pathseek::StaticGraph::from_edges(3, [(0, 1, 1u32)])?;
    /// assert_eq!(ContractionHierarchy::new(&g)?.len(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn len(&self) -> usize {
        self.upward.len()
    }

    /// `true` when the graph has no node.
    ///
    /// # Example
    /// ```
    /// use pathseek::contraction::ContractionHierarchy;
    /// let g = pathseek::StaticGraph::<u32>::from_edges(0, [])?;
    /// assert!(ContractionHierarchy::new(&g)?.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.upward.is_empty()
    }

    /// The number of directed shortcuts preparation added: arc directions
    /// with a middle node.
    ///
    /// # Example
    /// ```
    /// use pathseek::contraction::ContractionHierarchy;
    /// // A star: contracting its centre first would need shortcuts, so
    /// // the leaves go first and none is needed.
    /// let g = pathseek::StaticGraph::from_undirected_edges(4, [(0, 1, 1u32), (0, 2, 1), (0, 3, 1)])?;
    /// assert_eq!(ContractionHierarchy::new(&g)?.shortcut_count(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn shortcut_count(&self) -> usize {
        let u = &self.upward.0;
        (0..u.arcs.len())
            .map(|a| usize::from(u.is_shortcut(a, 0)) + usize::from(u.is_shortcut(a, 1)))
            .sum()
    }

    /// The number of directed edges of the graph it was prepared from.
    ///
    /// # Example
    /// ```
    /// use pathseek::contraction::ContractionHierarchy;
    /// let g = pathseek::StaticGraph::from_undirected_edges(3, [(0, 1, 1u32), (1, 2, 1)])?;
    /// assert_eq!(ContractionHierarchy::new(&g)?.edge_count(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn edge_count(&self) -> usize {
        self.edges
    }

    /// Bytes of heap memory held (the arcs, their middle nodes and the two
    /// id maps).
    ///
    /// # Example
    /// ```
    /// use pathseek::contraction::ContractionHierarchy;
    /// let g = pathseek::StaticGraph::from_undirected_edges(3, [(0, 1, 1u32), (1, 2, 1)])?;
    /// let ch = ContractionHierarchy::new(&g)?;
    /// assert!(ch.heap_bytes() >= 3 * 8);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn heap_bytes(&self) -> usize {
        self.upward.heap_bytes()
    }
}

impl<C: Cost> Contracted<C> for ContractionHierarchy<C> {
    fn upward(&self) -> &UpwardGraph<C> {
        &self.upward
    }

    fn answers_for<G: DenseIds<Cost = C>>(&self, graph: &G) -> Result<(), ContractionError> {
        self.built.check(graph)
    }
}
