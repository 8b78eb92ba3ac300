//! Triangles merged into convex polygons (Hertel and Mehlhorn 1983): remove
//! shared edges, longest first, while both polygons beside one stay convex
//! once joined.

use std::collections::HashMap;

use crate::navmesh::point::{cross, Point};

/// Joins `triangles` (positive area, sharing whole edges) into convex
/// polygons of at most `max_corners` corners; returns each polygon's corners
/// in the order of positive area.
///
/// # Complexity
/// O(E log E) to order the E shared edges, then O(k) per join for polygons
/// of up to k corners.
pub(crate) fn merge(points: &[Point], triangles: &[[u32; 3]], max_corners: usize) -> Vec<Vec<u32>> {
    let mut polygons: Vec<Vec<u32>> = triangles.iter().map(|t| t.to_vec()).collect();
    let mut alive = vec![true; polygons.len()];
    // The polygon that owns each directed edge.
    let mut owner: HashMap<(u32, u32), u32> = HashMap::with_capacity(triangles.len() * 3);
    for (p, t) in triangles.iter().enumerate() {
        for i in 0..3 {
            owner.insert((t[i], t[(i + 1) % 3]), p as u32);
        }
    }
    let mut shared: Vec<(u32, u32)> = owner
        .keys()
        .filter(|&&(a, b)| a < b && owner.contains_key(&(b, a)))
        .copied()
        .collect();
    let length = |&(a, b): &(u32, u32)| points[a as usize].distance(points[b as usize]);
    shared.sort_by(|x, y| length(y).total_cmp(&length(x)).then(x.cmp(y)));
    for (a, b) in shared {
        let (Some(&pa), Some(&pb)) = (owner.get(&(a, b)), owner.get(&(b, a))) else {
            continue;
        };
        if pa == pb || !alive[pa as usize] || !alive[pb as usize] {
            continue;
        }
        let Some(joined) = join(points, &polygons[pa as usize], &polygons[pb as usize], a, b)
        else {
            continue;
        };
        if joined.len() > max_corners {
            continue;
        }
        for i in 0..joined.len() {
            owner.insert((joined[i], joined[(i + 1) % joined.len()]), pa);
        }
        owner.remove(&(a, b));
        owner.remove(&(b, a));
        polygons[pa as usize] = joined;
        polygons[pb as usize] = Vec::new();
        alive[pb as usize] = false;
    }
    polygons.into_iter().filter(|p| !p.is_empty()).collect()
}

/// `p` (with the edge `a -> b`) and `q` (with `b -> a`) as one polygon, if
/// it is convex and simple.
fn join(points: &[Point], p: &[u32], q: &[u32], a: u32, b: u32) -> Option<Vec<u32>> {
    let i = p.iter().position(|&v| v == a)?;
    let j = q.iter().position(|&v| v == b)?;
    let (n, m) = (p.len(), q.len());
    if p[(i + 1) % n] != b || q[(j + 1) % m] != a {
        return None;
    }
    // Another shared corner would make the joined outline touch itself.
    let shared = q.iter().filter(|v| p.contains(v)).count();
    if shared != 2 {
        return None;
    }
    let at = |v: u32| points[v as usize];
    // At a: from p's corner before a into q's corner after a.
    let (before_a, after_a) = (p[(i + n - 1) % n], q[(j + 2) % m]);
    // At b: from q's corner before b into p's corner after b.
    let (before_b, after_b) = (q[(j + m - 1) % m], p[(i + 2) % n]);
    if cross(at(before_a), at(a), at(after_a)) < 0.0
        || cross(at(before_b), at(b), at(after_b)) < 0.0
    {
        return None;
    }
    let mut joined = Vec::with_capacity(n + m - 2);
    // p from b round to a, then q's corners between a and b.
    for k in 0..n {
        joined.push(p[(i + 1 + k) % n]);
    }
    for k in 2..m {
        joined.push(q[(j + k) % m]);
    }
    Some(joined)
}
