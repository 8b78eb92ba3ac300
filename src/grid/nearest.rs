//! The passable cell nearest to a target that passes a test: searched ring by
//! ring outward from the target, stopping as soon as no nearer cell can exist.

use super::{Cell, Grid, GridHeuristic};
use crate::cost::Cost;

impl<C: Cost> Grid<C> {
    /// The passable cell nearest to `target` for which `accept` is true, or
    /// `None` if there is none: the fallback goal for a target that is blocked
    /// or cannot be reached (`accept`: "is reachable from the unit", for
    /// instance "is in the start's connected component").
    ///
    /// *Nearest* is by the grid's own heuristic distance to `target`
    /// ([`Grid::heuristic`]: octile, Manhattan or Chebyshev, scaled as the
    /// grid's costs are). Ties go to the smaller `y`, then the smaller `x`, so
    /// the answer is the same whatever the search order. `target` itself counts
    /// when it is passable and accepted; a `target` outside the grid gives
    /// `None`.
    ///
    /// # Complexity
    /// Cells are visited in square rings of growing Chebyshev radius around
    /// `target`; after each ring the search stops if the smallest distance a
    /// cell of the next ring can have exceeds the best found. So the cost is
    /// O(R²) tests, R the radius of the answer's ring (times a small factor
    /// when diagonal moves are dearer than straight ones), and the whole grid
    /// when nothing is accepted.
    ///
    /// # Example
    /// ```
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts};
    /// let mut grid = Grid::new(9, 9, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
    /// // A walled-in 3 x 3 block around (4, 4).
    /// for y in 3..6 {
    ///     for x in 3..6 {
    ///         grid.set_passable(Cell::new(x, y), false).unwrap();
    ///     }
    /// }
    /// let nearest = grid.nearest_cell(Cell::new(4, 4), |_| true);
    /// assert_eq!(nearest, Some(Cell::new(4, 2))); // distance 4; (2, 4) ties, (4, 2) has the smaller y
    /// // Only cells left of x = 3 count: (2, 4), straight left.
    /// assert_eq!(grid.nearest_cell(Cell::new(4, 4), |c| c.x < 3), Some(Cell::new(2, 4)));
    /// assert_eq!(grid.nearest_cell(Cell::new(4, 4), |_| false), None);
    /// ```
    pub fn nearest_cell(&self, target: Cell, mut accept: impl FnMut(Cell) -> bool) -> Option<Cell> {
        let (w, h) = (i64::from(self.width()), i64::from(self.height()));
        if target.x >= self.width() || target.y >= self.height() {
            return None;
        }
        let estimate = GridHeuristic::new(self, target);
        let (tx, ty) = (i64::from(target.x), i64::from(target.y));
        // The largest ring that still touches the grid.
        let max_r = (tx.max(w - 1 - tx)).max(ty.max(h - 1 - ty)).max(0);
        let mut best: Option<(C, Cell)> = None;
        let mut consider = |x: i64, y: i64, best: &mut Option<(C, Cell)>| {
            if x < 0 || y < 0 || x >= w || y >= h {
                return;
            }
            let cell = Cell::new(x as u32, y as u32);
            if !self.is_passable(cell) {
                return;
            }
            let d = estimate.estimate(cell);
            let better = match best {
                None => true,
                Some((bd, bc)) => d < *bd || (d == *bd && (cell.y, cell.x) < (bc.y, bc.x)),
            };
            if better && accept(cell) {
                *best = Some((d, cell));
            }
        };
        for r in 0..=max_r {
            if let Some((bd, _)) = best
                && ring_lower_bound(&estimate, target, r) > bd
            {
                break;
            }
            if r == 0 {
                consider(tx, ty, &mut best);
                continue;
            }
            // The ring's top and bottom rows, then its left and right columns
            // (without the corners again), each clipped to the grid.
            for x in (tx - r).max(0)..=(tx + r).min(w - 1) {
                consider(x, ty - r, &mut best);
                consider(x, ty + r, &mut best);
            }
            for y in (ty - r + 1).max(0)..=(ty + r - 1).min(h - 1) {
                consider(tx - r, y, &mut best);
                consider(tx + r, y, &mut best);
            }
        }
        best.map(|(_, cell)| cell)
    }
}

/// The smallest distance to `target` a cell at Chebyshev radius `r` can have:
/// the grid distances are symmetric in the signs of the offsets and grow with
/// each offset, so the minimum over the ring is at offset `(r, k)` for the
/// best `k` in `0..=r`; for the three kinds that is `k = 0` or `k = r`.
fn ring_lower_bound<C: Cost>(estimate: &GridHeuristic<C>, target: Cell, r: i64) -> C {
    // `target` and `r` stay within the grid's size, so neither overflows.
    let r = u32::try_from(r).unwrap_or(u32::MAX);
    let x = target.x.saturating_add(r);
    let y = target.y.saturating_add(r);
    let straight = estimate.estimate(Cell::new(x, target.y));
    let diagonal = estimate.estimate(Cell::new(x, y));
    if diagonal < straight {
        diagonal
    } else {
        straight
    }
}
