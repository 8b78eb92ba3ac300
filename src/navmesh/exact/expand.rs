//! The exact search's graph: its nodes are the intervals of [`interval`],
//! made as the A\* core expands their parents (Polyanya's successors), so
//! the crate's core runs the search.
//!
//! [`interval`]: super::interval

use core::cell::RefCell;
use core::ops::Range;

use smallvec::SmallVec;

use super::interval::{
    between, corner_flags, crossing, estimate, side, Interval, LEFT_AT_CORNER, RIGHT_AT_CORNER,
    START_ROOT,
};
use crate::graph::{DenseIds, EdgeSink, Expansion, Graph};
use crate::navmesh::mesh::{NavMesh, NONE};
use crate::navmesh::point::{cross, Point};

/// The node id of the goal point.
pub(super) const GOAL: u32 = 0;
/// The node id of the start point.
pub(super) const START: u32 = 1;

/// How much longer than the best path known to a vertex a path to it may
/// be and still be searched on (relative): ties are kept, since two paths
/// of one length may lead on into different intervals.
const ROOT_SLACK: f64 = 1e-12;

/// The flags of a whole edge: both ends corners.
const WHOLE: u8 = LEFT_AT_CORNER | RIGHT_AT_CORNER;

/// How far below the landmarks' bound the heuristic stays (relative).
const LANDMARK_MARGIN: f64 = 1e-9;

/// The memory of the exact search, kept between queries: the nodes made so
/// far, and per vertex the shortest path known to it in this search.
#[derive(Clone, Debug, Default)]
pub(super) struct Arena {
    pub(super) nodes: Vec<Interval>,
    /// The most nodes this search may make (the node store's size); more
    /// sets [`Arena::overflow`] and the query runs again with room for more.
    pub(super) capacity: usize,
    pub(super) overflow: bool,
    /// The node being expanded: the parent of those made.
    expanding: u32,
    root_g: Vec<f64>,
    root_stamp: Vec<u32>,
    stamp: u32,
    pub(super) start: Point,
    pub(super) goal: Point,
    /// The polygons holding the start (more than one on a shared edge or vertex).
    pub(super) start_polygons: SmallVec<[u32; 8]>,
    /// The polygons holding the goal.
    pub(super) goal_polygons: SmallVec<[u32; 8]>,
    /// A search from a landmark ([`super::Landmarks`]): no goal, no
    /// heuristic, and each vertex's shortest distance kept in `reached`.
    pub(super) exhaustive: bool,
    /// Per vertex, the shortest path found to it (NaN: none), in an
    /// exhaustive search.
    pub(super) reached: Vec<f64>,
    /// Per landmark, bounds on the goal's distance from it: (lower, upper).
    goal_bounds: Vec<(f64, f64)>,
    /// Scratch: corners in sight of the goal, with their distances to it.
    goal_corners: Vec<(u32, f64)>,
    /// Per vertex, the landmarks' lower bound on its distance to the goal,
    /// made in this search when `bound_stamp` is `stamp`.
    bound: Vec<f64>,
    bound_stamp: Vec<u32>,
}

/// Where the straight lines of new nodes start: a root and the length of
/// the path to it (`step` of it since the node being expanded).
#[derive(Clone, Copy, Debug)]
struct Root {
    id: u32,
    at: Point,
    g: f64,
    step: f64,
}

impl Root {
    fn start(at: Point) -> Root {
        Root {
            id: START_ROOT,
            at,
            g: 0.0,
            step: 0.0,
        }
    }
}

/// How the goal is reached from a node whose polygon holds it: the cost
/// from the node's root, and the vertex the path bends at on the way, if any.
pub(super) type GoalStep = (f64, Option<u32>);

impl Arena {
    /// Ready for a search from `start` to `goal` on a mesh of `vertices`
    /// vertices, with room for `capacity` nodes.
    pub(super) fn reset(&mut self, mesh: &NavMesh, start: Point, goal: Point, capacity: usize) {
        let vertices = mesh.vertex_count();
        self.nodes.clear();
        self.nodes.push(Interval::point(goal));
        let mut s = Interval::point(start);
        s.h = start.distance(goal);
        self.nodes.push(s);
        self.capacity = capacity.max(16);
        self.overflow = false;
        self.start = start;
        self.goal = goal;
        if self.root_g.len() < vertices {
            self.root_g.resize(vertices, 0.0);
            self.root_stamp.resize(vertices, 0);
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.root_stamp.iter_mut().for_each(|s| *s = 0);
            self.bound_stamp.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
        self.goal_bounds.clear();
        if self.exhaustive {
            self.reached.clear();
            self.reached.resize(vertices, f64::NAN);
        } else if mesh.landmarks.count() > 0 {
            if self.bound_stamp.len() < vertices {
                self.bound.resize(vertices, 0.0);
                self.bound_stamp.resize(vertices, 0);
            }
            // The goal's distance from a landmark is within a corner's
            // distance from it plus or minus the straight way from that
            // corner to the goal, for every corner in sight of the goal:
            // those of a (convex) polygon holding it, and those of each
            // neighbour seen strictly through the portal between them.
            self.goal_corners.clear();
            for &p in &self.goal_polygons {
                for s in mesh.slots(p) {
                    let v = mesh.corners[s];
                    self.goal_corners
                        .push((v, mesh.vertices[v as usize].distance(goal)));
                    let q = mesh.links[s];
                    if q == NONE {
                        continue;
                    }
                    let a = mesh.vertices[v as usize];
                    let b = mesh.vertices[mesh.corners[mesh.next_slot(p, s)] as usize];
                    for &u in mesh.polygon_corners(q as usize) {
                        let at = mesh.vertices[u as usize];
                        let (sa, sb) = (cross(goal, at, a), cross(goal, at, b));
                        if sa * sb < 0.0 && cross(a, b, at) * cross(a, b, goal) < 0.0 {
                            self.goal_corners.push((u, at.distance(goal)));
                        }
                    }
                }
            }
            for i in 0..mesh.landmarks.count() {
                let (mut lower, mut upper) = (f64::NEG_INFINITY, f64::INFINITY);
                for &(v, straight) in &self.goal_corners {
                    let d = mesh.landmarks.of(v)[i];
                    if !d.is_nan() {
                        lower = lower.max(d - straight);
                        upper = upper.min(d + straight);
                    }
                }
                self.goal_bounds.push((lower, upper));
            }
        }
    }

    /// A lower bound on the distance from vertex `v` to the goal, from the
    /// landmarks (0 without them), made once per vertex and search.
    #[inline]
    fn landmark_bound(&mut self, mesh: &NavMesh, v: u32) -> f64 {
        if self.goal_bounds.is_empty() || v == START_ROOT {
            return 0.0;
        }
        let i = v as usize;
        if self.bound_stamp[i] == self.stamp {
            return self.bound[i];
        }
        let mut best = 0.0f64;
        for (&d, &(lower, upper)) in mesh.landmarks.of(v).iter().zip(&self.goal_bounds) {
            if !d.is_nan() {
                best = best.max(lower - d).max(d - upper);
            }
        }
        // Distances summed along other paths round differently: a margin
        // keeps the bound below the true distance.
        let bound = (best - LANDMARK_MARGIN * best.max(1.0)).max(0.0);
        self.bound_stamp[i] = self.stamp;
        self.bound[i] = bound;
        bound
    }

    /// Keeps `d` as the distance to vertex `v` if it is the shortest yet
    /// (an exhaustive search).
    #[inline]
    fn record(&mut self, v: u32, d: f64) {
        let r = &mut self.reached[v as usize];
        if r.is_nan() || d < *r {
            *r = d;
        }
    }

    /// Whether a path of length `g` to vertex `v` is worth searching on,
    /// recording it when it is the shortest yet.
    #[inline]
    fn offer_root(&mut self, v: u32, g: f64) -> bool {
        let v = v as usize;
        if self.root_stamp[v] != self.stamp {
            self.root_stamp[v] = self.stamp;
            self.root_g[v] = g;
            return true;
        }
        let best = self.root_g[v];
        if g < best {
            self.root_g[v] = g;
        }
        g <= best + ROOT_SLACK * best.max(1.0)
    }

    /// Whether a node of root `v` reached at `g` was overtaken by a
    /// shorter path to its root made after it.
    #[inline]
    fn overtaken(&self, v: u32, g: f64) -> bool {
        v != START_ROOT && {
            let best = self.root_g[v as usize];
            g > best + ROOT_SLACK * best.max(1.0)
        }
    }

    /// Makes the successors of node `id` (appended to [`Arena::nodes`]:
    /// their ids are the range returned) and the cost of the step to the
    /// goal if its polygon holds the goal.
    pub(super) fn expand(&mut self, mesh: &NavMesh, id: u32) -> (Option<f64>, Range<usize>) {
        let mut first = self.nodes.len();
        self.expanding = id;
        let mut goal = match id {
            GOAL => return (None, first..first),
            START => self.expand_start(mesh),
            _ => self.expand_interval(mesh, id as usize),
        };
        self.nodes[id as usize].goal_from = id;
        // A node with a single successor hands on its expansion at once
        // (Polyanya's intermediate pruning): the core sees the successors
        // of the last of such a chain, their steps counted from `id`.
        while goal.is_none() && self.nodes.len() == first + 1 && !self.overflow {
            let only = first;
            let before = self.nodes[only].step;
            first = self.nodes.len();
            self.expanding = only as u32;
            goal = self.expand_interval(mesh, only);
            for n in &mut self.nodes[first..] {
                n.step += before;
            }
            if let Some(cost) = goal.as_mut() {
                *cost += before;
                self.nodes[id as usize].goal_from = only as u32;
            }
        }
        (goal, first..self.nodes.len())
    }

    fn expand_start(&mut self, mesh: &NavMesh) -> Option<f64> {
        let start = self.start;
        let mut goal = None;
        for i in 0..self.start_polygons.len() {
            let p = self.start_polygons[i];
            if self.goal_polygons.contains(&p) {
                goal = Some(start.distance(self.goal));
            }
            for s in mesh.slots(p) {
                let (u, v) = (mesh.corners[s], mesh.corners[mesh.next_slot(p, s)]);
                let (pu, pv) = (mesh.vertices[u as usize], mesh.vertices[v as usize]);
                if self.exhaustive {
                    // Every corner of a convex polygon is in sight.
                    self.record(u, start.distance(pu));
                }
                self.push(mesh, s, pu, pv, WHOLE, &Root::start(start));
            }
        }
        goal
    }

    /// Polyanya's successors of an interval: the polygon it leads into is
    /// cut by the two rays from the root through the interval's ends; the
    /// edges between them are seen from the same root (observable), those
    /// beyond an end that is a corner on a wall are reached by bending
    /// there (the corner is their root).
    fn expand_interval(&mut self, mesh: &NavMesh, id: usize) -> Option<f64> {
        let n = self.nodes[id];
        if self.overtaken(n.root_id, n.g) {
            return None;
        }
        let p = n.polygon;
        let slots = mesh.slots(p);
        let (base, k) = (slots.start, slots.len());
        let e = n.slot as usize - base;
        // Corner i of the far side: w(0) = B (after the entry edge) ...
        // w(k - 1) = A; edge j runs from w(j) to w(j + 1), slot slot(j):
        // one slice of the polygon's corners twice round.
        let far = &mesh.twice_round[2 * base + e + 1..2 * base + e + 1 + k];
        let m = k - 1;
        let w = |j: usize| far[j].0;
        let slot = |j: usize| far[j].1 as usize;
        let corner = |j: usize| mesh.corners[far[j].1 as usize];
        let (r, left, right) = (n.root, n.left, n.right);
        let same = Root {
            id: n.root_id,
            at: r,
            g: n.g,
            step: 0.0,
        };
        let goal_here = self.goal_polygons.contains(&p);
        // The root on the entry edge's line: the whole polygon in sight.
        let on_line = side(left, right, r) == 0.0;
        if self.exhaustive {
            // Every corner of the polygon in the cone is in sight of the
            // root, and every corner in sight of an end of the interval
            // that is a corner: the shortest path to each corner ends so
            // in some polygon (even a corner on walls only, or where two
            // walls touch).
            let (b, a) = (w(0), w(m));
            let via_b = (n.flags & RIGHT_AT_CORNER != 0).then(|| n.g + r.distance(b));
            let via_a = (n.flags & LEFT_AT_CORNER != 0).then(|| n.g + r.distance(a));
            for j in 0..=m {
                let at = w(j);
                let mut d = f64::INFINITY;
                if on_line || (side(r, right, at) >= 0.0 && side(r, left, at) <= 0.0) {
                    d = n.g + r.distance(at);
                }
                if let Some(g) = via_b {
                    d = d.min(g + b.distance(at));
                }
                if let Some(g) = via_a {
                    d = d.min(g + a.distance(at));
                }
                if d < f64::INFINITY {
                    self.record(corner(j), d);
                }
            }
        }
        if on_line {
            // The root is on the entry edge: the whole polygon is in sight.
            // Round a root on a wall, the edges at the root lead on round
            // its fan of polygons (to the wall); round a vertex inside the
            // mesh (a root a straight path runs through) they would lead
            // round for ever, and the path goes on by the other edges.
            let inside = n.root_id != START_ROOT && !mesh.on_wall[n.root_id as usize];
            for j in 0..m {
                if inside && (corner(j) == n.root_id || corner(j + 1) == n.root_id) {
                    continue;
                }
                self.push(mesh, slot(j), w(j), w(j + 1), WHOLE, &same);
            }
            return goal_here.then(|| r.distance(self.goal));
        }
        // The ray through the right end leaves the polygon on edge jr, the
        // one through the left end on edge jl (jr <= jl).
        // Corners on a ray are in sight (along it): the cone is closed,
        // so edges that run along a ray are seen edge-on (see `push`).
        let mut jr = m;
        let mut hit_r = w(m);
        for j in 0..m {
            let after = side(r, right, w(j + 1));
            if after >= 0.0 {
                jr = j;
                hit_r = crossing(w(j), w(j + 1), side(r, right, w(j)), after);
                break;
            }
        }
        let (mut jl, mut hit_l) = if jr < m { (m - 1, w(m)) } else { (m, w(m)) };
        for j in jr.min(m)..m {
            let after = side(r, left, w(j + 1));
            if after > 0.0 {
                jl = j;
                hit_l = crossing(w(j), w(j + 1), side(r, left, w(j)), after);
                break;
            }
        }
        // Rounding can leave the two rays crossing on one edge the wrong
        // way round: an empty cone.
        // (jr < m makes jl < m; the crossings' order waits on their
        // divisions, so it is looked at only when both rays leave by one
        // edge.)
        let open = jr < m
            && (jr < jl || {
                let (a, b) = (w(jr), w(jr + 1));
                (hit_l.x - hit_r.x) * (b.x - a.x) + (hit_l.y - hit_r.y) * (b.y - a.y) >= 0.0
            });
        if open {
            // The first edge from the right ray's crossing, the last to the
            // left ray's, whole edges between (in that order).
            let first = corner_flags(hit_r == w(jr), (jr < jl) | (hit_l == w(jr + 1)));
            let to = if jr < jl { w(jr + 1) } else { hit_l };
            self.push(mesh, slot(jr), hit_r, to, first, &same);
            if jr < jl {
                for j in jr + 1..jl {
                    self.push(mesh, slot(j), w(j), w(j + 1), WHOLE, &same);
                }
                let last = corner_flags(true, hit_l == w(jl + 1));
                self.push(mesh, slot(jl), w(jl), hit_l, last, &same);
            }
        }
        // Bending round the right end, B, when it is a corner on a wall.
        // (Conditions joined without short cuts: each part is cheap, and
        // one branch on the whole mispredicts less often than one per
        // part.)
        let b_id = corner(0);
        if (n.flags & RIGHT_AT_CORNER != 0)
            & mesh.on_wall[b_id as usize]
            & ((jr > 0) | (hit_r != w(0)))
        {
            let b = w(0);
            let step = r.distance(b);
            let g = n.g + step;
            let bent = Root {
                id: b_id,
                at: b,
                g,
                step,
            };
            if self.offer_root(b_id, g) {
                // Whole edges up to the right ray's, then that edge up to
                // the crossing.
                for j in 0..jr.min(m) {
                    self.push(mesh, slot(j), w(j), w(j + 1), WHOLE, &bent);
                }
                if jr < m {
                    let flags = corner_flags(true, hit_r == w(jr + 1));
                    self.push(mesh, slot(jr), w(jr), hit_r, flags, &bent);
                }
            }
        }
        // Bending round the left end, A.
        let a_id = corner(m);
        if (n.flags & LEFT_AT_CORNER != 0) & mesh.on_wall[a_id as usize] & (jl < m) {
            let a = w(m);
            let step = r.distance(a);
            let g = n.g + step;
            let bent = Root {
                id: a_id,
                at: a,
                g,
                step,
            };
            if self.offer_root(a_id, g) {
                // The left ray's edge from the crossing, then whole edges.
                let flags = corner_flags(hit_l == w(jl), true);
                self.push(mesh, slot(jl), hit_l, w(jl + 1), flags, &bent);
                for j in jl + 1..m {
                    self.push(mesh, slot(j), w(j), w(j + 1), WHOLE, &bent);
                }
            }
        }
        if !goal_here {
            return None;
        }
        self.goal_step(mesh, &n).map(|(cost, _)| cost)
    }

    /// How the goal, in the polygon of node `n`, is reached from its root:
    /// straight when it is in sight through the interval, else round the
    /// end on its side when that end is a corner on a wall (else some
    /// other interval reaches it).
    pub(super) fn goal_step(&self, mesh: &NavMesh, n: &Interval) -> Option<GoalStep> {
        let (r, t) = (n.root, self.goal);
        if side(n.left, n.right, r) == 0.0 {
            return Some((r.distance(t), None));
        }
        let (on_right, on_left) = (side(r, n.right, t), side(r, n.left, t));
        if on_right >= 0.0 && on_left <= 0.0 {
            return Some((r.distance(t), None));
        }
        let a_slot = n.slot as usize;
        let (flag, v) = if on_right < 0.0 {
            (
                RIGHT_AT_CORNER,
                mesh.corners[mesh.next_slot(n.polygon, a_slot)],
            )
        } else {
            (LEFT_AT_CORNER, mesh.corners[a_slot])
        };
        if n.flags & flag == 0 || !mesh.on_wall[v as usize] {
            return None;
        }
        let at = mesh.vertices[v as usize];
        Some((r.distance(at) + at.distance(t), Some(v)))
    }

    /// A successor on the edge of slot `s` (running from `from` to `to` in
    /// its polygon's order), if that edge is a portal and the interval is
    /// one: into the polygon across, whose entry edge runs `to -> from`.
    #[inline(always)]
    fn push(&mut self, mesh: &NavMesh, s: usize, from: Point, to: Point, flags: u8, root: &Root) {
        // Most edges are walls: that test stays inline.
        if mesh.links[s] != NONE {
            self.push_portal(mesh, s, from, to, flags, root);
        }
    }

    /// [`Arena::push`] on a portal.
    #[inline(never)]
    fn push_portal(
        &mut self,
        mesh: &NavMesh,
        s: usize,
        from: Point,
        to: Point,
        flags: u8,
        root: &Root,
    ) {
        let q = mesh.links[s];
        debug_assert!(q != NONE, "push calls this on portals only");
        if from == to {
            return;
        }
        // Not into a pocket without the goal (an exhaustive search has no
        // goal, and needs the distances to the corners in pockets too).
        if !self.exhaustive && !mesh.pockets.leads_to(s, q, &self.goal_polygons) {
            return;
        }
        // The start's own polygons are expanded from the start, every point
        // of them in sight (and going round a start on a vertex inside the
        // mesh would never end).
        let own = root.id == START_ROOT && self.start_polygons.contains(&q);
        if own && !self.exhaustive {
            return;
        }
        let Root {
            id: mut root_id,
            at: mut root,
            mut g,
            mut step,
        } = *root;
        let mut via = START_ROOT;
        if side(root, from, to) == 0.0 && !between(from, to, root) {
            // Seen edge-on from beyond its ends: only the line through it
            // is in sight. A path may run along that line (along a wall,
            // or along portals between polygons), so the search goes on
            // from the nearer end, which sees the whole polygon across: a
            // root that is no bend when the path runs straight on (the
            // path's points leave out such points).
            let (end, at_corner, id) = if root.distance(from) <= root.distance(to) {
                (from, flags & RIGHT_AT_CORNER != 0, mesh.corners[s])
            } else {
                (
                    to,
                    flags & LEFT_AT_CORNER != 0,
                    mesh.corners[mesh.twins[s] as usize],
                )
            };
            if !at_corner {
                return;
            }
            let d = root.distance(end);
            g += d;
            step += d;
            if !self.offer_root(id, g) {
                return;
            }
            via = root_id;
            (root, root_id) = (end, id);
        }
        let h = if self.exhaustive {
            // Both ends of the interval are in sight of the root: a
            // corner's distance is the shortest of these.
            if flags & RIGHT_AT_CORNER != 0 {
                self.record(mesh.corners[s], g + root.distance(from));
            }
            if flags & LEFT_AT_CORNER != 0 {
                self.record(mesh.corners[mesh.twins[s] as usize], g + root.distance(to));
            }
            if own {
                return;
            }
            0.0
        } else {
            estimate(root, to, from, self.goal).max(self.landmark_bound(mesh, root_id))
        };
        if self.nodes.len() >= self.capacity {
            self.overflow = true;
            return;
        }
        self.nodes.push(Interval {
            left: to,
            right: from,
            root,
            g,
            h,
            step,
            root_id,
            via,
            parent: self.expanding,
            goal_from: u32::MAX,
            polygon: q,
            slot: mesh.twins[s],
            flags,
        });
    }
}

/// The graph the A\* core searches: node ids index [`Arena::nodes`].
pub(super) struct ExactGraph<'a> {
    pub(super) mesh: &'a NavMesh,
    pub(super) arena: &'a RefCell<Arena>,
    /// The arena's capacity, fixed for the search (the node store's size).
    pub(super) capacity: usize,
}

impl ExactGraph<'_> {
    #[inline]
    fn each(&self, node: u32, mut edge: impl FnMut(u32, f64)) {
        let (goal, made) = self.arena.borrow_mut().expand(self.mesh, node);
        if let Some(cost) = goal {
            edge(GOAL, cost);
        }
        for id in made {
            let step = self.arena.borrow().nodes[id].step;
            edge(id as u32, step);
        }
    }
}

impl Graph for ExactGraph<'_> {
    type Node = u32;
    type Cost = f64;

    fn successors(&self, node: u32, edge: impl FnMut(u32, f64)) {
        self.each(node, edge);
    }

    #[inline]
    fn expand(&self, at: Expansion<u32>, edges: &mut impl EdgeSink<u32, f64>) {
        self.each(at.node, |id, cost| {
            edges.indexed_edge(id, id as usize, cost)
        });
    }
}

impl DenseIds for ExactGraph<'_> {
    fn node_count(&self) -> usize {
        self.capacity
    }

    #[inline]
    fn node_index(&self, node: u32) -> Option<usize> {
        ((node as usize) < self.capacity).then_some(node as usize)
    }

    #[inline]
    fn node_at(&self, index: usize) -> Option<u32> {
        (index < self.capacity).then_some(index as u32)
    }
}
