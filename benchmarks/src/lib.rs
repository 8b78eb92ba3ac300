//! pathseek's measurement harness (not published): the adapters that run the
//! same MovingAI scenarios through `pathfinding` and `petgraph`, shared by the
//! `compare` example and the `peers` benchmark, and the `hierarchical_pathfinding`
//! (HPA*) peer of the `hierarchy_peers` example ([`hpa_peer`]), and the seeded
//! terrain weights of `compare --terrain SEED` ([`terrain`]).
//!
//! Building this crate pulls in criterion, `pathfinding`, `petgraph` and
//! `hierarchical_pathfinding`; the library, its examples and its tests never do.

/// The examples' command-line helpers (flags, scenario runs, medians), shared
/// with the library's own examples.
#[path = "../../examples/common/mod.rs"]
pub mod common;
pub mod hpa_peer;
pub mod peers;
pub mod terrain;
