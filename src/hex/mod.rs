//! Hex grids: a rectangular map of pointy-top hexagons in axial coordinates,
//! searched with six moves by the crate's one A* core.
//!
//! - [`Hex`]: axial coordinates `(q, r)`, pointy-top, the six neighbours
//!   and the hex distance; maps store hexagons in odd-r offset rows (odd
//!   rows shifted half a hexagon right).
//! - [`HexGrid`]: passable and blocked hexagons with terrain weights
//!   (entering a hexagon costs `step * weight`, as on a square
//!   [`Grid`](crate::Grid)), any cost type; a [`Graph`](crate::Graph) with
//!   [`DenseIds`](crate::DenseIds), a version and an edit log, so
//!   [`astar`](fn@crate::astar), [`search`](fn@crate::search) with every
//!   [`Query`](crate::Query) option, [`AStar`](crate::AStar) engines with
//!   any open set and node store, and searches spread over frames all work
//!   on it unchanged.
//! - [`HexHeuristic`] ([`HexGrid::heuristic`]): the hex distance times the
//!   cheapest step, admissible and consistent.
//! - [`HexComponents`]: component labels (the generic [`GraphComponents`](crate::components::GraphComponents))
//!   that follow the map's edits or refuse to answer.
//! - The text format ([`io::hex`](crate::io::hex)): a MovingAI-like
//!   `type hex` map, read and written, with line-numbered errors.
//!
//! Searches on hex grids are property-tested against a Dijkstra over
//! hexagons whose drawn centres touch; `examples/hex.rs` prints a map with
//! its path, cost and expansions.
//!
//! # Example
//! ```
//! use pathseek::hex::{Hex, HexGrid};
//! use pathseek::{Limit, Query};
//!
//! // A wall down the middle of a 9 x 7 map with a gap in the bottom row.
//! let grid = HexGrid::from_fn(9, 7, 1u32, |h| {
//!     let (col, row) = h.to_offset().unwrap();
//!     col != 4 || row == 6
//! })?;
//! let (start, goal) = (Hex::from_offset(0, 0).unwrap(), Hex::from_offset(8, 0).unwrap());
//! let path = pathseek::astar(&grid, start, goal, grid.heuristic(goal)).into_path().unwrap();
//! assert!(path.cost > start.distance(goal) as u32); // round the wall
//! print!("{}", grid.render(&path.nodes));
//!
//! // The same query options as square grids: here a budget that runs out.
//! let query = Query::new(start, goal, grid.heuristic(goal)).max_expansions(5);
//! let result = pathseek::search(&grid, query);
//! assert_eq!(result.partial().unwrap().1, Limit::Expansions);
//! # Ok::<(), pathseek::hex::HexError>(())
//! ```

mod components;
mod coord;
mod edits;
mod error;
mod graph;
mod heuristic;
mod map;
mod render;
mod terrain;

pub use components::HexComponents;
pub use coord::Hex;
pub use edits::{HexEdit, HexEditsSince};
pub use error::HexError;
pub use heuristic::HexHeuristic;
pub(crate) use map::hex_cells;
pub use map::HexGrid;
pub(crate) use render::weight_tile;
