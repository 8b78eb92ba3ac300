//! [`GridComponents`]: the connected components of a [`Grid`], kept current
//! through cell edits.

use core::fmt;

use super::ComponentId;
use crate::cost::Cost;
use crate::graph::{FollowMap, MapChanged};
use crate::grid::{Cell, Grid};

/// The label of a blocked cell.
pub(super) const BLOCKED: u32 = u32::MAX;

/// Labels handed out by edits stay below this; an edit that would need a
/// higher one relabels the whole grid instead, which makes the labels dense
/// again (after about a billion edits).
pub(super) const LABEL_LIMIT: u32 = u32::MAX - 16;

/// The straight move bits of a grid's move mask (north, east, south, west).
pub(super) const NORTH: u8 = 1;
pub(super) const EAST: u8 = 2;
pub(super) const SOUTH: u8 = 4;
pub(super) const WEST: u8 = 8;

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
/// Every question takes the grid ([`component`](Self::component),
/// [`connected`](Self::connected), [`reach`](Self::reach)) and is refused
/// with [`MapChanged`] unless the labels describe that grid as it is now:
/// never the old map's answer after an edit made behind their back, or for
/// another grid. Terrain weights never change who reaches whom, so terrain
/// edits leave the labels current.
///
/// Keep the labels current by changing the grid through
/// [`open`](Self::open), [`block`](Self::block) or
/// [`set_passable`](Self::set_passable), which edit the grid and the labels
/// together. After changing the grid's passability any other way, call
/// [`sync`](crate::graph::FollowMap::sync) (or [`rebuild`](Self::rebuild)). The labels
/// remember the grid's passability stamp (a value the grid draws fresh at
/// every change of a cell's passability, shared by a clone until one of
/// them changes): a question, or an edit through these methods, on a grid
/// changed any other way or on another grid, is refused (edits with
/// [`EditError::Stale`](super::EditError::Stale)), and
/// [`is_current`](crate::graph::FollowMap::is_current) answers the same question in O(1).
///
/// # Example
/// ```
/// use pathseek::components::GridComponents;
/// use pathseek::{Cell, Connectivity, FollowMap, Grid, GridCosts};
///
/// let mut grid = Grid::new(4, 4, Connectivity::Four, GridCosts::new(1u32, 1))?;
/// let mut parts = GridComponents::new(&grid);
/// assert_eq!(parts.count(), 1);
/// // Wall off the top-left corner cell: (1, 0) and (0, 1) close it in.
/// parts.block(&mut grid, Cell::new(1, 0))?;
/// parts.block(&mut grid, Cell::new(0, 1))?;
/// assert_eq!(parts.count(), 2);
/// assert!(!parts.connected(&grid, Cell::new(0, 0), Cell::new(3, 3))?);
/// assert_eq!(parts.component(&grid, Cell::new(1, 0))?, None); // blocked
/// assert_eq!(parts.component(&grid, Cell::new(9, 9))?, None); // outside
/// // A door opened behind the labels' back: they refuse to answer.
/// grid.set_passable(Cell::new(1, 0), true)?;
/// assert!(parts.connected(&grid, Cell::new(0, 0), Cell::new(3, 3)).is_err());
/// parts.sync(&grid)?;
/// assert!(parts.connected(&grid, Cell::new(0, 0), Cell::new(3, 3))?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct GridComponents {
    pub(super) width: u32,
    pub(super) height: u32,
    /// One label per cell, row-major; [`BLOCKED`] for a blocked cell.
    pub(super) labels: Vec<u32>,
    /// The number of components.
    pub(super) count: usize,
    /// The passability stamp of the grid state the labels describe: equal to
    /// the grid's exactly when the labels are current.
    pub(super) stamp: u64,
    /// Every label in use is below this.
    pub(super) next_label: u32,
    /// The grid's [`version`](crate::Graph::version) when the labels were
    /// last made current (built, edited through them, synced or attached): what a
    /// [`MapChanged`] names as `built`.
    pub(super) version: u64,
}

/// Equal labellings of one grid state (the version last seen is left out:
/// terrain edits do not change the labels).
impl PartialEq for GridComponents {
    fn eq(&self, other: &Self) -> bool {
        (
            self.width,
            self.height,
            self.count,
            self.stamp,
            self.next_label,
        ) == (
            other.width,
            other.height,
            other.count,
            other.stamp,
            other.next_label,
        ) && self.labels == other.labels
    }
}

impl Eq for GridComponents {}

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
    /// assert_eq!(parts.connected(&grid, Cell::new(0, 0), Cell::new(1, 1)), Ok(false));
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
            version: 0,
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
    /// use pathseek::{Cell, Connectivity, FollowMap, Grid, GridCosts};
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
        self.version = grid.version().0;
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

    /// The number of components (a grid without passable cells has none) of
    /// the grid as it was labelled: [`is_current`](crate::graph::FollowMap::is_current) tells
    /// whether that is the grid as it is now.
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

    /// The component of `cell` on `grid`; `None` for a blocked cell or one
    /// outside the grid.
    ///
    /// # Errors
    /// [`MapChanged`] unless the labels describe `grid` as it is now: it was
    /// changed behind their back (call [`sync`](crate::graph::FollowMap::sync)), or it is
    /// another grid.
    ///
    /// # Complexity
    /// O(1): the grid's stamp, then one array read.
    ///
    /// # Example
    /// ```
    /// use pathseek::components::GridComponents;
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts};
    /// let grid = Grid::from_fn(3, 1, Connectivity::Four, GridCosts::new(1u32, 1), |c| c.x != 1)?;
    /// let parts = GridComponents::new(&grid);
    /// assert!(parts.component(&grid, Cell::new(0, 0))?.is_some());
    /// assert_ne!(parts.component(&grid, Cell::new(0, 0))?, parts.component(&grid, Cell::new(2, 0))?);
    /// assert_eq!(parts.component(&grid, Cell::new(1, 0))?, None);
    /// assert_eq!(parts.component(&grid, Cell::new(3, 0))?, None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn component<C: Cost>(
        &self,
        grid: &Grid<C>,
        cell: Cell,
    ) -> Result<Option<ComponentId>, MapChanged> {
        self.check(grid)?;
        Ok(self.label(cell))
    }

    /// The label of `cell`, unchecked (for a grid already checked current).
    #[inline]
    pub(super) fn label(&self, cell: Cell) -> Option<ComponentId> {
        let i = self.index(cell)?;
        match self.labels.get(i) {
            Some(&l) if l != BLOCKED => Some(ComponentId(l)),
            _ => None,
        }
    }

    /// Whether a path joins `a` and `b` on `grid`: both passable and in one
    /// component (a passable cell is connected to itself).
    ///
    /// # Errors
    /// [`MapChanged`] as for [`component`](Self::component).
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
    /// assert!(parts.connected(&grid, Cell::new(0, 0), Cell::new(4, 1))?);
    /// assert!(!parts.connected(&grid, Cell::new(0, 0), Cell::new(0, 4))?);
    /// assert!(!parts.connected(&grid, Cell::new(0, 2), Cell::new(0, 2))?); // blocked
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn connected<C: Cost>(&self, grid: &Grid<C>, a: Cell, b: Cell) -> Result<bool, MapChanged> {
        self.check(grid)?;
        Ok(self.labels_join(a, b))
    }

    /// Whether `a` and `b` carry one label, unchecked.
    #[inline]
    pub(super) fn labels_join(&self, a: Cell, b: Cell) -> bool {
        match (self.label(a), self.label(b)) {
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

    /// The row-major index of `cell`, if it is inside the grid.
    #[inline]
    pub(super) fn index(&self, cell: Cell) -> Option<usize> {
        (cell.x < self.width && cell.y < self.height)
            .then(|| cell.y as usize * self.width as usize + cell.x as usize)
    }
}

impl<C: Cost> FollowMap<Grid<C>> for GridComponents {
    type Synced = bool;
    type Error = core::convert::Infallible;

    /// The grid's [`version`](crate::Graph::version) when the labels were
    /// last made current (built, edited through them, synced or attached).
    /// Terrain edits change the version but not the labels: what says
    /// whether the labels hold is [`is_current`](FollowMap::is_current),
    /// which compares the grid's passability stamp.
    #[inline]
    fn map_version(&self) -> u64 {
        self.version
    }

    /// Brings the labels up to date with `grid` as it is now: nothing when
    /// they already describe it (only terrain changed since, or nothing),
    /// else labels it again, as [`rebuild`](GridComponents::rebuild).
    /// Returns whether it labelled again. After this every question on
    /// `grid` is answered. (To keep the labels current without relabelling,
    /// edit through them: [`open`](GridComponents::open),
    /// [`block`](GridComponents::block).)
    ///
    /// # Complexity
    /// O(1) when the labels are current; O(cells) when it labels again.
    ///
    /// # Example
    /// ```
    /// use pathseek::components::GridComponents;
    /// use pathseek::{Cell, Connectivity, FollowMap, Grid, GridCosts};
    /// let mut grid = Grid::new(3, 1, Connectivity::Four, GridCosts::new(1u32, 1))?;
    /// let mut parts = GridComponents::new(&grid);
    /// grid.set_terrain(Cell::new(1, 0), 5)?;
    /// assert_eq!(parts.sync(&grid), Ok(false)); // terrain only: the labels still hold
    /// grid.set_passable(Cell::new(1, 0), false)?;
    /// assert_eq!(parts.sync(&grid), Ok(true));
    /// assert_eq!(parts.connected(&grid, Cell::new(0, 0), Cell::new(2, 0)), Ok(false));
    /// # Ok::<(), pathseek::grid::GridError>(())
    /// ```
    fn sync(&mut self, grid: &Grid<C>) -> Result<bool, Self::Error> {
        if self.is_current(grid) {
            self.version = grid.version().0;
            return Ok(false);
        }
        self.rebuild(grid);
        Ok(true)
    }

    /// Whether the labels describe `grid` as it is now: built from it (or a
    /// clone of it) and kept up to date through the edit methods or
    /// [`sync`](FollowMap::sync) since. Terrain edits leave them current.
    ///
    /// # Complexity
    /// O(1): the grid's passability stamp against the one the labels recorded.
    ///
    /// # Example
    /// ```
    /// use pathseek::components::GridComponents;
    /// use pathseek::{Cell, Connectivity, FollowMap, Grid, GridCosts};
    /// let mut grid = Grid::new(3, 3, Connectivity::Four, GridCosts::new(1u32, 1))?;
    /// let mut parts = GridComponents::new(&grid);
    /// parts.block(&mut grid, Cell::new(1, 1))?;
    /// assert!(parts.is_current(&grid));
    /// grid.set_terrain(Cell::new(0, 0), 3)?; // weights do not matter
    /// assert!(parts.is_current(&grid));
    /// grid.set_passable(Cell::new(1, 1), true)?;
    /// assert!(!parts.is_current(&grid));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    fn is_current(&self, grid: &Grid<C>) -> bool {
        (grid.width(), grid.height()) == (self.width, self.height)
            && grid.passability_stamp() == self.stamp
    }

    /// `Ok(())` if the labels describe `grid` as it is now, else the
    /// [`MapChanged`] every question answers.
    #[inline]
    fn check(&self, grid: &Grid<C>) -> Result<(), MapChanged> {
        if self.is_current(grid) {
            Ok(())
        } else {
            Err(MapChanged {
                built: self.version,
                now: grid.version().0,
            })
        }
    }
}
