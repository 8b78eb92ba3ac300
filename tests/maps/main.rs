//! Grids and what is built on them: components, clearance for wide units,
//! nearest cells, groups, landmarks, HPA*, D* Lite, hex grids, MovingAI
//! scenarios, pictures of searches (jump points and the any-angle family:
//! the `jumps` binary).
//!
//! One test binary per family (linking dominates the test command's time);
//! each module was once a test file of its own.

#[macro_use]
#[path = "../common/mod.rs"]
mod common;

mod clearance;
mod components;
mod debug_view;
mod dstar_lite;
mod dstar_lite_graphs;
mod follow_equal;
mod follow_seams;
mod groups;
mod hex;
mod hierarchy;
mod landmarks;
mod living_map;
mod movingai_scenarios;
mod navmesh;
#[cfg(feature = "navmesh")]
mod navmesh_built;
mod navmesh_exact;
#[cfg(feature = "navmesh")]
mod navmesh_exact_built;
mod navmesh_exact_cases;
mod nearest;
mod prop_grids;
mod reach;
#[cfg(feature = "serde")]
mod save;
mod sliced_seams;
