//! Grids and what is built on them: jump points, components, clearance for wide units, nearest cells, groups, landmarks, MovingAI scenarios, pictures of searches.
//!
//! One test binary per family (linking dominates the test command's time);
//! each module was once a test file of its own.

#[macro_use]
#[path = "../common/mod.rs"]
mod common;

mod any_angle_reference;
mod block_jump_points;
mod clearance;
mod components;
mod debug_view;
mod dstar_lite;
mod dstar_lite_graphs;
mod goal_bounds;
mod groups;
mod hex;
mod hierarchy;
mod jump_points;
mod landmarks;
mod line_of_sight;
mod living_map;
mod movingai_scenarios;
#[cfg(feature = "navmesh")]
mod navmesh;
mod nearest;
mod parent_pruning;
mod precomputed_jumps;
mod prop_grids;
mod reach;
#[cfg(feature = "serde")]
mod save;
mod smoothing;
mod theta_star;
