//! String pulling: a grid path cut down to the cells where it turns, each
//! kept cell in [line of sight](Grid::line_of_sight) of the next, chosen
//! greedily from the start.
//!
//! From each kept cell the walk goes on along the path as long as the kept
//! cell still sees the next cell of the path, and keeps the last cell it
//! saw. Every segment between kept cells is then straight and clear, and
//! replaces a stretch of the path it spans, so by the triangle inequality
//! the smoothed path is never longer (Euclidean, between cell centres) than
//! the path it came from. Greedy is not shortest: an any-angle search
//! (Theta*) can do better; this only straightens the path it is given.

use super::{Cell, Grid, PathError};
use crate::cost::Cost;

/// Smooths `path` by string pulling: writes into `out` (cleared first) the
/// cells of `path` where the straightened path turns, `path`'s first and
/// last cells included, and returns the Euclidean length of the result (in
/// cells, between cell centres: [`euclidean_length`]).
///
/// `path` must be a walk of `grid` ([`PathError`]: not empty, each cell
/// passable, each step a move of the grid), such as a search's path. From
/// each kept cell `a`, the cells after it are taken while `a` still sees
/// the next one ([`Grid::line_of_sight`]); the last one seen is kept. So
/// every consecutive pair of `out` has line of sight, and the result is
/// never longer than `path` ([`euclidean_length`]). A cell met again (a
/// path that loops) is not kept twice in a row.
///
/// **Terrain.** On a grid with terrain weights ([`Grid::set_terrain`]) a
/// straight segment could cross cells the path went round, so a stretch is
/// straightened only when every cell the segment touches and every cell of
/// the stretch it replaces have the weight of the cell it starts from. A
/// step between different weights stays as it is. So for the cost
/// of a polyline as the grid counts moves, each segment's length times the
/// weight of the cell it ends in ([`weighted_length`]), the result never
/// costs more than `path`; without terrain that is the Euclidean length.
///
/// # Complexity
/// `path`'s check is O(n). A kept segment spanning `m` path steps cost `m`
/// line-of-sight tests of at most `2m` cells each, so the whole is
/// O(Σ m²) ≤ O(n²) cell reads for an `n`-cell path (the worst case is one
/// long straight line); no allocation beyond `out`'s growth.
///
/// # Example
/// ```
/// use pathseek::grid::{euclidean_length, smooth_path};
/// use pathseek::{Cell, Connectivity, Grid, GridCosts};
/// let grid = Grid::new(8, 4, Connectivity::Eight, GridCosts::octile())?;
/// let goal = Cell::new(7, 3);
/// let path = pathseek::astar(&grid, Cell::new(0, 0), goal, grid.heuristic(goal))
///     .into_path()
///     .unwrap()
///     .nodes;
/// let mut smooth = Vec::new();
/// let length = smooth_path(&grid, &path, &mut smooth)?;
/// // An open field: one straight segment, shorter than the octile path.
/// assert_eq!(smooth, [Cell::new(0, 0), goal]);
/// assert_eq!(length, 58f64.sqrt());
/// assert!(length < euclidean_length(&path)); // 4 + 3 √2
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn smooth_path<C: Cost>(
    grid: &Grid<C>,
    path: &[Cell],
    out: &mut Vec<Cell>,
) -> Result<f64, PathError> {
    out.clear();
    grid.check_cell_path(path)?;
    let n = path.len();
    out.push(path[0]);
    let mut i = 0;
    while i + 1 < n {
        let mut j = i + 1;
        while j + 1 < n && grid.pulls_over(path[i], path[j], path[j + 1]) {
            j += 1;
        }
        if out.last() != Some(&path[j]) {
            out.push(path[j]);
        }
        i = j;
    }
    Ok(euclidean_length(out))
}

impl<C: Cost> Grid<C> {
    /// Whether the stretch of path from `from` over `over` (the path's cell
    /// before `to`) to `to` may become the straight segment `from`–`to`:
    /// [`line_of_sight`](Grid::line_of_sight), and with terrain `over` and
    /// every cell the segment touches of `from`'s weight.
    #[inline]
    fn pulls_over(&self, from: Cell, over: Cell, to: Cell) -> bool {
        let passable = &self.passable;
        match &self.terrain {
            None => self.walk_segment(from, to, |p, _| passable[p]),
            Some(terrain) => {
                let (Some(f), Some(o)) = (self.cell_index(from), self.cell_index(over)) else {
                    return false;
                };
                let w = terrain[f];
                terrain[o] == w
                    && self.walk_segment(from, to, |p, t| passable[p] && terrain[t] == w)
            }
        }
    }
}

/// The Euclidean length of `path` in cells: the sum of the straight
/// distances between consecutive cell centres (`√(dx² + dy²)` each), in
/// `f64`. Zero for fewer than two cells.
///
/// # Example
/// ```
/// use pathseek::grid::euclidean_length;
/// use pathseek::Cell;
/// let path = [Cell::new(0, 0), Cell::new(3, 4), Cell::new(3, 6)];
/// assert_eq!(euclidean_length(&path), 7.0);
/// assert_eq!(euclidean_length(&path[..1]), 0.0);
/// ```
pub fn euclidean_length(path: &[Cell]) -> f64 {
    path.windows(2).map(|w| distance(w[0], w[1])).sum()
}

/// The length of `path` with terrain, in cells: each segment's Euclidean
/// length times the [terrain weight](Grid::terrain) of the cell it ends in
/// (as a multiple of weight one), summed in `f64`.
///
/// For a path of moves that is the grid's own cost model with straight and
/// diagonal costs `1` and `√2` (entering a cell costs the move times its
/// weight); for the segments [`smooth_path`] makes, all of whose cells
/// share one weight, it is that weight times the length. It does not look
/// at the cells a longer segment crosses: for a segment over mixed terrain
/// it is an approximation. Without terrain it is [`euclidean_length`].
///
/// # Example
/// ```
/// use pathseek::grid::weighted_length;
/// use pathseek::{Cell, Connectivity, Grid, GridCosts};
/// let mut grid = Grid::new(3, 1, Connectivity::Four, GridCosts::float_octile())?;
/// grid.set_terrain(Cell::new(2, 0), 3.0)?;
/// let path = [Cell::new(0, 0), Cell::new(1, 0), Cell::new(2, 0)];
/// assert_eq!(weighted_length(&grid, &path), 1.0 + 3.0);
/// # Ok::<(), pathseek::grid::GridError>(())
/// ```
pub fn weighted_length<C: Cost>(grid: &Grid<C>, path: &[Cell]) -> f64 {
    if !grid.has_terrain() {
        return euclidean_length(path);
    }
    let one = C::one().as_f64();
    path.windows(2)
        .map(|w| distance(w[0], w[1]) * (grid.terrain(w[1]).as_f64() / one))
        .sum()
}

/// The distance between the centres of `a` and `b`.
#[inline]
fn distance(a: Cell, b: Cell) -> f64 {
    let dx = f64::from(a.x.abs_diff(b.x));
    let dy = f64::from(a.y.abs_diff(b.y));
    (dx * dx + dy * dy).sqrt()
}
