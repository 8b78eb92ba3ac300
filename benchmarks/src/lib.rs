//! pathseek's measurement harness (not published): the adapters that run the
//! same MovingAI scenarios through `pathfinding` and `petgraph`, shared by the
//! `compare` example and the `peers` benchmark.
//!
//! Building this crate pulls in criterion, `pathfinding` and `petgraph`; the
//! library, its examples and its tests never do.

/// The examples' command-line helpers (flags, scenario runs, medians), shared
/// with the library's own examples.
#[path = "../../examples/common/mod.rs"]
pub mod common;
pub mod peers;
