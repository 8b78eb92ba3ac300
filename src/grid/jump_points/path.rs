//! Jump point paths: [`fill_path`] lists every cell of one.

use crate::grid::Cell;

/// The sign of `b - a`.
#[inline]
pub(super) fn toward(a: u32, b: u32) -> i32 {
    (i64::from(b) - i64::from(a)).signum() as i32
}

/// Every cell of a path given by its jump points, in order.
///
/// Consecutive jump points lie on one straight or diagonal line; the cells
/// between them are filled in. (Points that do not line up are joined by
/// diagonal steps, then straight ones.)
///
/// # Example
/// ```
/// use pathseek::Cell;
/// let cells = pathseek::jump_points::fill_path(&[Cell::new(0, 0), Cell::new(2, 2), Cell::new(2, 4)]);
/// assert_eq!(
///     cells,
///     [(0, 0), (1, 1), (2, 2), (2, 3), (2, 4)].map(Cell::from)
/// );
/// ```
pub fn fill_path(points: &[Cell]) -> Vec<Cell> {
    let mut cells = Vec::new();
    fill_path_into(points, &mut cells);
    cells
}

/// [`fill_path`] into `cells` (cleared first): allocates only if `cells` must grow.
///
/// # Example
/// ```
/// use pathseek::Cell;
/// let mut cells = Vec::with_capacity(16);
/// pathseek::jump_points::fill_path_into(&[Cell::new(3, 0), Cell::new(0, 0)], &mut cells);
/// assert_eq!(cells, [(3, 0), (2, 0), (1, 0), (0, 0)].map(Cell::from));
/// ```
pub fn fill_path_into(points: &[Cell], cells: &mut Vec<Cell>) {
    cells.clear();
    let Some((&first, rest)) = points.split_first() else {
        return;
    };
    cells.push(first);
    let mut at = first;
    for &next in rest {
        while at != next {
            at = Cell {
                x: at.x.wrapping_add_signed(toward(at.x, next.x)),
                y: at.y.wrapping_add_signed(toward(at.y, next.y)),
            };
            cells.push(at);
        }
    }
}
