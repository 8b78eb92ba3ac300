//! A grid map's free space as outline segments: every run of cell edges
//! between a free cell and a blocked one (or the map's edge).

use crate::cost::Cost;
use crate::grid::{Cell, Grid};
use crate::navmesh::mesh::NONE;
use crate::navmesh::point::Point;
use crate::navmesh::MeshError;

/// The outline of `grid`'s free cells: points at cell corners (cell
/// `(x, y)` is the square `[x, x + 1] x [y, y + 1]`) and the segments
/// between them, each a maximal straight run of edges between a free and a
/// blocked cell with the free side on the same hand. A run ends where
/// another one meets it, so no point lies inside a segment.
pub(crate) fn outline<C: Cost>(grid: &Grid<C>) -> Result<(Vec<Point>, Vec<[usize; 2]>), MeshError> {
    let (w, h) = (grid.width(), grid.height());
    let corners = (u64::from(w) + 1) * (u64::from(h) + 1);
    if corners >= u64::from(NONE / 2) {
        return Err(MeshError::MapTooLarge);
    }
    let free = |x: i64, y: i64| {
        x >= 0
            && y >= 0
            && x < i64::from(w)
            && y < i64::from(h)
            && grid.is_passable(Cell::new(x as u32, y as u32))
    };
    let mut id = vec![NONE; corners as usize];
    let mut points = Vec::new();
    let mut segments = Vec::new();
    let mut point = |x: u32, y: u32, points: &mut Vec<Point>| -> usize {
        let k = y as usize * (w as usize + 1) + x as usize;
        if id[k] == NONE {
            id[k] = points.len() as u32;
            points.push(Point::new(f64::from(x), f64::from(y)));
        }
        id[k] as usize
    };
    // Horizontal lines: the edge under cell (x, y - 1) and over (x, y).
    for y in 0..=h {
        let mut run: Option<(u32, bool)> = None;
        for x in 0..=w {
            let edge = (x < w)
                .then(|| {
                    let (above, below) = (
                        free(i64::from(x), i64::from(y) - 1),
                        free(i64::from(x), i64::from(y)),
                    );
                    (above != below).then_some(below)
                })
                .flatten();
            if let Some((from, side)) = run
                && edge != Some(side)
            {
                let a = point(from, y, &mut points);
                let b = point(x, y, &mut points);
                segments.push([a, b]);
                run = None;
            }
            if run.is_none() {
                run = edge.map(|side| (x, side));
            }
        }
    }
    // Vertical lines: the edge right of cell (x - 1, y) and left of (x, y).
    for x in 0..=w {
        let mut run: Option<(u32, bool)> = None;
        for y in 0..=h {
            let edge = (y < h)
                .then(|| {
                    let (left, right) = (
                        free(i64::from(x) - 1, i64::from(y)),
                        free(i64::from(x), i64::from(y)),
                    );
                    (left != right).then_some(right)
                })
                .flatten();
            if let Some((from, side)) = run
                && edge != Some(side)
            {
                let a = point(x, from, &mut points);
                let b = point(x, y, &mut points);
                segments.push([a, b]);
                run = None;
            }
            if run.is_none() {
                run = edge.map(|side| (y, side));
            }
        }
    }
    Ok((points, segments))
}
