//! ALT (A*, Landmarks, Triangle inequality; Goldberg and Harrelson 2005): a
//! heuristic for any graph with dense ids, from exact distances to and from a
//! few chosen nodes.
//!
//! Pick a handful of landmarks, run one Dijkstra from each (and one on the
//! reverse graph when edges are one-way), and store every node's distances.
//! For any node `v` and goal `t`, the triangle inequality gives
//! `d(v, t) >= d(L, t) - d(L, v)` and `d(v, t) >= d(v, L) - d(t, L)`; the
//! largest of these over the landmarks is an admissible and consistent
//! heuristic (consistent on every edge into a node that can reach the goal:
//! see [`AltHeuristic`]). Where geometry gives none (road graphs without coordinates,
//! waypoint graphs) or a weak one (mazes, rooms, one-way streets), it guides
//! A* far better.
//!
//! # Choosing landmarks
//! | [`Selection`] | how | build cost |
//! |---|---|---|
//! | [`Farthest`](Selection::Farthest) | repeatedly the node farthest from those chosen | one extra Dijkstra per landmark |
//! | [`Avoid`](Selection::Avoid) | Goldberg and Werneck (2005): grow a shortest-path tree from a random root and descend into the subtree the current landmarks cover worst | two extra Dijkstras per landmark |
//! | [`Random`](Selection::Random) | seeded random nodes | none |
//!
//! [`Landmarks::from_nodes`] takes landmarks you choose yourself (map
//! corners, dead ends).
//!
//! # Memory
//! One distance per node, landmark and direction: on a graph whose edges all
//! have their reverse at the same cost (an undirected graph, a grid without
//! terrain) the two directions are equal and stored once. Distances are kept
//! as `u32` (4 bytes) when every one is a whole number that fits, which is
//! exact; otherwise as the cost type (8 bytes for `f64`).
//! [`bytes_per_node`](Landmarks::bytes_per_node) says which.
//!
//! # Measured
//! On roads ALT beats straight-line distance several times over: Luxembourg
//! streets, 1,000 queries, 16 landmarks expand 5.35x fewer nodes and run
//! 3.62x faster than straight-line A\* (`examples/roads.rs`; BENCHMARKS.md,
//! "Road graphs"). On grids, [`MaxOf`](crate::query::MaxOf) combines the
//! landmarks with the octile distance.
//!
//! # Example
//! ```
//! use pathseek::landmarks::{Landmarks, Selection};
//! use pathseek::{Query, StaticGraph};
//!
//! // A road of 100 nodes, two ways, each edge costing 3.
//! let g = StaticGraph::from_undirected_edges(100, (0..99).map(|v| (v, v + 1, 3u32)))?;
//! let lm = Landmarks::new(&g, 2, Selection::Avoid)?;
//! let (start, goal) = (50, 99);
//! let r = pathseek::search(&g, Query::new(start, goal, lm.heuristic(&g, goal)?));
//! assert_eq!(r.found().unwrap().cost, 3 * 49);
//! // A landmark at an end of the road makes the bound exact: straight there.
//! assert_eq!(r.stats.expanded, 49);
//! let plain = pathseek::astar(&g, start, goal, |_| 0);
//! assert_eq!(plain.stats.expanded, 98); // Dijkstra spreads both ways
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;

use crate::astar::Engine;
use crate::cost::Cost;
use crate::graph::{check_version, DenseIds, FollowMap, MapChanged, StaticGraph, StaticGraphError};
use crate::open_set::BinaryHeap;
use crate::store::IndexedStore;
use crate::{Outcome, Query};

mod heuristic;
mod select;
mod table;
#[cfg(test)]
mod tests;

pub use heuristic::AltHeuristic;
pub use select::Selection;
use table::Table;

/// Landmark distances for the ALT heuristic on one graph: see the
/// [module docs](self).
///
/// Built for one graph; [`heuristic`](Self::heuristic) checks that it is
/// given that graph as it was: another graph, or the same one edited since
/// (its [`Graph::version`](crate::Graph::version) changed), is refused with
/// [`LandmarkError::MapChanged`], since old distances can overestimate and
/// the paths found would then not always be the cheapest.
/// [`FollowMap::sync`] builds them again at
/// the same landmark nodes (one Dijkstra per landmark and direction).
#[derive(Clone)]
pub struct Landmarks<C> {
    /// Dense ids of the landmarks.
    nodes: Vec<usize>,
    node_count: usize,
    /// [`DenseIds::numbering`] of the graph they were built on.
    numbering: u64,
    /// [`Graph::version`](crate::Graph::version) of the graph they were
    /// built on.
    version: u64,
    /// Node-major: row `v` holds `d(L_k, v)` for every `k`, then, unless the
    /// graph is symmetric, `d(v, L_k)` for every `k`.
    table: Table<C>,
    symmetric: bool,
}

impl<C> fmt::Debug for Landmarks<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Landmarks")
            .field("landmarks", &self.nodes)
            .field("nodes", &self.node_count)
            .field("symmetric", &self.symmetric)
            .finish_non_exhaustive()
    }
}

/// Why landmarks could not be built, or a heuristic made from them.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LandmarkError {
    /// The graph could not be copied: no dense ids, a successor without one,
    /// an invalid edge cost, or too many nodes or edges.
    Graph(StaticGraphError),
    /// The graph has no node a landmark could be (none, or all left out by
    /// [`Graph::contains`](crate::Graph::contains)).
    NoNodes,
    /// A node given to [`Landmarks::from_nodes`] or as a goal has no dense
    /// id in the graph, or is left out by [`Graph::contains`](crate::Graph::contains).
    UnknownNode,
    /// [`Landmarks::heuristic`] was given a graph with another number of
    /// nodes than the landmarks were built for.
    WrongGraph {
        /// The node count the landmarks were built for.
        expected: usize,
        /// The node count of the graph given.
        found: usize,
    },
    /// A distance overflowed the cost type.
    CostOverflow,
    /// [`Landmarks::heuristic`] was given a graph whose dense ids follow
    /// another numbering ([`DenseIds::numbering`]) than the graph the
    /// landmarks were built on: a [`Renumbered`](crate::graph::Renumbered)
    /// graph and its original, say. Build the landmarks on the graph you
    /// search.
    WrongNumbering,
    /// [`Landmarks::heuristic`] was given a graph edited since the landmarks
    /// were built (or another graph of the same size): its distances are
    /// not the landmarks'. Bring them up to date with
    /// [`FollowMap::sync`].
    MapChanged(MapChanged),
}

impl fmt::Display for LandmarkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LandmarkError::Graph(e) => write!(f, "cannot read the graph: {e}"),
            LandmarkError::NoNodes => write!(f, "the graph has no node to be a landmark"),
            LandmarkError::UnknownNode => {
                write!(
                    f,
                    "the node is not part of the graph (no dense id, or left out)"
                )
            }
            LandmarkError::WrongGraph { expected, found } => write!(
                f,
                "the landmarks were built for a graph of {expected} nodes, not {found}"
            ),
            LandmarkError::CostOverflow => write!(f, "a landmark distance overflows the cost type"),
            LandmarkError::WrongNumbering => write!(
                f,
                "the landmarks were built on a graph whose nodes are numbered another way \
                 (a renumbered graph and its original?): build them on the graph you search"
            ),
            LandmarkError::MapChanged(e) => write!(f, "{e} (or sync the landmarks)"),
        }
    }
}

impl std::error::Error for LandmarkError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            LandmarkError::Graph(e) => Some(e),
            LandmarkError::MapChanged(e) => Some(e),
            _ => None,
        }
    }
}

impl From<StaticGraphError> for LandmarkError {
    fn from(e: StaticGraphError) -> Self {
        LandmarkError::Graph(e)
    }
}

/// The graph as the preprocessing sees it: a CSR copy, its reverse (unless
/// symmetric), which ids may be landmarks, and a reusable Dijkstra.
pub(crate) struct Prep<C: Cost> {
    forward: StaticGraph<C>,
    numbering: u64,
    /// The [`Graph::version`](crate::Graph::version) of the graph copied.
    version: u64,
    /// `None` when every edge has its reverse at the same cost.
    backward: Option<StaticGraph<C>>,
    usable: Vec<bool>,
    engine: Engine<BinaryHeap<C>, IndexedStore<C>>,
}

impl<C: Cost> Prep<C> {
    fn new<G: DenseIds<Cost = C>>(graph: &G) -> Result<Self, LandmarkError> {
        let forward = StaticGraph::from_graph(graph)?;
        let usable: Vec<bool> = (0..forward.len())
            .map(|i| graph.node_at(i).is_some_and(|n| graph.contains(n)))
            .collect();
        if !usable.contains(&true) {
            return Err(LandmarkError::NoNodes);
        }
        let reverse = forward.reverse();
        let backward = (!same_edges(&forward, &reverse)).then_some(reverse);
        Ok(Prep {
            forward,
            numbering: graph.numbering(),
            version: graph.version(),
            backward,
            usable,
            engine: Engine::new(BinaryHeap::new(), IndexedStore::new()),
        })
    }

    fn len(&self) -> usize {
        self.forward.len()
    }

    /// Distances from the nearest of `sources` over `forward` (or over the
    /// reverse graph: distances *to* the sources), by dense id.
    fn distances(
        &mut self,
        sources: &[usize],
        reverse: bool,
    ) -> Result<Vec<Option<C>>, LandmarkError> {
        let graph = match (&self.backward, reverse) {
            (Some(b), true) => b,
            _ => &self.forward,
        };
        let query = Query::until(sources[0] as u32, |_| false, |_| C::zero())
            .with_starts(sources.iter().map(|&s| (s as u32, C::zero())));
        let r = self.engine.run(graph, query);
        match r.outcome {
            Outcome::NoPath => {}
            Outcome::Error(crate::SearchError::CostOverflow { .. }) => {
                return Err(LandmarkError::CostOverflow);
            }
            _ => return Err(LandmarkError::UnknownNode),
        }
        let store = &self.engine.store;
        Ok((0..graph.len())
            .map(|v| crate::Records::record(store, v as u32).map(|r| r.g))
            .collect())
    }

    /// The parent of each node in the shortest-path tree of the last
    /// [`distances`](Self::distances) call (`None`: a source or unreached).
    fn parents(&self) -> Vec<Option<u32>> {
        let store = &self.engine.store;
        (0..self.len())
            .map(|v| crate::Records::record(store, v as u32).and_then(|r| r.parent()))
            .collect()
    }
}

/// `true` when `a` and `b` have the same edges leaving every node (as
/// multisets of (target, cost)).
fn same_edges<C: Cost>(a: &StaticGraph<C>, b: &StaticGraph<C>) -> bool {
    if a.edge_count() != b.edge_count() {
        return false;
    }
    let key = |x: &(u32, C), y: &(u32, C)| {
        x.0.cmp(&y.0)
            .then(x.1.partial_cmp(&y.1).unwrap_or(core::cmp::Ordering::Equal))
    };
    let (mut ea, mut eb) = (Vec::new(), Vec::new());
    for v in 0..a.len() as u32 {
        ea.clear();
        eb.clear();
        ea.extend(a.edges(v));
        eb.extend(b.edges(v));
        if ea.len() != eb.len() {
            return false;
        }
        ea.sort_by(key);
        eb.sort_by(key);
        if ea != eb {
            return false;
        }
    }
    true
}

impl<C: Cost> Landmarks<C> {
    /// Chooses `count` landmarks by `selection` (seed 1) and computes their
    /// distances. Fewer are chosen when the graph has fewer usable nodes.
    ///
    /// # Errors
    /// A graph without dense ids, with an invalid edge cost or no usable
    /// node; a distance that overflows the cost type.
    ///
    /// # Complexity
    /// One or two Dijkstras over the whole graph per landmark (two or three
    /// with [`Avoid`](Selection::Avoid)), plus a copy of the graph.
    ///
    /// # Example
    /// ```
    /// use pathseek::landmarks::{Landmarks, Selection};
    /// let g = pathseek::StaticGraph::from_undirected_edges(3, [(0, 1, 1u32), (1, 2, 1)])?;
    /// let lm = Landmarks::new(&g, 2, Selection::Farthest)?;
    /// assert_eq!(lm.len(), 2);
    /// assert!(lm.is_symmetric());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new<G: DenseIds<Cost = C>>(
        graph: &G,
        count: usize,
        selection: Selection,
    ) -> Result<Self, LandmarkError> {
        Self::with_seed(graph, count, selection, 1)
    }

    /// [`new`](Self::new) with the seed of the random choices (the first
    /// root of [`Farthest`](Selection::Farthest), the roots of
    /// [`Avoid`](Selection::Avoid), the nodes of [`Random`](Selection::Random)).
    ///
    /// # Example
    /// ```
    /// use pathseek::landmarks::{Landmarks, Selection};
    /// let g = pathseek::StaticGraph::from_undirected_edges(50, (0..49).map(|v| (v, v + 1, 1u32)))?;
    /// let a = Landmarks::with_seed(&g, 3, Selection::Random, 7)?;
    /// let b = Landmarks::with_seed(&g, 3, Selection::Random, 7)?;
    /// assert_eq!(a.nodes(), b.nodes());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_seed<G: DenseIds<Cost = C>>(
        graph: &G,
        count: usize,
        selection: Selection,
        seed: u64,
    ) -> Result<Self, LandmarkError> {
        let mut prep = Prep::new(graph)?;
        let (nodes, from, to) = select::choose(&mut prep, count, selection, seed)?;
        Ok(Self::assemble(&prep, nodes, from, to))
    }

    /// Landmarks at the nodes given (duplicates dropped).
    ///
    /// # Errors
    /// A node that is not part of the graph, no node at all, or the errors
    /// of [`new`](Self::new).
    ///
    /// # Example
    /// ```
    /// use pathseek::landmarks::Landmarks;
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts};
    /// let grid = Grid::new(20, 20, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
    /// let corners = [Cell::new(0, 0), Cell::new(19, 19)];
    /// let lm = Landmarks::from_nodes(&grid, &corners)?;
    /// assert_eq!(lm.nodes(), [0, 399]); // dense ids
    /// assert_eq!(lm.bytes_per_node(), 8); // two u32 distances, one direction
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_nodes<G: DenseIds<Cost = C>>(
        graph: &G,
        nodes: &[G::Node],
    ) -> Result<Self, LandmarkError> {
        let mut prep = Prep::new(graph)?;
        let mut ids = Vec::new();
        for &n in nodes {
            let id = graph
                .node_index(n)
                .filter(|&i| prep.usable.get(i) == Some(&true))
                .ok_or(LandmarkError::UnknownNode)?;
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
        if ids.is_empty() {
            return Err(LandmarkError::NoNodes);
        }
        let (mut from, mut to) = (Vec::new(), Vec::new());
        for &id in &ids {
            select::columns(&mut prep, id, &mut from, &mut to)?;
        }
        Ok(Self::assemble(&prep, ids, from, to))
    }

    fn assemble(
        prep: &Prep<C>,
        nodes: Vec<usize>,
        from: Vec<Vec<Option<C>>>,
        to: Vec<Vec<Option<C>>>,
    ) -> Self {
        let symmetric = prep.backward.is_none();
        let mut columns = from;
        if !symmetric {
            columns.extend(to);
        }
        Landmarks {
            nodes,
            node_count: prep.len(),
            numbering: prep.numbering,
            version: prep.version,
            table: Table::pack(&columns, prep.len()),
            symmetric,
        }
    }

    /// The ALT heuristic to `goal` on `graph` (the graph the landmarks were
    /// built for).
    ///
    /// # Errors
    /// [`WrongGraph`](LandmarkError::WrongGraph) for a graph with another
    /// node count; [`WrongNumbering`](LandmarkError::WrongNumbering) for one
    /// numbered another way ([`DenseIds::numbering`]: a
    /// [`Renumbered`](crate::graph::Renumbered) graph and its original);
    /// [`UnknownNode`](LandmarkError::UnknownNode) for a goal without a
    /// dense id; [`MapChanged`](LandmarkError::MapChanged) for a graph
    /// edited since the landmarks were built or synced.
    ///
    /// # Example
    /// ```
    /// use pathseek::landmarks::{LandmarkError, Landmarks, Selection};
    /// use pathseek::StaticGraph;
    /// let g = StaticGraph::from_edges(3, [(0, 1, 5u32), (1, 2, 5)])?;
    /// let lm = Landmarks::new(&g, 2, Selection::Farthest)?;
    /// let r = pathseek::search(&g, pathseek::Query::new(0, 2, lm.heuristic(&g, 2)?));
    /// assert_eq!(r.found().unwrap().cost, 10);
    /// let other = StaticGraph::from_edges(4, [(0, 1, 1u32)])?;
    /// assert!(matches!(lm.heuristic(&other, 1), Err(LandmarkError::WrongGraph { .. })));
    /// assert!(matches!(lm.heuristic(&g, 9), Err(LandmarkError::UnknownNode)));
    /// // The same graph renumbered: its ids name other nodes.
    /// let r = pathseek::graph::Renumbered::from_order(&g, vec![2, 1, 0])?;
    /// let goal = r.id(2).unwrap();
    /// assert!(matches!(lm.heuristic(&r, goal), Err(LandmarkError::WrongNumbering)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn heuristic<'a, G: DenseIds<Cost = C>>(
        &'a self,
        graph: &'a G,
        goal: G::Node,
    ) -> Result<AltHeuristic<'a, G>, LandmarkError> {
        let found = graph.node_count();
        if found != self.node_count {
            return Err(LandmarkError::WrongGraph {
                expected: self.node_count,
                found,
            });
        }
        if graph.numbering() != self.numbering {
            return Err(LandmarkError::WrongNumbering);
        }
        check_version(graph, self.version).map_err(LandmarkError::MapChanged)?;
        let index = graph
            .node_index(goal)
            .filter(|&i| i < self.node_count)
            .ok_or(LandmarkError::UnknownNode)?;
        Ok(AltHeuristic::new(graph, self, goal, index))
    }

    /// The number of landmarks.
    ///
    /// # Example
    /// ```
    /// # use pathseek::landmarks::{Landmarks, Selection};
    /// let g = pathseek::StaticGraph::from_undirected_edges(2, [(0, 1, 1u32)])?;
    /// // Only two nodes: at most two landmarks.
    /// assert_eq!(Landmarks::new(&g, 8, Selection::Farthest)?.len(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// `true` if there are no landmarks (never, for landmarks that were built).
    ///
    /// # Example
    /// ```
    /// # use pathseek::landmarks::{Landmarks, Selection};
    /// let g = pathseek::StaticGraph::from_undirected_edges(2, [(0, 1, 1u32)])?;
    /// assert!(!Landmarks::new(&g, 1, Selection::Random)?.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The dense ids of the landmarks, in the order they were chosen.
    ///
    /// # Example
    /// ```
    /// # use pathseek::landmarks::Landmarks;
    /// let g = pathseek::StaticGraph::from_undirected_edges(3, [(0, 1, 1u32), (1, 2, 1)])?;
    /// assert_eq!(Landmarks::from_nodes(&g, &[2, 0, 2])?.nodes(), [2, 0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn nodes(&self) -> &[usize] {
        &self.nodes
    }

    /// `true` when every edge has its reverse at the same cost, so one
    /// distance per landmark and node serves both directions.
    ///
    /// # Example
    /// ```
    /// # use pathseek::landmarks::Landmarks;
    /// let g = pathseek::StaticGraph::from_edges(2, [(0, 1, 1u32)])?;
    /// assert!(!Landmarks::from_nodes(&g, &[0])?.is_symmetric());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_symmetric(&self) -> bool {
        self.symmetric
    }

    /// Columns per node: the landmark count, twice that on a directed graph.
    fn width(&self) -> usize {
        if self.symmetric {
            self.nodes.len()
        } else {
            2 * self.nodes.len()
        }
    }

    /// Bytes of distances per node: landmarks x directions stored x 4 (`u32`)
    /// or `size_of::<C>()`.
    ///
    /// # Example
    /// ```
    /// # use pathseek::landmarks::Landmarks;
    /// let g = pathseek::StaticGraph::from_edges(3, [(0, 1, 0.5f64), (1, 2, 0.5)])?;
    /// // Directed, f64 distances that are not whole: 8 bytes x 2 directions.
    /// assert_eq!(Landmarks::from_nodes(&g, &[0])?.bytes_per_node(), 16);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn bytes_per_node(&self) -> usize {
        self.width() * self.table.entry_bytes()
    }

    /// Heap memory held, in bytes.
    ///
    /// # Example
    /// ```
    /// # use pathseek::landmarks::Landmarks;
    /// let g = pathseek::StaticGraph::from_undirected_edges(3, [(0, 1, 1u32), (1, 2, 1)])?;
    /// let lm = Landmarks::from_nodes(&g, &[0, 2])?;
    /// assert!(lm.heap_bytes() >= 3 * lm.bytes_per_node());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn heap_bytes(&self) -> usize {
        self.table.heap_bytes() + self.nodes.capacity() * core::mem::size_of::<usize>()
    }

    /// The exact distance from landmark number `k` to the node with dense id
    /// `index`; `None` if it does not reach it (or either is out of range).
    ///
    /// # Example
    /// ```
    /// # use pathseek::landmarks::Landmarks;
    /// let g = pathseek::StaticGraph::from_edges(3, [(0, 1, 4u32), (1, 2, 4)])?;
    /// let lm = Landmarks::from_nodes(&g, &[1])?;
    /// assert_eq!(lm.distance_from(0, 2), Some(4));
    /// assert_eq!(lm.distance_from(0, 0), None);
    /// assert_eq!(lm.distance_to(0, 0), Some(4));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn distance_from(&self, k: usize, index: usize) -> Option<C> {
        (k < self.len() && index < self.node_count)
            .then(|| self.table.get(index * self.width() + k))
            .flatten()
    }

    /// The exact distance from the node with dense id `index` to landmark
    /// number `k`; `None` if it cannot reach it.
    ///
    /// # Example
    /// See [`distance_from`](Self::distance_from).
    pub fn distance_to(&self, k: usize, index: usize) -> Option<C> {
        let column = if self.symmetric { k } else { self.len() + k };
        (k < self.len() && index < self.node_count)
            .then(|| self.table.get(index * self.width() + column))
            .flatten()
    }
}

/// Two landmark sets are equal when they describe the same graph version
/// and numbering with the same landmark nodes and the same distance in
/// every entry of the table (whatever its storage width).
impl<C: Cost> PartialEq for Landmarks<C> {
    fn eq(&self, other: &Self) -> bool {
        self.nodes == other.nodes
            && self.node_count == other.node_count
            && self.numbering == other.numbering
            && self.version == other.version
            && self.symmetric == other.symmetric
            && (0..self.node_count * self.width()).all(|i| self.table.get(i) == other.table.get(i))
    }
}

impl<C: Cost, G: DenseIds<Cost = C>> FollowMap<G> for Landmarks<C> {
    /// Whether the landmarks were built again.
    type Synced = bool;
    type Error = LandmarkError;

    #[inline]
    fn map_version(&self) -> u64 {
        self.version
    }

    /// Builds the landmarks again on `graph` as it is now, at the same
    /// landmark nodes (by dense id), unless they describe it already: one
    /// Dijkstra per landmark and direction. Returns whether it rebuilt.
    ///
    /// A landmark node no longer part of the graph (a wall built on it) is
    /// left out.
    ///
    /// # Errors
    /// [`NoNodes`](LandmarkError::NoNodes) when no landmark node is left, and
    /// the errors of [`from_nodes`](Landmarks::from_nodes). On an error the landmarks
    /// are left as they were.
    ///
    /// # Example
    /// ```
    /// use pathseek::landmarks::{LandmarkError, Landmarks, Selection};
    /// use pathseek::{Cell, Connectivity, FollowMap, Grid, GridCosts};
    /// let mut grid = Grid::new(16, 16, Connectivity::Eight, GridCosts::new(2u32, 3))?;
    /// let mut lm = Landmarks::new(&grid, 2, Selection::Farthest)?;
    /// let goal = Cell::new(15, 15);
    /// grid.set_passable(Cell::new(8, 8), false)?;
    /// // Distances on the old grid could overestimate on the new one: refused.
    /// assert!(matches!(lm.heuristic(&grid, goal), Err(LandmarkError::MapChanged(_))));
    /// assert!(lm.sync(&grid)?);
    /// let r = pathseek::search(&grid, pathseek::Query::new(Cell::new(0, 0), goal, lm.heuristic(&grid, goal)?));
    /// let plain = pathseek::astar(&grid, Cell::new(0, 0), goal, |_| 0);
    /// assert_eq!(r.found().unwrap().cost, plain.found().unwrap().cost);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn sync(&mut self, graph: &G) -> Result<bool, LandmarkError> {
        if self.is_current(graph) {
            return Ok(false);
        }
        // A landmark node closed since (a wall built on it) is left out.
        let nodes: Vec<G::Node> = self
            .nodes
            .iter()
            .filter_map(|&id| graph.node_at(id))
            .filter(|&n| graph.contains(n))
            .collect();
        *self = Landmarks::from_nodes(graph, &nodes)?;
        Ok(true)
    }
}
