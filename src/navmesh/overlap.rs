//! Polygons given to a mesh must not overlap: two whose insides share area
//! would give a point two polygons and the search ways through walls.

use super::point::{cross, Point};
use super::MeshError;

/// [`MeshError::Overlap`] for the first two polygons (in the order of a
/// grid of buckets) whose insides share area; touching along an edge or at
/// a vertex is fine. Polygon `p`'s corners are `corners[start[p]..start[p +
/// 1]]`, convex, in the order of positive area.
///
/// # Complexity
/// Buckets over the bounding box, about one per polygon; each polygon is
/// listed in the buckets its bounding box covers, and two polygons are
/// tested (a separating-axis test, O(k + l) for k and l corners) once, in
/// the first bucket both cover. Near-linear for polygons of similar sizes;
/// polygons that each cover much of the mesh make it quadratic.
pub(crate) fn check_overlaps(
    vertices: &[Point],
    start: &[u32],
    corners: &[u32],
) -> Result<(), MeshError> {
    let count = start.len() - 1;
    let ring = |p: usize| &corners[start[p] as usize..start[p + 1] as usize];
    let mut boxes = Vec::with_capacity(count);
    let mut lo = Point::new(f64::INFINITY, f64::INFINITY);
    let mut hi = Point::new(f64::NEG_INFINITY, f64::NEG_INFINITY);
    for p in 0..count {
        let mut a = Point::new(f64::INFINITY, f64::INFINITY);
        let mut b = Point::new(f64::NEG_INFINITY, f64::NEG_INFINITY);
        for &v in ring(p) {
            let q = vertices[v as usize];
            a = Point::new(a.x.min(q.x), a.y.min(q.y));
            b = Point::new(b.x.max(q.x), b.y.max(q.y));
        }
        lo = Point::new(lo.x.min(a.x), lo.y.min(a.y));
        hi = Point::new(hi.x.max(b.x), hi.y.max(b.y));
        boxes.push((a, b));
    }
    // Square buckets, about one per polygon (at most 4096 a side); fewer
    // where polygons spanning many buckets would be listed in more than
    // about eight buckets each on average (long thin polygons across the
    // mesh): memory stays linear, though the time may not.
    let (w, h) = (
        (hi.x - lo.x).max(f64::MIN_POSITIVE),
        (hi.y - lo.y).max(f64::MIN_POSITIVE),
    );
    let scale = (count as f64 / w / h).sqrt();
    let mut columns = ((w * scale).ceil() as usize).clamp(1, 4096);
    let mut rows = ((h * scale).ceil() as usize).clamp(1, 4096);
    let budget = 8 * count as u64 + 4096;
    loop {
        let span = |from: f64, to: f64, low: f64, size: f64, n: usize| {
            let n = n as f64;
            let first = ((from - low) / size * n).floor().clamp(0.0, n - 1.0);
            let last = ((to - low) / size * n).floor().clamp(0.0, n - 1.0);
            (last - first) as u64 + 1
        };
        let listed: u64 = boxes
            .iter()
            .map(|&(a, b)| span(a.x, b.x, lo.x, w, columns) * span(a.y, b.y, lo.y, h, rows))
            .sum();
        if listed <= budget || (columns == 1 && rows == 1) {
            break;
        }
        columns = columns.div_ceil(2);
        rows = rows.div_ceil(2);
    }
    let bucket = |x: f64, y: f64| {
        let cx = ((x - lo.x) / w * columns as f64).floor();
        let cy = ((y - lo.y) / h * rows as f64).floor();
        (
            (cx.max(0.0) as usize).min(columns - 1),
            (cy.max(0.0) as usize).min(rows - 1),
        )
    };
    let ranges: Vec<((usize, usize), (usize, usize))> = boxes
        .iter()
        .map(|&(a, b)| (bucket(a.x, a.y), bucket(b.x, b.y)))
        .collect();
    // (bucket, polygon), sorted by bucket.
    let mut listed: Vec<(usize, u32)> = Vec::with_capacity(count * 2);
    for (p, &((x0, y0), (x1, y1))) in ranges.iter().enumerate() {
        for y in y0..=y1 {
            for x in x0..=x1 {
                listed.push((y * columns + x, p as u32));
            }
        }
    }
    listed.sort_unstable();
    let mut first = 0;
    while first < listed.len() {
        let b = listed[first].0;
        let mut end = first;
        while end < listed.len() && listed[end].0 == b {
            end += 1;
        }
        let here = &listed[first..end];
        for (i, &(_, p)) in here.iter().enumerate() {
            for &(_, q) in &here[i + 1..] {
                let (p, q) = (p as usize, q as usize);
                let ((px0, py0), _) = ranges[p];
                let ((qx0, qy0), _) = ranges[q];
                // Only in the first bucket both cover.
                if b != py0.max(qy0) * columns + px0.max(qx0) {
                    continue;
                }
                let ((pa, pb), (qa, qb)) = (boxes[p], boxes[q]);
                if pa.x >= qb.x || qa.x >= pb.x || pa.y >= qb.y || qa.y >= pb.y {
                    continue;
                }
                if !separated(vertices, ring(p), ring(q)) {
                    return Err(MeshError::Overlap {
                        first: p.min(q),
                        second: p.max(q),
                    });
                }
            }
        }
        first = end;
    }
    Ok(())
}

/// Whether an edge line of one convex polygon has the other wholly on its
/// outer side (on the line counts, within rounding): then their insides
/// share no area; for two convex polygons, else they do.
fn separated(vertices: &[Point], a: &[u32], b: &[u32]) -> bool {
    let at = |v: u32| vertices[v as usize];
    let outside = |ring: &[u32], other: &[u32]| {
        (0..ring.len()).any(|i| {
            let (u, v) = (at(ring[i]), at(ring[(i + 1) % ring.len()]));
            let len = u.distance(v);
            other.iter().all(|&c| {
                let c = at(c);
                cross(u, v, c) <= 1e-9 * len * len.max(u.distance(c))
            })
        })
    };
    outside(a, b) || outside(b, a)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(v: &[[f64; 2]], polygons: &[&[u32]]) -> Result<(), MeshError> {
        let vertices: Vec<Point> = v.iter().map(|&p| p.into()).collect();
        let mut start = vec![0u32];
        let mut corners = Vec::new();
        for p in polygons {
            corners.extend_from_slice(p);
            start.push(corners.len() as u32);
        }
        check_overlaps(&vertices, &start, &corners)
    }

    #[test]
    fn touching_is_fine_overlapping_is_not() {
        // Unit squares at x = 0, 1 (an edge shared by value, not by index),
        // 2 (a vertex at (2, 1) only with the one below), and one at (0.5, 0.5).
        let v = [
            [0.0, 0.0],
            [1.0, 0.0],
            [1.0, 1.0],
            [0.0, 1.0], // 0..4
            [1.0, 0.0],
            [2.0, 0.0],
            [2.0, 1.0],
            [1.0, 1.0], // 4..8
            [2.0, 1.0],
            [3.0, 1.0],
            [3.0, 2.0],
            [2.0, 2.0], // 8..12
            [0.5, 0.5],
            [1.5, 0.5],
            [1.5, 1.5],
            [0.5, 1.5], // 12..16
        ];
        assert_eq!(
            check(&v, &[&[0, 1, 2, 3], &[4, 5, 6, 7], &[8, 9, 10, 11]]),
            Ok(())
        );
        assert_eq!(
            check(&v, &[&[0, 1, 2, 3], &[4, 5, 6, 7], &[12, 13, 14, 15]]),
            Err(MeshError::Overlap {
                first: 0,
                second: 2
            })
        );
        // One inside another, and two the same.
        let w = [
            [0.0, 0.0],
            [4.0, 0.0],
            [4.0, 4.0],
            [0.0, 4.0],
            [1.0, 1.0],
            [2.0, 1.0],
            [1.0, 2.0],
        ];
        assert!(check(&w, &[&[0, 1, 2, 3], &[4, 5, 6]]).is_err());
        assert!(check(&w, &[&[4, 5, 6], &[0, 1, 2, 3]]).is_err());
        assert!(check(&w, &[&[4, 5, 6], &[5, 6, 4]]).is_err());
    }
}
