//! A*: best-first search by `f = g + h`; optimal when `h` never overestimates.
//!
//! This module holds the one search core of the crate. Every entry point runs
//! the same loop, generic over the [`Graph`](crate::Graph), the
//! [`Heuristic`](crate::Heuristic), the [`Goal`](crate::Goal), the
//! [`OpenSet`](crate::OpenSet) and the [`ClosedSet`](crate::ClosedSet) (node
//! store). There is one way to say what to search, a [`Query`](crate::Query),
//! and one set of words to run it:
//!
//! | entry point | what it runs |
//! |---|---|
//! | [`astar(graph, start, goal, h)`](fn@crate::astar) | the one-liner: one start, one goal node |
//! | [`search(graph, query)`](fn@crate::search) | any query: several starts, a goal test, limits, partial paths |
//! | [`AStar`]: [`search`](AStar::search), [`search_into`](AStar::search_into) | the same on a kept engine: your open set and node store, memory reused, the path into your buffer |
//! | [`AStar`]: [`start`](AStar::start), [`advance`](AStar::advance), [`finish`](AStar::finish) | the same search spread over game frames, a budget of expansions per call |
//!
//! The free functions borrow a spare engine kept per thread
//! ([`release_search_memory`] frees it). A search ends as an
//! [`Outcome`](crate::Outcome) (with its path, in a
//! [`SearchResult`](crate::SearchResult)) or, read into a buffer or while in
//! progress, as a [`Status`](crate::Status): the same words, found, no path,
//! partial, error.
//!
//! # Semantics
//! - The goal test happens when a node is **popped**, so the first goal popped is
//!   reached by an optimal path (for an admissible heuristic).
//! - `h` is computed once per node, when it is first reached, and cached in its record.
//! - A node reached again with a strictly lower `g` is updated, and **reopened if it
//!   was closed**. Admissible but inconsistent heuristics therefore still give
//!   optimal paths (at the price of re-expansions, counted in [`Stats::reopened`](crate::Stats::reopened)).
//! - Edge costs and heuristic values are checked: NaN, negative or (heuristics)
//!   infinite values, and sums that overflow the cost type, end the search with a
//!   [`SearchError`](crate::SearchError) naming the node. The starts, the goal node
//!   and the limits are checked before anything is expanded.
//! - A limit ([`Limits`](crate::query::Limits)) ends the search with a partial outcome: the path to the
//!   start or popped node with the smallest `h` (ties: smaller `g`).
//!
//! # Complexity
//! With a binary heap: O(E log V) time for a consistent heuristic, O(V) memory.
//! With an inconsistent heuristic a node can be expanded more than once.

mod core;
mod engine;
mod one_shot;
mod spare;

pub(crate) use self::core::Engine;
// Shared with fringe search (`crate::fringe`): the start checks, the run's
// end, best node and partial path, the path read back from the records.
pub(crate) use self::core::{
    check_query, overflow_or_infinite, path_into, result, unknown_slot, End, Run,
    SPARE_INDEXED_NODES,
};
pub use engine::{AStar, SearchQuery};
pub use one_shot::{astar, search};
pub use spare::release_search_memory;
pub(crate) use spare::with_spare;
