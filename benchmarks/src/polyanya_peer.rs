//! The optimal any-angle peer: the `polyanya` crate (Cui, Harabor and
//! Grastien 2017, "Compromise-free pathfinding on a navigation mesh") behind
//! an `f64` interface, on meshes given as vertices and convex polygons.
//!
//! # What polyanya wants, and what [`PolyanyaPeer::new`] does about it
//! - **Precision.** polyanya keeps `f32` coordinates (`glam::Vec2`) and
//!   decides sides with an absolute tolerance of `1e-4` on cross products.
//!   Vertices and query points are rounded to `f32` here: integers up to
//!   `2^24` and their halves are exact, so grid corners and cell centres are.
//! - **Orientation.** Each polygon must list its vertices counter-clockwise
//!   in the mathematical sense: positive signed area `sum x_i y_(i+1) -
//!   x_(i+1) y_i` (polyanya tests "inside" as "left of every edge"). With
//!   `y` pointing down, as in grid maps, that is *clockwise on screen*.
//!   This wrapper accepts either orientation, polygon by polygon, and
//!   reverses the negative ones.
//! - **Vertices.** polyanya wants, for each vertex, the polygons around it in
//!   counter-clockwise order with `u32::MAX` wherever the ring is broken by
//!   space outside the mesh (between two polygons that share no edge there,
//!   or after the only polygon). Computed here: the polygons holding the
//!   vertex, sorted by the angle of their centroid seen from it, and a
//!   `u32::MAX` after each one whose counter-clockwise edge at the vertex is
//!   not the next one's clockwise edge. A vertex is a *corner* (where paths
//!   may bend) exactly when it gets a `u32::MAX`. Vertices no polygon uses
//!   get `[u32::MAX]` alone and play no part.
//! - **Neighbours.** polyanya finds the polygon across an edge as the other
//!   polygon listed at both ends of it, so two polygons are neighbours
//!   exactly when they share an edge (the same two vertex indices); a vertex
//!   shared without an edge (two cells touching at a corner) connects
//!   nothing. Polygons with exactly one neighbour are marked one-way
//!   (polyanya's dead-end pruning: it enters them only for the goal).
//! - **Baking.** `Mesh::new` bakes a single-layer mesh itself (an R-tree for
//!   point location, and "islands", which it joins through shared vertices,
//!   so pinched regions count as one island and are told apart by a full
//!   search). No layer set-up is needed.
//! - **Point location.** polyanya's default looks for a point that is off
//!   the mesh again on a circle of radius 0.1 around it and then searches
//!   from there; this wrapper sets `search_steps` to 1, so only the point
//!   itself is located. A point on an edge or a vertex is in every polygon
//!   that holds it; polyanya starts from all of them at once when they are
//!   not joined by edges (a start on a pinch point leaves into both cells).
//!   Because of the `1e-4` side tolerance a point that far outside an edge
//!   still counts as on it.
//! - **Paths.** polyanya returns the points after the start, the last being
//!   the goal, and an `f32` length. [`PolyanyaPeer::path`] returns the start,
//!   polyanya's turning points (mesh vertices, converted to `f64`) and the
//!   goal as given, and the length summed in `f64` over those points.
//! - **Limits.** polyanya gives up after 10 pops per polygon (`None`), and
//!   checks nothing about overlapping polygons.
//!
//! Errors (as `String`s, never panics): an empty mesh, a polygon with fewer
//! than three vertices, an index out of range or repeated in one polygon, a
//! coordinate that is not finite or does not fit an `f32`, a polygon that is
//! degenerate (zero area) or not convex, an edge used by more than two
//! polygons or twice in the same direction, more polygons than polyanya
//! takes (`2^24 - 1`).

use std::collections::HashMap;

use glam::Vec2;
use polyanya::{Mesh, Polygon, Vertex};

/// A navigation mesh ready for polyanya's optimal any-angle queries.
#[derive(Debug, Clone)]
pub struct PolyanyaPeer {
    mesh: Mesh,
}

/// An any-angle path: its points from the start to the goal and its length.
#[derive(Debug, Clone, PartialEq)]
pub struct PeerPath {
    /// The sum of the segments' lengths, in `f64`.
    pub length: f64,
    /// The start, the points where the path bends (mesh vertices), the goal;
    /// a single point when start and goal are the same.
    pub points: Vec<[f64; 2]>,
}

/// Twice the signed area of a polygon (positive: counter-clockwise with `y`
/// up).
fn twice_area(vertices: &[[f64; 2]], polygon: &[u32]) -> f64 {
    let n = polygon.len();
    (0..n)
        .map(|i| {
            let p = vertices[polygon[i] as usize];
            let q = vertices[polygon[(i + 1) % n] as usize];
            p[0] * q[1] - q[0] * p[1]
        })
        .sum()
}

/// Checks one polygon and returns it counter-clockwise (positive area).
fn normalised(vertices: &[[f64; 2]], index: usize, polygon: &[u32]) -> Result<Vec<u32>, String> {
    let n = polygon.len();
    if n < 3 {
        return Err(format!(
            "polygon {index} has {n} vertices, at least 3 needed"
        ));
    }
    for (i, &v) in polygon.iter().enumerate() {
        if v as usize >= vertices.len() {
            return Err(format!(
                "polygon {index} names vertex {v}, but there are {} vertices",
                vertices.len()
            ));
        }
        if polygon[..i].contains(&v) {
            return Err(format!("polygon {index} lists vertex {v} twice"));
        }
    }
    let area = twice_area(vertices, polygon);
    if area == 0.0 || !area.is_finite() {
        return Err(format!("polygon {index} has no area"));
    }
    let mut out = polygon.to_vec();
    if area < 0.0 {
        out.reverse();
    }
    // Convex: every turn is a left turn (or straight on).
    for i in 0..n {
        let [p, q, r] = [0, 1, 2].map(|k| vertices[out[(i + k) % n] as usize]);
        let cross = (q[0] - p[0]) * (r[1] - q[1]) - (q[1] - p[1]) * (r[0] - q[0]);
        if cross < 0.0 {
            return Err(format!("polygon {index} is not convex"));
        }
    }
    Ok(out)
}

/// The vertex before and after `v` in polygon `p` (counter-clockwise).
fn around(p: &[u32], v: u32) -> (u32, u32) {
    let i = p.iter().position(|&x| x == v).expect("v is in p");
    let n = p.len();
    (p[(i + n - 1) % n], p[(i + 1) % n])
}

impl PolyanyaPeer {
    /// A mesh of `vertices` and convex `polygons`, each a list of indices
    /// into `vertices` in either orientation (see the module docs for what
    /// is converted and which inputs are refused).
    pub fn new(vertices: &[[f64; 2]], polygons: &[Vec<u32>]) -> Result<Self, String> {
        if vertices.is_empty() || polygons.is_empty() {
            return Err("the mesh is empty".to_string());
        }
        if polygons.len() >= (1 << 24) - 1 {
            return Err(format!(
                "{} polygons, polyanya takes at most 2^24 - 2",
                polygons.len()
            ));
        }
        if u32::try_from(vertices.len()).is_err() {
            return Err("more vertices than u32 indices".to_string());
        }
        for (i, v) in vertices.iter().enumerate() {
            if !v.iter().all(|c| c.is_finite() && (*c as f32).is_finite()) {
                return Err(format!("vertex {i} ({v:?}) is not a finite f32 point"));
            }
        }
        let polygons = polygons
            .iter()
            .enumerate()
            .map(|(i, p)| normalised(vertices, i, p))
            .collect::<Result<Vec<_>, _>>()?;
        // Directed edges: each may appear once, and each undirected edge in
        // at most two polygons (then in opposite directions).
        let mut edges: HashMap<(u32, u32), u32> = HashMap::new();
        for (pi, p) in polygons.iter().enumerate() {
            for i in 0..p.len() {
                let e = (p[i], p[(i + 1) % p.len()]);
                if edges.insert(e, pi as u32).is_some() {
                    return Err(format!(
                        "edge {} -> {} is used twice in the same direction \
                         (overlapping or wrongly oriented polygons)",
                        e.0, e.1
                    ));
                }
            }
        }
        let neighbours = |pi: usize| {
            let p = &polygons[pi];
            (0..p.len())
                .filter(|&i| edges.contains_key(&(p[(i + 1) % p.len()], p[i])))
                .count()
        };
        // The polygons around each vertex, by the angle of their centroids.
        let centroid = |p: &[u32]| {
            let n = p.len() as f64;
            let (sx, sy) = p.iter().fold((0.0, 0.0), |(sx, sy), &v| {
                let c = vertices[v as usize];
                (sx + c[0], sy + c[1])
            });
            [sx / n, sy / n]
        };
        let mut rings: Vec<Vec<(f64, u32)>> = vec![Vec::new(); vertices.len()];
        for (pi, p) in polygons.iter().enumerate() {
            let c = centroid(p);
            for &v in p {
                let o = vertices[v as usize];
                rings[v as usize].push(((c[1] - o[1]).atan2(c[0] - o[0]), pi as u32));
            }
        }
        let mut mesh_vertices = Vec::with_capacity(vertices.len());
        for (v, ring) in rings.iter_mut().enumerate() {
            ring.sort_by(|a, b| a.0.total_cmp(&b.0));
            let mut list = Vec::with_capacity(ring.len() + 2);
            for (k, &(_, pi)) in ring.iter().enumerate() {
                list.push(pi);
                let next = ring[(k + 1) % ring.len()].1;
                // pi's counter-clockwise edge at v is (v, before); next's
                // clockwise edge is (v, after): the same edge, or a gap.
                let (before, _) = around(&polygons[pi as usize], v as u32);
                let (_, after) = around(&polygons[next as usize], v as u32);
                if next == pi || before != after {
                    list.push(u32::MAX);
                }
            }
            if list.is_empty() {
                list.push(u32::MAX);
            }
            let c = vertices[v];
            mesh_vertices.push(Vertex::new(Vec2::new(c[0] as f32, c[1] as f32), list));
        }
        let mesh_polygons = (0..polygons.len())
            .map(|pi| Polygon::new(polygons[pi].clone(), neighbours(pi) == 1))
            .collect();
        let mut mesh = Mesh::new(mesh_vertices, mesh_polygons).map_err(|e| e.to_string())?;
        mesh.set_search_steps(1);
        Ok(PolyanyaPeer { mesh })
    }

    /// The number of polygons.
    pub fn polygon_count(&self) -> usize {
        self.mesh.layers.iter().map(|l| l.polygons.len()).sum()
    }

    /// The optimal any-angle path from `from` to `to` over the mesh, `None`
    /// when there is none, when a point is outside the mesh or not finite
    /// (or when polyanya gives up, see the module docs).
    pub fn path(&self, from: [f64; 2], to: [f64; 2]) -> Option<PeerPath> {
        let finite = |p: [f64; 2]| p.iter().all(|c| c.is_finite() && (*c as f32).is_finite());
        if !finite(from) || !finite(to) {
            return None;
        }
        let v = |p: [f64; 2]| Vec2::new(p[0] as f32, p[1] as f32);
        let found = self.mesh.path(v(from), v(to))?;
        let mut points = Vec::with_capacity(found.path.len() + 1);
        points.push(from);
        // Every point but the last (polyanya's `f32` copy of the goal).
        let bends = found.path.len().saturating_sub(1);
        for p in &found.path[..bends] {
            let p = [f64::from(p.x), f64::from(p.y)];
            if points.last() != Some(&p) {
                points.push(p);
            }
        }
        if points.last() != Some(&to) {
            points.push(to);
        }
        let length = points
            .windows(2)
            .map(|w| (w[1][0] - w[0][0]).hypot(w[1][1] - w[0][1]))
            .sum();
        Some(PeerPath { length, points })
    }
}
