//! A reference for line of sight on grids, independent of the library's
//! walk: the cells a segment between two cell centres touches, found by
//! testing every cell of the grid with exact integer geometry.

use pathseek::{Cell, Cost, Grid};

/// Whether the closed segment between the centres of `a` and `b` meets the
/// closed unit square of `cell`. In doubled coordinates the centres are odd
/// integers and the square is `[2x, 2x + 2] × [2y, 2y + 2]`; a segment and a
/// box are disjoint exactly when one of three axes separates them: the two
/// box axes (the bounding boxes do not overlap) or the segment's normal (all
/// four box corners strictly on one side of its line).
pub fn touches(a: Cell, b: Cell, cell: Cell) -> bool {
    let d = |v: u32| 2 * i64::from(v) + 1;
    let (ax, ay, bx, by) = (d(a.x), d(a.y), d(b.x), d(b.y));
    let (x0, y0) = (2 * i64::from(cell.x), 2 * i64::from(cell.y));
    let (x1, y1) = (x0 + 2, y0 + 2);
    if ax.max(bx) < x0 || ax.min(bx) > x1 || ay.max(by) < y0 || ay.min(by) > y1 {
        return false;
    }
    let side = |x: i64, y: i64| (bx - ax) * (y - ay) - (by - ay) * (x - ax);
    let corners = [side(x0, y0), side(x1, y0), side(x0, y1), side(x1, y1)];
    !(corners.iter().all(|&s| s > 0) || corners.iter().all(|&s| s < 0))
}

/// Every cell of `grid` the segment between the centres of `a` and `b`
/// touches, by a scan of the whole grid.
pub fn touched<C: Cost>(grid: &Grid<C>, a: Cell, b: Cell) -> Vec<Cell> {
    let mut cells = Vec::new();
    for y in 0..grid.height() {
        for x in 0..grid.width() {
            if touches(a, b, Cell::new(x, y)) {
                cells.push(Cell::new(x, y));
            }
        }
    }
    cells
}

/// The reference line of sight: both ends on the grid and every cell the
/// segment touches passable.
pub fn reference<C: Cost>(grid: &Grid<C>, a: Cell, b: Cell) -> bool {
    grid.in_bounds(a)
        && grid.in_bounds(b)
        && touched(grid, a, b).iter().all(|&c| grid.is_passable(c))
}
