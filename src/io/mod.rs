//! File loaders: DIMACS and METIS road graphs into a
//! [`StaticGraph`](crate::StaticGraph), and MovingAI grid maps and
//! scenarios.
//!
//! | format | module | reads |
//! |---|---|---|
//! | 9th DIMACS Challenge (shortest paths) | [`dimacs`] | [`dimacs::read_gr`]: directed, weighted graph; [`dimacs::read_co`]: coordinates |
//! | METIS / 10th DIMACS Challenge | [`metis`] | [`metis::read_graph`]: undirected graph, weights optional; [`metis::read_xyz`], [`metis::read_xyz_for`]: coordinates |
//! | MovingAI benchmarks | [`movingai`] | [`MovingAiMap`](movingai::MovingAiMap): `.map` grids; [`movingai::read_scenarios`]: `.scen` problems |
//! | hex maps (MovingAI-like, `type hex`) | [`hex`] | [`HexMap`](hex::HexMap): hex grids, read and written |
//!
//! Every loader reads any [`BufRead`](std::io::BufRead) (a
//! `BufReader<File>`, a `&[u8]`, a `Cursor`) line by line into one reused
//! buffer, and reports a problem as a [`LoadError`]: one error type for all
//! formats, with its 1-based line number where it has one and a
//! [`LoadErrorKind`] saying what went wrong. No input makes a loader panic.
//!
//! # Memory
//! A loader's memory is bounded by what it has read, never by what a header
//! claims: a header of four billion nodes or a map of 65535 x 65535 cells
//! costs nothing until lines arrive to fill it. Vectors grow as data is
//! read, and every allocation is fallible: one the allocator refuses is a
//! [`LoadErrorKind::OutOfMemory`] error, not an abort.
//!
//! # Fuzzing
//! The loaders are fuzzed, one `cargo +nightly fuzz` target per format
//! (`fuzz/README.md`: commands, seeds, what each target checks); inputs
//! that once failed are kept in `tests/data/fuzz/` and read by `cargo test`.
//!
//! # Example
//! ```
//! use pathseek::io::{dimacs, metis};
//!
//! let roads = dimacs::read_gr::<u32, _>(&b"p sp 2 1\na 1 2 30\n"[..])?;
//! let points = dimacs::read_co(&b"p aux sp co 2\nv 1 0 0\nv 2 30 0\n"[..])?;
//! assert_eq!((roads.len(), points.len()), (2, 2));
//!
//! // A METIS graph has no lengths: give each edge its straight-line length.
//! let topology = metis::read_graph::<f64, _>(&b"2 1\n2\n1\n"[..])?;
//! let points = metis::read_xyz_for(&b"0 0 0\n3 4 0\n"[..], topology.len())?;
//! let roads = topology
//!     .map_costs(|a, b, _| {
//!         let ([ax, ay], [bx, by]) = (points[a as usize], points[b as usize]);
//!         (ax - bx).hypot(ay - by)
//!     })
//!     .expect("finite coordinates give valid lengths");
//! assert_eq!(roads.edges(0).collect::<Vec<_>>(), [(1, 5.0)]);
//! # Ok::<(), pathseek::io::LoadError>(())
//! ```

pub mod dimacs;
mod error;
pub mod hex;
mod lines;
pub mod metis;
pub mod movingai;
mod parse;

pub use error::{LoadError, LoadErrorKind};
