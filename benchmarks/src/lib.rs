//! pathseek's measurement harness (not published): the adapters that run the
//! same MovingAI scenarios through `pathfinding` and `petgraph`, shared by the
//! `compare` example and the `peers` benchmark, and the `hierarchical_pathfinding`
//! (HPA*) peer of the `hierarchy_peers` example ([`hpa_peer`]), the optimal
//! any-angle peer `polyanya` on navigation meshes ([`polyanya_peer`]) with the
//! simplest mesh of a grid ([`cell_mesh`]) and an exact any-angle reference
//! under the GPPC 2023 rules ([`any_angle_reference`]; those two files live in
//! `tests/common`, shared with the library's tests), and the seeded terrain
//! weights of `compare --terrain SEED` ([`terrain`]), the contraction
//! hierarchy rows of `roads_peers` against `fast_paths` ([`road_hierarchies`]),
//! and the grid numbered tile by tile of `profile --config tiled-T` ([`tiled`]).
//!
//! Building this crate pulls in criterion, `pathfinding`, `petgraph`,
//! `hierarchical_pathfinding`, `polyanya` and `fast_paths`; the library, its examples and its
//! tests never do.

/// The exact any-angle reference (segment validity and optimal lengths under
/// the GPPC 2023 rules), shared with the library's tests.
#[path = "../../tests/common/any_angle_reference.rs"]
pub mod any_angle_reference;
/// One unit square per passable cell, shared with the library's tests.
#[path = "../../tests/common/cell_mesh.rs"]
pub mod cell_mesh;
/// The examples' command-line helpers (flags, scenario runs, medians), shared
/// with the library's own examples.
#[path = "../../examples/common/mod.rs"]
pub mod common;
pub mod hpa_peer;
pub mod peers;
pub mod polyanya_peer;
pub mod road_hierarchies;
pub mod terrain;
pub mod tiled;
