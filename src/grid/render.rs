//! Drawing a [`Grid`] (and a path on it) as text.

use super::{Cell, Grid};
use crate::cost::Cost;

impl<C: Cost> Grid<C> {
    /// Draws the grid as text, one line per row (each ending in `\n`): `.`
    /// passable, `@` blocked, `*` a cell of `path`, `S` its first and `G` its last
    /// cell (a one-cell path shows `S`). Path cells outside the grid are ignored.
    ///
    /// # Example
    /// ```
    /// use pathseek::grid::{Cell, Connectivity, Grid, GridCosts};
    /// let grid = Grid::from_fn(4, 2, Connectivity::Four, GridCosts::new(1u32, 1), |c| c != Cell::new(1, 0))?;
    /// let path = [Cell::new(0, 0), Cell::new(0, 1), Cell::new(1, 1), Cell::new(2, 1)];
    /// assert_eq!(grid.render(&path), "S@..\n**G.\n");
    /// # Ok::<(), pathseek::grid::GridError>(())
    /// ```
    pub fn render(&self, path: &[Cell]) -> String {
        let w = self.width as usize;
        let line = w + 1;
        let mut canvas = Vec::with_capacity(line * self.height as usize);
        for y in 0..self.height {
            let row = (y as usize + 1) * self.stride + 1;
            canvas.extend(
                self.passable[row..row + w]
                    .iter()
                    .map(|&open| if open { b'.' } else { b'@' }),
            );
            canvas.push(b'\n');
        }
        let mut mark = |cell: Cell, ch: u8| {
            if self.in_bounds(cell) {
                canvas[cell.y as usize * line + cell.x as usize] = ch;
            }
        };
        for &cell in path {
            mark(cell, b'*');
        }
        if let Some(&last) = path.last() {
            mark(last, b'G');
        }
        if let Some(&first) = path.first() {
            mark(first, b'S');
        }
        // Only ASCII bytes were written.
        String::from_utf8_lossy(&canvas).into_owned()
    }
}
