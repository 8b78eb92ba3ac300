//! Seeing the search: pictures of grid searches as SVG (text, no
//! dependency), for choosing and debugging search methods by looking at
//! them.
//!
//! Three parts, each usable alone:
//!
//! | part | what it gives | how |
//! |---|---|---|
//! | [`Recorder`] | the nodes a search expands, in order (and each one's parent and frame) | wraps any [`Graph`](crate::Graph); the A* core calls [`Graph::expand`](crate::Graph::expand) once per expansion, and the recorder writes the node down; opt-in: searches not run on one are untouched |
//! | [`SearchSets`] | the open and closed nodes at the end (or between frames) | read from the engine's node store ([`AStar::store`](crate::AStar::store)) |
//! | [`GridPicture`] | the SVG: map, terrain, walls, the cells expanded shaded by order, the open set, the path, start and goal; cell sets, lines, polygons and markers of your own | a builder; [`to_svg`](GridPicture::to_svg) gives the text |
//!
//! The recorder works with every search the core runs: plain A*, the jump
//! point graphs (it logs the jump points, whose parents give the jumps: draw
//! them with [`GridPicture::segments`]), weighted A* ([`Query::weighted`](crate::Query::weighted)),
//! ALT landmarks ([`landmarks`](crate::landmarks)), Theta*
//! ([`AnyAngle`](crate::grid::AnyAngle)), and a search spread over frames
//! ([`AStar::advance`](crate::AStar::advance); [`Recorder::next_frame`]
//! between frames, [`GridPicture::expanded_frames`] to colour by frame).
//! Methods to come (a hierarchy's clusters, a navigation mesh's polygons)
//! draw with [`GridPicture::cells`], [`polygon`](GridPicture::polygon),
//! [`polyline`](GridPicture::polyline), [`segments`](GridPicture::segments)
//! and [`marker`](GridPicture::marker), on a [`Grid`](crate::Grid)'s map or
//! a [`blank`](GridPicture::blank) one. `examples/pictures.rs` draws one
//! MovingAI query by each method.
//!
//! # A picture
//! Plain A* on one den520d query (`docs/astar.svg`, drawn by
//! `cargo run --release --example pictures` with the other methods'
//! pictures; the README shows them all):
//!
#![doc = include_str!("../../docs/astar.svg")]
//!
//! # Example
//! A search spread over frames of 40 expansions, each frame its colour:
//! ```
//! use pathseek::debug_view::{GridPicture, Recorder, Rgb, SearchSets, Style};
//! use pathseek::{open_set::DaryHeap, store::IndexedStore};
//! use pathseek::{AStar, Cell, Connectivity, Grid, GridCosts, Query, Status};
//!
//! let grid = Grid::from_fn(32, 20, Connectivity::Eight, GridCosts::octile(), |c| {
//!     !(c.x == 16 && c.y < 15) // a wall with a gap at the bottom
//! })?;
//! let (start, goal) = (Cell::new(3, 4), Cell::new(28, 4));
//! let recorder = Recorder::new(&grid);
//! let mut engine = AStar::new(DaryHeap::<_, 4>::new(), IndexedStore::new());
//! engine.start(&recorder, Query::new(start, goal, grid.heuristic(goal)));
//! let mut walks = Vec::new(); // where a unit would walk meanwhile
//! while engine.advance(&recorder, 40) == Status::InProgress {
//!     recorder.next_frame();
//!     let mut so_far = Vec::new();
//!     engine.path_into(&recorder, &mut so_far);
//!     walks.push(so_far);
//! }
//! let result = engine.finish(&recorder);
//! let frames: Vec<_> = recorder.expansions().iter().map(|e| (e.node, e.frame)).collect();
//! let mut picture = GridPicture::new(&grid);
//! picture
//!     .title(format!("{} expansions in {} frames", frames.len(), recorder.frame() + 1))
//!     .expanded_frames(frames, 0)
//!     .open(SearchSets::read(&recorder, engine.store()).open);
//! for walk in &walks {
//!     picture.polyline(walk.iter().copied(), Style::stroke(Rgb::new(90, 90, 90), 0.2).dashed());
//! }
//! picture
//!     .path(result.found().unwrap().nodes.iter().copied())
//!     .endpoints(start, goal);
//! assert_eq!(picture.drawn().expansions as u64, result.stats.expanded);
//! let svg = picture.to_svg();
//! assert!(svg.contains("<g class=\"expanded\""));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod layers;
mod picture;
mod recorder;
mod sets;
mod style;
mod svg;
#[cfg(test)]
mod tests;

pub use picture::{Drawn, GridPicture};
pub use recorder::{Expanded, Recorder};
pub use sets::SearchSets;
pub use style::{ramp, Point, Rgb, Style};
