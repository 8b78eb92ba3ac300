//! The simplest navigation mesh of a grid: one unit square per passable cell
//! ([`cell_mesh`]).
//!
//! Shared by the main crate's tests (`tests/common`) and the benchmarks
//! member (`#[path]`-included), on `pathseek`'s public API only.

use pathseek::{Cell, Cost, Grid};

/// Every passable cell as its unit square: cell `(x, y)` covers
/// `[x, x + 1] x [y, y + 1]` (`y` down, as in grid maps), and corners shared
/// by several squares are one vertex.
///
/// Returns the vertices (integer coordinates, row by row of corners) and the
/// polygons, one per passable cell in row-major order, each as four vertex
/// indices `(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)`: counter-clockwise
/// in the usual mathematical sense (positive signed area `sum x_i y_(i+1) -
/// x_(i+1) y_i`), which is clockwise as drawn on screen with `y` down. Two
/// squares share an edge exactly when their cells are side by side; two
/// squares whose cells touch only at a corner share that vertex and no
/// edge, so a mesh search cannot pass between two blocked cells that touch
/// at a corner (the GPPC 2023 any-angle rule).
///
/// Vertices used by no square are left out; an all-blocked grid gives two
/// empty lists.
pub fn cell_mesh<C: Cost>(grid: &Grid<C>) -> (Vec<[f64; 2]>, Vec<Vec<u32>>) {
    let (w, h) = (grid.width() as usize, grid.height() as usize);
    // The index of corner (x, y) once it is used, u32::MAX before.
    let mut index = vec![u32::MAX; (w + 1) * (h + 1)];
    let mut vertices = Vec::new();
    let mut polygons = Vec::with_capacity(grid.passable_count());
    for y in 0..h {
        for x in 0..w {
            if !grid.is_passable(Cell::new(x as u32, y as u32)) {
                continue;
            }
            let corners = [(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)];
            let polygon = corners
                .iter()
                .map(|&(cx, cy)| {
                    let slot = &mut index[cy * (w + 1) + cx];
                    if *slot == u32::MAX {
                        *slot = vertices.len() as u32;
                        vertices.push([cx as f64, cy as f64]);
                    }
                    *slot
                })
                .collect();
            polygons.push(polygon);
        }
    }
    (vertices, polygons)
}
