//! # pathseek
//!
//! A* graph search for games and tools: one generic core, fed by a [`Graph`] and
//! by pluggable [open sets](open_set) and [node stores](closed_set), with grids
//! and MovingAI benchmark maps built in.
//!
//! ```
//! use pathseek::{Cell, Connectivity, Grid, GridCosts};
//!
//! let mut grid = Grid::new(5, 3, Connectivity::Eight, GridCosts::octile()).unwrap();
//! for y in 0..2 {
//!     grid.set_passable(Cell::new(2, y), false).unwrap(); // a wall with a gap at the bottom
//! }
//! let (start, goal) = (Cell::new(0, 0), Cell::new(4, 0));
//! let result = pathseek::astar(&grid, start, goal, grid.heuristic(goal));
//! let path = result.found().expect("there is a way round");
//! assert_eq!(path.nodes.first(), Some(&start));
//! // Round the wall's end without cutting its corner: 4 straight and 2 diagonal steps.
//! // Costs are `Length`s (fixed-point cells); `to_f64` converts.
//! assert!((path.cost.to_f64() - (4.0 + 2.0 * 2f64.sqrt())).abs() < 1e-8);
//! ```
//!
//! Start with [`astar`](fn@crate::astar) (or [`astar_until`] for several goals); keep an [`AStar`]
//! to search repeatedly without reallocating, or to choose the open set and node
//! store. A [`Query`] adds several starts, limits and partial paths, and a
//! [`SlicedSearch`] spreads one over game frames. Beyond grids:
//! [`StaticGraph`] (read from DIMACS or METIS files by [`io`]) and the
//! ALT heuristic of [`landmarks`]; for many units going to one goal,
//! [`groups`]; to know before searching whether a goal can be reached,
//! [`components`].
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod astar;
pub mod closed_set;
pub mod components;
pub mod cost;
/// The graph-file readers at their old path: use [`io`] (`io::dimacs`,
/// `io::metis`, `io::LoadError`).
#[deprecated(since = "0.2.0", note = "moved to `pathseek::io`")]
#[doc(hidden)]
pub mod formats {
    pub use crate::io::{dimacs, metis, LoadError, LoadErrorKind};
}
pub mod graph;
pub mod grid;
pub mod groups;
/// The grid heuristics of [`grid::heuristic`], at their original path.
pub mod heuristic {
    #[doc(inline)]
    pub use crate::grid::heuristic::*;
}
pub mod io;
pub mod landmarks;
/// The MovingAI readers at their old path: use [`io::movingai`];
/// `MovingAiError` is now [`io::LoadError`].
#[deprecated(since = "0.2.0", note = "moved to `pathseek::io::movingai`")]
#[doc(hidden)]
pub mod movingai {
    pub use crate::io::movingai::*;
    pub use crate::io::{LoadError as MovingAiError, LoadErrorKind as MovingAiErrorKind};
}
pub mod open_set;
pub mod result;

pub use astar::query;
pub use astar::{
    astar, astar_until, release_search_memory, search, AStar, Goal, Heuristic, Limit, Query,
    SlicedSearch,
};
pub use closed_set::{ClosedSet, Records};
pub use cost::{Cost, Length};
pub use graph::adjacency_list::{self, AdjacencyList};
pub use graph::{Graph, StaticGraph};
pub use grid::jump_points;
pub use grid::{Cell, Connectivity, Grid, GridCosts};
pub use open_set::OpenSet;
pub use result::{CostResult, Outcome, Path, SearchError, SearchResult, Stats, Status};

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
