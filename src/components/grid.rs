//! [`GridComponents`]: the connected components of a [`Grid`], kept current
//! through cell edits.

use core::fmt;

use super::ComponentId;
use crate::cost::Cost;
use crate::grid::{Cell, Grid};

/// The label of a blocked cell.
const BLOCKED: u32 = u32::MAX;

/// Labels handed out by edits stay below this; an edit that would need a
/// higher one relabels the whole grid instead, which makes the labels dense
/// again (after about a billion edits).
pub(super) const LABEL_LIMIT: u32 = u32::MAX - 16;

/// The straight move bits of a grid's move mask (north, east, south, west).
const NORTH: u8 = 1;
const EAST: u8 = 2;
const SOUTH: u8 = 4;
const WEST: u8 = 8;

/// The connected components of a [`Grid`]: which passable cells can reach each
/// other under the grid's moves.
///
/// A diagonal move needs both orthogonal cells beside it passable, so it never
/// connects cells that two straight moves do not; the components are the same
/// for [`Connectivity::Four`](crate::Connectivity::Four) and
/// [`Connectivity::Eight`](crate::Connectivity::Eight), and these labels serve
/// either (terrain weights do not matter either).
///
/// Memory: one `u32` label per cell (4 bytes per cell) and nothing per
/// component ([`heap_bytes`](Self::heap_bytes)). Building borrows a table of up
/// to 4 bytes per row run of passable cells for the time of the build;
/// an edit borrows a queue of the cells it visits.
///
/// Keep the labels current by changing the grid through
/// [`open`](Self::open), [`block`](Self::block) or
/// [`set_passable`](Self::set_passable), which edit the grid and the labels
/// together. After changing the grid any other way, call
/// [`rebuild`](Self::rebuild). The labels remember the grid's passability
/// stamp (a value the grid draws fresh at every change of a cell's
/// passability, shared by a clone until one of them changes): an edit through
/// these methods on a grid changed any other way, or on another grid, is
/// refused with [`EditError::Stale`], and [`is_current`](Self::is_current)
/// answers the same question in O(1).
///
/// # Example
/// ```
/// use pathseek::components::GridComponents;
/// use pathseek::{Cell, Connectivity, Grid, GridCosts};
///
/// let mut grid = Grid::new(4, 4, Connectivity::Four, GridCosts::new(1u32, 1))?;
/// let mut parts = GridComponents::new(&grid);
/// assert_eq!(parts.count(), 1);
/// // Wall off the top-left corner cell: (1, 0) and (0, 1) close it in.
/// parts.block(&mut grid, Cell::new(1, 0))?;
/// parts.block(&mut grid, Cell::new(0, 1))?;
/// assert_eq!(parts.count(), 2);
/// assert!(!parts.connected(Cell::new(0, 0), Cell::new(3, 3)));
/// assert_eq!(parts.component(Cell::new(1, 0)), None); // blocked
/// assert_eq!(parts.component(Cell::new(9, 9)), None); // outside
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct GridComponents {
    width: u32,
    height: u32,
    /// One label per cell, row-major; [`BLOCKED`] for a blocked cell.
    labels: Vec<u32>,
    /// The number of components.
    count: usize,
    /// The passability stamp of the grid state the labels describe: equal to
    /// the grid's exactly when the labels are current.
    stamp: u64,
    /// Every label in use is below this.
    next_label: u32,
}

impl fmt::Debug for GridComponents {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GridComponents")
            .field("width", &self.width)
            .field("height", &self.height)
            .field("count", &self.count)
            .field("stamp", &self.stamp)
            .finish_non_exhaustive()
    }
}

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

/// `a`'s representative in a union-find table whose links only point down
/// (`parent[x] <= x`), halving the path on the way.
#[inline]
fn find(parent: &mut [u32], mut a: u32) -> u32 {
    loop {
        let p = parent[a as usize];
        if p == a {
            return a;
        }
        let g = parent[p as usize];
        parent[a as usize] = g;
        a = g;
    }
}

impl GridComponents {
    /// Labels the components of `grid`.
    ///
    /// # Complexity
    /// O(cells): one pass over the rows that labels each run of passable cells
    /// and unites it with the runs it touches in the row above (a union-find over
    /// runs, not cells), and one pass that writes the final labels. Measured
    /// (`benchmarks/examples/components.rs`, one Xeon core): 2 to 7 ns per
    /// cell on the MovingAI maps, about 9 ns per cell on a 1,500 x 1,500 grid
    /// with 30 % random walls (21 ms).
    ///
    /// # Example
    /// ```
    /// use pathseek::components::GridComponents;
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts};
    /// // Two rooms joined only by a diagonal: the corner rule keeps them apart.
    /// let grid = Grid::from_fn(2, 2, Connectivity::Eight, GridCosts::new(2u32, 3), |c| c.x == c.y)?;
    /// let parts = GridComponents::new(&grid);
    /// assert_eq!(parts.count(), 2);
    /// assert!(!parts.connected(Cell::new(0, 0), Cell::new(1, 1)));
    /// # Ok::<(), pathseek::grid::GridError>(())
    /// ```
    pub fn new<C: Cost>(grid: &Grid<C>) -> Self {
        let mut parts = GridComponents {
            width: grid.width(),
            height: grid.height(),
            labels: Vec::new(),
            count: 0,
            stamp: 0,
            next_label: 0,
        };
        parts.rebuild(grid);
        parts
    }

    /// Relabels everything from `grid` (which may have another size), reusing the
    /// label memory.
    ///
    /// # Complexity
    /// As [`new`](Self::new): O(cells).
    ///
    /// # Example
    /// ```
    /// use pathseek::components::GridComponents;
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts};
    /// let mut grid = Grid::new(3, 1, Connectivity::Four, GridCosts::new(1u32, 1))?;
    /// let mut parts = GridComponents::new(&grid);
    /// grid.set_passable(Cell::new(1, 0), false)?; // changed behind the labels' back
    /// assert!(!parts.is_current(&grid));
    /// parts.rebuild(&grid);
    /// assert_eq!(parts.count(), 2);
    /// # Ok::<(), pathseek::grid::GridError>(())
    /// ```
    pub fn rebuild<C: Cost>(&mut self, grid: &Grid<C>) {
        self.width = grid.width();
        self.height = grid.height();
        let (w, h) = (self.width as usize, self.height as usize);
        let (masks, stride) = grid.move_masks();
        self.labels.clear();
        self.labels.reserve_exact(w * h);
        self.labels.resize(w * h, BLOCKED);
        self.labels.shrink_to(w * h);
        let labels = &mut self.labels[..];
        // Provisional labels, one per run that touches no run above it; links
        // point from the larger label to the smaller.
        let mut parent: Vec<u32> = Vec::new();
        for y in 0..h {
            let row = y * w;
            let prow = (y + 1) * stride + 1;
            let masks = &masks[prow..prow + w];
            let mut x = 0;
            while x < w {
                if masks[x] == 0 {
                    // Blocked, or passable without a straight move (then it has no
                    // diagonal one either): a component of its own.
                    if grid.is_passable(Cell::new(x as u32, y as u32)) {
                        labels[row + x] = parent.len() as u32;
                        parent.push(parent.len() as u32);
                    }
                    x += 1;
                    continue;
                }
                // A run of passable cells starts at `x` (the cell before it is
                // blocked or is the border).
                let start = x;
                let mut root = BLOCKED;
                let mut last_above = BLOCKED;
                loop {
                    let m = masks[x];
                    if m & NORTH != 0 {
                        // The cell above is passable, so y > 0.
                        let above = labels[row - w + x];
                        if above != last_above {
                            last_above = above;
                            let r = find(&mut parent, above);
                            if root == BLOCKED {
                                root = r;
                            } else if r != root {
                                let (lo, hi) = if r < root { (r, root) } else { (root, r) };
                                parent[hi as usize] = lo;
                                root = lo;
                            }
                        }
                    }
                    x += 1;
                    if m & EAST == 0 {
                        break;
                    }
                }
                if root == BLOCKED {
                    root = parent.len() as u32;
                    parent.push(root);
                }
                labels[row + start..row + x].fill(root);
            }
        }
        // Final labels: roots numbered in order; a non-root takes its parent's
        // (already final, since the parent is smaller).
        let mut next = 0u32;
        for l in 0..parent.len() {
            let p = parent[l];
            parent[l] = if p as usize == l {
                next += 1;
                next - 1
            } else {
                parent[p as usize]
            };
        }
        // A last entry maps BLOCKED (clamped to it) to itself, so this loop has
        // no branch on the cell's passability (random on random maps).
        let sentinel = parent.len();
        parent.push(BLOCKED);
        for l in labels.iter_mut() {
            *l = parent[(*l as usize).min(sentinel)];
        }
        self.count = next as usize;
        self.next_label = next;
        self.stamp = grid.passability_stamp();
    }

    /// Grid width.
    ///
    /// # Example
    /// ```
    /// use pathseek::components::GridComponents;
    /// use pathseek::{Connectivity, Grid, GridCosts};
    /// let grid = Grid::new(4, 3, Connectivity::Four, GridCosts::new(1u32, 1))?;
    /// assert_eq!(GridComponents::new(&grid).width(), 4);
    /// # Ok::<(), pathseek::grid::GridError>(())
    /// ```
    #[inline]
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Grid height.
    ///
    /// # Example
    /// ```
    /// use pathseek::components::GridComponents;
    /// use pathseek::{Connectivity, Grid, GridCosts};
    /// let grid = Grid::new(4, 3, Connectivity::Four, GridCosts::new(1u32, 1))?;
    /// assert_eq!(GridComponents::new(&grid).height(), 3);
    /// # Ok::<(), pathseek::grid::GridError>(())
    /// ```
    #[inline]
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The number of components (a grid without passable cells has none).
    ///
    /// # Complexity
    /// O(1): kept up to date by the edits.
    ///
    /// # Example
    /// ```
    /// use pathseek::components::GridComponents;
    /// use pathseek::{Connectivity, Grid, GridCosts};
    /// // Columns 0, 2 and 4 are open.
    /// let grid = Grid::from_fn(5, 5, Connectivity::Eight, GridCosts::new(2u32, 3), |c| c.x % 2 == 0)?;
    /// assert_eq!(GridComponents::new(&grid).count(), 3);
    /// # Ok::<(), pathseek::grid::GridError>(())
    /// ```
    #[inline]
    pub fn count(&self) -> usize {
        self.count
    }

    /// The component of `cell`; `None` for a blocked cell or one outside the grid.
    ///
    /// # Complexity
    /// O(1): one array read.
    ///
    /// # Example
    /// ```
    /// use pathseek::components::GridComponents;
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts};
    /// let grid = Grid::from_fn(3, 1, Connectivity::Four, GridCosts::new(1u32, 1), |c| c.x != 1)?;
    /// let parts = GridComponents::new(&grid);
    /// assert!(parts.component(Cell::new(0, 0)).is_some());
    /// assert_ne!(parts.component(Cell::new(0, 0)), parts.component(Cell::new(2, 0)));
    /// assert_eq!(parts.component(Cell::new(1, 0)), None);
    /// assert_eq!(parts.component(Cell::new(3, 0)), None);
    /// # Ok::<(), pathseek::grid::GridError>(())
    /// ```
    #[inline]
    pub fn component(&self, cell: Cell) -> Option<ComponentId> {
        let i = self.index(cell)?;
        match self.labels.get(i) {
            Some(&l) if l != BLOCKED => Some(ComponentId(l)),
            _ => None,
        }
    }

    /// Whether a path joins `a` and `b`: both passable and in one component
    /// (a passable cell is connected to itself).
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// use pathseek::components::GridComponents;
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts};
    /// let grid = Grid::from_fn(5, 5, Connectivity::Four, GridCosts::new(1u32, 1), |c| c.y != 2)?;
    /// let parts = GridComponents::new(&grid);
    /// assert!(parts.connected(Cell::new(0, 0), Cell::new(4, 1)));
    /// assert!(!parts.connected(Cell::new(0, 0), Cell::new(0, 4)));
    /// assert!(!parts.connected(Cell::new(0, 2), Cell::new(0, 2))); // blocked
    /// # Ok::<(), pathseek::grid::GridError>(())
    /// ```
    #[inline]
    pub fn connected(&self, a: Cell, b: Cell) -> bool {
        match (self.component(a), self.component(b)) {
            (Some(x), Some(y)) => x == y,
            _ => false,
        }
    }

    /// The heap memory held: 4 bytes per cell (the label array's capacity).
    ///
    /// # Example
    /// ```
    /// use pathseek::components::GridComponents;
    /// use pathseek::{Connectivity, Grid, GridCosts};
    /// let grid = Grid::new(100, 50, Connectivity::Eight, GridCosts::new(2u32, 3))?;
    /// assert_eq!(GridComponents::new(&grid).heap_bytes(), 4 * 100 * 50);
    /// # Ok::<(), pathseek::grid::GridError>(())
    /// ```
    pub fn heap_bytes(&self) -> usize {
        self.labels.capacity() * core::mem::size_of::<u32>()
    }

    /// Whether the labels describe `grid` as it is now: built from it (or a
    /// clone of it) and kept up to date through the edit methods since.
    ///
    /// # Complexity
    /// O(1): the grid's passability stamp against the one the labels recorded.
    ///
    /// # Example
    /// ```
    /// use pathseek::components::GridComponents;
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts};
    /// let mut grid = Grid::new(3, 3, Connectivity::Four, GridCosts::new(1u32, 1))?;
    /// let mut parts = GridComponents::new(&grid);
    /// parts.block(&mut grid, Cell::new(1, 1))?;
    /// assert!(parts.is_current(&grid));
    /// grid.set_passable(Cell::new(1, 1), true)?;
    /// assert!(!parts.is_current(&grid));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_current<C: Cost>(&self, grid: &Grid<C>) -> bool {
        (grid.width(), grid.height()) == (self.width, self.height)
            && grid.passability_stamp() == self.stamp
    }

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
    /// assert!(!parts.connected(Cell::new(0, 0), Cell::new(4, 0)));
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
    /// assert_eq!(parts.component(Cell::new(1, 1)), None);
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
            return Ok(());
        }
        grid.set_passable(cell, passable)
            .map_err(|_| out_of_bounds)?;
        self.stamp = grid.passability_stamp();
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

    /// The row-major index of `cell`, if it is inside the grid.
    #[inline]
    fn index(&self, cell: Cell) -> Option<usize> {
        (cell.x < self.width && cell.y < self.height)
            .then(|| cell.y as usize * self.width as usize + cell.x as usize)
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
