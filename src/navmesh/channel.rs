//! The channel of a path through the search graph: the portals it crosses,
//! in order, each as `(left, right)` seen walking along the path.

use super::mesh::{NavMesh, NONE};
use super::point::{cross, Point};

/// A portal crossed: its ends `(left, right)` as seen crossing, and the
/// polygon entered.
pub(crate) type Crossing = ((Point, Point), u32);

/// Appends to `portals` the portals crossed going from polygon `from` to
/// polygon `to` at `node`: through the portal whose middle it is, or round
/// the corner it is; `false` if there is no such way. The route comes to
/// the node from `before` and goes on to `after`.
///
/// Round a corner the walk takes the inner side of the route's turn there
/// (the side the straight line from `before` to `after` passes) when the
/// fan of polygons is open there, else the outer side: where the corner is
/// no obstacle's, the path does not bend at it and the channel must hold
/// the straight line; where it is, the inner side is walled and the path
/// wraps round the corner on the outer side. (Taking the fewest portals
/// either way, as before, put the channel on the wrong side of open
/// corners, and the path bent at them although a straight line the same
/// way round was free.)
pub(crate) fn cross_at(
    mesh: &NavMesh,
    node: u32,
    from: u32,
    to: u32,
    before: Point,
    after: Point,
    portals: &mut Vec<Crossing>,
) -> bool {
    if from == to {
        return true;
    }
    let graph = &mesh.graph;
    if node >= graph.corner_count {
        return match mesh.slots(from).find(|&s| graph.slot_portal[s] == node) {
            Some(s) if mesh.links[s] == to => {
                portals.push((crossing(mesh, from, s), to));
                true
            }
            _ => false,
        };
    }
    let at = graph.positions[node as usize];
    let turn = cross(at, before, after);
    // The small angle from the way back to the way on runs counter-clockwise
    // when `turn` is positive: that is the inner side. Straight on (or
    // straight back), neither side is inner: the shorter way round.
    let first = if turn > 0.0 {
        true
    } else if turn < 0.0 {
        false
    } else {
        match (
            walk_round(mesh, node, from, to, true, None),
            walk_round(mesh, node, from, to, false, None),
        ) {
            (Some(a), Some(b)) => a <= b,
            (a, _) => a.is_some(),
        }
    };
    let mark = portals.len();
    for ccw in [first, !first] {
        if walk_round(mesh, node, from, to, ccw, Some(portals)).is_some() {
            return true;
        }
        portals.truncate(mark);
    }
    false
}

/// Walks round the corner `node` from polygon `from` to polygon `to`, one
/// way (`ccw`: counter-clockwise in the polygons' positive orientation),
/// pushing the portals crossed onto `portals` if given; the number crossed,
/// or `None` at a wall.
fn walk_round(
    mesh: &NavMesh,
    node: u32,
    from: u32,
    to: u32,
    ccw: bool,
    mut portals: Option<&mut Vec<Crossing>>,
) -> Option<usize> {
    let graph = &mesh.graph;
    let mut p = from;
    // A fan has fewer polygons than the mesh; a longer walk is a circle.
    for steps in 1..=mesh.polygon_count() {
        let s = mesh.slots(p).find(|&s| graph.slot_corner[s] == node)?;
        // Counter-clockwise round the corner crosses the edge coming into
        // it (from the slot before); clockwise the edge going out of it.
        let edge = if ccw {
            mesh.slots(p)
                .find(|&t| mesh.next_slot(p, t) == s)
                .unwrap_or(s)
        } else {
            s
        };
        let q = mesh.links[edge];
        if q == NONE || q == from {
            return None;
        }
        if let Some(out) = portals.as_deref_mut() {
            out.push((crossing(mesh, p, edge), q));
        }
        if q == to {
            return Some(steps);
        }
        p = q;
    }
    None
}

/// Cuts the loops out of a channel that enters a polygon it was in before
/// (the route ran along a portal, or touched a polygon twice): each polygon
/// is convex, so going straight across it from its first entry to its last
/// exit stays in the free space and is never longer. `start` is the first
/// polygon; `seen` is scratch, one entry per polygon, all [`NONE`] before
/// and after.
pub(crate) fn cut_loops(start: u32, portals: &mut Vec<Crossing>, seen: &mut [u32]) {
    // seen[p] = 1 + the number of crossings kept when p was entered.
    seen[start as usize] = 0;
    let mut kept = 0usize;
    for i in 0..portals.len() {
        let p = portals[i].1 as usize;
        if seen[p] != NONE {
            // Back in p: drop the crossings since p was entered.
            let back = seen[p] as usize;
            for c in &portals[back..kept] {
                seen[c.1 as usize] = NONE;
            }
            kept = back;
            seen[p] = kept as u32;
            if p == start as usize {
                seen[p] = 0;
            }
        } else {
            portals[kept] = portals[i];
            kept += 1;
            seen[p] = kept as u32;
        }
    }
    portals.truncate(kept);
    seen[start as usize] = NONE;
    for c in portals.iter() {
        seen[c.1 as usize] = NONE;
    }
}

/// Leaving polygon `p` through the edge from slot `s`: its corners run in
/// the order of positive area, so the edge's first end is on the right and
/// its second on the left.
pub(crate) fn crossing(mesh: &NavMesh, p: u32, s: usize) -> (Point, Point) {
    let a = mesh.vertices[mesh.corners[s] as usize];
    let b = mesh.vertices[mesh.corners[mesh.next_slot(p, s)] as usize];
    (b, a)
}
