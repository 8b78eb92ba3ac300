//! D* Lite (Koenig and Likhachev 2002): a search from the goal back to a
//! moving unit that repairs its answer after map edits instead of starting over.
//!
//! A unit walks its path while the map changes under it (cells blocked,
//! opened or re-weighted, or only now seen). [`DStarLite`] keeps, for every
//! cell it has reached, two estimates of the cost from that cell *to the
//! goal*: `g`, the settled one, and `rhs`, the one its neighbours' `g` imply.
//! A cell where the two differ is *inconsistent* and waits in the open set;
//! [`compute`](DStarLite::compute) settles inconsistent cells in order of
//! their key until the unit's cell is consistent and nothing in the queue
//! could still lower its cost. After an edit only the edited cells and their
//! neighbours become inconsistent, so a replan touches what the edit changed
//! (and what depends on it), not the whole map.
//!
//! | call | D* Lite (the paper's Figure 3) |
//! |---|---|
//! | [`start(&grid, start, goal)`](DStarLite::start) | `Initialize()` |
//! | [`compute(&grid)`](DStarLite::compute) | `ComputeShortestPath()` |
//! | [`path_into(&grid, &mut path)`](DStarLite::path_into) | follow `argmin c(s, s') + g(s')` from the start |
//! | [`move_to(&grid, cell)`](DStarLite::move_to) | `s_start = next; k_m += h(s_last, s_start)` |
//! | [`nodes_changed(&graph, nodes)`](DStarLite::nodes_changed), [`cells_changed(&grid, cells)`](DStarLite::cells_changed) | "for all directed edges (u, v) with changed edge costs": update `rhs(u)`, `UpdateVertex(u)` |
//!
//! It plans on a [`Grid`](crate::Grid) or on any graph that is
//! [`Replannable`] (dense ids, the edges into a node, a consistent estimate
//! from the unit's node): implement it for your own graph, as the trait's
//! example does.
//!
//! The map's edits reach the plan by themselves: `compute` and `move_to`
//! read the graph's change log ([`Graph::changed_since`](crate::Graph::changed_since);
//! a grid's is its edit log, [`Grid::edits_since`](crate::Grid::edits_since))
//! from the version the plan last saw, and start again from the unit's node
//! when the log cannot tell; `path_into` gives nothing for a graph edited
//! since the last `compute`. So the plan never answers for a map that has
//! changed under it (a graph without a log, whose version never changes,
//! tells the plan with `nodes_changed`). Its errors describe the map as it
//! is too: a blocked unit's node or goal (`StartBlocked`, `GoalBlocked`, as
//! A\* answers) is read from the map at every `compute` and ends when the
//! node opens; an error that lost the state is answered until the map
//! changes, then the plan is built again. Moves of cost 0 (a terrain
//! weight of 0) are planned exactly.
//!
//! It runs over any open set. Ties are broken as A\* breaks them, so a
//! first plan expands what A\* would; after every step the plan costs what
//! a fresh search would (property-tested against a reference Dijkstra on
//! grids and graphs). `examples/living_map.rs` measures it against repeated
//! A\* while a unit walks and the map changes under it (edits near the path
//! ahead, unknown terrain sensed as it goes, a moving target), every answer
//! checked; the figures for the MovingAI maps are in BENCHMARKS.md ("A
//! living map").
//!
//! # Example
//! ```
//! use pathseek::incremental::DStarLite;
//! use pathseek::open_set::BinaryHeap;
//! use pathseek::{Cell, Connectivity, Grid, GridCosts, Status};
//!
//! let mut grid = Grid::new(16, 16, Connectivity::Eight, GridCosts::new(2u32, 3))?;
//! let mut dstar = DStarLite::new(BinaryHeap::new());
//! let (start, goal) = (Cell::new(0, 8), Cell::new(15, 8));
//! dstar.start(&grid, start, goal)?;
//! assert_eq!(dstar.compute(&grid), Status::Found { cost: 30 });
//! let mut path = Vec::new();
//! dstar.path_into(&grid, &mut path);
//! // The unit takes a step, then sees a wall ahead of it.
//! dstar.move_to(&grid, path[1])?;
//! let wall: Vec<Cell> = (4..13).map(|y| Cell::new(8, y)).collect();
//! for &cell in &wall {
//!     grid.set_passable(cell, false)?;
//! }
//! dstar.cells_changed(&grid, wall);
//! let Status::Found { cost } = dstar.compute(&grid) else { panic!() };
//! let fresh = pathseek::astar(&grid, path[1], goal, grid.heuristic(goal));
//! assert_eq!(Some(cost), fresh.found().map(|p| p.cost));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod dstar_lite;
mod replannable;
mod stats;

pub use dstar_lite::DStarLite;
pub use replannable::Replannable;
pub use stats::ReplanStats;
