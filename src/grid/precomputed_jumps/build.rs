//! Building and updating the jump tables of [`PrecomputedJumps`].

use super::{dir_index, move_bit, PrecomputedJumps};
use crate::cost::Cost;
use crate::grid::{Cell, Grid, STEPS};

impl<C: Cost> PrecomputedJumps<C> {
    /// Brings the graph up to date after the passability of `cell` changed in
    /// `grid` (the grid it was built from, edited since). Call it once per
    /// changed cell, after the edits, in any order; a cell whose passability
    /// did not change costs a few look-ups and changes nothing.
    ///
    /// Cost: proportional to the number of entries that change (straight ones
    /// only in the three rows and three columns through `cell`, diagonal ones
    /// along the diagonals that lead into them), plus a few look-ups per cell
    /// round `cell`; see the module docs. Not a rebuild. It allocates two
    /// small lists of the cells it changed.
    ///
    /// # Panics
    /// If `grid` has another width or height than the graph, or `cell` lies
    /// outside it.
    ///
    /// # Example
    /// ```
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts};
    /// use pathseek::grid::PrecomputedJumps;
    /// let mut grid = Grid::new(9, 9, Connectivity::Eight, GridCosts::<u32>::exact_octile()).unwrap();
    /// let mut jps = PrecomputedJumps::new(&grid).unwrap();
    /// let (start, goal) = (Cell::new(0, 4), Cell::new(8, 4));
    /// for y in 0..8 {
    ///     grid.set_passable(Cell::new(4, y), false).unwrap();
    ///     jps.update(&grid, Cell::new(4, y));
    /// }
    /// let found = pathseek::astar(&jps, start, goal, grid.heuristic(goal));
    /// let plain = pathseek::astar(&grid, start, goal, grid.heuristic(goal));
    /// assert_eq!(found.found().map(|p| p.cost), plain.found().map(|p| p.cost));
    /// ```
    pub fn update(&mut self, grid: &Grid<C>, cell: Cell) {
        assert!(
            grid.width as usize == self.width && grid.height as usize == self.height,
            "PrecomputedJumps::update: the grid is {} x {}, the graph {} x {}",
            grid.width,
            grid.height,
            self.width,
            self.height
        );
        assert!(
            grid.in_bounds(cell),
            "PrecomputedJumps::update: {cell:?} is outside the grid"
        );
        let (cx, cy) = (cell.x as usize, cell.y as usize);
        let (masks, _) = grid.move_masks();
        // The masks of the 3 x 3 cells round `cell` (padded: always inside);
        // only they can have changed.
        for py in cy..cy + 3 {
            for px in cx..cx + 3 {
                let p = py * self.stride + px;
                self.masks[p] = masks[p];
                self.passable[p] = grid.passable[p];
            }
        }
        // The cells whose masks may have changed.
        let mut around = Vec::with_capacity(9);
        for y in cy.saturating_sub(1)..(cy + 2).min(self.height) {
            for x in cx.saturating_sub(1)..(cx + 2).min(self.width) {
                around.push((x, y));
            }
        }
        // Straight entries read the cell's mask and the next cell's mask and
        // entry: the seeds are those cells and the cells one step before them.
        let mut touched = Vec::new();
        let mut seeds = Vec::with_capacity(18);
        for (d, &(dx, dy)) in STEPS.iter().enumerate().take(4) {
            seeds.clear();
            seeds.extend_from_slice(&around);
            seeds.extend(around.iter().filter_map(|&(x, y)| self.back(x, y, dx, dy)));
            self.walk_seeds(d, &mut seeds, &mut touched);
        }
        // Diagonal entries read the cell's mask and the next cell's straight
        // and diagonal entries: the seeds are the cells round `cell` and the
        // cells one step before a changed straight entry.
        let mut diagonal_touched = Vec::new();
        for (d, &(dx, dy)) in STEPS.iter().enumerate().skip(4) {
            seeds.clear();
            seeds.extend_from_slice(&around);
            seeds.extend(touched.iter().filter_map(|&(x, y)| self.back(x, y, dx, dy)));
            self.walk_seeds(d, &mut seeds, &mut diagonal_touched);
        }
    }

    /// The cell one step before `(x, y)` in direction `(dx, dy)`, if inside.
    #[inline]
    fn back(&self, x: usize, y: usize, dx: i32, dy: i32) -> Option<(usize, usize)> {
        let px = x
            .checked_add_signed(-dx as isize)
            .filter(|&v| v < self.width)?;
        let py = y
            .checked_add_signed(-dy as isize)
            .filter(|&v| v < self.height)?;
        Some((px, py))
    }

    /// Recomputes the entries of direction `d` at `seeds` and, from each, at
    /// the cells before it along the direction while entries change (each
    /// reads only the entry one step ahead, beyond its own inputs). Seeds are
    /// taken furthest along the direction first, so that every entry is
    /// computed from a current one. Pushes every changed cell on `touched`.
    fn walk_seeds(
        &mut self,
        d: usize,
        seeds: &mut Vec<(usize, usize)>,
        touched: &mut Vec<(usize, usize)>,
    ) {
        let (dx, dy) = STEPS[d];
        let key = |&(x, y): &(usize, usize)| -(dx as isize * x as isize + dy as isize * y as isize);
        seeds.sort_unstable_by_key(|c| (key(c), *c));
        seeds.dedup();
        for &seed in seeds.iter() {
            let mut q = Some(seed);
            while let Some((x, y)) = q {
                if !self.set_entry(d, x, y) {
                    break;
                }
                touched.push((x, y));
                q = self.back(x, y, dx, dy);
            }
        }
    }

    /// Computes the entries of direction `d` along the line that ends at
    /// `(x, y)` (whose next step leaves the grid), from its end backwards.
    pub(super) fn fill_line(&mut self, d: usize, x: usize, y: usize) {
        let (dx, dy) = STEPS[d];
        let (mut x, mut y) = (x, y);
        loop {
            self.set_entry(d, x, y);
            match (
                x.checked_add_signed(-dx as isize)
                    .filter(|&v| v < self.width),
                y.checked_add_signed(-dy as isize)
                    .filter(|&v| v < self.height),
            ) {
                (Some(px), Some(py)) => (x, y) = (px, py),
                _ => return,
            }
        }
    }

    /// Recomputes the entry of direction `d` at `(x, y)` from the cell one
    /// step ahead (whose entries, and straight entries for a diagonal `d`,
    /// must be current); returns whether it changed.
    fn set_entry(&mut self, d: usize, x: usize, y: usize) -> bool {
        let (dx, dy) = STEPS[d];
        let p = (y + 1) * self.stride + x + 1;
        let here = self.masks[p];
        let value = if here & (1 << d) == 0 {
            0
        } else {
            // The move is open, so the next cell is inside the grid.
            let (nx, ny) = (
                x.wrapping_add_signed(dx as isize),
                y.wrapping_add_signed(dy as isize),
            );
            let n = ny * self.width + nx;
            let stop = if d < 4 {
                // A side open at the next cell but blocked here: forced.
                let next = self.masks
                    [p.wrapping_add_signed(dy as isize * self.stride as isize + dx as isize)];
                let side = move_bit(dy, dx) | move_bit(-dy, -dx);
                next & !here & side != 0
            } else {
                let jumps = &self.jumps[n];
                jumps[dir_index(dx, 0)] > 0 || jumps[dir_index(0, dy)] > 0
            };
            if stop {
                1
            } else {
                let v = self.jumps[n][d];
                if v > 0 {
                    v + 1
                } else {
                    v - 1
                }
            }
        };
        let entry = &mut self.jumps[y * self.width + x][d];
        let changed = *entry != value;
        *entry = value;
        changed
    }
}
