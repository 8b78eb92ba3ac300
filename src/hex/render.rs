//! Drawing a [`HexGrid`] (and a path on it) as text.

use super::{Hex, HexGrid};
use crate::cost::Cost;

/// The tile character of a passable hexagon of weight `weight` in the hex
/// text format: `.` for one, the digit for a whole weight 0 or 2 to 9;
/// `None` for any other weight.
pub(crate) fn weight_tile<C: Cost>(weight: C) -> Option<u8> {
    if weight == C::one() {
        return Some(b'.');
    }
    (0..=9u8)
        .find(|&d| C::from_count(u64::from(d)) == weight)
        .map(|d| b'0' + d)
}

impl<C: Cost> HexGrid<C> {
    /// Draws the map as text, one line per row (each ending in `\n`), the
    /// hexagons of a row separated by spaces and every odd row shifted one
    /// column to the right, as the odd-r layout places them. Passable
    /// hexagons are `.` (weight one), their terrain digit (whole weights 0,
    /// 2 to 9) or `~` (any other weight); blocked ones `@`; `*` marks a
    /// hexagon of `path`, `S` its first and `G` its last. Path hexagons off
    /// the map are ignored.
    ///
    /// # Example
    /// ```
    /// use pathseek::hex::{Hex, HexGrid};
    /// let mut grid = HexGrid::from_fn(3, 2, 1u32, |h| h != Hex::new(1, 0))?;
    /// grid.set_terrain(Hex::new(2, 1), 3)?;
    /// let path = [Hex::new(0, 0), Hex::new(0, 1), Hex::new(1, 1)];
    /// assert_eq!(grid.render(&path), "S @ .\n * G 3\n");
    /// # Ok::<(), pathseek::hex::HexError>(())
    /// ```
    pub fn render(&self, path: &[Hex]) -> String {
        let w = self.width as usize;
        // Row `row` is an optional indent, then `w` tiles and `w - 1` spaces.
        let line = 2 * w + 1;
        let mut canvas = vec![b' '; line * self.height as usize];
        for (i, &open) in self.passable.iter().enumerate() {
            let tile = if !open {
                b'@'
            } else {
                let weight = self.terrain.as_ref().map_or(C::one(), |t| t[i]);
                weight_tile(weight).unwrap_or(b'~')
            };
            canvas[self.canvas_at(i, line)] = tile;
        }
        for row in 0..self.height as usize {
            canvas[row * line + line - 1] = b'\n';
        }
        let mut mark = |hex: Hex, ch: u8| {
            if let Some(i) = self.hex_index(hex) {
                canvas[self.canvas_at(i, line)] = ch;
            }
        };
        for &hex in path {
            mark(hex, b'*');
        }
        if let Some(&last) = path.last() {
            mark(last, b'G');
        }
        if let Some(&first) = path.first() {
            mark(first, b'S');
        }
        // Trailing spaces of even rows go.
        let text = String::from_utf8_lossy(&canvas);
        text.lines()
            .map(|l| format!("{}\n", l.trim_end()))
            .collect()
    }

    /// Where hexagon `i` is drawn on a canvas of lines `line` bytes long.
    fn canvas_at(&self, i: usize, line: usize) -> usize {
        let w = self.width as usize;
        let (col, row) = (i % w, i / w);
        row * line + (row & 1) + 2 * col
    }
}
