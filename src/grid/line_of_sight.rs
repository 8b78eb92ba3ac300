//! Line of sight: an exact supercover walk (a Bresenham-style walk that
//! visits every cell a segment touches) over the straight segment between two
//! cell centres.
//!
//! The walk is in integers: with `nx`, `ny` the column and row distances, the
//! segment leaves its current cell across a vertical grid line or a
//! horizontal one depending on the sign of `(2i + 1)·ny − (2j + 1)·nx` (`i`,
//! `j` the lines crossed so far), kept as a running sum. Zero means the
//! segment runs exactly through a grid corner: it then touches all four cells
//! around that corner, and they must all be passable, which is the grid's own
//! rule for a diagonal move ([`Grid`]'s move masks: a diagonal step needs both
//! orthogonal cells beside it). `nx·ny` is below the grid's cell count
//! (`u32::MAX` at most), so the sum fits an `i64` without overflow.

use super::{Cell, Grid};
use crate::cost::Cost;

impl<C: Cost> Grid<C> {
    /// Whether a unit at the centre of `from` can walk straight to the centre
    /// of `to`: every cell the closed segment between the two centres touches
    /// is passable.
    ///
    /// *Touches* includes corners. A segment that runs exactly through a grid
    /// corner needs all four cells around it passable: it never slips between
    /// two blocked cells that meet at a corner, nor grazes the corner of one
    /// blocked cell. That is the grid's rule for a diagonal move (no corner
    /// cutting), so between two neighbouring cells of an 8-connected grid
    /// this is `true` exactly when the grid has the move between them. On a
    /// 4-connected grid the same rule holds (the segments are any-angle,
    /// not moves): the cells a visible segment touches always link `from` to
    /// `to` by straight moves, so a unit that must keep to straight moves can
    /// follow it too.
    ///
    /// Symmetric (`line_of_sight(a, b) == line_of_sight(b, a)`); `true` for
    /// `from == to` when that cell is passable; `false` when `from` or `to`
    /// is blocked or outside the grid. Terrain weights play no part.
    ///
    /// # Complexity
    /// O(`|dx| + |dy|`) cells read, exact integer arithmetic, no allocation;
    /// it stops at the first blocked cell. Cheap enough to ask once per
    /// expanded successor (Theta*-style any-angle searches).
    ///
    /// # Example
    /// ```
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts};
    /// // . . . . .
    /// // . . . . .
    /// // . . @ . .
    /// let mut grid = Grid::new(5, 3, Connectivity::Eight, GridCosts::octile())?;
    /// grid.set_passable(Cell::new(2, 2), false)?;
    /// assert!(grid.line_of_sight(Cell::new(0, 0), Cell::new(4, 0))); // along the top row
    /// assert!(!grid.line_of_sight(Cell::new(0, 2), Cell::new(4, 2))); // through the wall
    /// assert!(grid.line_of_sight(Cell::new(0, 0), Cell::new(4, 1))); // above it
    /// // Through the wall's top left corner: refused, like the diagonal move.
    /// assert!(!grid.line_of_sight(Cell::new(1, 2), Cell::new(3, 0)));
    /// assert!(!grid.line_of_sight(Cell::new(1, 2), Cell::new(2, 1)));
    /// assert!(!grid.line_of_sight(Cell::new(0, 0), Cell::new(9, 9))); // off the grid
    /// # Ok::<(), pathseek::grid::GridError>(())
    /// ```
    #[inline]
    pub fn line_of_sight(&self, from: Cell, to: Cell) -> bool {
        if !self.in_bounds(from) || !self.in_bounds(to) {
            return false;
        }
        let passable = &self.passable;
        self.walk_segment(from, to, |p, _| passable[p])
    }

    /// Visits the cells the closed segment between the centres of `from` and
    /// `to` touches (both inside the grid), from `from` to `to`, as `ok(padded
    /// position, cell index)`, and stops at the first for which `ok` is
    /// `false`: returns whether every visited cell was `ok`. Where the segment
    /// runs through a grid corner the two cells beside it are visited before
    /// the diagonal one. Every visited cell lies in the rectangle spanned by
    /// `from` and `to`.
    #[inline(always)]
    pub(super) fn walk_segment(
        &self,
        from: Cell,
        to: Cell,
        mut ok: impl FnMut(usize, usize) -> bool,
    ) -> bool {
        debug_assert!(self.in_bounds(from) && self.in_bounds(to));
        let (Some(mut p), Some(mut t)) = (self.padded_index(from), self.cell_index(from)) else {
            return false;
        };
        if !ok(p, t) {
            return false;
        }
        // Column and row distances, and the step in padded positions and in
        // cell indices along each axis (the direction does not matter when
        // the distance is 0).
        let nx = i64::from(from.x.abs_diff(to.x));
        let ny = i64::from(from.y.abs_diff(to.y));
        let (stride, width) = (self.stride as isize, self.width as isize);
        let sx: isize = if to.x >= from.x { 1 } else { -1 };
        let (py, ty) = if to.y >= from.y {
            (stride, width)
        } else {
            (-stride, -width)
        };
        // (2i + 1)·ny − (2j + 1)·nx, with i vertical and j horizontal grid
        // lines crossed: below zero the next line crossed is vertical, above
        // zero horizontal, zero both at once (a corner).
        let mut decision = ny - nx;
        let mut left = nx + ny;
        while left > 0 {
            if decision < 0 {
                p = p.wrapping_add_signed(sx);
                t = t.wrapping_add_signed(sx);
                decision += 2 * ny;
                left -= 1;
            } else if decision > 0 {
                p = p.wrapping_add_signed(py);
                t = t.wrapping_add_signed(ty);
                decision -= 2 * nx;
                left -= 1;
            } else {
                // Through the corner: the cells on either side of it, then
                // the diagonal one.
                if !ok(p.wrapping_add_signed(sx), t.wrapping_add_signed(sx))
                    || !ok(p.wrapping_add_signed(py), t.wrapping_add_signed(ty))
                {
                    return false;
                }
                p = p.wrapping_add_signed(sx + py);
                t = t.wrapping_add_signed(sx + ty);
                decision += 2 * (ny - nx);
                left -= 2;
            }
            if !ok(p, t) {
                return false;
            }
        }
        true
    }
}
