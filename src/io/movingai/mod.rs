//! MovingAI `.map`/`.scen`: the grid maps and start/goal scenario files of
//! the MovingAI Lab's pathfinding benchmarks.
//!
//! The MovingAI Lab's "2D Pathfinding Benchmarks" (N. Sturtevant, "Benchmarks for
//! Grid-Based Pathfinding", IEEE TCIAIG 4(2), 2012) give maps from games and
//! mazes, each with a scenario file of start/goal problems and their optimal
//! octile lengths.
//!
//! # `.map`
//! ```text
//! type octile
//! height 4
//! width 6
//! map
//! @@@@@@
//! @..T.@
//! @....@
//! @@@@@@
//! ```
//! Four header lines (`height` and `width` may come in either order), then
//! `height` rows of exactly `width` tiles, top row first: cell `(x, y)` is column
//! `x` of row `y`. Tiles `.`, `G` and `S` are passable; `@`, `O`, `T` (trees) and
//! `W` (water) are blocked, as in the benchmarks' reference lengths. Any other
//! character is an error. CRLF line ends and a missing final newline are fine.
//!
//! # `.scen`
//! ```text
//! version 1
//! 0  maps/dao/arena.map  49  49  1  11  1  12  1
//! 0  maps/dao/arena.map  49  49  1  13  4  12  3.41421
//! ```
//! A `version 1` line, then one problem per line, nine tab-separated fields
//! (shown with spaces above):
//! bucket, map, map width, map height, start x, start y, goal x, goal y, optimal
//! length (8-connected, straight 1, diagonal `√2`, no corner cutting). A length of
//! 0 with start ≠ goal means no path exists. Lengths are printed with limited
//! precision; compare with [`Scenario::matches`].
//!
//! # Example
//! ```
//! use pathseek::grid::{Cell, Connectivity, GridCosts};
//! use pathseek::io::movingai::{parse_scenarios, MovingAiMap};
//!
//! let map = MovingAiMap::parse("type octile\nheight 2\nwidth 3\nmap\n...\n.T.\n")?;
//! let grid = map.to_grid(Connectivity::Eight, GridCosts::float_octile());
//! assert!(!grid.is_passable(Cell::new(1, 1)));
//!
//! let scen = parse_scenarios("version 1\n0\tx.map\t3\t2\t0\t0\t2\t0\t2\n")?;
//! scen[0].check_against(&map)?;
//! assert!(scen[0].matches(2.0));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

//!
//! Errors are the [`LoadError`](super::LoadError) of every loader; the
//! kinds that only these formats have are listed under "MovingAI maps and
//! scenarios" in [`LoadErrorKind`](super::LoadErrorKind).

mod map;
mod scenario;
#[cfg(test)]
mod tests;

pub use map::MovingAiMap;
pub use scenario::{load_scenarios, parse_scenarios, read_scenarios, Endpoint, Scenario};
