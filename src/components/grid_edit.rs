//! Editing a grid and its [`GridComponents`] together: opening a cell merges
//! the components around it, blocking one re-floods what it may have split.

use core::fmt;

use super::grid::{GridComponents, BLOCKED, EAST, LABEL_LIMIT, NORTH, SOUTH, WEST};
use crate::cost::Cost;
use crate::grid::{Cell, Grid};

/// Why an edit through [`GridComponents`] was refused. Nothing was changed,
/// neither the grid nor the labels.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum EditError {
    /// The cell is not inside the grid.
    OutOfBounds {
        /// The offending cell.
        cell: Cell,
        /// Grid width.
        width: u32,
        /// Grid height.
        height: u32,
    },
    /// The grid is not the size the labels were built for.
    SizeMismatch {
        /// The size of the labels, `(width, height)`.
        labels: (u32, u32),
        /// The size of the grid given, `(width, height)`.
        grid: (u32, u32),
    },
    /// The grid is not in the state the labels describe: it was changed
    /// without them, or it is another grid. Call [`GridComponents::rebuild`].
    Stale,
}

impl fmt::Display for EditError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EditError::OutOfBounds {
                cell,
                width,
                height,
            } => write!(
                f,
                "cell ({}, {}) is outside the {width} x {height} grid",
                cell.x, cell.y
            ),
            EditError::SizeMismatch { labels, grid } => write!(
                f,
                "the component labels are for a {} x {} grid, not {} x {}",
                labels.0, labels.1, grid.0, grid.1
            ),
            EditError::Stale => write!(
                f,
                "the grid is not the one the component labels describe: it was changed \
                 without them, or it is another grid (rebuild the labels)"
            ),
        }
    }
}

impl std::error::Error for EditError {}

impl GridComponents {
    /// Makes `cell` passable in `grid` and updates the labels: the components
    /// around it merge into one. Opening a cell that is already passable changes
    /// nothing.
    ///
    /// Errors (nothing changed): [`EditError::OutOfBounds`], and
    /// [`EditError::SizeMismatch`] / [`EditError::Stale`] when `grid` is not the
    /// grid the labels describe.
    ///
    /// # Complexity
    /// With `k` (at most 4) different components around the cell: nothing to
    /// relabel for `k <= 1`; otherwise floods of the `k` components run in
    /// lockstep until all but one have been walked completely, and those are
    /// relabelled into the one left. So the cost is O(k × the cells of the
    /// smaller components), independent of the size of the largest: opening a
    /// pocket into the main area of a map costs the pocket, not the map.
    ///
    /// # Example
    /// ```
    /// use pathseek::components::GridComponents;
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts};
    /// let mut grid = Grid::from_fn(5, 1, Connectivity::Four, GridCosts::new(1u32, 1), |c| c.x != 2)?;
    /// let mut parts = GridComponents::new(&grid);
    /// assert_eq!(parts.count(), 2);
    /// parts.open(&mut grid, Cell::new(2, 0))?;
    /// assert!(grid.is_passable(Cell::new(2, 0)));
    /// assert_eq!(parts.count(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn open<C: Cost>(&mut self, grid: &mut Grid<C>, cell: Cell) -> Result<(), EditError> {
        self.set_passable(grid, cell, true)
    }

    /// Blocks `cell` in `grid` and updates the labels: its component loses the
    /// cell and may split. Blocking a cell that is already blocked changes
    /// nothing.
    ///
    /// Errors as for [`open`](Self::open).
    ///
    /// # Complexity
    /// With `k` (at most 4) passable straight neighbours: O(1) for `k <= 1` (the
    /// component cannot split). Otherwise floods from the `k` neighbours run in
    /// lockstep over the cell's old component; floods that meet join, and the
    /// work stops as soon as at most one group of floods is still going. So:
    ///
    /// - a split costs O(k × the cells of the pieces cut off), not the size of
    ///   the piece that stays;
    /// - a block that does not split costs what the floods need to meet: a few
    ///   cells where there is room to go around the blocked cell, up to the
    ///   whole component when the only way round is long.
    ///
    /// Never more than O(the cells of the component the cell belonged to).
    ///
    /// # Example
    /// ```
    /// use pathseek::components::GridComponents;
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts};
    /// let mut grid = Grid::new(5, 1, Connectivity::Eight, GridCosts::new(2u32, 3))?;
    /// let mut parts = GridComponents::new(&grid);
    /// parts.block(&mut grid, Cell::new(2, 0))?;
    /// assert_eq!(parts.count(), 2);
    /// assert_eq!(parts.connected(&grid, Cell::new(0, 0), Cell::new(4, 0)), Ok(false));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn block<C: Cost>(&mut self, grid: &mut Grid<C>, cell: Cell) -> Result<(), EditError> {
        self.set_passable(grid, cell, false)
    }

    /// [`open`](Self::open)s (`passable == true`) or [`block`](Self::block)s
    /// `cell`: sets its passability in `grid` and updates the labels.
    ///
    /// # Complexity
    /// As for [`open`](Self::open) and [`block`](Self::block).
    ///
    /// # Example
    /// ```
    /// use pathseek::components::{EditError, GridComponents};
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts};
    /// let mut grid = Grid::new(3, 3, Connectivity::Four, GridCosts::new(1u32, 1))?;
    /// let mut parts = GridComponents::new(&grid);
    /// parts.set_passable(&mut grid, Cell::new(1, 1), false)?;
    /// assert_eq!(parts.component(&grid, Cell::new(1, 1))?, None);
    /// let outside = parts.set_passable(&mut grid, Cell::new(3, 1), false);
    /// assert!(matches!(outside, Err(EditError::OutOfBounds { .. })));
    /// // A grid changed behind the labels' back is refused.
    /// grid.set_passable(Cell::new(0, 0), false)?;
    /// let stale = parts.set_passable(&mut grid, Cell::new(2, 2), false);
    /// assert!(matches!(stale, Err(EditError::Stale { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_passable<C: Cost>(
        &mut self,
        grid: &mut Grid<C>,
        cell: Cell,
        passable: bool,
    ) -> Result<(), EditError> {
        if (grid.width(), grid.height()) != (self.width, self.height) {
            return Err(EditError::SizeMismatch {
                labels: (self.width, self.height),
                grid: (grid.width(), grid.height()),
            });
        }
        if grid.passability_stamp() != self.stamp {
            return Err(EditError::Stale);
        }
        let out_of_bounds = EditError::OutOfBounds {
            cell,
            width: self.width,
            height: self.height,
        };
        let Some(i) = self.index(cell) else {
            return Err(out_of_bounds);
        };
        if grid.is_passable(cell) == passable {
            self.version = grid.version().0;
            return Ok(());
        }
        grid.set_passable(cell, passable)
            .map_err(|_| out_of_bounds)?;
        self.stamp = grid.passability_stamp();
        self.version = grid.version().0;
        if self.next_label >= LABEL_LIMIT {
            // Out of fresh labels: relabel everything, which packs them again.
            self.rebuild(grid);
            return Ok(());
        }
        let (masks, stride) = grid.move_masks();
        let p = (cell.y as usize + 1) * stride + cell.x as usize + 1;
        if passable {
            self.merge_at(masks, stride, i, p);
        } else {
            self.split_at(masks, stride, i, p);
        }
        Ok(())
    }

    /// Sets the next fresh label (to test running out of them).
    #[cfg(test)]
    pub(super) fn next_label_for_tests(&mut self, next: u32) {
        self.next_label = self.next_label.max(next);
    }

    /// The straight neighbours of the cell at row-major index `i` and padded
    /// index `p` that are passable (by the labels), as `(index, padded index)`.
    fn neighbours(&self, i: usize, p: usize, stride: usize) -> ([(usize, usize); 4], usize) {
        let w = self.width as usize;
        let (x, y) = (i % w, i / w);
        let mut out = [(0, 0); 4];
        let mut n = 0;
        let mut consider = |ok: bool, j: usize, q: usize| {
            if ok && self.labels[j] != BLOCKED {
                out[n] = (j, q);
                n += 1;
            }
        };
        consider(y > 0, i.wrapping_sub(w), p.wrapping_sub(stride));
        consider(x + 1 < w, i + 1, p + 1);
        consider(y + 1 < self.height as usize, i + w, p + stride);
        consider(x > 0, i.wrapping_sub(1), p.wrapping_sub(1));
        (out, n)
    }

    /// The cell at `i` (padded `p`) was just opened (the grid's masks already
    /// say so; its label is still [`BLOCKED`]).
    fn merge_at(&mut self, masks: &[u8], stride: usize, i: usize, p: usize) {
        let (near, n) = self.neighbours(i, p, stride);
        // One start per different neighbouring component.
        let mut starts = [(0, 0, 0); 4];
        let mut k = 0;
        for &(j, q) in &near[..n] {
            let l = self.labels[j];
            if !starts[..k].iter().any(|s| s.2 == l) {
                starts[k] = (j, q, l);
                k += 1;
            }
        }
        match k {
            0 => {
                self.labels[i] = self.next_label;
                self.next_label += 1;
                self.count += 1;
            }
            1 => self.labels[i] = starts[0].2,
            _ => {
                let floods = self.flood(masks, stride, &starts[..k]);
                // Exactly one component is left unwalked (the floods never meet:
                // they walk different components). It keeps its label; the others
                // take it.
                let keep = floods
                    .iter()
                    .position(|f| !f.done)
                    .map_or(starts[0].2, |f| starts[f].2);
                for f in &floods {
                    for &(j, _) in &f.visited {
                        self.labels[j] = keep;
                    }
                }
                self.labels[i] = keep;
                self.count = self.count.saturating_sub(k - 1);
            }
        }
    }

    /// The cell at `i` (padded `p`) was just blocked (the grid's masks already
    /// say so).
    fn split_at(&mut self, masks: &[u8], stride: usize, i: usize, p: usize) {
        let old = core::mem::replace(&mut self.labels[i], BLOCKED);
        let (near, n) = self.neighbours(i, p, stride);
        match n {
            0 => self.count = self.count.saturating_sub(1),
            1 => {}
            _ => {
                let mut starts = [(0, 0, 0); 4];
                for (s, &(j, q)) in starts.iter_mut().zip(&near[..n]) {
                    *s = (j, q, old);
                }
                let floods = self.flood(masks, stride, &starts[..n]);
                // Each group of floods that finished walked a whole piece: it
                // takes the label of its first flood. The group still going
                // (if any) is the rest of the old component, which keeps `old`.
                let base = self.next_label - n as u32;
                let mut pieces = 0;
                for (f, flood) in floods.iter().enumerate() {
                    let label = if flood.done {
                        let first = flood.group;
                        if first == f {
                            pieces += 1;
                        }
                        base + first as u32
                    } else {
                        old
                    };
                    if label != base + f as u32 {
                        for &(j, _) in &flood.visited {
                            self.labels[j] = label;
                        }
                    }
                }
                let going = floods.iter().any(|f| !f.done);
                // The old component is gone; the pieces replace it.
                self.count = (self.count + pieces).saturating_sub(usize::from(!going));
            }
        }
    }

    /// Floods from each start `(index, padded index, label)` in lockstep, one cell
    /// per flood per round, over cells carrying the start's label. Flood `f`
    /// relabels the cells it takes to the fresh label `next_label + f` (so
    /// floods never take each other's cells), and joins the group of any other
    /// flood whose cells it touches. Stops as soon as at most one group is still
    /// going. Returns each flood's visited cells, its group (the smallest flood
    /// in it) and whether that group finished. Uses `starts.len()` fresh labels.
    fn flood(&mut self, masks: &[u8], stride: usize, starts: &[(usize, usize, u32)]) -> Vec<Flood> {
        let k = starts.len();
        let base = self.next_label;
        self.next_label += k as u32;
        let w = self.width as usize;
        let mut floods: Vec<Flood> = starts
            .iter()
            .enumerate()
            .map(|(f, &(j, q, _))| {
                self.labels[j] = base + f as u32;
                Flood {
                    visited: vec![(j, q)],
                    head: 0,
                    group: f,
                    done: false,
                }
            })
            .collect();
        // The group (smallest flood index) of flood `f`.
        fn group_of(floods: &[Flood], mut f: usize) -> usize {
            while floods[f].group != f {
                f = floods[f].group;
            }
            f
        }
        'rounds: loop {
            let mut progressed = false;
            for f in 0..k {
                let Some(&(i, p)) = floods[f].visited.get(floods[f].head) else {
                    continue;
                };
                progressed = true;
                floods[f].head += 1;
                let own = base + f as u32;
                let from = starts[f].2;
                let m = masks[p];
                let mut joined = false;
                for (bit, j, q) in [
                    (NORTH, i.wrapping_sub(w), p.wrapping_sub(stride)),
                    (EAST, i + 1, p + 1),
                    (SOUTH, i + w, p + stride),
                    (WEST, i.wrapping_sub(1), p.wrapping_sub(1)),
                ] {
                    if m & bit == 0 {
                        continue;
                    }
                    let l = self.labels[j];
                    if l == from {
                        self.labels[j] = own;
                        floods[f].visited.push((j, q));
                    } else if l != own && l >= base && l < base + k as u32 {
                        let (a, b) = (group_of(&floods, f), group_of(&floods, (l - base) as usize));
                        if a != b {
                            let (lo, hi) = if a < b { (a, b) } else { (b, a) };
                            floods[hi].group = lo;
                            joined = true;
                        }
                    }
                }
                if (joined || floods[f].head == floods[f].visited.len())
                    && groups_going(&floods) <= 1
                {
                    break 'rounds;
                }
            }
            if !progressed {
                break;
            }
        }
        // Resolve groups and mark the finished ones.
        for f in 0..k {
            floods[f].group = group_of(&floods, f);
        }
        for g in 0..k {
            if floods[g].group != g {
                continue;
            }
            let done = floods
                .iter()
                .filter(|x| x.group == g)
                .all(|x| x.head == x.visited.len());
            for x in floods.iter_mut().filter(|x| x.group == g) {
                x.done = done;
            }
        }
        floods
    }
}

/// One flood of [`GridComponents::flood`].
struct Flood {
    /// Every cell taken, `(index, padded index)`; those from `head` on are still
    /// to be expanded.
    visited: Vec<(usize, usize)>,
    head: usize,
    /// A smaller flood of the same group, or itself.
    group: usize,
    /// Whether its group walked its whole piece.
    done: bool,
}

/// The number of groups with a flood still going.
fn groups_going(floods: &[Flood]) -> usize {
    let mut seen = [false; 4];
    let mut n = 0;
    for (f, flood) in floods.iter().enumerate() {
        if flood.head < flood.visited.len() {
            let mut g = f;
            while floods[g].group != g {
                g = floods[g].group;
            }
            if !seen[g] {
                seen[g] = true;
                n += 1;
            }
        }
    }
    n
}
