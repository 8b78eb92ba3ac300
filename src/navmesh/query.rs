//! Path queries on a mesh: the search graph's A* (the crate's core) for a
//! channel of polygons, then the funnel algorithm for the shortest path
//! through it.

use std::sync::Arc;

use super::channel::{cross_at, crossing, cut_loops, Crossing};
use super::exact::ExactSearch;
use super::funnel::string_pull;
use super::graph::QueryGraph;
use super::mesh::{NavMesh, NONE};
use super::point::{cross, Point};
use super::sight::{in_sight, leave_corner, walk};
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

/// The search a [`MeshQuery`] ran last.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum Searched {
    /// None: the points were in sight of each other.
    #[default]
    Nothing,
    /// The search over corners ([`MeshQuery::find_path`]).
    Corners,
    /// The exact search ([`MeshQuery::find_exact_path`]).
    Exact,
}

type Engine = AStar<DaryHeap<f64, 4>, IndexedStore<f64>, Query<u32, f64, Euclid>>;

/// Path queries on a [`NavMesh`], with the memory they reuse: like
/// Detour's query object, make one (per thread) and keep it; each
/// [`find_path`](MeshQuery::find_path) names its mesh, so one query object
/// serves any number of meshes. [`NavMesh::find_path`] makes one for a
/// single query.
///
/// A query locates both points and, when the straight segment between them
/// stays in the mesh, answers it without a search. Otherwise it searches
/// the mesh's graph (the crate's A\* core; nodes at the corners of the free
/// space and the middles of wide portals, edges straight across polygons,
/// the start and goal joined to the nodes of their polygons and to those
/// they see across a portal, the Euclidean distance as the heuristic) for
/// the cheapest way through it, then pulls the string: the funnel
/// algorithm gives the shortest path through the polygons that way
/// crossed, and again through the polygons that path crosses while that
/// makes it shorter.
///
/// What is promised: a path never leaves the mesh, bends only at corners
/// of the free space, is never longer than the graph's route, and is the
/// shortest path through its *channel* (the polygons it crosses, in
/// order): no path through those polygons in that order is shorter. What
/// is not: the shortest path of all. Another way round the obstacles, or
/// the same way through other polygons, may be shorter. Measured on random
/// grid maps of up to 20 x 9 cells (`NavMesh::from_grid`): 88 of 19,781
/// paths are longer than the exact any-angle optimum, by 0.007% on average
/// and 6.7% at worst, and none is longer than the octile grid path; with
/// triangles only (`max_corners(3)`) 407, at worst 39% longer. For the
/// optimum itself, [`find_exact_path`](MeshQuery::find_exact_path).
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
    start_nodes: Vec<(u32, u32)>,
    goal_nodes: Vec<(u32, u32)>,
    /// Which search the last query ran (none when the points were in sight).
    pub(super) searched: Searched,
    /// The exact search's memory ([`MeshQuery::find_exact_path`]).
    pub(super) exact: ExactSearch,
    /// Scratch for [`MeshQuery::choose_sides`].
    others: Vec<u32>,
    best: Vec<[(u32, u8); 2]>,
    scratch: Vec<Crossing>,
    /// Scratch for [`MeshQuery::refine`].
    pulled: Vec<Point>,
}

impl core::fmt::Debug for MeshQuery {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("MeshQuery")
            .field("stats", &self.stats())
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
        match self.searched {
            Searched::Nothing => Stats::default(),
            Searched::Corners => self.engine.stats(),
            Searched::Exact => self.exact.stats(),
        }
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
        // In sight: the straight segment is the shortest path, no search.
        self.searched = Searched::Nothing;
        if in_sight(mesh, start_poly, from, to) {
            points.push(from);
            if to != from {
                points.push(to);
            }
            return Ok(Some(from.distance(to)));
        }
        self.searched = Searched::Corners;
        let graph = &mesh.graph;
        fill_nodes(mesh, start_poly, from, &mut self.start_nodes);
        fill_nodes(mesh, goal_poly, to, &mut self.goal_nodes);
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
        // The polygon each step of the route runs through, and the portal a
        // first or last step crosses from the start's polygon or into the
        // goal's (a node of a neighbouring polygon, seen across it).
        let nodes = &self.nodes;
        self.polygons.clear();
        self.portals.clear();
        let mut last_crossing = None;
        for w in nodes.windows(2) {
            let p = if w[0] == s && w[1] == g {
                start_poly
            } else if w[0] == s {
                match via(&self.start_nodes, w[1]) {
                    Some(NONE) => start_poly,
                    Some(slot) => {
                        let slot = slot as usize;
                        self.portals
                            .push((crossing(mesh, start_poly, slot), mesh.links[slot]));
                        mesh.links[slot]
                    }
                    None => u32::MAX,
                }
            } else if w[1] == g {
                match via(&self.goal_nodes, w[0]) {
                    Some(NONE) => goal_poly,
                    Some(slot) => {
                        let slot = slot as usize;
                        // Leaving the neighbour into the goal's polygon: the
                        // goal polygon's own crossing of that edge, reversed.
                        let (l, r) = crossing(mesh, goal_poly, slot);
                        last_crossing = Some(((r, l), goal_poly));
                        mesh.links[slot]
                    }
                    None => u32::MAX,
                }
            } else {
                match graph.edges(w[0]).find(|e| e.0 == w[1]) {
                    Some((_, _, p)) => p,
                    None => u32::MAX,
                }
            };
            self.polygons.push(p);
        }
        let mut whole = !self.polygons.contains(&u32::MAX);
        if whole {
            choose_sides(
                mesh,
                &query_graph,
                nodes,
                &mut self.polygons,
                &mut self.others,
                &mut self.best,
                &mut self.scratch,
            );
        }
        // Step i runs from nodes[i] to nodes[i + 1] through polygons[i]: at
        // nodes[i + 1] the route turns from polygons[i] into polygons[i + 1].
        for (j, w) in self.polygons.windows(2).enumerate() {
            if !whole {
                break;
            }
            let (before, after) = (
                query_graph.position(nodes[j]),
                query_graph.position(nodes[j + 2]),
            );
            whole = cross_at(
                mesh,
                nodes[j + 1],
                w[0],
                w[1],
                before,
                after,
                &mut self.portals,
            );
        }
        self.portals.extend(last_crossing);
        if whole {
            if self.seen.len() < mesh.polygon_count() {
                self.seen.resize(mesh.polygon_count(), NONE);
            }
            cut_loops(start_poly, &mut self.portals, &mut self.seen);
            let portals = &self.portals;
            string_pull(from, to, |i| portals[i].0, portals.len(), points);
            self.refine(mesh, start_poly, points);
        } else {
            // Not expected: the route itself, straight within each polygon.
            points.extend(nodes.iter().map(|&n| query_graph.position(n)));
        }
        Ok(Some(points.windows(2).map(|w| w[0].distance(w[1])).sum()))
    }
}

/// At most this many rounds of [`MeshQuery::refine`].
const ROUNDS: usize = 8;

impl MeshQuery {
    /// Pulls the string again through the channel of the path itself: the
    /// polygons its segments cross, and round each bend the polygons on the
    /// inner side of the turn where the fan is open there. The route's
    /// channel holds the path, but may hold it on the wrong side of a corner
    /// where the route bent and the straight line did not (the route goes
    /// corner to corner); the path's own channel does not, and the funnel
    /// through it is never longer (the path lies in it). Each round can
    /// move a bend by a polygon or so; [`ROUNDS`] at most, each kept only
    /// when shorter.
    fn refine(&mut self, mesh: &NavMesh, start_poly: u32, points: &mut Vec<Point>) {
        let length = |p: &[Point]| p.windows(2).map(|w| w[0].distance(w[1])).sum::<f64>();
        for _ in 0..ROUNDS {
            if points.len() < 3 {
                return;
            }
            self.portals.clear();
            let mut p = start_poly;
            for i in 0..points.len() - 1 {
                let (a, b) = (points[i], points[i + 1]);
                if i > 0 {
                    let Some((node, q)) = leave_corner(mesh, p, a, b) else {
                        return;
                    };
                    if !cross_at(mesh, node, p, q, points[i - 1], b, &mut self.portals) {
                        return;
                    }
                    p = q;
                }
                match walk(mesh, p, a, b, Some(&mut self.portals)) {
                    Some(q) => p = q,
                    None => return,
                }
            }
            cut_loops(start_poly, &mut self.portals, &mut self.seen);
            let (from, to) = (points[0], points[points.len() - 1]);
            self.pulled.clear();
            let portals = &self.portals;
            string_pull(from, to, |i| portals[i].0, portals.len(), &mut self.pulled);
            let (old, new) = (length(points), length(&self.pulled));
            // Stop unless clearly shorter (a NaN length stops too).
            if new.partial_cmp(&(old - 1e-12 * old)) != Some(core::cmp::Ordering::Less) {
                return;
            }
            core::mem::swap(points, &mut self.pulled);
        }
    }
}

/// A step of the route that runs along a portal (both its nodes on an
/// edge two polygons share) lies in either polygon; the search graph
/// names one. Choose, for every such step, the side that crosses the
/// fewest portals round the corners where the route turns (a dynamic
/// programme over the steps, two choices each): the wrong side made the
/// channel go round the corner the long way, and the path bend there
/// although a straight line in the same way round was free.
fn choose_sides(
    mesh: &NavMesh,
    graph: &QueryGraph<'_>,
    nodes: &[u32],
    polygons: &mut [u32],
    others: &mut Vec<u32>,
    best: &mut Vec<[(u32, u8); 2]>,
    scratch: &mut Vec<Crossing>,
) {
    let (s, g) = (graph.start_node(), graph.goal_node());
    others.clear();
    let mut any = false;
    for (i, w) in nodes.windows(2).enumerate() {
        let other = if w[0] == s || w[1] == g {
            NONE
        } else {
            along_portal(
                mesh,
                polygons[i],
                graph.position(w[0]),
                graph.position(w[1]),
            )
        };
        any |= other != NONE;
        others.push(other);
    }
    if !any {
        return;
    }
    // best[i][c]: the fewest crossings up to step i on side c (0: the
    // graph's polygon, 1: the other), and the side of step i - 1.
    let side = |i: usize, c: usize, polygons: &[u32], others: &[u32]| {
        if c == 0 {
            polygons[i]
        } else {
            others[i]
        }
    };
    best.clear();
    best.push([(0, 0), (u32::MAX, 0)]);
    if others[0] != NONE {
        best[0][1] = (0, 0);
    }
    for i in 1..polygons.len() {
        let mut here = [(u32::MAX, 0u8); 2];
        for (c, slot) in here.iter_mut().enumerate() {
            if c == 1 && others[i] == NONE {
                continue;
            }
            let to = side(i, c, polygons, others);
            for (b, &(cost, _)) in best[i - 1].iter().enumerate() {
                if cost == u32::MAX {
                    continue;
                }
                let from = side(i - 1, b, polygons, others);
                scratch.clear();
                let (before, after) = (graph.position(nodes[i - 1]), graph.position(nodes[i + 1]));
                if !cross_at(mesh, nodes[i], from, to, before, after, scratch) {
                    continue;
                }
                let total = cost + scratch.len() as u32;
                if total < slot.0 {
                    *slot = (total, b as u8);
                }
            }
        }
        best.push(here);
    }
    let last = polygons.len() - 1;
    let mut c = if best[last][1].0 < best[last][0].0 {
        1
    } else {
        0
    };
    if best[last][c].0 == u32::MAX {
        return; // no way round: leave the graph's polygons
    }
    for i in (0..=last).rev() {
        let back = best[i][c].1 as usize;
        if c == 1 {
            polygons[i] = others[i];
        }
        c = back;
    }
}

/// The polygon across the portal of polygon `p` on which both `a` and `b`
/// lie (a step of the route along it), or [`NONE`].
fn along_portal(mesh: &NavMesh, p: u32, a: Point, b: Point) -> u32 {
    let on = |u: Point, v: Point, x: Point| {
        let along = (x.x - u.x) * (v.x - u.x) + (x.y - u.y) * (v.y - u.y);
        let len2 = (v.x - u.x) * (v.x - u.x) + (v.y - u.y) * (v.y - u.y);
        cross(u, v, x) == 0.0 && along >= 0.0 && along <= len2
    };
    for t in mesh.slots(p) {
        let q = mesh.links[t];
        if q == NONE {
            continue;
        }
        let (v, u) = crossing(mesh, p, t);
        if on(u, v, a) && on(u, v, b) {
            return q;
        }
    }
    NONE
}

/// How the start or goal point reaches search node `node`: [`NONE`] for a
/// node on its own polygon, else the slot of the portal it sees it across.
fn via(nodes: &[(u32, u32)], node: u32) -> Option<u32> {
    nodes
        .binary_search_by_key(&node, |e| e.0)
        .ok()
        .map(|i| nodes[i].1)
}

pub(super) fn locate(mesh: &NavMesh, point: Point) -> Result<u32, PointError> {
    if !point.is_finite() {
        return Err(PointError::NotFinite { point });
    }
    mesh.locate(point)
        .map(|p| p as u32)
        .ok_or(PointError::Outside { point })
}

/// The search nodes the point `at` in polygon `p` joins by a straight
/// segment, sorted by node, each with how: the nodes on `p` (its corners and
/// portal middles, with [`NONE`]), and the nodes of each neighbouring polygon
/// that `at` sees across the portal between them (with the slot of that
/// portal in `p`). Both polygons are convex, so a segment from `at` that
/// crosses their shared edge stays in the two of them; without the
/// neighbours, a point deep in a large polygon reached the next one only by
/// a corner of its own, and the search could price the way round an
/// obstacle by the wrong side as the cheaper one.
fn fill_nodes(mesh: &NavMesh, p: u32, at: Point, out: &mut Vec<(u32, u32)>) {
    let graph = &mesh.graph;
    out.clear();
    let nodes_of = |q: u32| {
        mesh.slots(q).map(|s| graph.slot_corner[s]).chain(
            mesh.slots(q)
                .map(|s| graph.slot_portal[s])
                .filter(|&x| x != NONE),
        )
    };
    out.extend(nodes_of(p).map(|n| (n, NONE)));
    for s in mesh.slots(p) {
        let q = mesh.links[s];
        if q == NONE {
            continue;
        }
        let (e1, e0) = crossing(mesh, p, s);
        for n in nodes_of(q) {
            let m = graph.positions[n as usize];
            // The segment crosses the portal's line (at on p's side, m on
            // q's): it crosses the portal when its ends are on either side.
            let (c0, c1) = (cross(at, m, e0), cross(at, m, e1));
            if (c0 <= 0.0 && c1 >= 0.0) || (c0 >= 0.0 && c1 <= 0.0) {
                out.push((n, s as u32));
            }
        }
    }
    // Own nodes first (NONE sorts last), then one entry per node.
    out.sort_unstable_by_key(|&(n, s)| (n, s != NONE, s));
    out.dedup_by_key(|e| e.0);
}
