//! A*: best-first search by `f = g + h`; optimal when `h` never overestimates.
//!
//! This module holds the one search core of the crate. Every entry point
//! ([`astar`](fn@crate::astar), [`astar_until`], [`AStar::search`], stepping with [`Search::step`])
//! runs the same loop, generic over the [`Graph`](crate::Graph), the heuristic, the
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

pub use engine::{astar, astar_until, AStar, Search, Step};
