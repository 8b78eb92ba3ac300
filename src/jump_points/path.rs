//! Jump point paths: [`fill_path`] lists every cell of one, [`path_cost`]
//! checks one against the grid.

use crate::cost::Cost;
use crate::graph::Graph;
use crate::grid::{Cell, Grid};

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

/// The corners of a path given by its jump points: the points, with, where
/// two consecutive points do not line up, the cell where the diagonal moves
/// between them turn straight ([`fill_path`]'s route, by its corners only).
/// A line through these cells' centres follows the path exactly, where one
/// through the jump points would cut across walls (the edges of
/// [`BlockJumpPoints`](super::BlockJumpPoints) bend once): for drawing a path
/// or a jump ([`debug_view`](crate::debug_view)).
///
/// # Example
/// ```
/// use pathseek::Cell;
/// use pathseek::jump_points::corner_path;
/// // Two diagonal steps, then four straight ones: the bend at (2, 2).
/// let corners = corner_path(&[Cell::new(0, 0), Cell::new(2, 6)]);
/// assert_eq!(corners, [Cell::new(0, 0), Cell::new(2, 2), Cell::new(2, 6)]);
/// // Points on one line stay as they are.
/// assert_eq!(corner_path(&[Cell::new(5, 1), Cell::new(1, 1)]), [Cell::new(5, 1), Cell::new(1, 1)]);
/// ```
pub fn corner_path(points: &[Cell]) -> Vec<Cell> {
    let mut corners = Vec::with_capacity(points.len());
    let Some((&first, rest)) = points.split_first() else {
        return corners;
    };
    corners.push(first);
    let mut at = first;
    for &next in rest {
        let (dx, dy) = (at.x.abs_diff(next.x), at.y.abs_diff(next.y));
        let diagonal = dx.min(dy);
        if diagonal > 0 && dx != dy {
            // `diagonal` is at most the distance to `next` on both axes, so
            // neither step leaves the range between `at` and `next`.
            let step = |a: u32, b: u32| if b > a { a + diagonal } else { a - diagonal };
            corners.push(Cell {
                x: step(at.x, next.x),
                y: step(at.y, next.y),
            });
        }
        corners.push(next);
        at = next;
    }
    corners
}

/// The cost of walking a path given by its jump points on `grid`, checking
/// every cell along it; `None` if it is not a valid path of the grid.
///
/// This is the check for the paths of [`JumpPoints`](super::JumpPoints),
/// [`BlockJumpPoints`](super::BlockJumpPoints) and
/// [`PrecomputedJumps`](super::PrecomputedJumps). Their edges are rays whose
/// existence depends on the search (its goal, the direction of arrival), so
/// [`graph::path_cost`](crate::graph::path_cost) over those graphs, which
/// checks each step against their [`successors`](crate::Graph::successors)
/// (the grid's single moves), returns `None` for their paths.
///
/// The path is valid when its first point is a passable cell of `grid`,
/// consecutive points differ, and between consecutive points the cells
/// [`fill_path`] lists (diagonal moves, then straight ones: the shape of
/// every jump point edge) are moves of the grid: each cell passable, no
/// corner cut. The cost is the sum of those moves' costs, what the jump
/// point graphs charge for the edge (for float costs, up to rounding: the
/// graphs multiply a move's cost by the run's length). An empty path or a
/// single point costs zero; `None` also when the sum overflows.
///
/// Check against the grid as it is now: a path found before an edit (and
/// before [`PrecomputedJumps`](super::PrecomputedJumps)'s [`sync`](crate::graph::FollowMap::sync)) is
/// checked against the edited map.
///
/// # Complexity
/// O(cells along the path), eight move checks per cell; no allocation.
///
/// # Example
/// ```
/// use pathseek::{Cell, Connectivity, Grid, GridCosts};
/// use pathseek::jump_points::{self, JumpPoints};
///
/// let mut grid = Grid::new(9, 6, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
/// for y in 0..5 {
///     grid.set_passable(Cell::new(4, y), false).unwrap(); // a wall, open at the bottom
/// }
/// let (start, goal) = (Cell::new(0, 0), Cell::new(8, 0));
/// let jps = JumpPoints::new(&grid).unwrap();
/// let path = pathseek::astar(&jps, start, goal, grid.heuristic(goal)).into_path().unwrap();
/// assert_eq!(jump_points::path_cost(&grid, &path.nodes), Some(path.cost));
/// // Its steps are rays, not single moves:
/// assert_eq!(pathseek::graph::path_cost(&jps, &path.nodes), None);
/// // Straight through the wall is not a path.
/// assert_eq!(jump_points::path_cost(&grid, &[start, goal]), None);
/// ```
pub fn path_cost<C: Cost>(grid: &Grid<C>, points: &[Cell]) -> Option<C> {
    let mut total = C::zero();
    let Some((&first, rest)) = points.split_first() else {
        return Some(total);
    };
    if !grid.contains(first) {
        return None;
    }
    let mut at = first;
    for &next in rest {
        if next == at {
            return None;
        }
        while at != next {
            let step = Cell {
                x: at.x.wrapping_add_signed(toward(at.x, next.x)),
                y: at.y.wrapping_add_signed(toward(at.y, next.y)),
            };
            total = total.checked_add_valid(grid.step_cost(at, step)?)?;
            at = step;
        }
    }
    Some(total)
}
