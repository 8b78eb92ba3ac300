//! Jump point search and the any-angle family on grids: `JumpPoints`,
//! `BlockJumpPoints`, `PrecomputedJumps`, `BoundedJumps` (goal bounding),
//! parent pruning, line of sight, smoothing and Theta*, against reference
//! searches that share no code with the core.
//!
//! Its own binary beside `maps`, so the two compile side by side: the
//! library's package builds as one codegen unit (Cargo.toml), and one binary
//! holding both families was the whole test build's critical path.

#[macro_use]
#[path = "../common/mod.rs"]
mod common;

mod any_angle_reference;
mod block_jump_points;
mod goal_bounds;
mod jump_points;
mod line_of_sight;
mod parent_pruning;
mod precomputed_jumps;
mod smoothing;
mod theta_star;
