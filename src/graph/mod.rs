//! The graph a search runs on: nodes, and the weighted edges leaving each node.
//!
//! # The contract
//! You implement [`Graph::successors`]; the A* core calls [`Graph::expand`],
//! whose default calls `successors`. So a graph needs one method, and hands
//! each outgoing edge to a callback, so producing neighbours never allocates.
//!
//! `expand` is the core's richer call: it is told the [`Expansion`] (the node,
//! its parent on the best known path, the search's goal), and it reports edges
//! to an [`EdgeSink`], optionally with the successor's dense id. Override it
//! only to use that: grids pass each cell's index so an array-backed store
//! skips a look-up, and [`JumpPoints`](crate::jump_points::JumpPoints) prunes by
//! the direction of arrival and stops its rays at the goal. A graph that
//! overrides `expand` may implement `successors` through it, as both of those
//! do (`self.expand(Expansion::new(node), &mut edge)`). New context goes into
//! [`Expansion`] and new ways to report an edge into [`EdgeSink`] (both with
//! defaults), so neither breaks an implementation.
//!
//! | method | required | used by |
//! |---|---|---|
//! | [`successors`](Graph::successors) | yes | `expand`'s default; callers that want the plain edges |
//! | [`expand`](Graph::expand) | no (default: `successors`) | the A* core |
//! | [`contains`](Graph::contains) | no (default `true`) | start and goal checks |
//! | [`dense_ids`](Graph::dense_ids) | no (default `None`) | the one-shot searches' choice of node store |
//! | [`version`](Graph::version), [`changed_since`](Graph::changed_since) | no (default: never changes) | a search that outlives an edit ([`AStar::advance`](crate::AStar::advance)) |
//!
//! Capabilities beyond that are traits of their own, checked by the
//! compiler: [`DenseIds`] (nodes numbered `0..n`) for the array-backed
//! stores [`IndexedStore`] and [`PagedStore`], component labels, landmarks
//! and flow fields.
//!
//! For graphs you do not want to write a type for, [`from_fn`] wraps a closure.
//!
//! # Graphs built in
//! - [`AdjacencyList`]: explicit graphs, built edge by edge (dense `u32` ids).
//! - [`StaticGraph`]: road networks and waypoint graphs, compressed sparse
//!   row (4 bytes per node, 4 + `size_of` cost per edge), directed or
//!   undirected, with [`reverse`](StaticGraph::reverse),
//!   [`map_costs`](StaticGraph::map_costs) and
//!   [`from_graph`](StaticGraph::from_graph) (a copy of any graph with dense
//!   ids); [`io::dimacs`](crate::io::dimacs) (`.gr`, `.co`) and
//!   [`io::metis`](crate::io::metis) (METIS / DIMACS10 graphs, `.xyz`) read
//!   them from any `BufRead`, line by line, with line-numbered errors.
//! - [`Renumbered`]: a graph renumbered for locality (a Hilbert curve over
//!   its points, or breadth-first) with ids of its own type, so an original
//!   id cannot be passed where a renumbered one is expected;
//!   `examples/roads.rs` searches one.
//! - The grids, hex grids, jump point graphs and navigation meshes of the
//!   other modules.
//!
//! [`path_cost`] checks a path against a graph (every step an edge) and
//! returns its cost.
//!
//! # Example
//! A graph of your own: one method, handing each outgoing edge to a callback.
//! ```
//! use pathseek::Graph;
//!
//! // Stations on a line: walk to the next one (cost 3) or ride five ahead (cost 10).
//! struct Line;
//! impl Graph for Line {
//!     type Node = u32;
//!     type Cost = u32;
//!     fn successors(&self, n: u32, mut edge: impl FnMut(u32, u32)) {
//!         edge(n + 1, 3);
//!         edge(n + 5, 10);
//!     }
//! }
//!
//! let goal = 12;
//! let path = pathseek::astar(&Line, 0, goal, |n: u32| 2 * goal.saturating_sub(n))
//!     .into_path()
//!     .unwrap();
//! assert_eq!(path.cost, 26); // two rides and two walks
//! ```
//!
//! [`IndexedStore`]: crate::store::IndexedStore
//! [`PagedStore`]: crate::store::PagedStore
//! [`StaticGraph`]: crate::StaticGraph
//! [`Renumbered`]: crate::graph::Renumbered
//! [`AdjacencyList`]: crate::AdjacencyList

use core::fmt::Debug;
use core::hash::Hash;

use crate::cost::Cost;

pub mod adjacency_list;
pub mod follow;
mod from_fn;
mod locality;
mod map_changed;
mod path_cost;
mod renumbered;
pub mod static_graph;

pub use adjacency_list::AdjacencyList;
pub(crate) use follow::fresh_version;
pub use follow::FollowMap;
pub use from_fn::{from_fn, FnGraph};
pub(crate) use map_changed::check_version;
pub use map_changed::MapChanged;
pub(crate) use path_cost::cheapest_edge;
pub use path_cost::path_cost;
pub use renumbered::{RenumberError, Renumbered, RenumberedId, Reordered};
pub use static_graph::{StaticGraph, StaticGraphError};

/// A directed graph with non-negative edge costs.
///
/// # Example
/// A ring of `n` nodes where each node links to the next one at cost 2:
/// ```
/// use pathseek::Graph;
///
/// struct Ring(u32);
/// impl Graph for Ring {
///     type Node = u32;
///     type Cost = u32;
///     fn successors(&self, node: u32, mut edge: impl FnMut(u32, u32)) {
///         edge((node + 1) % self.0, 2);
///     }
/// }
///
/// let result = pathseek::astar(&Ring(10), 0, 3, |_| 0);
/// let found = result.found().unwrap();
/// assert_eq!(found.cost, 6);
/// assert_eq!(found.nodes, vec![0, 1, 2, 3]);
/// ```
pub trait Graph {
    /// A node: small, copyable, comparable and hashable.
    type Node: Copy + Eq + Hash + Debug;
    /// The cost of an edge and of a path.
    type Cost: Cost;

    /// Whether the A\* core may open a closed node again when it finds a
    /// cheaper path to it (the default, `true`; a heuristic can also say no,
    /// [`Heuristic::REOPEN`](crate::Heuristic::REOPEN)). A graph whose edges
    /// depend on the path that reached a node says `false`:
    /// [`AnyAngle`](crate::grid::AnyAngle)'s shortcuts from a node's parent
    /// are only consistent with the parents' costs if those never change
    /// once expanded, as in Theta*.
    const REOPEN: bool = true;

    /// Calls `edge(successor, cost)` once for every edge leaving `node`.
    ///
    /// Costs must be non-negative and not NaN; the search reports an
    /// [`InvalidEdgeCost`](crate::SearchError::InvalidEdgeCost) error for any other.
    fn successors(&self, node: Self::Node, edge: impl FnMut(Self::Node, Self::Cost));

    /// The successors of `at.node` as the A* core asks for them: calls
    /// [`edges.edge(successor, cost)`](EdgeSink::edge) (or
    /// [`indexed_edge`](EdgeSink::indexed_edge), with the successor's dense id)
    /// once for each edge. The default passes the edges of
    /// [`successors`](Graph::successors) and ignores the rest of `at`.
    ///
    /// - A dense id saves an array-backed node store the look-up; it must be
    ///   `node_index(successor)` (a wrong one files the node under another id).
    /// - A graph may leave out an edge `node -> m` when some path to `m` that
    ///   does not run through `parent -> node` is never more expensive: the
    ///   pruning of jump point search ([`JumpPoints`](crate::jump_points::JumpPoints)).
    ///   Leaving out anything else makes the search miss paths.
    ///
    /// # Example
    /// ```
    /// use pathseek::graph::{EdgeSink, Expansion, Graph};
    ///
    /// // A line 0 - 1 - 2 - ...: never step back to the node you came from.
    /// struct Line;
    /// impl Graph for Line {
    ///     type Node = i32;
    ///     type Cost = u32;
    ///     fn successors(&self, n: i32, mut edge: impl FnMut(i32, u32)) {
    ///         edge(n - 1, 1);
    ///         edge(n + 1, 1);
    ///     }
    ///     fn expand(&self, at: Expansion<i32>, edges: &mut impl EdgeSink<i32, u32>) {
    ///         self.successors(at.node, |m, c| if Some(m) != at.parent { edges.edge(m, c) });
    ///     }
    /// }
    /// let r = pathseek::astar(&Line, 0, 5, |n| (5 - n).unsigned_abs());
    /// assert_eq!(r.found().unwrap().cost, 5);
    /// ```
    #[inline]
    fn expand(&self, at: Expansion<Self::Node>, edges: &mut impl EdgeSink<Self::Node, Self::Cost>) {
        self.successors(
            at.node,
            #[inline(always)]
            |succ, cost| edges.edge(succ, cost),
        )
    }

    /// `false` for a node that is not part of the graph, such as a blocked or
    /// off-map grid cell. A search from such a node fails with
    /// [`StartBlocked`](crate::SearchError::StartBlocked), a search to one with
    /// [`GoalBlocked`](crate::SearchError::GoalBlocked). Defaults to `true`.
    fn contains(&self, node: Self::Node) -> bool {
        let _ = node;
        true
    }

    /// This graph's dense node ids, if it has them ([`DenseIds`]): one-shot
    /// searches ([`astar`](fn@crate::astar), [`search`](fn@crate::search))
    /// ask, to keep their records in arrays instead of a hash map. The
    /// default says `None`; a graph that implements [`DenseIds`] returns
    /// `Some(self)` (this is the one thing such a graph must repeat, since a
    /// trait cannot look for another trait by itself).
    ///
    /// # Example
    /// ```
    /// use pathseek::graph::{DenseIds, Graph};
    /// struct Ring(u32);
    /// impl Graph for Ring {
    ///     type Node = u32;
    ///     type Cost = u32;
    ///     fn successors(&self, n: u32, mut edge: impl FnMut(u32, u32)) {
    ///         edge((n + 1) % self.0, 1);
    ///     }
    ///     fn dense_ids(&self) -> Option<&impl DenseIds<Node = u32, Cost = u32>> {
    ///         Some(self)
    ///     }
    /// }
    /// impl DenseIds for Ring {
    ///     fn node_count(&self) -> usize { self.0 as usize }
    ///     fn node_index(&self, n: u32) -> Option<usize> { (n < self.0).then_some(n as usize) }
    ///     fn node_at(&self, i: usize) -> Option<u32> { u32::try_from(i).ok().filter(|&n| n < self.0) }
    /// }
    /// assert!(Ring(5).dense_ids().is_some());
    /// assert_eq!(pathseek::astar(&Ring(5), 1, 4, |_| 0).found().unwrap().cost, 3);
    /// ```
    #[inline]
    fn dense_ids(&self) -> Option<&impl DenseIds<Node = Self::Node, Cost = Self::Cost>> {
        None::<&NoDenseIds<Self::Node, Self::Cost>>
    }

    /// The graph's version now: a number that changes with every edit, for
    /// a search that outlives one call (an [`AStar`](crate::AStar) advanced
    /// over frames). A graph that never changes keeps the default, 0; a
    /// [`Grid`](crate::Grid) returns its [`MapVersion`](crate::grid::MapVersion).
    ///
    /// # Example
    /// ```
    /// use pathseek::{Cell, Connectivity, Graph, Grid, GridCosts};
    /// let mut grid = Grid::new(4, 4, Connectivity::Eight, GridCosts::octile())?;
    /// let v = Graph::version(&grid);
    /// grid.set_passable(Cell::new(2, 2), false)?;
    /// assert_ne!(Graph::version(&grid), v);
    /// # Ok::<(), pathseek::grid::GridError>(())
    /// ```
    #[inline]
    fn version(&self) -> u64 {
        0
    }

    /// Calls `changed(node)` for every node whose outgoing edges, or whose
    /// [`contains`](Graph::contains), may differ from when the graph had
    /// version `since` ([`version`](Graph::version)), and returns `true`;
    /// returns `false` when it cannot tell (then anything may have changed).
    /// The default can tell only that nothing changed (`since` is the
    /// version now). A grid answers from its edit log: each edited cell and
    /// its neighbours.
    ///
    /// # Example
    /// ```
    /// use pathseek::{Cell, Connectivity, Graph, Grid, GridCosts};
    /// let mut grid = Grid::new(4, 4, Connectivity::Eight, GridCosts::octile())?;
    /// let v = Graph::version(&grid);
    /// grid.set_passable(Cell::new(0, 0), false)?;
    /// let mut touched = Vec::new();
    /// assert!(grid.changed_since(v, &mut |c| touched.push(c)));
    /// assert_eq!(touched.len(), 4); // the corner and its three neighbours
    /// # Ok::<(), pathseek::grid::GridError>(())
    /// ```
    fn changed_since(&self, since: u64, changed: &mut dyn FnMut(Self::Node)) -> bool {
        let _ = changed;
        since == self.version()
    }
}

/// A graph whose nodes have dense ids `0..node_count()`: what the
/// array-backed node stores ([`IndexedStore`](crate::store::IndexedStore), [`PagedStore`](crate::store::PagedStore)), component
/// labels, landmarks and flow fields need, checked by the compiler. Grids,
/// the jump point graphs, [`StaticGraph`] and [`AdjacencyList`] have them.
///
/// Required: all three methods. Implement [`Graph::dense_ids`] too (return
/// `Some(self)`) so one-shot searches use the ids.
///
/// | method | used by |
/// |---|---|
/// | [`node_count`](DenseIds::node_count) | sizing arrays of per-node data |
/// | [`node_index`](DenseIds::node_index) | finding a node's entry |
/// | [`node_at`](DenseIds::node_at) | reading a node back from its entry (paths) |
///
/// # Example
/// See [`Graph::dense_ids`].
pub trait DenseIds: Graph {
    /// The number of nodes: ids run over `0..node_count()`.
    fn node_count(&self) -> usize;

    /// The dense id of `node` in `0..node_count()`, or `None` if the node is
    /// not part of the graph (out of range).
    fn node_index(&self, node: Self::Node) -> Option<usize>;

    /// The node whose dense id is `index`; the inverse of
    /// [`node_index`](DenseIds::node_index).
    fn node_at(&self, index: usize) -> Option<Self::Node>;

    /// Which numbering of its nodes the dense ids follow: 0 (the default)
    /// for a graph's own ids, another value for each way of renumbering
    /// them ([`Renumbered`]). Tables kept by dense id
    /// ([`Landmarks`](crate::landmarks::Landmarks)) record it and refuse a
    /// graph numbered another way, whose ids would name other nodes.
    ///
    /// # Example
    /// ```
    /// use pathseek::graph::{DenseIds, Renumbered};
    /// let g = pathseek::StaticGraph::from_edges(2, [(0, 1, 1u32)])?;
    /// assert_eq!(g.numbering(), 0);
    /// assert_ne!(Renumbered::breadth_first(&g).numbering(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    fn numbering(&self) -> u64 {
        0
    }
}

impl<G: DenseIds + ?Sized> DenseIds for &G {
    #[inline]
    fn node_count(&self) -> usize {
        (**self).node_count()
    }
    #[inline]
    fn node_index(&self, node: Self::Node) -> Option<usize> {
        (**self).node_index(node)
    }
    #[inline]
    fn node_at(&self, index: usize) -> Option<Self::Node> {
        (**self).node_at(index)
    }
    #[inline]
    fn numbering(&self) -> u64 {
        (**self).numbering()
    }
}

/// The [`DenseIds`] type of a graph without dense ids: it has no values.
#[derive(Debug)]
#[doc(hidden)]
pub enum NoDenseIds<N, C> {
    #[doc(hidden)]
    Never(core::convert::Infallible, core::marker::PhantomData<(N, C)>),
}

impl<N: Copy + Eq + Hash + Debug, C: Cost> Graph for NoDenseIds<N, C> {
    type Node = N;
    type Cost = C;
    fn successors(&self, _: N, _: impl FnMut(N, C)) {
        match *self {
            NoDenseIds::Never(never, _) => match never {},
        }
    }
}

impl<N: Copy + Eq + Hash + Debug, C: Cost> DenseIds for NoDenseIds<N, C> {
    fn node_count(&self) -> usize {
        match *self {
            NoDenseIds::Never(never, _) => match never {},
        }
    }
    fn node_index(&self, _: N) -> Option<usize> {
        match *self {
            NoDenseIds::Never(never, _) => match never {},
        }
    }
    fn node_at(&self, _: usize) -> Option<N> {
        match *self {
            NoDenseIds::Never(never, _) => match never {},
        }
    }
}

impl<G: Graph + ?Sized> Graph for &G {
    type Node = G::Node;
    type Cost = G::Cost;
    const REOPEN: bool = G::REOPEN;

    #[inline]
    fn successors(&self, node: Self::Node, edge: impl FnMut(Self::Node, Self::Cost)) {
        (**self).successors(node, edge)
    }
    #[inline]
    fn expand(&self, at: Expansion<Self::Node>, edges: &mut impl EdgeSink<Self::Node, Self::Cost>) {
        (**self).expand(at, edges)
    }
    #[inline]
    fn contains(&self, node: Self::Node) -> bool {
        (**self).contains(node)
    }
    #[inline]
    fn dense_ids(&self) -> Option<&impl DenseIds<Node = Self::Node, Cost = Self::Cost>> {
        (**self).dense_ids()
    }
    #[inline]
    fn version(&self) -> u64 {
        (**self).version()
    }
    #[inline]
    fn changed_since(&self, since: u64, changed: &mut dyn FnMut(Self::Node)) -> bool {
        (**self).changed_since(since, changed)
    }
}

/// What the A* core tells [`Graph::expand`] about the node it expands.
///
/// Fields may be added in later versions (it is `#[non_exhaustive]`); build
/// one with [`Expansion::new`] and the `with_*` methods.
///
/// # Example
/// ```
/// use pathseek::graph::Expansion;
/// let at = Expansion::new(5).with_parent(Some(4)).with_goal(Some(9));
/// assert_eq!((at.node, at.parent, at.goal), (5, Some(4), Some(9)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Expansion<N> {
    /// The node being expanded.
    pub node: N,
    /// Its predecessor on the best known path; `None` for a start.
    ///
    /// Graphs may leave out edges the parent has already offered at no
    /// greater cost ([`Grid`](crate::grid::Grid) does, and the jump point
    /// graphs). So a graph that wraps another and changes the costs of its
    /// edges must not pass the parent on: it expands
    /// `Expansion::new(at.node).with_goal(at.goal)` instead.
    pub parent: Option<N>,
    /// The goal node, when the search has exactly one; `None` when the goal is
    /// a predicate ([`Query::until`](crate::Query::until)).
    pub goal: Option<N>,
}

impl<N> Expansion<N> {
    /// The expansion of `node` with no parent and no single goal known.
    #[inline(always)]
    pub fn new(node: N) -> Self {
        Expansion {
            node,
            parent: None,
            goal: None,
        }
    }

    /// The same expansion with `parent`.
    #[inline(always)]
    pub fn with_parent(self, parent: Option<N>) -> Self {
        Expansion { parent, ..self }
    }

    /// The same expansion with `goal`.
    #[inline(always)]
    pub fn with_goal(self, goal: Option<N>) -> Self {
        Expansion { goal, ..self }
    }
}

/// Receives the edges [`Graph::expand`] reports.
///
/// Every `FnMut(node, cost)` closure is one (its `indexed_edge` drops the
/// id), so `expand` can be called with `&mut |m, c| ...`.
///
/// # Example
/// ```
/// use pathseek::graph::{EdgeSink, Expansion, Graph};
/// use pathseek::{Cell, Connectivity, Grid, GridCosts};
/// // Count the edges and keep the dense ids the grid reports.
/// struct Ids(Vec<usize>);
/// impl EdgeSink<Cell, u32> for Ids {
///     fn edge(&mut self, _to: Cell, _cost: u32) {}
///     fn indexed_edge(&mut self, _to: Cell, index: usize, _cost: u32) {
///         self.0.push(index);
///     }
/// }
/// let grid = Grid::new(3, 3, Connectivity::Four, GridCosts::new(1u32, 1)).unwrap();
/// let mut ids = Ids(Vec::new());
/// grid.expand(Expansion::new(Cell::new(1, 1)), &mut ids);
/// assert_eq!(ids.0, [1, 5, 7, 3]); // north, east, south, west
/// ```
pub trait EdgeSink<N, C> {
    /// An edge to `to` costing `cost`.
    fn edge(&mut self, to: N, cost: C);

    /// An edge to `to`, whose dense id ([`DenseIds::node_index`]) is `index`.
    /// Defaults to [`edge`](EdgeSink::edge).
    #[inline(always)]
    fn indexed_edge(&mut self, to: N, index: usize, cost: C) {
        let _ = index;
        self.edge(to, cost)
    }

    /// An edge to `to` costing `cost` from the expanded node, which `to` can
    /// also be reached from straight from the expanded node's parent
    /// ([`Expansion::parent`]) at `cost_from_parent`: the shortcut of an
    /// any-angle search (Theta*, [`AnyAngle`](crate::grid::AnyAngle)). The
    /// A\* core relaxes `to` through the parent when that is no dearer, so
    /// the path's next point is the parent; the default takes the ordinary
    /// edge ([`indexed_edge`](EdgeSink::indexed_edge) with `index`, else
    /// [`edge`](EdgeSink::edge)).
    #[inline(always)]
    fn edge_from_parent(&mut self, to: N, index: Option<usize>, cost: C, cost_from_parent: C) {
        let _ = cost_from_parent;
        match index {
            Some(i) => self.indexed_edge(to, i, cost),
            None => self.edge(to, cost),
        }
    }
}

impl<N, C, F: FnMut(N, C)> EdgeSink<N, C> for F {
    #[inline(always)]
    fn edge(&mut self, to: N, cost: C) {
        self(to, cost)
    }
}
