//! Navigation meshes: convex polygons instead of grid cells, searched by the
//! crate's A\* core and straightened by the funnel algorithm.
//!
//! A mesh covers the free space with convex polygons that share edges
//! (*portals*): a few thousand polygons where a grid has a quarter of a
//! million cells, and straight, any-angle paths. [`NavMesh`] holds them,
//! finds the polygon of a point ([`NavMesh::locate`]) and answers path
//! queries through a [`MeshQuery`]: an A\* search over the corners of the
//! free space (and the middles of wide portals) for the way round the
//! obstacles, then the funnel algorithm (string pulling) for the shortest
//! path through the polygons that way crosses: not always the shortest
//! path of all ([`MeshQuery`] says exactly what is promised). For the
//! shortest path of all, [`NavMesh::find_exact_path`] (and
//! [`MeshQuery::find_exact_path`]) runs Polyanya (Cui, Harabor and
//! Grastien 2017) on the same core: intervals of polygon edges, each seen
//! from a root point, expanded through the polygons beyond.
//!
//! Meshes come from your own convex polygons ([`NavMesh::from_polygons`]),
//! or, with the `navmesh` feature (which brings the `spade` crate's
//! constrained Delaunay triangulation), from a grid map or from an outline
//! with holes: triangulated, then triangles merged into convex polygons.
//!
//! In more detail: the polygons are checked (convex, once round, no two
//! overlapping, edges shared by at most two polygons) and points located
//! by buckets; the search has one node per fan of polygons round a vertex,
//! so no path squeezes through a point where two walls touch, and the
//! funnel's path has its loops cut. With the feature, meshes from grid maps follow the
//! GPPC 2023 any-angle rules (`NavMesh::from_grid`; `GridMesh` rebuilds when
//! the grid has changed) and meshes from outlines follow the even-odd rule
//! (`NavMesh::from_outlines`), triangles merged by Hertel-Mehlhorn. Paths
//! are property-tested against an exact any-angle reference.
//!
//! # Which search
//! | | [`find_path`](MeshQuery::find_path) | [`find_exact_path`](MeshQuery::find_exact_path) |
//! |---|---|---|
//! | paths | within 0.1% of the optimum on average, a few percent at worst | the optimum (to rounding) |
//! | how | A\* over a fixed graph of corners, then the funnel | Polyanya: intervals made as the search goes |
//! | speed | without landmarks, the faster on many small rooms (8room_000) and dense scattered cells (random512-25-0) | the faster on the other ten MovingAI maps measured, and with [`add_landmarks`](NavMesh::add_landmarks) on all but random512-25-0 |
//!
//! # Measured
//! On the twelve MovingAI maps of the benchmarks, the exact search gives
//! the `polyanya` crate's length on every scenario, in 0.06-0.55 of its
//! time on the same polygons (0.07-0.41 with eight landmarks on the maps
//! whose walls force detours); `find_path` averages within 0.1% of the
//! optimum. Against the full-grid A\* the faster of the two ranges from
//! above 10x (the Dragon Age, Baldur's Gate, StarCraft and city maps) to
//! below 1x (maps strewn with single blocked cells, tens of thousands of
//! polygons): BENCHMARKS.md,
//! "Navigation meshes"; `examples/navmesh.rs`, and `polyanya` as a peer in
//! `benchmarks/examples/navmesh_peers.rs`.
//!
//! # Example
//! ```
//! use pathseek::navmesh::{NavMesh, Point};
//! // Two rooms joined by a door: 0..4 x 0..4 and 5..9 x 0..4, the door 4..5 x 1..2.
//! let v = [
//!     [0.0, 0.0], [4.0, 0.0], [4.0, 1.0], [4.0, 2.0], [4.0, 4.0], [0.0, 4.0],
//!     [5.0, 0.0], [9.0, 0.0], [9.0, 4.0], [5.0, 4.0], [5.0, 2.0], [5.0, 1.0],
//! ];
//! let polygons = [
//!     vec![0u32, 1, 2, 3, 4, 5], // the left room (1, 2, 3 on one line)
//!     vec![2, 11, 10, 3],        // the door
//!     vec![6, 7, 8, 9, 10, 11],  // the right room
//! ];
//! let mesh = NavMesh::from_polygons(&v, &polygons)?;
//! let path = mesh.find_path([1.0, 3.5], [8.0, 3.5])?.expect("through the door");
//! assert_eq!(path.points, [
//!     Point::new(1.0, 3.5), Point::new(4.0, 2.0), Point::new(5.0, 2.0), Point::new(8.0, 3.5),
//! ]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#[cfg(feature = "navmesh")]
mod build;
mod channel;
mod error;
mod exact;
mod funnel;
mod graph;
mod locate;
mod mesh;
mod overlap;
mod pockets;
mod point;
mod query;
mod sight;

#[cfg(feature = "navmesh")]
#[cfg_attr(docsrs, doc(cfg(feature = "navmesh")))]
pub use build::{BuildOptions, GridMesh, GridMeshError};
pub use error::{MeshError, PointError};
pub use mesh::{NavMesh, DEFAULT_PORTAL_NODES};
pub use point::Point;
pub use query::{MeshPath, MeshQuery};
