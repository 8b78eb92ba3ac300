//! Many units, one goal: a distance field (flow field) that every unit
//! descends, one backward search that settles every unit, and group paths
//! that share one search among a group.
//!
//! In a strategy game a player selects fifty units and clicks once. Fifty
//! searches to one goal repeat most of their work; these share it:
//!
//! | tool | one search of | each unit gets | best when |
//! |---|---|---|---|
//! | [`DistanceField`] | the whole graph (or all within a cost), from the goal | its exact cost and next step, from any node | many units, or units that keep arriving; the goal stays ([`FlowField`] packs a grid's to 5 bytes a cell to keep) |
//! | [`UnitSearch`] | the graph from the goal until every unit is settled | its exact path | one order for a group spread out |
//! | [`group_paths`] | the path of one unit, plus a short one per unit | a path through the group's shared one (not always the cheapest) | a tight group going far |
//!
//! The first two search the graph *reversed* (every edge turned round):
//! [`Grid::reversed`](crate::Grid::reversed) for grids (terrain is charged
//! on the cell entered, so a reversed grid is not the grid itself when it
//! has terrain), [`StaticGraph::reverse`](crate::StaticGraph::reverse) for
//! directed graphs; an undirected graph is its own reverse. Both run the one
//! A* core (with a zero heuristic for the field) and reuse their buffers.
//!
//! On an edit: [`DistanceField`], [`FlowField`] and [`UnitSearch`] record
//! the map's [`version`](crate::Graph::version) and answer
//! [`MapChanged`](crate::graph::MapChanged) for an edited map until built
//! again ([`DistanceField::refresh`]); [`group_paths`] keeps nothing.
//!
//! A distance field may be bounded by a cost, and allocates nothing once
//! warm: keep it, and rebuilding reuses its memory. `examples/groups.rs`
//! moves fifty units to one goal the four ways (one A\* per unit and the
//! three above).
//!
//! # Example
//! ```
//! use pathseek::groups::DistanceField;
//! use pathseek::{Cell, Connectivity, FollowMap, Grid, GridCosts};
//!
//! let mut grid = Grid::new(64, 64, Connectivity::Eight, GridCosts::<u32>::new(2, 3)).unwrap();
//! let mut field = DistanceField::new(); // keep it: rebuilding reuses its memory
//! field.build_grid(&grid, Cell::new(60, 60), None).unwrap();
//! for unit in [Cell::new(1, 1), Cell::new(3, 50), Cell::new(40, 2)] {
//!     let step = field.next_step(&grid, unit).unwrap(); // where this unit moves next
//!     assert!(step.is_some() && field.cost(&grid, unit).unwrap().is_some());
//! }
//! // After an edit the field answers `Err(MapChanged)` until built again.
//! grid.set_passable(Cell::new(30, 30), false).unwrap();
//! assert!(field.next_step(&grid, Cell::new(1, 1)).is_err());
//! field.sync(&grid).unwrap(); // same goal, same memory
//! assert!(field.next_step(&grid, Cell::new(1, 1)).unwrap().is_some());
//! ```

mod field;
mod flow;
mod splice;
mod units;
#[cfg(feature = "serde")]
mod verify;

pub use field::DistanceField;
pub use flow::FlowField;
pub use splice::{group_paths, GroupPaths, DEFAULT_JOIN};
pub use units::{grid_units_heuristic, UnitSearch};

use crate::graph::DenseIds;

/// `true` when `graph` has `node_count` nodes (the size of the graph a
/// field or search was built on).
fn same_size<G: DenseIds>(graph: &G, node_count: usize) -> bool {
    graph.node_count() == node_count
}
