//! The channel of a path through the search graph: the portals it crosses,
//! in order, each as `(left, right)` seen walking along the path.

use smallvec::SmallVec;

use super::mesh::{NavMesh, NONE};
use super::point::Point;

/// A portal crossed: its ends `(left, right)` as seen crossing, and the
/// polygon entered.
pub(crate) type Crossing = ((Point, Point), u32);

/// Appends to `portals` the portals crossed going from polygon `from` to
/// polygon `to` at `node`: through the portal whose middle it is, or round
/// the corner it is; `false` if there is no such way.
pub(crate) fn cross_at(
    mesh: &NavMesh,
    node: u32,
    from: u32,
    to: u32,
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
    // A corner: walk round its fan, breadth first (fans are small), from
    // `from` to `to` through the portals that end at the corner.
    let mut seen: SmallVec<[(u32, u32, usize); 16]> = SmallVec::new(); // (polygon, came from index, slot crossed)
    seen.push((from, u32::MAX, usize::MAX));
    let mut head = 0;
    while head < seen.len() {
        let (p, _, _) = seen[head];
        if p == to {
            break;
        }
        for s in mesh.slots(p) {
            let next = mesh.next_slot(p, s);
            // The edge s -> next ends at the corner when either end is it.
            if graph.slot_corner[s] != node && graph.slot_corner[next] != node {
                continue;
            }
            let q = mesh.links[s];
            if q != NONE && !seen.iter().any(|e| e.0 == q) {
                seen.push((q, head as u32, s));
            }
        }
        head += 1;
    }
    let Some(mut at) = seen.iter().position(|e| e.0 == to) else {
        return false;
    };
    let mark = portals.len();
    while seen[at].1 != u32::MAX {
        let (p, back, s) = seen[at];
        portals.push((crossing(mesh, seen[back as usize].0, s), p));
        at = back as usize;
    }
    portals[mark..].reverse();
    true
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
fn crossing(mesh: &NavMesh, p: u32, s: usize) -> (Point, Point) {
    let a = mesh.vertices[mesh.corners[s] as usize];
    let b = mesh.vertices[mesh.corners[mesh.next_slot(p, s)] as usize];
    (b, a)
}
