//! Building and updating the jump tables of [`PrecomputedJumps`].

use super::PrecomputedJumps;
use crate::cost::Cost;
use crate::grid::{move_bit, move_index, Grid, MapVersion, STEPS};
use crate::jump_points::{JumpPoints, JumpPointsError};

/// Cells as `(x, y)`.
type Cells = Vec<(usize, usize)>;

/// The lists an update works with, kept between updates so that a warm
/// sync allocates nothing. Not part of the graph's
/// value: clones start empty and every two compare equal.
#[derive(Default)]
pub(super) struct Scratch {
    around: Cells,
    seeds: Cells,
    touched: Cells,
    diagonal_touched: Cells,
}

impl Clone for Scratch {
    fn clone(&self) -> Self {
        Scratch::default()
    }
}

impl PartialEq for Scratch {
    fn eq(&self, _: &Scratch) -> bool {
        true
    }
}

impl<C: Cost> PrecomputedJumps<C> {
    /// [`sync`](crate::graph::FollowMap::sync)'s work.
    pub(super) fn follow(&mut self, grid: &Grid<C>) -> Result<usize, JumpPointsError> {
        JumpPoints::new(grid)?;
        if grid.width() as usize != self.width
            || grid.height() as usize != self.height
            || grid.costs().straight != self.straight
            || grid.costs().diagonal != self.diagonal
        {
            return Err(JumpPointsError::WrongGrid);
        }
        let mut changed = 0;
        if let Some(edits) = grid.edits_since(MapVersion(self.version)) {
            // From the edit log: O(edits), not a comparison of the whole map.
            for edit in edits {
                let (x, y) = (edit.cell.x as usize, edit.cell.y as usize);
                let p = (y + 1) * self.stride + x + 1;
                // A cell edited more than once is updated once, to what it is now.
                if self.passable[p] != grid.passable[p] {
                    self.update_cell(grid, x, y);
                    changed += 1;
                }
            }
            self.version = grid.version().get();
            return Ok(changed);
        }
        const CHUNK: usize = 64;
        let len = self.passable.len();
        let mut start = 0;
        while start < len {
            let end = (start + CHUNK).min(len);
            if self.passable[start..end] != grid.passable[start..end] {
                for p in start..end {
                    if self.passable[p] != grid.passable[p] {
                        // The padding is blocked in both, so `p` is a cell.
                        let (x, y) = (p % self.stride - 1, p / self.stride - 1);
                        self.update_cell(grid, x, y);
                        changed += 1;
                    }
                }
            }
            start = end;
        }
        self.version = grid.version().get();
        Ok(changed)
    }

    /// Updates the tables after the passability of cell `(cx, cy)` changed in
    /// `grid` (of the graph's size and costs).
    fn update_cell(&mut self, grid: &Grid<C>, cx: usize, cy: usize) {
        let (masks, _) = grid.move_masks();
        // The masks of the 3 x 3 cells round the cell (padded: always inside);
        // only they can have changed.
        for py in cy..cy + 3 {
            for px in cx..cx + 3 {
                let p = py * self.stride + px;
                self.masks[p] = masks[p];
            }
        }
        let centre = (cy + 1) * self.stride + cx + 1;
        self.passable[centre] = grid.passable[centre];
        let Scratch {
            mut around,
            mut seeds,
            mut touched,
            mut diagonal_touched,
        } = core::mem::take(&mut self.scratch);
        around.clear();
        touched.clear();
        diagonal_touched.clear();
        // The cells whose masks may have changed.
        for y in cy.saturating_sub(1)..(cy + 2).min(self.height) {
            for x in cx.saturating_sub(1)..(cx + 2).min(self.width) {
                around.push((x, y));
            }
        }
        // Straight entries read the cell's mask and the next cell's mask and
        // entry: the seeds are those cells and the cells one step before them.
        for (d, &(dx, dy)) in STEPS.iter().enumerate().take(4) {
            seeds.clear();
            seeds.extend_from_slice(&around);
            seeds.extend(around.iter().filter_map(|&(x, y)| self.back(x, y, dx, dy)));
            self.walk_seeds(d, &mut seeds, &mut touched);
        }
        // Diagonal entries read the cell's mask and the next cell's straight
        // and diagonal entries: the seeds are the cells round the cell and the
        // cells one step before a changed straight entry.
        for (d, &(dx, dy)) in STEPS.iter().enumerate().skip(4) {
            seeds.clear();
            seeds.extend_from_slice(&around);
            seeds.extend(touched.iter().filter_map(|&(x, y)| self.back(x, y, dx, dy)));
            self.walk_seeds(d, &mut seeds, &mut diagonal_touched);
        }
        self.scratch = Scratch {
            around,
            seeds,
            touched,
            diagonal_touched,
        };
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
    fn walk_seeds(&mut self, d: usize, seeds: &mut Cells, touched: &mut Cells) {
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
                jumps[move_index(dx, 0)] > 0 || jumps[move_index(0, dy)] > 0
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

impl<C: Cost> crate::graph::FollowMap<Grid<C>> for PrecomputedJumps<C> {
    type Synced = usize;
    type Error = JumpPointsError;

    #[inline]
    fn map_version(&self) -> u64 {
        self.version
    }

    /// Brings the graph up to date with `grid`, the grid it was built from,
    /// edited since: finds every cell whose passability changed and updates
    /// the tables round it. Returns how many cells changed. Afterwards the
    /// graph equals a fresh [`new`](PrecomputedJumps::new) of `grid`.
    ///
    /// Cost: the changed cells come from the grid's edit log
    /// ([`Grid::edits_since`]), O(edits); only when the log cannot tell (it
    /// dropped some edits, or `grid` is another grid of the same size) from a
    /// comparison of the passability arrays (one byte per cell, compared 64
    /// at a time). Then per changed cell a number of steps
    /// proportional to the entries that change (straight ones only in the
    /// three rows and three columns through the cell, diagonal ones along the
    /// diagonals that lead into them); see the module docs. Not a rebuild.
    /// It keeps its working lists between calls: once they have grown to
    /// the largest update seen, a sync allocates nothing.
    ///
    /// # Errors
    /// [`JumpPointsError::WrongGrid`] if `grid` has another width, height or
    /// move costs than the graph; the errors of [`new`](PrecomputedJumps::new)
    /// if `grid` can no longer be searched by jump points (it was given
    /// terrain weights, say). On an error the graph is left as it was.
    ///
    /// # Example
    /// ```
    /// use pathseek::{Cell, Connectivity, FollowMap, Grid, GridCosts};
    /// use pathseek::jump_points::PrecomputedJumps;
    /// let mut grid = Grid::new(9, 9, Connectivity::Eight, GridCosts::<u32>::exact_octile()).unwrap();
    /// let mut jps = PrecomputedJumps::new(&grid).unwrap();
    /// let (start, goal) = (Cell::new(0, 4), Cell::new(8, 4));
    /// for y in 0..8 {
    ///     grid.set_passable(Cell::new(4, y), false).unwrap();
    /// }
    /// assert_eq!(jps.sync(&grid), Ok(8));
    /// assert!(jps == PrecomputedJumps::new(&grid).unwrap());
    /// let found = pathseek::astar(&jps.on(&grid).unwrap(), start, goal, grid.heuristic(goal));
    /// let plain = pathseek::astar(&grid, start, goal, grid.heuristic(goal));
    /// assert_eq!(found.found().map(|p| p.cost), plain.found().map(|p| p.cost));
    /// ```
    fn sync(&mut self, map: &Grid<C>) -> Result<Self::Synced, Self::Error> {
        self.follow(map)
    }
}
