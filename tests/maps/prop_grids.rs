//! Property tests of the A* core on random grids (`Grid`): obstacles at several
//! densities, 4- and 8-connected, optional terrain weights, costs `u32`, `u64`,
//! `f64`, `f32` and the fixed-point `Length`; every open set (the library's registry plus the tests' stress
//! configurations, `common::visit_open_sets`) and every node store (the
//! registry), against a reference Dijkstra that shares no code with the core.
//!
//! Heuristics: the grid's own (`Grid::heuristic`: manhattan / octile / chebyshev,
//! scaled by the smallest terrain weight), and tables from a reverse Dijkstra:
//! zero, exact, a fraction of exact, a per-node random fraction (inconsistent) and
//! an inflated one (inadmissible). Checks as in `prop_graphs.rs`, plus:
//!
//! - blocked start or goal cells give `StartBlocked` / `GoalBlocked`;
//! - with integer costs and an exact heuristic (the exact table, or the grid's own
//!   heuristic on a grid without obstacles or terrain, where it is exact), only the
//!   path's own cells are expanded: ties to the larger `g` walk straight to the goal
//!   although grids are full of equal-`f` cells.
//!
//! The driver lives in `common::grid_props`, so `tests/search/external_store.rs` and
//! `tests/search/external_open_set.rs` run the same property on their own structures.

use crate::common;

use common::grid_props::{property, GridCost};

fn every_pair<C: GridCost>(name: &str) {
    let reopened = property::<C>(
        name,
        regressions_file!("prop_grids"),
        common::cases(),
        common::check_every_pair,
    );
    assert!(
        reopened > 0,
        "the inconsistent heuristic never made the core reopen a cell"
    );
}

#[test]
fn random_grids_u32() {
    every_pair::<u32>("random_grids_u32");
}

#[test]
#[cfg(feature = "deep-tests")]
fn random_grids_u64() {
    every_pair::<u64>("random_grids_u64");
}

#[test]
fn random_grids_f64() {
    every_pair::<f64>("random_grids_f64");
}

#[test]
fn random_grids_length() {
    every_pair::<pathseek::Length>("random_grids_length");
}

#[test]
#[cfg(feature = "deep-tests")]
fn random_grids_f32() {
    every_pair::<f32>("random_grids_f32");
}
