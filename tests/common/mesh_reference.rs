//! An exact, deliberately plain reference for shortest paths in a
//! [`NavMesh`]'s free space ([`MeshReference`]), on `pathseek`'s public API
//! only (`vertices`, `polygon_corners`, `neighbours`, `polygon_count`):
//! what the exact mesh search (`find_exact_path`) promises, written without
//! any of its ideas (no intervals, no funnels, no search graph).
//!
//! # The rules
//! Free space is the union of the mesh's closed polygons. A path is a
//! polyline; walking along it, it is *in* some polygon at every point, and
//! it may change from polygon `p` to polygon `q` only at a point of an edge
//! `p` and `q` share (the same two vertices; a portal of positive length,
//! its ends included). So a path never squeezes through a vertex where two
//! walls touch (a *pinch*): at a vertex the polygons it may change between
//! are those joined to each other through shared edges round that vertex
//! (a *fan*), and a path that bends at a pinch arrives and leaves through
//! the same fan. Polygons that merely touch along part of an edge (not a
//! shared edge) are not joined there either.
//!
//! # Checking a walk ([`MeshReference::walk`])
//! The walk keeps the *set* of polygons the path may be in. Along a segment
//! `a -> b` it cuts the segment at every parameter where it meets a polygon
//! edge (crossing it, or touching it at a vertex); between two cuts the
//! segment lies inside or on the boundary of a polygon or outside its
//! interior, so the piece's midpoint decides: the set keeps the polygons
//! holding the midpoint. At each cut (and at both ends) the set grows by
//! the polygons across shared edges that hold the cut point, repeatedly (a
//! crossing at a vertex reaches the whole fan). The segment is walkable
//! when the set is never empty.
//!
//! # Shortest paths ([`MeshReference::shortest`])
//! Dijkstra over the visibility graph of the start, the goal, and one node
//! per fan of every vertex on a wall edge (an edge with no neighbour) whose
//! fan turns by more than 180 degrees there (a shortest path in a polygonal
//! domain bends only at reflex corners of its boundary; a fan that turns by
//! 180 degrees or less is convex there and a bend at it is cut short inside
//! it). An edge of the graph is a walkable segment from the set of its
//! first node (the start's: every polygon holding it; a bend's: its fan) to
//! a set meeting its last node's fan (the goal: any polygon). Cost:
//! O(N^2) walks for N reflex fans, each O(E) for the E edges of the
//! polygons whose bounding boxes meet the segment's: meant for meshes of a
//! few hundred polygons.
//!
//! # Tolerance
//! One absolute tolerance, `eps` = `1e-9 * max(1, largest |coordinate|)`:
//! a point within `eps` of a closed polygon (each edge's line, signed
//! distance `>= -eps`) is in it; a cut point within `2 eps` of a shared
//! edge may cross it; two cuts less than `eps` apart along a segment are
//! one; a segment shorter than `eps` is a point. So a segment passing
//! within about `eps` outside a wall is accepted as touching it, and one
//! passing within `eps` of a pinch vertex is treated as passing through it
//! (which the fan rule then refuses). A start or goal on a pinch vertex is
//! in every polygon holding it (every fan): tests keep query points off
//! pinch vertices, where which fan is meant is a matter of convention.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use pathseek::navmesh::{NavMesh, Point};

/// The reference for one mesh (see the module docs); keeps the walks
/// between bends it has checked, so many queries on one mesh are cheap.
pub struct MeshReference {
    /// Each polygon's corners, in the mesh's order (positive signed area).
    polygons: Vec<Vec<Point>>,
    /// Each polygon's neighbours, by edge (edge `i` from corner `i` to `i + 1`).
    neighbours: Vec<Vec<Option<usize>>>,
    /// Each polygon's bounding box `[min x, min y, max x, max y]`.
    boxes: Vec<[f64; 4]>,
    /// The bends: a point and its fan (sorted polygon indices).
    bends: Vec<(Point, Vec<usize>)>,
    /// Every vertex on a wall edge (sorted, no repeats).
    walls: Vec<Point>,
    /// Whether bend `i` sees bend `j` (`i * n + j`), once checked.
    seen: Vec<Option<bool>>,
    eps: f64,
}

/// A distance with a total order for `BinaryHeap`, smallest first.
#[derive(Clone, Copy, PartialEq)]
struct Dist(f64);
impl Eq for Dist {}
impl PartialOrd for Dist {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Dist {
    fn cmp(&self, other: &Self) -> Ordering {
        other.0.total_cmp(&self.0)
    }
}

fn sub(a: Point, b: Point) -> Point {
    Point::new(a.x - b.x, a.y - b.y)
}

fn cross(a: Point, b: Point) -> f64 {
    a.x * b.y - a.y * b.x
}

fn dot(a: Point, b: Point) -> f64 {
    a.x * b.x + a.y * b.y
}

fn lerp(a: Point, b: Point, t: f64) -> Point {
    if t == 1.0 {
        return b;
    }
    Point::new(a.x + t * (b.x - a.x), a.y + t * (b.y - a.y))
}

/// The distance from `x` to the closed segment `p q`.
fn distance_to_segment(x: Point, p: Point, q: Point) -> f64 {
    let d = sub(q, p);
    let len2 = dot(d, d);
    if len2 == 0.0 {
        return x.distance(p);
    }
    let t = (dot(sub(x, p), d) / len2).clamp(0.0, 1.0);
    x.distance(lerp(p, q, t))
}

impl MeshReference {
    /// The reference of `mesh`: its polygons, and its bends (each vertex on
    /// a wall edge, once per fan that turns by more than 180 degrees there).
    pub fn new(mesh: &NavMesh) -> MeshReference {
        let vertices = mesh.vertices();
        let polygons: Vec<Vec<Point>> = (0..mesh.polygon_count())
            .map(|p| {
                mesh.polygon_corners(p)
                    .iter()
                    .map(|&v| vertices[v as usize])
                    .collect()
            })
            .collect();
        let neighbours: Vec<Vec<Option<usize>>> = (0..mesh.polygon_count())
            .map(|p| mesh.neighbours(p).collect())
            .collect();
        let boxes = polygons
            .iter()
            .map(|corners| {
                corners.iter().fold(
                    [f64::INFINITY, f64::INFINITY, -f64::INFINITY, -f64::INFINITY],
                    |b, c| [b[0].min(c.x), b[1].min(c.y), b[2].max(c.x), b[3].max(c.y)],
                )
            })
            .collect();
        let scale = vertices
            .iter()
            .map(|v| v.x.abs().max(v.y.abs()))
            .fold(1.0f64, f64::max);
        let mut reference = MeshReference {
            polygons,
            neighbours,
            boxes,
            bends: Vec::new(),
            walls: Vec::new(),
            seen: Vec::new(),
            eps: 1e-9 * scale,
        };
        // Every vertex on a wall edge, once per position.
        let mut walls: Vec<Point> = Vec::new();
        for (p, corners) in reference.polygons.iter().enumerate() {
            for (i, across) in reference.neighbours[p].iter().enumerate() {
                if across.is_none() {
                    walls.push(corners[i]);
                    walls.push(corners[(i + 1) % corners.len()]);
                }
            }
        }
        walls.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
        walls.dedup();
        for &v in &walls {
            for fan in reference.fans(v) {
                let turn: f64 = fan.iter().map(|&p| reference.angle_at(p, v)).sum();
                if turn > std::f64::consts::PI + 1e-12 {
                    reference.bends.push((v, fan));
                }
            }
        }
        let n = reference.bends.len();
        reference.seen = vec![None; n * n];
        reference.walls = walls;
        reference
    }

    /// The tolerance of every decision (see the module docs).
    pub fn eps(&self) -> f64 {
        self.eps
    }

    /// The number of bends (reflex fans) the visibility graph has.
    pub fn bend_count(&self) -> usize {
        self.bends.len()
    }

    /// Whether `x` is (exactly) a vertex of a wall edge: where a path may bend.
    pub fn is_wall_vertex(&self, x: Point) -> bool {
        self.walls.contains(&x)
    }

    /// Whether closed polygon `p` holds `x` (within `eps`).
    fn contains(&self, p: usize, x: Point) -> bool {
        let b = self.boxes[p];
        if x.x < b[0] - self.eps
            || x.y < b[1] - self.eps
            || x.x > b[2] + self.eps
            || x.y > b[3] + self.eps
        {
            return false;
        }
        let c = &self.polygons[p];
        (0..c.len()).all(|i| {
            let (u, w) = (c[i], c[(i + 1) % c.len()]);
            let e = sub(w, u);
            let len = dot(e, e).sqrt();
            len == 0.0 || cross(e, sub(x, u)) >= -self.eps * len
        })
    }

    /// Every polygon holding `x` (within `eps`).
    pub fn polygons_at(&self, x: Point) -> Vec<usize> {
        (0..self.polygons.len())
            .filter(|&p| self.contains(p, x))
            .collect()
    }

    /// `set` grown by the polygons across shared edges holding `x`,
    /// repeatedly (sorted, no repeats).
    fn closure(&self, x: Point, mut set: Vec<usize>) -> Vec<usize> {
        let mut i = 0;
        while i < set.len() {
            let p = set[i];
            let c = &self.polygons[p];
            for (e, across) in self.neighbours[p].iter().enumerate() {
                let Some(q) = *across else { continue };
                if set.contains(&q) {
                    continue;
                }
                if distance_to_segment(x, c[e], c[(e + 1) % c.len()]) <= 2.0 * self.eps {
                    set.push(q);
                }
            }
            i += 1;
        }
        set.sort_unstable();
        set.dedup();
        set
    }

    /// The fans round point `x`: the polygons holding it, grouped by the
    /// shared edges through `x` that join them.
    pub fn fans(&self, x: Point) -> Vec<Vec<usize>> {
        let mut left = self.polygons_at(x);
        let mut fans = Vec::new();
        while let Some(&p) = left.first() {
            let fan = self.closure(x, vec![p]);
            left.retain(|q| !fan.contains(q));
            fans.push(fan);
        }
        fans
    }

    /// Whether `x` is a pinch: a point where polygons of two or more fans meet.
    pub fn is_pinch(&self, x: Point) -> bool {
        self.fans(x).len() > 1
    }

    /// The angle polygon `p` covers round `x`: its inner angle at a corner
    /// at `x`, half a turn on an edge, a whole turn inside.
    fn angle_at(&self, p: usize, x: Point) -> f64 {
        let c = &self.polygons[p];
        let n = c.len();
        if let Some(i) = (0..n).find(|&i| c[i].distance(x) <= self.eps) {
            // The nearest corners either side that are not at x.
            let before = (1..n)
                .map(|k| c[(i + n - k) % n])
                .find(|q| q.distance(x) > self.eps);
            let after = (1..n)
                .map(|k| c[(i + k) % n])
                .find(|q| q.distance(x) > self.eps);
            let (Some(u), Some(w)) = (before, after) else {
                return 0.0;
            };
            let (u, w) = (sub(u, x), sub(w, x));
            // Convex polygon, positive orientation: the inner angle is at
            // most half a turn, from `w` round to `u`.
            return cross(w, u).abs().atan2(dot(w, u));
        }
        let on_edge = (0..n).any(|i| distance_to_segment(x, c[i], c[(i + 1) % n]) <= self.eps);
        if on_edge {
            std::f64::consts::PI
        } else {
            std::f64::consts::TAU
        }
    }

    /// The polygons the path may be in at `b` after walking straight from
    /// `a`, having been in any of `from` at `a` (see the module docs);
    /// empty when the segment leaves the free space or squeezes through a
    /// pinch.
    pub fn walk(&self, from: &[usize], a: Point, b: Point) -> Vec<usize> {
        let mut set = self.closure(a, from.to_vec());
        let length = a.distance(b);
        if set.is_empty() || length <= self.eps {
            return set;
        }
        let e = self.eps;
        let (lo_x, hi_x) = (a.x.min(b.x) - e, a.x.max(b.x) + e);
        let (lo_y, hi_y) = (a.y.min(b.y) - e, a.y.max(b.y) + e);
        let d = sub(b, a);
        let mut cuts = vec![0.0, 1.0];
        for (p, c) in self.polygons.iter().enumerate() {
            let bx = self.boxes[p];
            if bx[0] > hi_x || bx[2] < lo_x || bx[1] > hi_y || bx[3] < lo_y {
                continue;
            }
            for i in 0..c.len() {
                let (u, w) = (c[i], c[(i + 1) % c.len()]);
                // A corner on the segment (this also cuts where the segment
                // runs along an edge, at the edge's ends).
                if distance_to_segment(u, a, b) <= e {
                    cuts.push(dot(sub(u, a), d) / (length * length));
                }
                // A proper crossing of the edge's line within the edge.
                let f = sub(w, u);
                let denom = cross(d, f);
                let flen = dot(f, f).sqrt();
                if denom.abs() > 1e-12 * length * flen {
                    let t = cross(sub(u, a), f) / denom;
                    let s = cross(sub(u, a), d) / denom;
                    let slack = e / flen;
                    if (-slack..=1.0 + slack).contains(&s) {
                        cuts.push(t);
                    }
                }
            }
        }
        let tol = e / length;
        cuts.retain(|&t| t > tol && t < 1.0 - tol);
        cuts.push(0.0);
        cuts.push(1.0);
        cuts.sort_by(f64::total_cmp);
        // Cuts within `tol` of the last kept one are that one (the end
        // replaces a cut just before it).
        let mut kept: Vec<f64> = Vec::with_capacity(cuts.len());
        for t in cuts {
            match kept.last_mut() {
                Some(last) if t - *last <= tol => {
                    if t == 1.0 {
                        *last = 1.0;
                    }
                }
                _ => kept.push(t),
            }
        }
        for w in kept.windows(2) {
            let mid = lerp(a, b, 0.5 * (w[0] + w[1]));
            set.retain(|&p| self.contains(p, mid));
            if set.is_empty() {
                return set;
            }
            set = self.closure(lerp(a, b, w[1]), set);
        }
        set
    }

    /// Whether `points` is a path of the free space by the rules (starting
    /// in any polygon holding the first point); `Err` names the first
    /// segment that is not.
    pub fn path_valid(&self, points: &[Point]) -> Result<(), String> {
        let Some(&first) = points.first() else {
            return Err("no points".into());
        };
        let mut set = self.polygons_at(first);
        if set.is_empty() {
            return Err(format!("{first:?} is outside the mesh"));
        }
        for (i, w) in points.windows(2).enumerate() {
            set = self.walk(&set, w[0], w[1]);
            if set.is_empty() {
                return Err(format!(
                    "segment {i}, {:?} -> {:?}, leaves the free space or squeezes through a pinch",
                    w[0], w[1]
                ));
            }
        }
        Ok(())
    }

    /// Whether bend `i` sees bend `j` (fan to fan), memoized.
    fn sees(&mut self, i: usize, j: usize) -> bool {
        let n = self.bends.len();
        if let Some(known) = self.seen[i * n + j] {
            return known;
        }
        let (a, fan_a) = &self.bends[i];
        let (b, fan_b) = &self.bends[j];
        let reached = self.walk(fan_a, *a, *b);
        let sees = reached.iter().any(|p| fan_b.contains(p));
        self.seen[i * n + j] = Some(sees);
        self.seen[j * n + i] = Some(sees);
        sees
    }

    /// The length of a shortest path from `a` to `b` and its points (start,
    /// bends, goal), `None` when no path joins them or a point lies outside
    /// the mesh. `a == b` gives `Some((0.0, [a]))`.
    pub fn shortest(&mut self, a: Point, b: Point) -> Option<(f64, Vec<Point>)> {
        let start = self.polygons_at(a);
        if start.is_empty() || self.polygons_at(b).is_empty() {
            return None;
        }
        if a == b {
            return Some((0.0, vec![a]));
        }
        // Node 0 the start, 1 the goal, 2 + i bend i.
        let n = self.bends.len() + 2;
        let mut dist = vec![f64::INFINITY; n];
        let mut parent = vec![usize::MAX; n];
        let mut done = vec![false; n];
        let mut heap = BinaryHeap::new();
        dist[0] = 0.0;
        heap.push((Dist(0.0), 0usize));
        while let Some((Dist(d), u)) = heap.pop() {
            if done[u] {
                continue;
            }
            done[u] = true;
            if u == 1 {
                let mut points = vec![b];
                let mut at = 1;
                while at != 0 {
                    at = parent[at];
                    points.push(if at == 0 { a } else { self.bends[at - 2].0 });
                }
                points.reverse();
                return Some((d, points));
            }
            let (p, from_goal_set) = if u == 0 {
                (a, self.walk(&start, a, b))
            } else {
                let (p, fan) = &self.bends[u - 2];
                (*p, self.walk(fan, *p, b))
            };
            // The goal.
            if !from_goal_set.is_empty() {
                let nd = d + p.distance(b);
                if nd < dist[1] {
                    dist[1] = nd;
                    parent[1] = u;
                    heap.push((Dist(nd), 1));
                }
            }
            for v in 2..n {
                if done[v] {
                    continue;
                }
                let q = self.bends[v - 2].0;
                let nd = d + p.distance(q);
                if nd >= dist[v] {
                    continue;
                }
                let visible = if u == 0 {
                    let reached = self.walk(&start, a, q);
                    reached.iter().any(|r| self.bends[v - 2].1.contains(r))
                } else {
                    self.sees(u - 2, v - 2)
                };
                if visible {
                    dist[v] = nd;
                    parent[v] = u;
                    heap.push((Dist(nd), v));
                }
            }
        }
        None
    }

    /// The length of [`shortest`](MeshReference::shortest) alone.
    pub fn shortest_length(&mut self, a: Point, b: Point) -> Option<f64> {
        self.shortest(a, b).map(|(length, _)| length)
    }
}
