//! A*: best-first search by `f = g + h`; optimal when `h` never overestimates.
//!
//! This module holds the one search core of the crate. Every entry point runs
//! the same loop, generic over the [`Graph`](crate::Graph), the
//! [`Heuristic`], the [`Goal`], the [`OpenSet`](crate::OpenSet) and the
//! [`ClosedSet`](crate::ClosedSet) (node store):
//!
//! | entry point | what it runs |
//! |---|---|
//! | [`astar`](fn@crate::astar), [`astar_until`] | one start, a goal node or test, the thread's spare structures ([`release_search_memory`]) |
//! | [`search`](fn@crate::search) | a [`Query`]: several starts, limits, partial paths |
//! | [`AStar::search`], [`AStar::search_into`], [`AStar::run`], [`AStar::run_into`] | the same with an engine that keeps its memory |
//! | [`SlicedSearch`] | a query spread over calls (game frames), a budget of expansions per call |
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
//!   node. The starts and the goal node are checked before anything is expanded.
//! - A limit ([`Limits`]) ends the search with a partial outcome: the path to the
//!   start or popped node with the smallest `h` (ties: smaller `g`).
//!
//! # Complexity
//! With a binary heap: O(E log V) time for a consistent heuristic, O(V) memory.
//! With an inconsistent heuristic a node can be expanded more than once.

mod engine;
pub mod query;
mod sliced;
mod spare;

pub use engine::{astar, astar_until, search, AStar};
pub use query::{Goal, Heuristic, Limit, Limits, MaxOf, Query};
pub use sliced::{SlicedQuery, SlicedSearch};
pub use spare::release_search_memory;
