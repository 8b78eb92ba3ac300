//! Line of sight on a mesh: whether the straight segment between two points
//! stays in the free space, by walking the polygons it crosses.

use smallvec::SmallVec;

use super::channel::{cross_at, crossing, Crossing};
use super::locate::contains;
use super::mesh::{NavMesh, NONE};
use super::point::{cross, Point};

/// Whether the segment from `a` (in polygon `from`) to `b` lies in the mesh:
/// it is walked from polygon to polygon through the portals it crosses, and
/// through the vertices it passes exactly (round the vertex's fan, so never
/// between two regions that touch only at a point). `false` where it meets a
/// wall, and, to stay on the safe side, where the walk cannot decide
/// (rounding at a vertex, or more steps than the mesh has polygons).
///
/// # Complexity
/// O(k) for the k corners of the polygons crossed.
pub(crate) fn in_sight(mesh: &NavMesh, from: u32, a: Point, b: Point) -> bool {
    walk(mesh, from, a, b, None).is_some()
}

/// Walks the segment from `a` (in polygon `from`) to `b` as [`in_sight`]
/// does, pushing the portals it crosses onto `portals` if given (round a
/// vertex it passes through, the shorter way round its fan); the polygon it
/// ends in (holding `b`), or `None` where it meets a wall or cannot decide.
pub(crate) fn walk(
    mesh: &NavMesh,
    from: u32,
    a: Point,
    b: Point,
    mut portals: Option<&mut Vec<Crossing>>,
) -> Option<u32> {
    let mut p = from;
    // Every polygon is entered once at most along a straight segment; a
    // longer walk means rounding went round in a circle.
    for _ in 0..=mesh.polygon_count() {
        if contains(&mesh.vertices, mesh.polygon_corners(p as usize), b) {
            return Some(p);
        }
        match exit(mesh, p, a, b) {
            Exit::Edge(s) => {
                let q = mesh.links[s];
                if q == NONE {
                    return None;
                }
                if let Some(out) = portals.as_deref_mut() {
                    out.push((crossing(mesh, p, s), q));
                }
                p = q;
            }
            Exit::Vertex(s) => {
                let q = round_vertex(mesh, p, s, a, b, false)?;
                if let Some(out) = portals.as_deref_mut() {
                    let node = mesh.graph.slot_corner[s];
                    if !cross_at(mesh, node, p, q, a, b, out) {
                        return None;
                    }
                }
                p = q;
            }
            Exit::Unknown => return None,
        }
    }
    None
}

/// The polygon round vertex `at` (a corner of polygon `p`) that a path
/// bending there leaves by, towards `to`, and the search node of that
/// corner: one of the polygons of its fan (`p` included) whose corner there
/// opens towards `to`. `None` if `at` is no corner of `p` or no polygon of
/// its fan opens that way.
pub(crate) fn leave_corner(mesh: &NavMesh, p: u32, at: Point, to: Point) -> Option<(u32, u32)> {
    let s = mesh
        .slots(p)
        .find(|&s| mesh.vertices[mesh.corners[s] as usize] == at)?;
    let q = round_vertex(mesh, p, s, at, to, true)?;
    Some((mesh.graph.slot_corner[s], q))
}

enum Exit {
    /// Through the inside of the edge from this slot to the next.
    Edge(usize),
    /// Through the vertex at this slot.
    Vertex(usize),
    Unknown,
}

/// Where the line from `a` to `b` leaves polygon `p`, which holds a piece of
/// it and not `b`: through an edge with `b` strictly outside it, whose ends
/// lie on either side of the line (or one on it: a vertex).
fn exit(mesh: &NavMesh, p: u32, a: Point, b: Point) -> Exit {
    let at = |s: usize| mesh.vertices[mesh.corners[s] as usize];
    let mut vertex: Option<(usize, f64)> = None;
    for s in mesh.slots(p) {
        let n = mesh.next_slot(p, s);
        let (u, v) = (at(s), at(n));
        if cross(u, v, b) >= 0.0 {
            continue;
        }
        let (su, sv) = (cross(a, b, u), cross(a, b, v));
        if (su < 0.0 && sv > 0.0) || (su > 0.0 && sv < 0.0) {
            return Exit::Edge(s);
        }
        // The line through a vertex: the one furthest along it leaves.
        for (slot, side, point) in [(s, su, u), (n, sv, v)] {
            if side == 0.0 {
                let along = (point.x - a.x) * (b.x - a.x) + (point.y - a.y) * (b.y - a.y);
                if vertex.is_none_or(|(_, best)| along > best) {
                    vertex = Some((slot, along));
                }
            }
        }
    }
    match vertex {
        Some((s, _)) => Exit::Vertex(s),
        None => Exit::Unknown,
    }
}

/// The polygon the segment from `a` to `b` enters after passing exactly
/// through the vertex at slot `s` of polygon `p`: one of the polygons
/// round that vertex joined to `p` by portals ending at it (its fan), whose
/// corner there opens towards `b` (`p` itself a candidate only if
/// `with_p`).
fn round_vertex(mesh: &NavMesh, p: u32, s: usize, a: Point, b: Point, with_p: bool) -> Option<u32> {
    let graph = &mesh.graph;
    let corner = graph.slot_corner[s];
    let v = mesh.vertices[mesh.corners[s] as usize];
    // The direction on from the vertex (b itself may be the vertex: then b
    // lies in every polygon round it, and `contains` said so already).
    let d = Point::new(b.x - a.x, b.y - a.y);
    let ahead = Point::new(v.x + d.x, v.y + d.y);
    let mut fan: SmallVec<[u32; 16]> = SmallVec::new();
    fan.push(p);
    let mut head = 0;
    while head < fan.len() {
        let q = fan[head];
        head += 1;
        for t in mesh.slots(q) {
            let next = mesh.next_slot(q, t);
            if graph.slot_corner[t] != corner && graph.slot_corner[next] != corner {
                continue;
            }
            let r = mesh.links[t];
            if r != NONE && !fan.contains(&r) {
                fan.push(r);
            }
        }
    }
    let skip = usize::from(!with_p);
    fan[skip..].iter().copied().find(|&q| {
        // q's corner at the vertex: the edges into it and out of it.
        let Some(t) = mesh.slots(q).find(|&t| graph.slot_corner[t] == corner) else {
            return false;
        };
        let prev = mesh
            .slots(q)
            .find(|&x| mesh.next_slot(q, x) == t)
            .unwrap_or(t);
        let before = mesh.vertices[mesh.corners[prev] as usize];
        let after = mesh.vertices[mesh.corners[mesh.next_slot(q, t)] as usize];
        cross(before, v, ahead) >= 0.0 && cross(v, after, ahead) >= 0.0
    })
}
