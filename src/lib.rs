//! # pathseek
//!
//! A* graph search for games and tools: one generic core, fed by a [`Graph`] and
//! by pluggable [open sets](open_set) and [node stores](store), with grids
//! and MovingAI benchmark maps built in.
//!
//! ```
//! use pathseek::{Cell, Connectivity, Grid, GridCosts};
//!
//! let mut grid = Grid::new(5, 3, Connectivity::Eight, GridCosts::octile()).unwrap();
//! for y in 0..2 {
//!     grid.set_passable(Cell::new(2, y), false).unwrap(); // a wall with a gap at the bottom
//! }
//! let (start, goal) = (Cell::new(0, 0), Cell::new(4, 0));
//! let result = pathseek::astar(&grid, start, goal, grid.heuristic(goal));
//! let path = result.found().expect("there is a way round");
//! assert_eq!(path.nodes.first(), Some(&start));
//! // Round the wall's end without cutting its corner: 4 straight and 2 diagonal steps.
//! // Costs are `Length`s (fixed-point cells); `to_f64` converts.
//! assert!((path.cost.to_f64() - (4.0 + 2.0 * 2f64.sqrt())).abs() < 1e-8);
//! ```
//!
//! # One way in
//! - [`astar(graph, start, goal, h)`](fn@crate::astar): the one-liner.
//! - Past it, a [`Query`] says what to search (several starts, a goal test,
//!   limits, partial paths) and [`search(graph, query)`](fn@crate::search)
//!   runs it.
//! - Keep an [`AStar`] to choose the open set and node store, reuse memory
//!   and read paths into your buffer: the same words,
//!   [`search`](AStar::search) and [`search_into`](AStar::search_into), and
//!   a search spread over game frames is the same engine:
//!   [`start`](AStar::start), [`advance`](AStar::advance),
//!   [`finish`](AStar::finish).
//!
//! A search ends as an [`Outcome`] (with its path, in a [`SearchResult`]) or,
//! read into a buffer or while in progress, as a [`Status`]: found, no path,
//! partial, error.
//!
//! ```
//! use pathseek::open_set::DaryHeap;
//! use pathseek::store::IndexedStore;
//! use pathseek::{AStar, Cell, Connectivity, Grid, GridCosts, Length, Limit, Query, Status};
//!
//! let grid = Grid::new(64, 64, Connectivity::Eight, GridCosts::octile()).unwrap();
//! let (start, goal) = (Cell::new(0, 0), Cell::new(63, 40));
//! // 1. The one-liner.
//! let one = pathseek::astar(&grid, start, goal, grid.heuristic(goal));
//! // 2. A query: here with a second start that joins 3 cells late, and a limit.
//! let query = Query::new(start, goal, grid.heuristic(goal))
//!     .with_start(Cell::new(10, 0), Length::from_cells(3).unwrap())
//!     .max_expansions(100_000);
//! let two = pathseek::search(&grid, query.clone());
//! assert!(two.found().unwrap().cost <= one.found().unwrap().cost);
//! // 3. A kept engine: the same query, the path into a buffer...
//! let mut engine = AStar::new(DaryHeap::<_, 4>::new(), IndexedStore::new());
//! let mut path = Vec::new();
//! let status = engine.search_into(&grid, query.clone(), &mut path);
//! assert_eq!(status, Status::Found { cost: two.found().unwrap().cost });
//! // ... or spread over frames, 10 expansions each, stopped after three.
//! engine.start(&grid, query);
//! for _frame in 0..3 {
//!     assert_eq!(engine.advance(&grid, 10), Status::InProgress);
//! }
//! let partial = engine.finish(&grid);
//! assert_eq!(partial.partial().unwrap().1, Limit::Stopped);
//! ```
//!
//! Beyond grids: [`StaticGraph`] (read from DIMACS or METIS files by
//! [`io`]), the ALT heuristic of [`landmarks`], and [`contraction`]
//! hierarchies for road graphs (prepared once, microsecond queries and
//! distance tables, customized for new costs); for many units going
//! to one goal, [`groups`]; to know before searching whether a goal can be
//! reached, [`components`]. Beside A*, [`fringe`] search runs the same
//! queries over the same node stores with a list instead of an open set.
//! For big maps, [`hierarchy`] (HPA\*: an abstract graph of cluster
//! entrances, searched first, refined into cells, repaired after edits);
//! to see what a search did, [`debug_view`] (SVG pictures). For units
//! several cells wide, [`grid::Clearance`] (clearance annotations, a graph
//! per unit size, updated from the map's edit log). Beyond square cells:
//! [`hex`] maps (axial coordinates, six moves, terrain, a text format) and
//! [`navmesh`] (convex polygons, straight any-angle paths by the funnel
//! algorithm).
//!
//! # One vocabulary
//! Most families are graphs the core searches, so they answer in the core's
//! words: [`SearchResult`] (an [`Outcome`] and its [`Stats`]) from `search`,
//! a [`Status`] from `search_into` and `advance`. Where a family answers in
//! another shape, it is for the reason in the last column, and `Some(cost)`
//! / `None` always mean [`Status::Found`] / [`Status::NoPath`].
//!
//! | family | call | answer | why it differs |
//! |---|---|---|---|
//! | A\* ([`astar()`], [`search()`], [`AStar`]), [`fringe`] | `search`, `search_into`, `start` / `advance` / `finish` | [`SearchResult`], [`Status`] | the core's words |
//! | [`jump_points`], [`hex`], [`grid::Clearance`] unit graphs, [`grid::AnyAngle`], [`debug_view::Recorder`] | they are [`Graph`]s: the calls above | [`SearchResult`], [`Status`] | the same |
//! | [`hierarchy::Hierarchy`] | `find_path(grid, start, goal, &mut path)`; `plan` for stretches | `Result<Option<cost>, HierarchyError>`, the path in your buffer | two searches (abstract, then refined) make one answer: no single [`Stats`] or partial path |
//! | [`incremental::DStarLite`] | `start`, then `compute` after edits; `path_into` | [`Status`]; the path read separately | one plan repaired in place as the unit moves |
//! | [`navmesh::NavMesh`] | `find_path(from, to)`, `find_path_into`; the optimum: `find_exact_path`, `find_exact_path_into` | `Result<Option<MeshPath>, PointError>` | points in the plane, not nodes: the error names a point off the mesh, the path is a polyline |
//! | [`groups`] (`DistanceField`, `FlowField`, `UnitSearch`) | built once, then `cost` / `next_step` / `path_into` per unit | `Result<Option<cost>, MapChanged>` | one search serves every unit: a look-up per unit, refused on a changed map |
//! | [`components`] | `connected(a, b)` | `bool` | a yes or no before any search |
//! | [`contraction`] (`ContractionHierarchy`, `CustomizableHierarchy`) | `ChSearch::find_path(&h, &graph, start, goal, &mut path)`, `distance`, `table` | `Result<Option<cost>, ContractionError>`, the path in your buffer; a `DistanceTable` | two upward searches make one answer (like HPA\*), and a table answers many pairs at once |
//!
//! # Cargo features
//! None is on by default; the library needs only `num-traits` and
//! `smallvec` without them.
//!
//! | feature | brings | adds the dependency |
//! |---|---|---|
//! | `rayon` | `pathseek::batch`: many queries on one graph answered on every core, one warm engine per worker thread, results in query order, no allocation per query once warm; [`contraction`] hierarchies prepared on every core | `rayon` |
//! | `serde` | `Serialize` and `Deserialize` for what a game saves: [`Grid`], [`Cell`], [`Length`], [`Path`], [`Stats`], [`Limit`], [`GridCosts`], [`Connectivity`], [`components::GridComponents`] (and `ComponentId`), [`groups::DistanceField`] and [`groups::FlowField`]; loads are checked whole, and a loaded field or labelling answers for no map until attached to one: see `pathseek::save` | `serde` (with `derive`) |
//! | `navmesh` | building [`navmesh::NavMesh`]es from grid maps (`NavMesh::from_grid`, kept current by `GridMesh`) and from outlines with holes (`NavMesh::from_outlines`); meshes from your own convex polygons need no feature | `spade` (constrained Delaunay triangulation) |
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

pub mod astar;
#[cfg(feature = "rayon")]
#[cfg_attr(docsrs, doc(cfg(feature = "rayon")))]
pub mod batch;
pub mod components;
pub mod contraction;
pub mod cost;
pub mod debug_view;
pub mod fringe;
pub mod graph;
pub mod grid;
pub mod groups;
pub mod hex;
pub mod hierarchy;
pub mod incremental;
pub mod io;
pub mod jump_points;
pub mod landmarks;
pub mod navmesh;
pub mod open_set;
pub mod query;
pub mod result;
#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
pub mod save;
pub mod store;

pub use astar::{astar, release_search_memory, search, AStar};
pub use cost::{Cost, Length};
pub use fringe::Fringe;
pub use graph::adjacency_list::{self, AdjacencyList};
pub use graph::{DenseIds, FollowMap, Graph, StaticGraph};
pub use grid::{Cell, Connectivity, Grid, GridCosts};
pub use open_set::OpenSet;
pub use query::{Goal, Heuristic, Limit, Query};
pub use result::{Outcome, Path, SearchError, SearchResult, Stats, Status};
pub use store::{ClosedSet, Records};

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
