//! A*: best-first search by `f = g + h`; optimal when `h` never overestimates.
//!
//! This module holds the one search core of the crate. Every entry point
//! ([`astar`](fn@crate::astar), [`astar_until`], [`AStar::search`], stepping with [`Search::step`])
//! runs the same loop, generic over the [`Graph`], the heuristic, the
//! [`OpenSet`](crate::OpenSet) and the [`ClosedSet`](crate::ClosedSet) (node store).
//!
//! # Semantics
//! - The goal test happens when a node is **popped**, so the first goal popped is
//!   reached by an optimal path (for an admissible heuristic).
//! - `h` is computed once per node, when it is first reached, and cached in its record.
//! - A node reached again with a strictly lower `g` is updated, and **reopened if it
//!   was closed**. Admissible but inconsistent heuristics therefore still give
//!   optimal paths (at the price of re-expansions, counted in [`Stats::reopened`](crate::Stats::reopened)).
//! - Edge costs and heuristic values are checked: NaN or negative values, and sums
//!   that overflow the cost type, end the search with a [`SearchError`](crate::SearchError) naming the
//!   node.
//!
//! # Complexity
//! With a binary heap: O(E log V) time for a consistent heuristic, O(V) memory.
//! With an inconsistent heuristic a node can be expanded more than once.

mod engine;
mod relax;
mod search;

pub use engine::AStar;
pub use search::{Search, Step};

use crate::closed_set::{HashStore, PagedStore};
use crate::graph::Graph;
use crate::open_set::BinaryHeap;
use crate::result::SearchResult;

/// Finds a cheapest path from `start` to `goal`.
///
/// Uses a [`BinaryHeap`] (with in-place decrease-key: the fastest general open
/// set measured on the MovingAI maps) and the best node store for one search
/// on the graph: a [`PagedStore`] when the graph has dense ids
/// ([`Graph::node_count`]; it allocates records only for the parts of the graph
/// the search reaches), otherwise a [`HashStore`]. To search many times, keep an [`AStar`] and call
/// [`AStar::search`]: it reuses its memory.
///
/// # Example
/// ```
/// // A line of 10 nodes; each step costs 1.5.
/// let line = pathseek::graph::from_fn(|n: i32, edge: &mut dyn FnMut(i32, f64)| {
///     if n > 0 { edge(n - 1, 1.5) }
///     if n < 9 { edge(n + 1, 1.5) }
/// });
/// let result = pathseek::astar(&line, 2, 6, |n| 1.5 * (6 - n).abs() as f64);
/// let path = result.found().unwrap();
/// assert_eq!(path.nodes, vec![2, 3, 4, 5, 6]);
/// assert_eq!(path.cost, 6.0);
/// assert_eq!(result.stats.expanded, 4); // a perfect heuristic walks straight there
/// ```
pub fn astar<G, H>(
    graph: &G,
    start: G::Node,
    goal: G::Node,
    heuristic: H,
) -> SearchResult<G::Node, G::Cost>
where
    G: Graph,
    H: FnMut(G::Node) -> G::Cost,
{
    if graph.node_count().is_some() {
        AStar::new(BinaryHeap::new(), PagedStore::new()).search(graph, start, goal, heuristic)
    } else {
        AStar::new(BinaryHeap::new(), HashStore::new()).search(graph, start, goal, heuristic)
    }
}

/// Finds a cheapest path from `start` to any node for which `is_goal` is true.
///
/// The first goal node popped from the open set wins. The heuristic must not
/// overestimate the distance to the *nearest* goal.
///
/// # Example
/// ```
/// // Nearest multiple of 7 above 30, walking +1 (cost 1) or +3 (cost 2).
/// let g = pathseek::graph::from_fn(|n: u32, edge: &mut dyn FnMut(u32, u32)| {
///     edge(n + 1, 1);
///     edge(n + 3, 2);
/// });
/// let r = pathseek::astar_until(&g, 30, |n| n % 7 == 0, |_| 0);
/// let path = r.found().unwrap();
/// assert_eq!(path.goal(), Some(&35));
/// assert_eq!(path.cost, 4); // 30 -> 33 -> 34 -> 35 (2 + 1 + 1)
/// ```
pub fn astar_until<G, H, P>(
    graph: &G,
    start: G::Node,
    is_goal: P,
    heuristic: H,
) -> SearchResult<G::Node, G::Cost>
where
    G: Graph,
    H: FnMut(G::Node) -> G::Cost,
    P: FnMut(G::Node) -> bool,
{
    if graph.node_count().is_some() {
        AStar::new(BinaryHeap::new(), PagedStore::new())
            .search_until(graph, start, is_goal, heuristic)
    } else {
        AStar::new(BinaryHeap::new(), HashStore::new())
            .search_until(graph, start, is_goal, heuristic)
    }
}
