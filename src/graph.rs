//! The graph a search runs on: nodes, and the weighted edges leaving each node.
//!
//! [`Graph`] has one required method, [`Graph::successors`], which hands each
//! outgoing edge to a callback, so producing neighbours never allocates. Graphs
//! whose nodes have dense integer ids (grids, arrays of nodes) also implement the
//! three `node_*` methods; that lets the array-backed [`IndexedStore`] keep per-node
//! search state without hashing.
//!
//! | method | required | used by |
//! |---|---|---|
//! | [`successors`](Graph::successors) | yes | the A* core (through `expand`) |
//! | [`expand`](Graph::expand) | no (default: `successors`) | the A* core; graphs that know their successors' dense ids (grids) or prune by direction of arrival ([`JumpPoints`](crate::jump_points::JumpPoints)) |
//! | [`contains`](Graph::contains) | no (default `true`) | start and goal checks |
//! | [`node_count`](Graph::node_count) | no (default `None`) | [`IndexedStore`], the default store choice |
//! | [`node_index`](Graph::node_index) | no (default `None`) | [`IndexedStore`] |
//! | [`node_at`](Graph::node_at) | no (default `None`) | [`IndexedStore`] (path reconstruction) |
//!
//! For graphs you do not want to write a type for, [`from_fn`] wraps a closure.
//!
//! [`IndexedStore`]: crate::closed_set::IndexedStore

use core::fmt::Debug;
use core::hash::Hash;

use crate::cost::Cost;

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

    /// Calls `edge(successor, cost)` once for every edge leaving `node`.
    ///
    /// Costs must be non-negative and not NaN; the search reports an
    /// [`InvalidEdgeCost`](crate::SearchError::InvalidEdgeCost) error for any other.
    fn successors(&self, node: Self::Node, edge: impl FnMut(Self::Node, Self::Cost));

    /// The successors of `node` as the A* core asks for them: told `parent`
    /// (the node's predecessor on the best known path; `None` for the start),
    /// it calls `edge(successor, index, cost)` for each edge, where `index` is
    /// the successor's dense id ([`node_index`](Graph::node_index)) if the
    /// graph has it at hand, or `None`. The default ignores `parent` and
    /// passes the edges of [`successors`](Graph::successors) with `None`.
    ///
    /// - An `index` saves an array-backed node store the look-up; it must be
    ///   `node_index(successor)` (a wrong one files the node under another id).
    /// - A graph may leave out an edge `node -> m` when some path to `m` that
    ///   does not run through `parent -> node` is never more expensive: the
    ///   pruning of jump point search ([`JumpPoints`](crate::jump_points::JumpPoints)).
    ///   Leaving out anything else makes the search miss paths.
    ///
    /// # Example
    /// ```
    /// use pathseek::Graph;
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
    ///     fn expand(&self, n: i32, parent: Option<i32>, mut edge: impl FnMut(i32, Option<usize>, u32)) {
    ///         self.successors(n, |m, c| if Some(m) != parent { edge(m, None, c) });
    ///     }
    /// }
    /// let r = pathseek::astar(&Line, 0, 5, |n| (5 - n).unsigned_abs());
    /// assert_eq!(r.found().unwrap().cost, 5);
    /// ```
    #[inline]
    fn expand(
        &self,
        node: Self::Node,
        parent: Option<Self::Node>,
        mut edge: impl FnMut(Self::Node, Option<usize>, Self::Cost),
    ) {
        let _ = parent;
        self.successors(node, |succ, cost| edge(succ, None, cost))
    }

    /// `false` for a node that is not part of the graph, such as a blocked or
    /// off-map grid cell. A search from such a node fails with
    /// [`StartBlocked`](crate::SearchError::StartBlocked), a search to one with
    /// [`GoalBlocked`](crate::SearchError::GoalBlocked). Defaults to `true`.
    fn contains(&self, node: Self::Node) -> bool {
        let _ = node;
        true
    }

    /// The number of nodes, if nodes have dense ids `0..node_count`.
    fn node_count(&self) -> Option<usize> {
        None
    }

    /// The dense id of `node` in `0..node_count()`, or `None` if the node is not
    /// part of the graph (or the graph has no dense ids).
    fn node_index(&self, node: Self::Node) -> Option<usize> {
        let _ = node;
        None
    }

    /// The node whose dense id is `index`; the inverse of [`node_index`](Graph::node_index).
    fn node_at(&self, index: usize) -> Option<Self::Node> {
        let _ = index;
        None
    }
}

impl<G: Graph + ?Sized> Graph for &G {
    type Node = G::Node;
    type Cost = G::Cost;

    #[inline]
    fn successors(&self, node: Self::Node, edge: impl FnMut(Self::Node, Self::Cost)) {
        (**self).successors(node, edge)
    }
    #[inline]
    fn expand(
        &self,
        node: Self::Node,
        parent: Option<Self::Node>,
        edge: impl FnMut(Self::Node, Option<usize>, Self::Cost),
    ) {
        (**self).expand(node, parent, edge)
    }
    #[inline]
    fn contains(&self, node: Self::Node) -> bool {
        (**self).contains(node)
    }
    #[inline]
    fn node_count(&self) -> Option<usize> {
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
}

/// A [`Graph`] made from a closure that lists a node's successors; see [`from_fn`].
#[derive(Clone, Copy, Debug)]
pub struct FnGraph<N, C, F> {
    successors: F,
    _types: core::marker::PhantomData<fn(N) -> C>,
}

/// Wraps a closure `|node, edge| { edge(next, cost); ... }` as a [`Graph`].
///
/// The closure receives the node and a callback `&mut dyn FnMut(N, C)` to call once
/// per outgoing edge.
///
/// # Example
/// ```
/// // Integers: from n you may go to n + 1 (cost 1) or 2n (cost 1).
/// let g = pathseek::graph::from_fn(|n: u64, edge: &mut dyn FnMut(u64, u32)| {
///     edge(n + 1, 1);
///     edge(n * 2, 1);
/// });
/// let found = pathseek::astar(&g, 1, 10, |_| 0).into_path().unwrap();
/// assert_eq!(found.cost, 4); // 1 -> 2 -> 4 -> 5 -> 10
/// ```
pub fn from_fn<N, C, F>(successors: F) -> FnGraph<N, C, F>
where
    N: Copy + Eq + Hash + Debug,
    C: Cost,
    F: Fn(N, &mut dyn FnMut(N, C)),
{
    FnGraph {
        successors,
        _types: core::marker::PhantomData,
    }
}

impl<N, C, F> Graph for FnGraph<N, C, F>
where
    N: Copy + Eq + Hash + Debug,
    C: Cost,
    F: Fn(N, &mut dyn FnMut(N, C)),
{
    type Node = N;
    type Cost = C;

    #[inline]
    fn successors(&self, node: N, mut edge: impl FnMut(N, C)) {
        (self.successors)(node, &mut edge)
    }
}
