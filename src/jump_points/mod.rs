//! Jump point search: A* on 8-connected grids that skips the cells an optimal path crosses in a line, stopping only at jump points (where an obstacle forces a turn) and the goal.
//!
//! - [`JumpPoints`]: no preprocessing, the simplest (scans its rays cell by cell).
//! - [`BlockJumpPoints`]: the fastest online search (bit scans, 64 cells per word; no tables, only a bit copy of the grid).
//! - [`PrecomputedJumps`] (JPS+): jump tables built once per map, the fastest queries; call [`sync`](crate::graph::FollowMap::sync) after editing the grid.
//! - [`BoundedJumps`]: precomputed jumps with goal bounds (Rabin and Sturtevant 2016), a long build (one Dijkstra per cell, saved and loaded as a file) that prunes most rays; built again after an edit.
//!
//! All three are [`Graph`](crate::Graph)s over a [`Grid`](crate::Grid)'s
//! cells, so the crate's one A* core (any open set, any node store) searches
//! them, and their answers cost the same as plain A* on the grid. They share
//! the grid's rules (no corner cutting: a diagonal step needs both orthogonal
//! cells beside it passable, the MovingAI rule) and refuse, with a
//! [`JumpPointsError`], grids they cannot search: 4-connected moves, terrain
//! weights, or costs outside `straight <= diagonal <= 2 * straight`.
//!
//! A path comes back as its jump points, consecutive ones joined by diagonal
//! moves then straight ones: [`fill_path`] lists every cell along it, and
//! [`path_cost`] checks it against the grid (each cell passable, no corner
//! cut) and returns its cost. ([`graph::path_cost`](crate::graph::path_cost)
//! checks steps against a graph's single edges, so it does not accept jump
//! point paths.)
//!
//! Each takes only the grid; the rays stop at whatever goal the search is
//! given, so one graph serves every query on its grid.
//! [`PrecomputedJumps`] tables take 34 bytes per cell and a few milliseconds
//! to build for a 256 x 257 map; they are searched through
//! `tables.on(&grid)`, which refuses a grid edited since they were built or
//! synced ([`MapChanged`](crate::graph::MapChanged)), or
//! `tables.synced(&grid)`, which brings them up to date from the grid's edit
//! log by updating round each changed cell, not rebuilding. [`BoundedJumps`]
//! adds 64 bytes per cell, built offline by one Dijkstra per cell on every
//! core (half a minute for a 256 x 257 map), saved and loaded as a checked
//! file, and refused on a changed map.
//!
//! # Measured
//! Against the `pathfinding` crate's A* on the den520d scenarios:
//! [`JumpPoints`] 26x, [`BlockJumpPoints`] 63x, [`PrecomputedJumps`] 90x and
//! [`BoundedJumps`] 240x faster (the README's results table;
//! BENCHMARKS.md for the runs, the build times and the expansions). In the
//! run of that table the `PrecomputedJumps` tables took 5-8 ms (den520d)
//! and 3 ms (lak303d) to build; the goal bounds 35 s and 9 s on two cores
//! (one Dijkstra per cell), 64 bytes per cell more, saved by
//! `compare --bounds FILE` and loaded in about 10 ms on later runs.
//!
//! # Example
//! ```
//! use pathseek::{Cell, Connectivity, Grid, GridCosts};
//! use pathseek::jump_points::{self, BlockJumpPoints, JumpPoints, PrecomputedJumps};
//!
//! let mut grid = Grid::new(9, 6, Connectivity::Eight, GridCosts::octile()).unwrap();
//! for y in 0..5 {
//!     grid.set_passable(Cell::new(4, y), false).unwrap(); // a wall, open at the bottom
//! }
//! let (start, goal) = (Cell::new(0, 0), Cell::new(8, 0));
//! let plain = pathseek::astar(&grid, start, goal, grid.heuristic(goal)).into_path().unwrap();
//! let online = JumpPoints::new(&grid).unwrap();
//! let block = BlockJumpPoints::new(&grid).unwrap();
//! let tables = PrecomputedJumps::new(&grid).unwrap();
//! for found in [
//!     pathseek::astar(&online, start, goal, grid.heuristic(goal)),
//!     pathseek::astar(&block, start, goal, grid.heuristic(goal)),
//!     pathseek::astar(&tables.on(&grid).unwrap(), start, goal, grid.heuristic(goal)),
//! ] {
//!     let found = found.into_path().unwrap();
//!     assert_eq!(found.cost, plain.cost);
//!     assert!(found.nodes.len() < plain.nodes.len()); // only the turning points
//!     assert_eq!(jump_points::fill_path(&found.nodes).len(), plain.nodes.len());
//! }
//! ```

mod block;
mod error;
mod goal_bounds;
mod online;
mod path;
mod precomputed;
mod pruning;

pub use block::BlockJumpPoints;
pub use error::JumpPointsError;
pub use goal_bounds::{BoundedJumps, BoundedOn, GoalBounds, GoalBoundsError};
pub use online::JumpPoints;
pub use path::{corner_path, fill_path, fill_path_into, path_cost};
pub use precomputed::{PrecomputedJumps, PrecomputedOn};
