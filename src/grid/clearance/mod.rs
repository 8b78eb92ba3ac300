//! Clearance annotations (Harabor and Botea 2008, "Hierarchical path
//! planning for multi-size agents"): per cell, the side of the largest
//! all-passable square anchored there, so that a unit `k` cells wide
//! searches only the cells it fits in.
//!
//! # Which square
//! Cells are `(x, y)` with `y` growing downwards, as in every grid of the
//! crate. The clearance of a passable cell `(x, y)` is the largest `s` such
//! that every cell `(x + i, y + j)`, `0 <= i, j < s`, is passable and inside
//! the grid: the square has the cell as its **top-left** corner and grows
//! right and down. A blocked cell (or one outside the grid) has clearance 0.
//!
//! # Units
//! A unit of size `k` standing on cell `c` occupies the `k x k` cells
//! `c.x..c.x + k` by `c.y..c.y + k` (its *footprint*, `c` its top-left
//! anchor); it may stand on `c` exactly when `clearance(c) >= k`. Its graph,
//! [`UnitGraph`] (from [`Clearance::unit`]), has those cells as nodes and
//! the grid's moves between them:
//! - a straight move is allowed when both ends fit the unit (the two
//!   footprints, one cell apart, are free: a `k x (k + 1)` rectangle);
//! - a diagonal move (8-connected grids) is allowed when both straight
//!   moves it passes between are: the cells beside it, `c + (dx, 0)` and
//!   `c + (0, dy)`, fit the unit, and so does the destination. The four
//!   footprints cover the `(k + 1) x (k + 1)` square the unit sweeps, so
//!   for `k = 1` this is the grid's own corner rule.
//!
//! Moving into cell `b` costs the straight or diagonal cost times the
//! **largest terrain weight under the footprint at `b`**: a unit moves at
//! the pace of its slowest part. For `k = 1` that is the grid's own rule
//! (the weight of the cell entered), so a unit of size 1 finds exactly the
//! grid's paths and costs. Every move costs at least the grid's move into
//! the same cell, so [`Grid::heuristic`] stays admissible and consistent
//! for every size ([`UnitGraph::heuristic`] returns it).
//!
//! # The largest size
//! A map is built for units up to a largest size, `max_size` (1 to 255):
//! clearances above it are stored as `max_size` (one byte per cell). It is
//! also how far an edit reaches: blocking or opening cell `c` changes the
//! clearance of the cells of the `max_size x max_size` square up and left
//! of `c` (`c` its bottom-right corner) and of no other, so
//! [`sync`](crate::graph::FollowMap::sync) recomputes those. Choose the size of your
//! largest unit.
//!
//! # A living map
//! The map records the grid's [`MapVersion`]. [`Clearance::get`] and
//! [`Clearance::unit`] refuse a grid at another version
//! ([`MapChanged`](crate::graph::MapChanged)): call
//! [`sync`](crate::graph::FollowMap::sync) (the crate's one way to follow a map:
//! [`FollowMap`](crate::graph::FollowMap)), which recomputes the windows of the
//! edits logged since ([`Grid::edits_since`]), or everything when the log
//! cannot tell (too many edits, another grid, another size). It never
//! answers for an older map.
//!
//! # Example
//! ```
//! use pathseek::grid::Clearance;
//! use pathseek::{Cell, Connectivity, FollowMap, Grid, GridCosts};
//!
//! // Two rooms joined by a door one cell wide, in the wall at x = 4.
//! let mut grid = Grid::from_fn(9, 6, Connectivity::Eight, GridCosts::octile(), |c| {
//!     c.x != 4 || c.y == 2
//! })?;
//! let mut clearance = Clearance::new(&grid, 3)?;
//! assert_eq!(clearance.get(&grid, Cell::new(0, 0))?, 3); // capped at 3
//! assert_eq!(clearance.get(&grid, Cell::new(3, 0))?, 1); // the wall is next to it
//! let (start, goal) = (Cell::new(0, 0), Cell::new(7, 4));
//! let small = clearance.unit(&grid, 1)?;
//! assert!(pathseek::astar(&small, start, goal, small.heuristic(goal)).found().is_some());
//! let big = clearance.unit(&grid, 2)?;
//! assert!(pathseek::astar(&big, start, goal, big.heuristic(goal)).found().is_none());
//!
//! // Widen the door: the map must be brought up to date first.
//! grid.set_passable(Cell::new(4, 3), true)?;
//! assert!(clearance.unit(&grid, 2).is_err());
//! let update = clearance.sync(&grid)?;
//! assert!(!update.full && update.cells <= 9);
//! let big = clearance.unit(&grid, 2)?;
//! let path = pathseek::astar(&big, start, goal, big.heuristic(goal));
//! assert!(path.found().unwrap().nodes.contains(&Cell::new(4, 2)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod error;
mod unit;

pub use error::ClearanceError;
pub use unit::UnitGraph;

use super::{Cell, Grid, MapVersion};
use crate::cost::Cost;

/// Each cell's clearance over a [`Grid`]: see the [module](self).
///
/// # Memory
/// One byte per cell, and a buffer of the cells an update recomputes.
///
/// # Complexity
/// Building: O(cells), one pass from the bottom-right corner
/// (`clearance(c) = 1 + min(right, below, below-right)`). An update:
/// O(e s² log(e s²)) for `e` logged passability edits and `max_size` `s`,
/// or a build when that would be more.
///
/// Two maps are equal when they hold the same values for the same grid
/// version and largest size.
#[derive(Clone)]
pub struct Clearance {
    width: u32,
    height: u32,
    max_size: u8,
    /// Row-major, `width * height`.
    values: Vec<u8>,
    /// The grid version the values describe.
    version: MapVersion,
    /// The cells an update recomputes (reused).
    dirty: Vec<usize>,
}

impl core::fmt::Debug for Clearance {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Clearance")
            .field("width", &self.width)
            .field("height", &self.height)
            .field("max_size", &self.max_size)
            .field("version", &self.version)
            .finish_non_exhaustive()
    }
}

impl PartialEq for Clearance {
    fn eq(&self, other: &Self) -> bool {
        (self.width, self.height, self.max_size, self.version)
            == (other.width, other.height, other.max_size, other.version)
            && self.values == other.values
    }
}

impl Eq for Clearance {}

/// What a [`sync`](crate::graph::FollowMap::sync) did.
///
/// # Example
/// See [`sync`](crate::graph::FollowMap::sync).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct ClearanceUpdate {
    /// Everything was computed again (the log could not tell, or the
    /// windows of the edits would have cost more).
    pub full: bool,
    /// Cells whose clearance was computed again (every cell for a full
    /// rebuild).
    pub cells: usize,
}

impl Clearance {
    /// The clearance of every cell of `grid`, for units up to `max_size`
    /// cells wide (clearances above it are stored as `max_size`).
    ///
    /// # Errors
    /// [`ClearanceError::MaxSize`] for `max_size` 0.
    ///
    /// # Complexity
    /// O(cells).
    ///
    /// # Example
    /// ```
    /// use pathseek::grid::Clearance;
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts};
    /// // A post at (2, 2) on a 4 x 4 map.
    /// let grid = Grid::from_fn(4, 4, Connectivity::Four, GridCosts::new(1u32, 1), |c| {
    ///     c != Cell::new(2, 2)
    /// })?;
    /// let clearance = Clearance::new(&grid, 4)?;
    /// assert_eq!(clearance.get(&grid, Cell::new(0, 0))?, 2); // (2, 2) stops the 3 x 3 square
    /// assert_eq!(clearance.get(&grid, Cell::new(2, 2))?, 0); // blocked
    /// assert_eq!(clearance.get(&grid, Cell::new(3, 3))?, 1); // the map's edge
    /// assert_eq!(clearance.get(&grid, Cell::new(9, 9))?, 0); // outside
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new<C: Cost>(grid: &Grid<C>, max_size: u8) -> Result<Self, ClearanceError> {
        if max_size == 0 {
            return Err(ClearanceError::MaxSize);
        }
        let mut clearance = Clearance {
            width: grid.width(),
            height: grid.height(),
            max_size,
            values: Vec::new(),
            version: grid.version(),
            dirty: Vec::new(),
        };
        clearance.rebuild(grid);
        Ok(clearance)
    }

    /// The clearance of `cell` on `grid`: 0 when it is blocked or outside
    /// the grid, else the side of the largest passable square whose
    /// top-left cell it is, at most [`max_size`](Self::max_size).
    ///
    /// # Errors
    /// [`MapChanged`](crate::graph::MapChanged) when `grid` is not the map as
    /// the values describe it (edited since, or another grid):
    /// [`sync`](crate::graph::FollowMap::sync) first.
    ///
    /// # Example
    /// See [`new`](Self::new).
    #[inline]
    pub fn get<C: Cost>(&self, grid: &Grid<C>, cell: Cell) -> Result<u8, crate::graph::MapChanged> {
        crate::graph::check_version(grid, self.version.get())?;
        Ok(self.value(cell))
    }

    /// The stored clearance of `cell` (0 outside).
    #[inline]
    pub(crate) fn value(&self, cell: Cell) -> u8 {
        if cell.x < self.width && cell.y < self.height {
            self.values[cell.y as usize * self.width as usize + cell.x as usize]
        } else {
            0
        }
    }

    /// The largest unit size the map serves (and the largest value it stores).
    ///
    /// # Example
    /// ```
    /// # use pathseek::grid::Clearance;
    /// # use pathseek::{Connectivity, Grid, GridCosts};
    /// let grid = Grid::new(8, 8, Connectivity::Eight, GridCosts::octile())?;
    /// assert_eq!(Clearance::new(&grid, 3)?.max_size(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn max_size(&self) -> u8 {
        self.max_size
    }

    /// The `(width, height)` of the grid the map was built for.
    ///
    /// # Example
    /// ```
    /// # use pathseek::grid::Clearance;
    /// # use pathseek::{Connectivity, Grid, GridCosts};
    /// let grid = Grid::new(8, 5, Connectivity::Eight, GridCosts::octile())?;
    /// assert_eq!(Clearance::new(&grid, 3)?.size(), (8, 5));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn size(&self) -> (u32, u32) {
        (self.width, self.height)
    }

    /// The grid version the map describes.
    ///
    /// # Example
    /// See [`sync`](crate::graph::FollowMap::sync).
    #[inline]
    pub fn version(&self) -> MapVersion {
        self.version
    }

    /// [`sync`](crate::graph::FollowMap::sync)'s work.
    fn follow<C: Cost>(&mut self, grid: &Grid<C>) -> ClearanceUpdate {
        if self.size() == (grid.width(), grid.height()) && self.version == grid.version() {
            return ClearanceUpdate::default();
        }
        let same_size = self.size() == (grid.width(), grid.height());
        let edits = grid.edits_since(self.version).filter(|_| same_size);
        let Some(edits) = edits else {
            return self.rebuild(grid);
        };
        let cells = self.values.len();
        let reach = u32::from(self.max_size) - 1;
        self.dirty.clear();
        for edit in edits.filter(|e| e.was.passable != e.now.passable) {
            let c = edit.cell;
            let (x0, y0) = (c.x.saturating_sub(reach), c.y.saturating_sub(reach));
            let area = (c.x - x0 + 1) as usize * (c.y - y0 + 1) as usize;
            if self.dirty.len() + area > cells {
                return self.rebuild(grid);
            }
            for y in y0..=c.y {
                let row = y as usize * self.width as usize;
                self.dirty.extend((x0..=c.x).map(|x| row + x as usize));
            }
        }
        // Bottom-right first: each cell reads its right, lower and
        // lower-right neighbours, all later in row-major order.
        self.dirty.sort_unstable_by(|a, b| b.cmp(a));
        self.dirty.dedup();
        let mut dirty = core::mem::take(&mut self.dirty);
        for &i in &dirty {
            self.values[i] = self.value_at(grid, i);
        }
        let recomputed = dirty.len();
        dirty.clear();
        self.dirty = dirty;
        self.version = grid.version();
        ClearanceUpdate {
            full: false,
            cells: recomputed,
        }
    }

    /// Computes every cell again from `grid` (taking its size).
    fn rebuild<C: Cost>(&mut self, grid: &Grid<C>) -> ClearanceUpdate {
        self.dirty.clear();
        self.width = grid.width();
        self.height = grid.height();
        let cells = self.width as usize * self.height as usize;
        self.values.clear();
        self.values.resize(cells, 0);
        let w = self.width as usize;
        for y in (0..self.height as usize).rev() {
            for x in (0..w).rev() {
                self.values[y * w + x] = self.value_xy(grid, x, y);
            }
        }
        self.version = grid.version();
        ClearanceUpdate { full: true, cells }
    }

    /// The clearance of cell `i` (row-major) from its passability and the
    /// (current) values of its right, lower and lower-right neighbours.
    #[inline]
    fn value_at<C: Cost>(&self, grid: &Grid<C>, i: usize) -> u8 {
        let w = self.width as usize;
        self.value_xy(grid, i % w, i / w)
    }

    /// [`value_at`](Self::value_at) for cell `(x, y)`.
    #[inline(always)]
    fn value_xy<C: Cost>(&self, grid: &Grid<C>, x: usize, y: usize) -> u8 {
        let w = self.width as usize;
        let i = y * w + x;
        if !grid.passable[(y + 1) * grid.stride + x + 1] {
            return 0;
        }
        let right_edge = x + 1 == w;
        let bottom_edge = y + 1 == self.height as usize;
        let smallest = if right_edge || bottom_edge {
            0
        } else {
            self.values[i + 1]
                .min(self.values[i + w])
                .min(self.values[i + w + 1])
        };
        smallest.saturating_add(1).min(self.max_size)
    }

    /// `Ok(())` when the map describes `grid` as it is now.
    fn check<C: Cost>(&self, grid: &Grid<C>) -> Result<(), ClearanceError> {
        let size = (grid.width(), grid.height());
        if self.size() != size {
            return Err(ClearanceError::SizeMismatch {
                clearance: self.size(),
                grid: size,
            });
        }
        crate::graph::check_version(grid, self.version.get())?;
        Ok(())
    }
}

impl<C: Cost> crate::graph::FollowMap<Grid<C>> for Clearance {
    type Synced = ClearanceUpdate;
    type Error = core::convert::Infallible;

    #[inline]
    fn map_version(&self) -> u64 {
        self.version.get()
    }

    /// Brings the map up to date with `grid`: nothing when it is current;
    /// otherwise, from the grid's edit log, each cell whose passability
    /// changed has the `max_size x max_size` window up and left of it
    /// recomputed (terrain edits change no clearance). When the log cannot
    /// tell (it dropped edits, `grid` is another grid or another size), or
    /// the windows hold more cells than the grid, everything is computed
    /// again.
    ///
    /// # Complexity
    /// O(w log w) for the `w` cells of the windows (at most `max_size²` per
    /// edit); O(cells) for a rebuild.
    ///
    /// # Example
    /// ```
    /// use pathseek::grid::Clearance;
    /// use pathseek::{Cell, Connectivity, FollowMap, Grid, GridCosts};
    /// let mut grid = Grid::new(64, 64, Connectivity::Eight, GridCosts::octile())?;
    /// let mut clearance = Clearance::new(&grid, 4)?;
    /// grid.set_passable(Cell::new(10, 10), false)?;
    /// assert!(!clearance.is_current(&grid));
    /// let update = clearance.sync(&grid)?;
    /// assert!(clearance.is_current(&grid));
    /// assert_eq!((update.full, update.cells), (false, 16)); // the 4 x 4 window
    /// assert_eq!(clearance.version(), grid.version());
    /// assert_eq!(clearance.get(&grid, Cell::new(7, 7))?, 3);
    /// assert_eq!(clearance, Clearance::new(&grid, 4)?); // as if built afresh
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn sync(&mut self, grid: &Grid<C>) -> Result<ClearanceUpdate, Self::Error> {
        Ok(self.follow(grid))
    }
}
