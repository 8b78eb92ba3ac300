//! The inside of a set of outlines as triangles: a constrained Delaunay
//! triangulation (the `spade` crate) of the outline segments, each triangle
//! kept when an odd number of outlines lie between it and the outside.

use std::collections::VecDeque;

use spade::handles::FixedFaceHandle;
use spade::{ConstrainedDelaunayTriangulation, Point2, Triangulation};

use crate::navmesh::point::{check_coordinate_range, cross, Point};
use crate::navmesh::MeshError;

/// The triangles inside `segments` (pairs of indices into `points`, which
/// hold no point twice and no point in the middle of a segment), as
/// corner triples of positive area.
///
/// Inside is decided by crossings: the triangulation's outside is out, and
/// each segment crossed turns out into in and back (the even-odd rule).
pub(crate) fn triangulate(
    points: &[Point],
    segments: Vec<[usize; 2]>,
) -> Result<Vec<[u32; 3]>, MeshError> {
    // The range the mesh takes is the triangulation's: checked by the one
    // check of every mesh (spade's own check stays as the last word).
    check_coordinate_range(points)?;
    let vertices: Vec<Point2<f64>> = points.iter().map(|p| Point2::new(p.x, p.y)).collect();
    let mut crossed = false;
    let cdt: ConstrainedDelaunayTriangulation<Point2<f64>> =
        ConstrainedDelaunayTriangulation::try_bulk_load_cdt(vertices, segments, |_| crossed = true)
            .map_err(|_| MeshError::CoordinateRange)?;
    if crossed || cdt.num_vertices() != points.len() {
        return Err(MeshError::OutlinesCross);
    }
    // Breadth first from the faces next to the outside, flipping at segments.
    let mut inside: Vec<Option<bool>> = vec![None; cdt.num_all_faces()];
    let mut queue: VecDeque<FixedFaceHandle<spade::handles::InnerTag>> = VecDeque::new();
    for face in cdt.inner_faces() {
        for edge in face.adjacent_edges() {
            if edge.rev().face().is_outer() {
                let here = edge.is_constraint_edge();
                let slot = &mut inside[face.fix().index()];
                if slot.is_none() {
                    *slot = Some(here);
                    queue.push_back(face.fix());
                }
            }
        }
    }
    while let Some(f) = queue.pop_front() {
        let face = cdt.face(f);
        let here = inside[f.index()].unwrap_or(false);
        for edge in face.adjacent_edges() {
            let Some(other) = edge.rev().face().as_inner() else {
                continue;
            };
            let slot = &mut inside[other.fix().index()];
            if slot.is_none() {
                *slot = Some(here ^ edge.is_constraint_edge());
                queue.push_back(other.fix());
            }
        }
    }
    let mut triangles = Vec::new();
    for face in cdt.inner_faces() {
        if inside[face.fix().index()] != Some(true) {
            continue;
        }
        let [a, b, c] = face.vertices().map(|v| v.fix().index() as u32);
        let (pa, pb, pc) = (points[a as usize], points[b as usize], points[c as usize]);
        match cross(pa, pb, pc) {
            t if t > 0.0 => triangles.push([a, b, c]),
            t if t < 0.0 => triangles.push([a, c, b]),
            _ => {} // no area: nothing to walk on
        }
    }
    Ok(triangles)
}
