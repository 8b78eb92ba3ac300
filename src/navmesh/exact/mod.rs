//! The exact any-angle search on a mesh: the shortest path of all, by
//! Polyanya (Cui, Harabor and Grastien 2017) run on the crate's A\* core.
//!
//! A search node is an interval of a polygon edge with a *root*: the start
//! or a corner of the free space from which every point of the interval is
//! in sight. Expanding it projects the interval through the polygon beyond:
//! the edges in the cone from the root through the interval become
//! intervals of the same root; past an end of the interval that is a
//! corner on a wall, the path may bend, and the edges there become
//! intervals rooted at that corner. The heuristic is the length of the
//! straight way from the root through the interval to the goal. A node
//! whose root has since been reached by a shorter path is not expanded
//! (root-level pruning), and no interval leads into a pocket (a part of the
//! mesh that one portal joins to the rest) that does not hold the goal. The graph of these nodes ([`expand`]) is made as
//! the core expands it: node ids index the search's own vector of
//! intervals, the goal is one more node, and the core's node store holds
//! their records by id. A mesh with landmarks (`landmarks`) also bounds a root's
//! distance to the goal by the triangle inequality.
//!
//! # Complexity
//! Each expansion costs O(k) for a polygon of k corners and makes at most
//! k nodes; how many nodes a query makes depends on the mesh, not only on
//! its size (Polyanya's paper reports a few hundred on game maps).

mod expand;
mod interval;
mod landmarks;

pub(crate) use self::landmarks::Landmarks;

use core::cell::RefCell;

use smallvec::SmallVec;

use self::expand::{Arena, ExactGraph, GOAL, START};
use super::locate::contains;
use super::mesh::{NavMesh, NONE};
use super::query::{locate, Searched};
use super::sight::in_sight;
use super::{MeshPath, MeshQuery, Point, PointError};
use crate::astar::Engine;
use crate::open_set::DaryHeap;
use crate::store::IndexedStore;
use crate::{Query, Stats, Status};

/// The nodes a search may make at first; a search that needs more runs
/// again with twice the room, kept for later queries.
const FIRST_CAPACITY: usize = 4096;

/// The memory of the exact search, kept in a [`MeshQuery`] between queries.
#[derive(Default)]
pub(super) struct ExactSearch {
    engine: Engine<DaryHeap<f64, 4>, IndexedStore<f64>>,
    arena: Arena,
    ids: Vec<u32>,
    capacity: usize,
}

impl ExactSearch {
    pub(super) fn stats(&self) -> Stats {
        self.engine.stats
    }

    /// The shortest path from `from` (in polygon `start_poly`) to `to` (in
    /// `goal_poly`) into `points`; its length, `None` if there is none.
    fn run(
        &mut self,
        mesh: &NavMesh,
        start_poly: u32,
        goal_poly: u32,
        from: Point,
        to: Point,
        points: &mut Vec<Point>,
    ) -> Option<f64> {
        holding(mesh, start_poly, from, &mut self.arena.start_polygons);
        holding(mesh, goal_poly, to, &mut self.arena.goal_polygons);
        self.arena.exhaustive = false;
        let found = self.search(mesh, from, to) == Some(true);
        let arena = &self.arena;
        found.then(|| {
            // Back from the node that reached the goal along the nodes'
            // parents (the core saw only some of them).
            let last = arena.nodes[self.ids[self.ids.len() - 2] as usize].goal_from;
            let chain = &mut self.ids;
            chain.clear();
            let mut at = last;
            while at != START {
                chain.push(at);
                at = arena.nodes[at as usize].parent;
            }
            points.push(from);
            let mut root = interval::START_ROOT;
            for &id in chain.iter().rev() {
                let n = &arena.nodes[id as usize];
                if n.root_id != root {
                    if n.via != interval::START_ROOT && n.via != root {
                        points.push(mesh.vertices[n.via as usize]);
                    }
                    root = n.root_id;
                    points.push(n.root);
                }
            }
            let bend = (last != START)
                .then(|| arena.goal_step(mesh, &arena.nodes[last as usize]))
                .flatten()
                .and_then(|(_, v)| v);
            if let Some(v) = bend.filter(|&v| v != root) {
                points.push(mesh.vertices[v as usize]);
            }
            points.push(to);
            drop_straight(points);
            points.windows(2).map(|w| w[0].distance(w[1])).sum()
        })
    }

    /// The shortest distance from `from` (in polygon `poly`) to each vertex
    /// (NaN: none found: no path, or no interval ends there), into `out`;
    /// `false` if the search outgrew its room (then `out` is not touched).
    pub(super) fn distances(
        &mut self,
        mesh: &NavMesh,
        poly: u32,
        from: Point,
        out: &mut Vec<f64>,
    ) -> bool {
        holding(mesh, poly, from, &mut self.arena.start_polygons);
        self.arena.goal_polygons.clear();
        self.arena.exhaustive = true;
        let complete = self.search(mesh, from, from).is_some();
        self.arena.exhaustive = false;
        if complete {
            // The next exhaustive search sizes `reached` again.
            core::mem::swap(out, &mut self.arena.reached);
        }
        complete
    }

    /// Runs the search from `from` to `to` (the polygons holding them set
    /// in the arena): whether it reached the goal, `None` if it outgrew
    /// its room.
    fn search(&mut self, mesh: &NavMesh, from: Point, to: Point) -> Option<bool> {
        let mut arena = core::mem::take(&mut self.arena);
        let mut capacity = self.capacity.max(FIRST_CAPACITY);
        let found = loop {
            arena.reset(mesh, from, to, capacity);
            let cell = RefCell::new(arena);
            let status = {
                let graph = ExactGraph {
                    mesh,
                    arena: &cell,
                    capacity,
                };
                let heuristic = |n: u32| cell.borrow().nodes[n as usize].h;
                let query = Query::new(START, GOAL, heuristic);
                self.engine.run_into(&graph, query, &mut self.ids).0
            };
            arena = cell.into_inner();
            // Nodes left unmade may have held a shorter path: run again.
            if arena.overflow {
                if capacity < u32::MAX as usize / 4 {
                    capacity *= 2;
                    continue;
                }
                break None;
            }
            break Some(matches!(status, Status::Found { .. }));
        };
        self.capacity = capacity;
        self.arena = arena;
        found
    }
}

/// Leaves out the points where the path runs straight on (a root that is
/// no bend: a vertex the path passes along a line of edges), and repeats.
fn drop_straight(points: &mut Vec<Point>) {
    let mut kept = 1;
    for i in 1..points.len() {
        let p = points[i];
        if p == points[kept - 1] {
            continue;
        }
        if i + 1 < points.len() {
            let (a, b) = (points[kept - 1], points[i + 1]);
            if interval::side(a, b, p) == 0.0 && interval::between(a, b, p) {
                continue;
            }
        }
        points[kept] = p;
        kept += 1;
    }
    points.truncate(kept.max(1));
}

/// The polygons whose closed area holds `point`, found from `p` (one of
/// them) across the edges the point lies on: one, two on a shared edge,
/// the fan round a vertex (never across a point where two walls touch).
fn holding(mesh: &NavMesh, p: u32, point: Point, out: &mut SmallVec<[u32; 8]>) {
    out.clear();
    out.push(p);
    let mut i = 0;
    while i < out.len() {
        let q = out[i];
        for s in mesh.slots(q) {
            let n = mesh.links[s];
            if n != NONE
                && !out.contains(&n)
                && contains(&mesh.vertices, mesh.polygon_corners(n as usize), point)
            {
                out.push(n);
            }
        }
        i += 1;
    }
}

impl NavMesh {
    /// The shortest path of all from `from` to `to` (see
    /// [`MeshQuery::find_exact_path`], which this makes for the one query:
    /// keep one to reuse its memory).
    ///
    /// # Example
    /// ```
    /// use pathseek::navmesh::{NavMesh, Point};
    /// // A 3 x 3 room with a 1 x 1 pillar in the middle, as four quads round it.
    /// let v = [
    ///     [0.0, 0.0], [3.0, 0.0], [3.0, 3.0], [0.0, 3.0],
    ///     [1.0, 1.0], [2.0, 1.0], [2.0, 2.0], [1.0, 2.0],
    /// ];
    /// let mesh = NavMesh::from_polygons(&v, &[[0u32, 1, 5, 4], [1, 2, 6, 5], [2, 3, 7, 6], [3, 0, 4, 7]])?;
    /// let path = mesh.find_exact_path([0.5, 1.5], [2.5, 1.5])?.unwrap();
    /// // Over the pillar's top or under its bottom: both are 2 * sqrt(0.5^2 + 0.5^2) + 1.
    /// assert_eq!(path.points.len(), 4);
    /// assert!((path.length - (1.0 + 2.0 * 0.5f64.sqrt())).abs() < 1e-12);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn find_exact_path(
        &self,
        from: impl Into<Point>,
        to: impl Into<Point>,
    ) -> Result<Option<MeshPath>, PointError> {
        MeshQuery::new().find_exact_path(self, from, to)
    }
}

impl MeshQuery {
    /// The shortest path of all from `from` to `to` in the mesh's free
    /// space, `Ok(None)` when no path joins them.
    ///
    /// Exact up to floating-point rounding: no path through the polygons
    /// is shorter (three points count as on one line when the sine of
    /// their angle is below 1e-10). The path bends only at corners of the
    /// free space, and never squeezes through a point where two walls
    /// touch: it passes from polygon to polygon across shared edges.
    ///
    /// Which to pick: this one, unless measurements on your maps say
    /// otherwise. It gives the optimum, and on the MovingAI maps of the
    /// benchmarks it was also the faster of the two on all but two: a map
    /// of many small rooms (8room_000) and one strewn with single blocked
    /// cells (random512-25-0), where [`find_path`](MeshQuery::find_path)
    /// took 0.83 and 0.44 of its time (BENCHMARKS.md, "Branches in the
    /// exact search").
    /// `find_path` searches a fixed graph of corners, its paths within 0.1%
    /// of the optimum on average and a few percent at worst. Both take the
    /// same points and give the same errors; [`stats`](MeshQuery::stats)
    /// counts the expansions of whichever ran last.
    ///
    /// A mesh with landmarks ([`NavMesh::add_landmarks`]) guides this
    /// search by them: the same paths, for 1.8-2.4 times fewer expansions
    /// on the Dragon Age maps of the benchmarks (den520d 28.0 -> 18.1 us a
    /// query, lak303d 62.1 -> 29.7 us; 8room_000 1,186 -> 617 us, then
    /// faster than `find_path`). They pay where walls force detours, not
    /// on open maps of scattered obstacles.
    ///
    /// Errors: [`PointError::NotFinite`], [`PointError::Outside`] (a point
    /// in no polygon).
    ///
    /// # Example
    /// ```
    /// use pathseek::navmesh::{MeshQuery, NavMesh, Point};
    /// // An L of three squares: round the inner corner (1, 1).
    /// let v = [[0.0, 0.0], [1.0, 0.0], [2.0, 0.0], [0.0, 1.0], [1.0, 1.0], [2.0, 1.0], [0.0, 2.0], [1.0, 2.0]];
    /// let mesh = NavMesh::from_polygons(&v, &[[0u32, 1, 4, 3], [1, 2, 5, 4], [3, 4, 7, 6]])?;
    /// let mut query = MeshQuery::new();
    /// let path = query.find_exact_path(&mesh, [1.9, 0.5], [0.5, 1.9])?.unwrap();
    /// assert_eq!(path.points, [Point::new(1.9, 0.5), Point::new(1.0, 1.0), Point::new(0.5, 1.9)]);
    /// assert!(query.stats().expanded > 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn find_exact_path(
        &mut self,
        mesh: &NavMesh,
        from: impl Into<Point>,
        to: impl Into<Point>,
    ) -> Result<Option<MeshPath>, PointError> {
        let mut points = Vec::new();
        Ok(self
            .find_exact_path_into(mesh, from, to, &mut points)?
            .map(|length| MeshPath { points, length }))
    }

    /// The intervals the last exact search made, as `[root, left, right]`:
    /// every point of the segment `left`-`right` (on a polygon edge) is in
    /// sight of `root` (the start or a corner where the path may bend).
    /// For drawing and debugging the search; empty after a query that
    /// needed none (points in sight of each other) or
    /// [`find_path`](MeshQuery::find_path).
    ///
    /// # Example
    /// ```
    /// use pathseek::navmesh::{MeshQuery, NavMesh};
    /// let v = [[0.0, 0.0], [1.0, 0.0], [2.0, 0.0], [0.0, 1.0], [1.0, 1.0], [2.0, 1.0], [0.0, 2.0], [1.0, 2.0]];
    /// let mesh = NavMesh::from_polygons(&v, &[[0u32, 1, 4, 3], [1, 2, 5, 4], [3, 4, 7, 6]])?;
    /// let mut query = MeshQuery::new();
    /// query.find_exact_path(&mesh, [1.9, 0.5], [0.5, 1.9])?;
    /// // From the start into the middle square, then round (1, 1) into the top one.
    /// assert!(query.exact_intervals().count() >= 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn exact_intervals(&self) -> impl Iterator<Item = [Point; 3]> + '_ {
        let made = if self.searched == Searched::Exact {
            self.exact.arena.nodes.get(2..).unwrap_or(&[])
        } else {
            &[]
        };
        made.iter().map(|n| [n.root, n.left, n.right])
    }

    /// Like [`find_exact_path`](MeshQuery::find_exact_path), but writes the
    /// points into `points` (cleared first; left empty when there is no
    /// path) and returns the length: no allocation once the buffers have
    /// grown.
    ///
    /// # Example
    /// ```
    /// use pathseek::navmesh::{MeshQuery, NavMesh, Point};
    /// let v = [[0.0, 0.0], [1.0, 0.0], [2.0, 0.0], [0.0, 1.0], [1.0, 1.0], [2.0, 1.0], [0.0, 2.0], [1.0, 2.0]];
    /// let mesh = NavMesh::from_polygons(&v, &[[0u32, 1, 4, 3], [1, 2, 5, 4], [3, 4, 7, 6]])?;
    /// let (mut query, mut points) = (MeshQuery::new(), Vec::new());
    /// let length = query.find_exact_path_into(&mesh, Point::new(1.9, 0.5), Point::new(0.5, 1.9), &mut points)?;
    /// assert_eq!(points.len(), 3);
    /// assert!((length.unwrap() - 2.0 * (0.9f64 * 0.9 + 0.5 * 0.5).sqrt()).abs() < 1e-12);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn find_exact_path_into(
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
        self.searched = Searched::Nothing;
        if in_sight(mesh, start_poly, from, to) {
            points.push(from);
            if to != from {
                points.push(to);
            }
            return Ok(Some(from.distance(to)));
        }
        self.searched = Searched::Exact;
        Ok(self
            .exact
            .run(mesh, start_poly, goal_poly, from, to, points))
    }
}
