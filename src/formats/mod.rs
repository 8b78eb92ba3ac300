//! Readers for graph files: DIMACS shortest-path files and METIS (DIMACS10)
//! graphs, each into a [`StaticGraph`](crate::StaticGraph).
//!
//! (The MovingAI grid formats live in [`movingai`](crate::movingai).)
//!
//! | format | graph | coordinates |
//! |---|---|---|
//! | 9th DIMACS Challenge (shortest paths) | [`dimacs::read_gr`]: directed, weighted | [`dimacs::read_co`] |
//! | METIS / 10th DIMACS Challenge | [`metis::read_graph`]: undirected, weights optional | [`metis::read_xyz`], [`metis::read_xyz_for`] |
//!
//! Every reader takes any [`BufRead`](std::io::BufRead) (a
//! `BufReader<File>`, a `&[u8]`, a `Cursor`), reads it line by line into one
//! reused buffer, and reports a problem as a [`LoadError`] with its 1-based
//! line number. Node ids in the files are 1-based; node `i` of a file is node
//! `i - 1` of the graph and element `i - 1` of the coordinates. No input
//! makes a reader panic.
//!
//! # Example
//! ```
//! use pathseek::formats::{dimacs, metis};
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
//! # Ok::<(), pathseek::formats::LoadError>(())
//! ```

pub mod dimacs;
mod error;
pub mod metis;
mod text;

pub use error::{LoadError, LoadErrorKind};
