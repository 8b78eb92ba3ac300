//! Path queries on a mesh: the search graph's A* (the crate's core) for a
//! channel of polygons, then the funnel algorithm for the shortest path
//! through it.

use std::sync::Arc;

use super::channel::{cross_at, cut_loops, Crossing};
use super::funnel::string_pull;
use super::graph::QueryGraph;
use super::mesh::NavMesh;
use super::point::Point;
use super::PointError;
use crate::open_set::DaryHeap;
use crate::query::Heuristic;
use crate::store::IndexedStore;
use crate::{AStar, Query, Stats, Status};

/// A path on a mesh: its points (start, each bend, goal) and its length.
///
/// # Example
/// See [`NavMesh`].
#[derive(Clone, Debug, PartialEq)]
pub struct MeshPath {
    /// The start, each point where the path bends (a corner of the free
    /// space), and the goal.
    pub points: Vec<Point>,
    /// The sum of the straight segments' lengths.
    pub length: f64,
}

/// The straight-line distance to the goal point.
#[derive(Clone, Debug)]
pub(crate) struct Euclid {
    positions: Arc<[Point]>,
    start: Point,
    goal: Point,
}

impl Heuristic<u32, f64> for Euclid {
    #[inline]
    fn estimate(&mut self, node: u32) -> f64 {
        let p = match self.positions.get(node as usize) {
            Some(&p) => p,
            None if node as usize == self.positions.len() => self.start,
            None => self.goal,
        };
        p.distance(self.goal)
    }
}

type Engine = AStar<DaryHeap<f64, 4>, IndexedStore<f64>, Query<u32, f64, Euclid>>;

/// Path queries on a [`NavMesh`], with the memory they reuse: like
/// Detour's query object, make one (per thread) and keep it; each
/// [`find_path`](MeshQuery::find_path) names its mesh, so one query object
/// serves any number of meshes. [`NavMesh::find_path`] makes one for a
/// single query.
///
/// A query locates both points, searches the mesh's graph (the crate's A\*
/// core; nodes at the corners of the free space and the middles of wide
/// portals, edges straight across polygons, the Euclidean distance as the
/// heuristic) for the cheapest way through it, then pulls the string: the
/// funnel algorithm returns the shortest path through the polygons that
/// way crossed. So a path never leaves the mesh, is never longer than the
/// graph's route, and bends only at corners of the free space; it is the
/// shortest path of its way round the obstacles, though another way round
/// may (rarely) be shorter.
///
/// # Example
/// ```
/// use pathseek::navmesh::{MeshQuery, NavMesh, Point};
/// // A 3 x 3 room with a 1 x 1 pillar in the middle, as four quads round it.
/// let v = [
///     [0.0, 0.0], [3.0, 0.0], [3.0, 3.0], [0.0, 3.0],
///     [1.0, 1.0], [2.0, 1.0], [2.0, 2.0], [1.0, 2.0],
/// ];
/// let quads = [[0u32, 1, 5, 4], [1, 2, 6, 5], [2, 3, 7, 6], [3, 0, 4, 7]];
/// let mesh = NavMesh::from_polygons(&v, &quads)?;
/// let mut query = MeshQuery::new();
/// let mut points = Vec::new();
/// let length = query.find_path_into(&mesh, Point::new(0.5, 1.5), Point::new(2.5, 1.6), &mut points)?;
/// // Round the pillar by its nearer side, touching two of its corners.
/// assert_eq!(points.len(), 4);
/// assert!((length.unwrap() - points.windows(2).map(|w| w[0].distance(w[1])).sum::<f64>()).abs() < 1e-12);
/// assert!(query.stats().expanded > 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Default)]
pub struct MeshQuery {
    engine: Engine,
    nodes: Vec<u32>,
    polygons: Vec<u32>,
    portals: Vec<Crossing>,
    /// Scratch for [`cut_loops`]: one entry per polygon, all `NONE` between uses.
    seen: Vec<u32>,
    start_nodes: Vec<u32>,
    goal_nodes: Vec<u32>,
}

impl core::fmt::Debug for MeshQuery {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("MeshQuery")
            .field("stats", &self.engine.stats())
            .finish()
    }
}

impl NavMesh {
    /// The shortest path found from `from` to `to` (see [`MeshQuery`],
    /// which this makes for the one query: keep one to reuse its memory).
    ///
    /// # Example
    /// See [`NavMesh`].
    pub fn find_path(
        &self,
        from: impl Into<Point>,
        to: impl Into<Point>,
    ) -> Result<Option<MeshPath>, PointError> {
        MeshQuery::new().find_path(self, from, to)
    }
}

impl MeshQuery {
    /// A query object with no memory yet.
    ///
    /// # Example
    /// See [`MeshQuery`].
    pub fn new() -> MeshQuery {
        MeshQuery::default()
    }

    /// The counters of the last search (zero when start and goal share a
    /// polygon: the straight segment needs none).
    ///
    /// # Example
    /// See [`MeshQuery`].
    pub fn stats(&self) -> Stats {
        self.engine.stats()
    }

    /// The shortest path found from `from` to `to` (see [`MeshQuery`]),
    /// `Ok(None)` when no path joins them.
    ///
    /// Errors: [`PointError::NotFinite`], [`PointError::Outside`] (a point
    /// in no polygon).
    ///
    /// # Example
    /// See [`NavMesh`].
    pub fn find_path(
        &mut self,
        mesh: &NavMesh,
        from: impl Into<Point>,
        to: impl Into<Point>,
    ) -> Result<Option<MeshPath>, PointError> {
        let mut points = Vec::new();
        Ok(self
            .find_path_into(mesh, from, to, &mut points)?
            .map(|length| MeshPath { points, length }))
    }

    /// Like [`find_path`](MeshQuery::find_path), but writes the points into
    /// `points` (cleared first; left empty when there is no path) and
    /// returns the length: no allocation once the buffers have grown.
    ///
    /// # Example
    /// See [`MeshQuery`].
    pub fn find_path_into(
        &mut self,
        mesh: &NavMesh,
        from: impl Into<Point>,
        to: impl Into<Point>,
        points: &mut Vec<Point>,
    ) -> Result<Option<f64>, PointError> {
        let (from, to) = (from.into(), to.into());
        points.clear();
        let start_poly = locate(mesh, from)?;
        let goal_poly = locate(mesh, to)?;
        let graph = &mesh.graph;
        fill_nodes(mesh, start_poly, &mut self.start_nodes);
        fill_nodes(mesh, goal_poly, &mut self.goal_nodes);
        self.goal_nodes.sort_unstable();
        let query_graph = QueryGraph {
            graph,
            start: from,
            start_nodes: &self.start_nodes,
            goal: to,
            goal_nodes: &self.goal_nodes,
            same_polygon: start_poly == goal_poly,
        };
        let (s, g) = (query_graph.start_node(), query_graph.goal_node());
        let heuristic = Euclid {
            positions: Arc::clone(&graph.positions),
            start: from,
            goal: to,
        };
        let status =
            self.engine
                .search_into(&query_graph, Query::new(s, g, heuristic), &mut self.nodes);
        match status {
            Status::Found { .. } => {}
            _ => return Ok(None),
        }
        // The polygon each step of the route runs through.
        let nodes = &self.nodes;
        self.polygons.clear();
        for w in nodes.windows(2) {
            let p = if w[0] == s {
                start_poly
            } else if w[1] == g {
                goal_poly
            } else {
                match graph.edges(w[0]).find(|e| e.0 == w[1]) {
                    Some((_, _, p)) => p,
                    None => u32::MAX,
                }
            };
            self.polygons.push(p);
        }
        self.portals.clear();
        let mut whole = !self.polygons.contains(&u32::MAX);
        // Step i runs from nodes[i] to nodes[i + 1] through polygons[i]: at
        // nodes[i + 1] the route turns from polygons[i] into polygons[i + 1].
        for (w, &node) in self.polygons.windows(2).zip(&nodes[1..]) {
            if !whole {
                break;
            }
            whole = cross_at(mesh, node, w[0], w[1], &mut self.portals);
        }
        if whole {
            if self.seen.len() < mesh.polygon_count() {
                self.seen.resize(mesh.polygon_count(), super::mesh::NONE);
            }
            cut_loops(start_poly, &mut self.portals, &mut self.seen);
        }
        if whole {
            let portals = &self.portals;
            string_pull(from, to, |i| portals[i].0, portals.len(), points);
        } else {
            // Not expected: the route itself, straight within each polygon.
            points.extend(nodes.iter().map(|&n| query_graph.position(n)));
        }
        Ok(Some(points.windows(2).map(|w| w[0].distance(w[1])).sum()))
    }
}

fn locate(mesh: &NavMesh, point: Point) -> Result<u32, PointError> {
    if !point.is_finite() {
        return Err(PointError::NotFinite { point });
    }
    mesh.locate(point)
        .map(|p| p as u32)
        .ok_or(PointError::Outside { point })
}

/// The search nodes on polygon `p`: its corners and portal middles.
fn fill_nodes(mesh: &NavMesh, p: u32, out: &mut Vec<u32>) {
    out.clear();
    out.extend(mesh.slots(p).map(|s| mesh.graph.slot_corner[s]));
    out.extend(
        mesh.slots(p)
            .map(|s| mesh.graph.slot_portal[s])
            .filter(|&x| x != super::mesh::NONE),
    );
}
