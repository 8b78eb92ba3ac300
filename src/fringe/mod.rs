//! Fringe search: IDA*-like passes under a rising f-limit over one list of frontier nodes, never restarting from the root (Björnsson, Enzenberger, Holte and Schaeffer, 2005).
//!
//! Instead of A*'s priority queue, the frontier is a plain list, the
//! *fringe*. A pass walks it from front to back: a node whose `f = g + h`
//! is within the limit is expanded (its successors reached for the first
//! time or more cheaply go right after it, so the pass visits them next)
//! and leaves the list; a node above the limit is deferred, and stays. When
//! a pass ends, the limit rises to the smallest `f` it deferred and the next
//! pass starts over the list. The first goal taken within the limit ends
//! the search: with an admissible heuristic the limit never exceeds the
//! optimal cost, so that path is optimal. Where A* pays a heap operation per
//! node pushed and popped, fringe search pays a visit per node and pass: it
//! wins when there are few passes (few distinct `f` values, heuristics close
//! to the truth) and loses when there are many.
//!
//! What it shares with the A* core ([`AStar`](crate::AStar)):
//! - the [`Query`](crate::Query): several starts, a goal node or test, the
//!   heuristic (computed once per node, cached in its record) and the
//!   [limits](crate::query::Limits) (`max_expansions`, `max_stored`,
//!   `max_cost`, `below_cost`, `deadline`), which end a search with a partial path to the
//!   best node reached, exactly as A* reports it;
//! - the [node stores](crate::store) (the per-node `g`, `h`, parent and
//!   flags): the fringe is a list over the store's slots;
//! - the checks and errors: an invalid start, goal, initial cost or
//!   cost limit before anything is expanded; a NaN or negative edge cost
//!   ([`SearchError::InvalidEdgeCost`](crate::SearchError::InvalidEdgeCost)),
//!   an invalid heuristic value or an overflowing sum while searching;
//! - the result types: [`SearchResult`](crate::SearchResult),
//!   [`Outcome`](crate::Outcome), [`Status`](crate::Status),
//!   [`Stats`](crate::Stats).
//!
//! | entry point | what it runs |
//! |---|---|
//! | [`search(graph, query)`](search) | one query, on a spare engine kept per thread |
//! | [`Fringe`]: [`search`](Fringe::search), [`search_into`](Fringe::search_into) | the same on a kept engine: your node store, memory reused, the path into your buffer |
//!
//! # Semantics
//! - A node reached again with a strictly lower `g` is moved right after
//!   the node being expanded, or put back if it had been expanded: so
//!   admissible heuristics give optimal paths, inconsistent ones included.
//!   Unlike A*, fringe search may expand a node twice even with a
//!   consistent heuristic (it expands within the limit in list order, not
//!   by `f`): counted in [`Stats::reopened`](crate::Stats::reopened).
//! - The goal test happens when a node is taken within the limit, as A*'s
//!   when a node is popped; `max_expansions` then allows one more node to be
//!   looked at, which ends the search found if it is a goal.
//! - `max_cost` ends the search (partial, [`Limit::Cost`](crate::Limit::Cost))
//!   when the f-limit would exceed it; every node expanded has
//!   `f <= max_cost`. `below_cost` likewise when the f-limit would reach
//!   it: every node expanded has `f < below_cost`.
//! - The deadline's clock is read every
//!   [`CLOCK_INTERVAL`](crate::query::CLOCK_INTERVAL) nodes visited, at the
//!   next node taken within the limit or at the end of a pass.
//! - A search runs to its end in one call: there is no sliced search (no
//!   `start`/`advance`), and so nothing to say about edits between calls.
//!
//! # Complexity
//! Each visit, insertion, move and removal is O(1) (the fringe is a doubly
//! linked list over the store's dense slots; nothing is scanned to find a
//! node), plus the node store's look-up per edge. A pass visits every node
//! in the fringe, so the time is O(E + P F) for P passes over a fringe of
//! at most F nodes: O(V^2) at worst, when every pass expands one node.
//! Memory: the node store's records, and 16 bytes per slot up to the
//! largest slot handed out.
//!
//! # Measured
//! 1.1-4.5x slower than the A\* core on the MovingAI files (it wins only on
//! short paths), and 2.0-7.4x faster than the `pathfinding` crate's fringe
//! search (`benchmarks/examples/fringe_compare.rs`; BENCHMARKS.md, "Trading
//! path quality for speed").
//!
//! # Example
//! ```
//! use pathseek::fringe::Fringe;
//! use pathseek::store::IndexedStore;
//! use pathseek::{Cell, Connectivity, Grid, GridCosts, Limit, Query};
//!
//! let grid = Grid::new(64, 64, Connectivity::Eight, GridCosts::octile()).unwrap();
//! let (start, goal) = (Cell::new(0, 0), Cell::new(63, 40));
//! let mut fringe = Fringe::new(IndexedStore::new());
//! let found = fringe.search(&grid, Query::new(start, goal, grid.heuristic(goal)));
//! let astar = pathseek::astar(&grid, start, goal, grid.heuristic(goal));
//! assert_eq!(found.found().unwrap().cost, astar.found().unwrap().cost);
//! // Limits end it as they end A*: a partial path to the best node reached.
//! let q = Query::new(start, goal, grid.heuristic(goal)).max_expansions(10);
//! let partial = fringe.search(&grid, q);
//! assert_eq!(partial.partial().unwrap().1, Limit::Expansions);
//! ```

mod engine;
mod list;
mod one_shot;
mod scan;

pub use engine::{Fringe, FringeStats};
pub use one_shot::search;
