//! Outlines (closed polygons) as points and segments for the triangulation.

use std::collections::HashMap;

use crate::navmesh::point::Point;
use crate::navmesh::MeshError;

/// The points and segments of `outlines`, each a closed ring (the last
/// point joins the first). A point shared by several rings is one point.
pub(crate) fn segments(
    outlines: &[impl AsRef<[Point]>],
) -> Result<(Vec<Point>, Vec<[usize; 2]>), MeshError> {
    let mut points = Vec::new();
    let mut index: HashMap<(u64, u64), usize> = HashMap::new();
    let mut segments = Vec::new();
    for (k, ring) in outlines.iter().enumerate() {
        let ring = ring.as_ref();
        let mut ids: Vec<usize> = Vec::with_capacity(ring.len());
        for (i, &p) in ring.iter().enumerate() {
            if !p.is_finite() {
                return Err(MeshError::NotFinite { vertex: i });
            }
            // -0.0 and 0.0 are one point.
            let key = ((p.x + 0.0).to_bits(), (p.y + 0.0).to_bits());
            let id = *index.entry(key).or_insert_with(|| {
                points.push(p);
                points.len() - 1
            });
            if ids.last() != Some(&id) {
                ids.push(id);
            }
        }
        while ids.len() > 1 && ids.first() == ids.last() {
            ids.pop();
        }
        let mut distinct = ids.clone();
        distinct.sort_unstable();
        distinct.dedup();
        if distinct.len() < 3 {
            return Err(MeshError::BadOutline { outline: k });
        }
        for i in 0..ids.len() {
            segments.push([ids[i], ids[(i + 1) % ids.len()]]);
        }
    }
    if segments.is_empty() {
        return Err(MeshError::Empty);
    }
    Ok((points, segments))
}
