//! Rectangular tile grids as [`Graph`]s: 4- or 8-connected moves, blocked cells and
//! optional per-cell terrain weights.
//!
//! A [`Grid`] is `width x height` [`Cell`]s, each passable or blocked. Cell
//! `(x, y)` is column `x`, row `y`, with `(0, 0)` at the top left (the MovingAI
//! convention). Moves:
//!
//! - [`Connectivity::Four`]: north, east, south and west, each at
//!   [`GridCosts::straight`].
//! - [`Connectivity::Eight`]: those four plus the diagonals at
//!   [`GridCosts::diagonal`]. A diagonal step is allowed only if **both**
//!   orthogonal cells beside it are passable (no corner cutting), the rule the
//!   MovingAI benchmark lengths assume.
//!
//! With terrain weights ([`Grid::set_terrain`]), entering cell `c` costs
//! `move_cost * weight(c)`; weight one is plain ground. Without any weight set the
//! grid never touches the weight table, so the common case stays fast.
//!
//! # Choosing costs
//!
//! | costs | type | exact? |
//! |---|---|---|
//! | [`GridCosts::<f64>::octile()`](GridCosts::octile) | `f64` | `1` and [`OCTILE_DIAGONAL`] (`sqrt 2` to 32 binary places): sums are exact, so equal-length paths tie exactly |
//! | `GridCosts::new(1.0, std::f64::consts::SQRT_2)` | `f64` | `1` and `sqrt 2` to the last bit; sums round, so equal-length paths differ in the last bits |
//! | [`GridCosts::<u32>::exact_octile()`](GridCosts::exact_octile) (or `u64`) | integer | orders paths exactly like `1` / `sqrt 2`; divide by [`EXACT_OCTILE_SCALE`] |
//! | `GridCosts::new(10u32, 14)`, `GridCosts::new(2u32, 3)`, ... | integer | approximate: `14 / 10 = 1.4`, so some paths compare differently than with `sqrt 2` |
//! | `GridCosts::new(1u32, 1)` | integer | every move costs one (king moves) |
//!
//! # Example
//! ```
//! use pathseek::grid::{Cell, Connectivity, Grid, GridCosts};
//! use pathseek::Graph;
//!
//! // A 3 x 3 grid whose centre is blocked.
//! let grid = Grid::from_fn(3, 3, Connectivity::Eight, GridCosts::new(2u32, 3), |c| {
//!     c != Cell::new(1, 1)
//! })?;
//! let mut steps = Vec::new();
//! grid.successors(Cell::new(0, 0), |cell, cost| steps.push((cell, cost)));
//! // East and south only: the diagonal to (1, 1) is blocked.
//! assert_eq!(steps, vec![(Cell::new(1, 0), 2), (Cell::new(0, 1), 2)]);
//! # Ok::<(), pathseek::grid::GridError>(())
//! ```

use core::fmt;

use crate::cost::Cost;
use crate::graph::Graph;

/// A grid cell: column `x`, row `y`, `(0, 0)` at the top left.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Cell {
    /// Column, `0..width`.
    pub x: u32,
    /// Row, `0..height`, row 0 at the top.
    pub y: u32,
}

impl Cell {
    /// The cell at column `x`, row `y`.
    ///
    /// # Example
    /// ```
    /// let c = pathseek::grid::Cell::new(3, 4);
    /// assert_eq!((c.x, c.y), (3, 4));
    /// ```
    #[inline]
    pub const fn new(x: u32, y: u32) -> Self {
        Cell { x, y }
    }
}

impl From<(u32, u32)> for Cell {
    /// `(x, y)` as a cell.
    ///
    /// # Example
    /// ```
    /// use pathseek::grid::Cell;
    /// assert_eq!(Cell::from((3, 4)), Cell::new(3, 4));
    /// ```
    #[inline]
    fn from((x, y): (u32, u32)) -> Self {
        Cell { x, y }
    }
}

/// Which moves a [`Grid`] allows.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Connectivity {
    /// North, east, south, west.
    Four,
    /// The four straight moves plus the four diagonals (no corner cutting).
    Eight,
}

impl Connectivity {
    /// The bits of a cell's move mask this connectivity uses.
    #[inline(always)]
    const fn move_bits(self) -> u8 {
        match self {
            Connectivity::Four => 0x0F,
            Connectivity::Eight => 0xFF,
        }
    }
}

/// Scale of [`GridCosts::exact_octile`]: the cost of one straight step. Divide an
/// exact-octile path cost by it to get the length in cells.
///
/// # Example
/// ```
/// use pathseek::grid::{EXACT_OCTILE_DIAGONAL, EXACT_OCTILE_SCALE};
/// // Two straight steps and one diagonal: 2 + sqrt 2.
/// let cost = 2 * EXACT_OCTILE_SCALE as u64 + EXACT_OCTILE_DIAGONAL as u64;
/// let length = cost as f64 / EXACT_OCTILE_SCALE as f64;
/// assert!((length - (2.0 + 2f64.sqrt())).abs() < 1e-9);
/// ```
pub const EXACT_OCTILE_SCALE: u32 = 470_832;

/// Cost of one diagonal step in [`GridCosts::exact_octile`]:
/// `EXACT_OCTILE_DIAGONAL / EXACT_OCTILE_SCALE` is within `2e-12` of `sqrt 2`.
pub const EXACT_OCTILE_DIAGONAL: u32 = 665_857;

/// The cost of one straight and one diagonal step on a [`Grid`].
///
/// Both must be valid costs (not NaN, not negative).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct GridCosts<C> {
    /// Cost of a north, east, south or west step.
    pub straight: C,
    /// Cost of a diagonal step (used only by [`Connectivity::Eight`]).
    pub diagonal: C,
}

impl<C> GridCosts<C> {
    /// Costs `straight` and `diagonal`.
    ///
    /// `GridCosts::new(10u32, 14)` is a common integer choice; it is an
    /// approximation (`1.4` instead of `sqrt 2`), so a few path pairs compare the
    /// other way than with true octile lengths. For exact octile order with
    /// integers see [`GridCosts::exact_octile`].
    ///
    /// # Example
    /// ```
    /// let costs = pathseek::grid::GridCosts::new(10u32, 14);
    /// assert_eq!((costs.straight, costs.diagonal), (10, 14));
    /// ```
    #[inline]
    pub const fn new(straight: C, diagonal: C) -> Self {
        GridCosts { straight, diagonal }
    }
}

impl GridCosts<f64> {
    /// Straight `1`, diagonal [`OCTILE_DIAGONAL`]: the MovingAI octile lengths,
    /// with `sqrt 2` rounded to 32 binary places so that path costs add up
    /// exactly.
    ///
    /// Every cost is then a multiple of `2^-32`, which an `f64` holds exactly up
    /// to `2^21` (two million straight steps): two paths with the same numbers of
    /// straight and diagonal steps get bit-identical costs, whatever order they
    /// take them in. With `std::f64::consts::SQRT_2` instead, sums round
    /// differently along different paths, so equal-length paths differ in the
    /// last bits: the tie-break on `g` stops working and the search expands and
    /// reopens more nodes (18% more expansions on the den520d scenarios). The
    /// price is a length error below `8e-12` relative (`1.2e-11` per diagonal
    /// step), far inside the MovingAI lengths' own 8 decimals.
    ///
    /// # Example
    /// ```
    /// use pathseek::grid::{GridCosts, OCTILE_DIAGONAL};
    /// let costs = GridCosts::<f64>::octile();
    /// assert_eq!((costs.straight, costs.diagonal), (1.0, OCTILE_DIAGONAL));
    /// assert!((OCTILE_DIAGONAL - std::f64::consts::SQRT_2).abs() < 1.2e-11);
    /// // Sums are exact: one diagonal and two straight steps, in either order.
    /// assert_eq!(OCTILE_DIAGONAL + 1.0 + 1.0, 1.0 + 1.0 + OCTILE_DIAGONAL);
    /// ```
    #[inline]
    pub const fn octile() -> Self {
        GridCosts::new(1.0, OCTILE_DIAGONAL)
    }
}

/// The diagonal step of [`GridCosts::octile`]: `sqrt 2` rounded to the nearest
/// multiple of `2^-32`, `6074001000 / 2^32 = 1.41421356238424777984619140625`.
///
/// It exceeds `sqrt 2` by `1.1e-11` (`7.9e-12` relative), so an octile distance
/// built on it is still an admissible estimate of a path built on it, and the
/// order of two lengths `a + b·sqrt 2` is kept unless they differ by less than
/// `1.2e-11 · |b1 - b2|` (impossible for distinct lengths of paths shorter than
/// about `10^5` steps).
pub const OCTILE_DIAGONAL: f64 = 6_074_001_000.0 / 4_294_967_296.0;

impl GridCosts<u32> {
    /// Integer octile costs that order paths exactly like `1` / `sqrt 2`:
    /// straight [`EXACT_OCTILE_SCALE`] `= 470832`, diagonal
    /// [`EXACT_OCTILE_DIAGONAL`] `= 665857`.
    ///
    /// `665857 / 470832` is a convergent of the Pell equation for `sqrt 2`
    /// (`665857² = 2 · 470832² + 1`), so it exceeds `sqrt 2` by less than `2e-12`.
    /// A path of `a` straight and `b` diagonal steps costs `a·470832 + b·665857`,
    /// and the accumulated error `b · 2e-12` stays far below the smallest gap
    /// between distinct values `a + b·sqrt 2` on any map of practical size (up to
    /// thousands of cells per side): two paths compare (`<`, `=`, `>`) exactly as
    /// their true octile lengths do. Two costs are equal only when the step counts
    /// are, since 470832 and 665857 are coprime. Divide a cost by
    /// [`EXACT_OCTILE_SCALE`] to get the length in cells.
    ///
    /// Range: a `u32` holds path lengths up to about 9,100 straight units
    /// (`u32::MAX / 470832`); a longer path makes the search report an overflow
    /// instead of a wrong answer. Use [`GridCosts::<u64>::exact_octile`](GridCosts#method.exact_octile-1)
    /// for longer paths (up to about `3.9e13` units).
    ///
    /// # Example
    /// ```
    /// use pathseek::grid::{GridCosts, EXACT_OCTILE_SCALE};
    /// let costs = GridCosts::<u32>::exact_octile();
    /// assert_eq!((costs.straight, costs.diagonal), (470_832, 665_857));
    /// // Three diagonals (4.243) cost more than four straight steps, less than five.
    /// assert!(3 * costs.diagonal > 4 * costs.straight);
    /// assert!(3 * costs.diagonal < 5 * costs.straight);
    /// assert!(((costs.diagonal as f64 / EXACT_OCTILE_SCALE as f64) - 2f64.sqrt()).abs() < 2e-12);
    /// ```
    #[inline]
    pub const fn exact_octile() -> Self {
        GridCosts::new(EXACT_OCTILE_SCALE, EXACT_OCTILE_DIAGONAL)
    }
}

impl GridCosts<u64> {
    /// The same exact integer octile costs as
    /// [`GridCosts::<u32>::exact_octile`](GridCosts#method.exact_octile) (`470832`,
    /// `665857`) in `u64`, for path lengths beyond about 9,100 straight units.
    ///
    /// # Example
    /// ```
    /// let costs = pathseek::grid::GridCosts::<u64>::exact_octile();
    /// assert_eq!((costs.straight, costs.diagonal), (470_832, 665_857));
    /// ```
    #[inline]
    pub const fn exact_octile() -> Self {
        GridCosts::new(EXACT_OCTILE_SCALE as u64, EXACT_OCTILE_DIAGONAL as u64)
    }
}

/// Why a grid could not be built or changed.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GridError {
    /// The cell is not inside the grid.
    OutOfBounds {
        /// The offending cell.
        cell: Cell,
        /// Grid width.
        width: u32,
        /// Grid height.
        height: u32,
    },
    /// A terrain weight was NaN or negative.
    InvalidTerrain {
        /// The cell the weight was meant for.
        cell: Cell,
    },
    /// A terrain weight times the straight or diagonal cost overflows the cost type.
    TerrainOverflow {
        /// The cell the weight was meant for.
        cell: Cell,
    },
    /// Width or height is zero, or `width * height` exceeds `u32::MAX` cells.
    InvalidSize {
        /// Requested width.
        width: u32,
        /// Requested height.
        height: u32,
    },
}

impl fmt::Display for GridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GridError::OutOfBounds {
                cell,
                width,
                height,
            } => write!(
                f,
                "cell ({}, {}) is outside the {width} x {height} grid",
                cell.x, cell.y
            ),
            GridError::InvalidTerrain { cell } => write!(
                f,
                "terrain weight for cell ({}, {}) is NaN or negative",
                cell.x, cell.y
            ),
            GridError::TerrainOverflow { cell } => write!(
                f,
                "terrain weight for cell ({}, {}) times the move cost overflows the cost type",
                cell.x, cell.y
            ),
            GridError::InvalidSize { width, height } => write!(
                f,
                "grid size {width} x {height} is not supported (need 1 to u32::MAX cells, both sides at least 1)"
            ),
        }
    }
}

impl std::error::Error for GridError {}

/// The padded passability layout of a supported grid size.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Layout {
    /// `width + 2`.
    stride: usize,
    /// `(width + 2) * (height + 2)`.
    total: usize,
}

impl Layout {
    /// The layout for `width x height`, or `None` if that size is not supported:
    /// a side of 0, more than `u32::MAX` cells, or a padded size beyond `usize`.
    pub(crate) fn new(width: u32, height: u32) -> Option<Self> {
        if width == 0 || height == 0 || u64::from(width) * u64::from(height) > u64::from(u32::MAX) {
            return None;
        }
        let stride = usize::try_from(u64::from(width) + 2).ok()?;
        let rows = usize::try_from(u64::from(height) + 2).ok()?;
        let total = stride.checked_mul(rows)?;
        Some(Layout { stride, total })
    }
}

/// A rectangular grid of passable and blocked cells; a [`Graph`] over [`Cell`]s.
///
/// Sizes: both sides at least 1 and at most `u32::MAX` cells in all; other sizes
/// are rejected with [`GridError::InvalidSize`]. Memory: two bytes per cell, its
/// passability and its precomputed move mask (plus a one-cell border), and one `C` per cell once a terrain weight is set.
///
/// See the [module docs](self) for the move rules.
#[derive(Clone)]
pub struct Grid<C> {
    width: u32,
    height: u32,
    connectivity: Connectivity,
    costs: GridCosts<C>,
    /// Row stride of `passable`: `width + 2`.
    stride: usize,
    /// `(width + 2) * (height + 2)` flags; the outer ring is always `false`, so a
    /// neighbour test never needs a bounds check. Cell `(x, y)` is at
    /// `(y + 1) * stride + x + 1`.
    passable: Vec<bool>,
    /// The allowed moves out of each padded position, as [`moves_at`] computes
    /// them (kept current by [`Grid::set_passable`]).
    moves: Vec<u8>,
    passable_count: usize,
    /// `width * height` weights, row-major without border; `None` = all one.
    terrain: Option<Vec<C>>,
    /// Smallest weight in `terrain` (one when `terrain` is `None`).
    min_terrain: C,
    /// How many cells hold `min_terrain`.
    min_terrain_cells: usize,
    /// `ceil(2^64 / width)` (0 for width 1): divides a cell index by the width
    /// with one multiplication (see [`Grid::node_at`]).
    width_reciprocal: u64,
    /// How far each move of [`STEPS`] goes in the row-major cell index
    /// (`dy * width + dx`), so the move loop adds instead of multiplying.
    offsets: [isize; 8],
}

impl<C: Cost> fmt::Debug for Grid<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Grid")
            .field("width", &self.width)
            .field("height", &self.height)
            .field("connectivity", &self.connectivity)
            .field("costs", &self.costs)
            .field("passable_count", &self.passable_count)
            .field("has_terrain", &self.terrain.is_some())
            .field("min_terrain", &self.min_terrain)
            .finish()
    }
}

impl<C: Cost> Grid<C> {
    /// A `width x height` grid with every cell passable.
    ///
    /// Errors: [`GridError::InvalidSize`] if a side is 0 or there are more than
    /// `u32::MAX` cells (or, on 16- and 32-bit targets, more than fit in memory).
    ///
    /// `costs` should be valid (not NaN, not negative). They are not checked here:
    /// a grid with an invalid cost yields such edges, which the search rejects
    /// with an `InvalidEdgeCost` error.
    ///
    /// # Example
    /// ```
    /// use pathseek::grid::{Connectivity, Grid, GridCosts};
    /// let grid = Grid::new(4, 3, Connectivity::Four, GridCosts::new(1u32, 1))?;
    /// assert_eq!(grid.passable_count(), 12);
    /// assert!(Grid::new(0, 3, Connectivity::Four, GridCosts::new(1u32, 1)).is_err());
    /// # Ok::<(), pathseek::grid::GridError>(())
    /// ```
    pub fn new(
        width: u32,
        height: u32,
        connectivity: Connectivity,
        costs: GridCosts<C>,
    ) -> Result<Self, GridError> {
        Self::from_fn(width, height, connectivity, costs, |_| true)
    }

    /// A `width x height` grid where `passable(cell)` tells whether each cell is
    /// passable. `passable` is called once per cell, row by row.
    ///
    /// Errors as for [`Grid::new`].
    ///
    /// # Example
    /// ```
    /// use pathseek::grid::{Cell, Connectivity, Grid, GridCosts};
    /// // A wall down column 2.
    /// let grid = Grid::from_fn(5, 5, Connectivity::Eight, GridCosts::<f64>::octile(), |c| c.x != 2)?;
    /// assert!(!grid.is_passable(Cell::new(2, 4)));
    /// assert_eq!(grid.passable_count(), 20);
    /// # Ok::<(), pathseek::grid::GridError>(())
    /// ```
    pub fn from_fn(
        width: u32,
        height: u32,
        connectivity: Connectivity,
        costs: GridCosts<C>,
        passable: impl FnMut(Cell) -> bool,
    ) -> Result<Self, GridError> {
        let layout = Layout::new(width, height).ok_or(GridError::InvalidSize { width, height })?;
        Ok(Self::with_layout(
            width,
            height,
            layout,
            connectivity,
            costs,
            passable,
        ))
    }

    /// Builds a grid whose size `layout` has already accepted.
    pub(crate) fn with_layout(
        width: u32,
        height: u32,
        layout: Layout,
        connectivity: Connectivity,
        costs: GridCosts<C>,
        mut passable: impl FnMut(Cell) -> bool,
    ) -> Self {
        let Layout { stride, total } = layout;
        let mut flags = vec![false; total];
        let mut count = 0usize;
        for y in 0..height {
            let row = (y as usize + 1) * stride + 1;
            for x in 0..width {
                let open = passable(Cell { x, y });
                flags[row + x as usize] = open;
                count += usize::from(open);
            }
        }
        let mut moves = vec![0u8; total];
        for y in 0..height as usize {
            let row = (y + 1) * stride + 1;
            for (p, m) in moves.iter_mut().enumerate().skip(row).take(width as usize) {
                *m = moves_at(&flags, p, stride);
            }
        }
        Grid {
            width,
            height,
            connectivity,
            costs,
            stride,
            passable: flags,
            moves,
            passable_count: count,
            terrain: None,
            min_terrain: C::one(),
            min_terrain_cells: width as usize * height as usize,
            width_reciprocal: reciprocal(width),
            offsets: STEPS.map(|(dx, dy)| dy as isize * width as isize + dx as isize),
        }
    }

    /// Number of columns.
    ///
    /// # Example
    /// ```
    /// use pathseek::grid::{Connectivity, Grid, GridCosts};
    /// let grid = Grid::new(4, 3, Connectivity::Four, GridCosts::new(1u32, 1))?;
    /// assert_eq!((grid.width(), grid.height()), (4, 3));
    /// # Ok::<(), pathseek::grid::GridError>(())
    /// ```
    #[inline]
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Number of rows.
    ///
    /// # Example
    /// ```
    /// use pathseek::grid::{Connectivity, Grid, GridCosts};
    /// let grid = Grid::new(4, 3, Connectivity::Four, GridCosts::new(1u32, 1))?;
    /// assert_eq!(grid.height(), 3);
    /// # Ok::<(), pathseek::grid::GridError>(())
    /// ```
    #[inline]
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The moves this grid allows.
    ///
    /// # Example
    /// ```
    /// use pathseek::grid::{Connectivity, Grid, GridCosts};
    /// let grid = Grid::new(4, 3, Connectivity::Eight, GridCosts::new(2u32, 3))?;
    /// assert_eq!(grid.connectivity(), Connectivity::Eight);
    /// # Ok::<(), pathseek::grid::GridError>(())
    /// ```
    #[inline]
    pub fn connectivity(&self) -> Connectivity {
        self.connectivity
    }

    /// The straight and diagonal step costs.
    ///
    /// # Example
    /// ```
    /// use pathseek::grid::{Connectivity, Grid, GridCosts};
    /// let grid = Grid::new(4, 3, Connectivity::Eight, GridCosts::new(2u32, 3))?;
    /// assert_eq!(grid.costs(), GridCosts::new(2, 3));
    /// # Ok::<(), pathseek::grid::GridError>(())
    /// ```
    #[inline]
    pub fn costs(&self) -> GridCosts<C> {
        self.costs
    }

    /// Whether `cell` lies inside the grid.
    ///
    /// # Example
    /// ```
    /// use pathseek::grid::{Cell, Connectivity, Grid, GridCosts};
    /// let grid = Grid::new(4, 3, Connectivity::Four, GridCosts::new(1u32, 1))?;
    /// assert!(grid.in_bounds(Cell::new(3, 2)));
    /// assert!(!grid.in_bounds(Cell::new(4, 0)));
    /// # Ok::<(), pathseek::grid::GridError>(())
    /// ```
    #[inline]
    pub fn in_bounds(&self, cell: Cell) -> bool {
        cell.x < self.width && cell.y < self.height
    }

    /// Whether `cell` is passable; `false` for cells outside the grid.
    ///
    /// # Example
    /// ```
    /// use pathseek::grid::{Cell, Connectivity, Grid, GridCosts};
    /// let grid = Grid::from_fn(3, 3, Connectivity::Four, GridCosts::new(1u32, 1), |c| c.x != 1)?;
    /// assert!(grid.is_passable(Cell::new(0, 0)));
    /// assert!(!grid.is_passable(Cell::new(1, 0)));
    /// assert!(!grid.is_passable(Cell::new(9, 9)));
    /// # Ok::<(), pathseek::grid::GridError>(())
    /// ```
    #[inline]
    pub fn is_passable(&self, cell: Cell) -> bool {
        match self.padded_index(cell) {
            Some(p) => self.passable[p],
            None => false,
        }
    }

    /// Makes `cell` passable or blocked.
    ///
    /// # Example
    /// ```
    /// use pathseek::grid::{Cell, Connectivity, Grid, GridCosts};
    /// let mut grid = Grid::new(3, 3, Connectivity::Four, GridCosts::new(1u32, 1))?;
    /// grid.set_passable(Cell::new(1, 1), false)?;
    /// assert!(!grid.is_passable(Cell::new(1, 1)));
    /// assert_eq!(grid.passable_count(), 8);
    /// assert!(grid.set_passable(Cell::new(3, 0), false).is_err());
    /// # Ok::<(), pathseek::grid::GridError>(())
    /// ```
    pub fn set_passable(&mut self, cell: Cell, passable: bool) -> Result<(), GridError> {
        let p = self.padded_index(cell).ok_or(self.out_of_bounds(cell))?;
        let was = core::mem::replace(&mut self.passable[p], passable);
        if was != passable {
            // The cell's own moves and those of its eight neighbours change (the
            // border keeps its zero mask).
            let s = self.stride;
            for q in [
                p - s - 1,
                p - s,
                p - s + 1,
                p - 1,
                p,
                p + 1,
                p + s - 1,
                p + s,
                p + s + 1,
            ] {
                let (x, y) = (q % s, q / s);
                if (1..=self.width as usize).contains(&x) && (1..=self.height as usize).contains(&y)
                {
                    self.moves[q] = moves_at(&self.passable, q, s);
                }
            }
        }
        if was && !passable {
            self.passable_count -= 1;
        } else if !was && passable {
            self.passable_count += 1;
        }
        Ok(())
    }

    /// Sets the terrain weight of `cell`: entering it then costs
    /// `move_cost * weight`. Weight one is plain ground; weights below one are
    /// allowed (the [heuristic](Grid::heuristic) scales down to stay admissible).
    ///
    /// Errors: [`GridError::OutOfBounds`]; [`GridError::InvalidTerrain`] for a NaN
    /// or negative weight; [`GridError::TerrainOverflow`] if `weight` times the
    /// straight or the diagonal cost overflows `C` (so moves never overflow).
    ///
    /// The first call allocates one weight per cell. Keeping
    /// [`min_terrain`](Grid::min_terrain) exact is O(1), except when the last cell
    /// holding the minimum is raised, which rescans all weights.
    ///
    /// # Example
    /// ```
    /// use pathseek::grid::{Cell, Connectivity, Grid, GridCosts};
    /// let mut grid = Grid::new(3, 1, Connectivity::Four, GridCosts::new(10u32, 14))?;
    /// grid.set_terrain(Cell::new(1, 0), 3)?; // swamp: three times the cost
    /// assert_eq!(grid.terrain(Cell::new(1, 0)), 3);
    /// assert_eq!(grid.terrain(Cell::new(2, 0)), 1);
    /// assert!(grid.set_terrain(Cell::new(0, 0), u32::MAX).is_err()); // 10 * MAX overflows
    /// # Ok::<(), pathseek::grid::GridError>(())
    /// ```
    pub fn set_terrain(&mut self, cell: Cell, weight: C) -> Result<(), GridError> {
        let i = self.cell_index(cell).ok_or(self.out_of_bounds(cell))?;
        if !weight.is_valid() {
            return Err(GridError::InvalidTerrain { cell });
        }
        if self.costs.straight.checked_mul(weight).is_none()
            || self.costs.diagonal.checked_mul(weight).is_none()
        {
            return Err(GridError::TerrainOverflow { cell });
        }
        let cells = self.width as usize * self.height as usize;
        let terrain = self.terrain.get_or_insert_with(|| vec![C::one(); cells]);
        let old = core::mem::replace(&mut terrain[i], weight);
        if weight < self.min_terrain {
            self.min_terrain = weight;
            self.min_terrain_cells = 1;
        } else if weight == self.min_terrain {
            if old != self.min_terrain {
                self.min_terrain_cells += 1;
            }
        } else if old == self.min_terrain {
            // The old value was the minimum and is being raised.
            self.min_terrain_cells -= 1;
            if self.min_terrain_cells == 0 {
                self.rescan_min_terrain();
            }
        }
        Ok(())
    }

    fn rescan_min_terrain(&mut self) {
        let Some(terrain) = &self.terrain else {
            self.min_terrain = C::one();
            self.min_terrain_cells = self.width as usize * self.height as usize;
            return;
        };
        let mut min = C::one();
        let mut count = 0usize;
        for (k, &w) in terrain.iter().enumerate() {
            if k == 0 || w < min {
                min = w;
                count = 1;
            } else if w == min {
                count += 1;
            }
        }
        self.min_terrain = min;
        self.min_terrain_cells = count;
    }

    /// The terrain weight of `cell`: one if never set (or outside the grid).
    ///
    /// # Example
    /// ```
    /// use pathseek::grid::{Cell, Connectivity, Grid, GridCosts};
    /// let mut grid = Grid::new(2, 2, Connectivity::Four, GridCosts::<f64>::octile())?;
    /// assert_eq!(grid.terrain(Cell::new(0, 0)), 1.0);
    /// grid.set_terrain(Cell::new(0, 0), 0.5)?;
    /// assert_eq!(grid.terrain(Cell::new(0, 0)), 0.5);
    /// # Ok::<(), pathseek::grid::GridError>(())
    /// ```
    #[inline]
    pub fn terrain(&self, cell: Cell) -> C {
        match (&self.terrain, self.cell_index(cell)) {
            (Some(t), Some(i)) => t[i],
            _ => C::one(),
        }
    }

    /// Whether any terrain weight has been set (even if all are one again).
    ///
    /// # Example
    /// ```
    /// use pathseek::grid::{Cell, Connectivity, Grid, GridCosts};
    /// let mut grid = Grid::new(2, 2, Connectivity::Four, GridCosts::new(1u32, 1))?;
    /// assert!(!grid.has_terrain());
    /// grid.set_terrain(Cell::new(1, 1), 2)?;
    /// assert!(grid.has_terrain());
    /// # Ok::<(), pathseek::grid::GridError>(())
    /// ```
    #[inline]
    pub fn has_terrain(&self) -> bool {
        self.terrain.is_some()
    }

    /// The smallest terrain weight of any cell (passable or not); one without
    /// terrain. Always exact, O(1).
    ///
    /// # Example
    /// ```
    /// use pathseek::grid::{Cell, Connectivity, Grid, GridCosts};
    /// let mut grid = Grid::new(2, 1, Connectivity::Four, GridCosts::<f64>::octile())?;
    /// assert_eq!(grid.min_terrain(), 1.0);
    /// grid.set_terrain(Cell::new(0, 0), 0.25)?;
    /// assert_eq!(grid.min_terrain(), 0.25);
    /// grid.set_terrain(Cell::new(0, 0), 4.0)?;
    /// assert_eq!(grid.min_terrain(), 1.0); // the other cell is still plain
    /// # Ok::<(), pathseek::grid::GridError>(())
    /// ```
    #[inline]
    pub fn min_terrain(&self) -> C {
        self.min_terrain
    }

    /// Number of passable cells.
    ///
    /// # Example
    /// ```
    /// use pathseek::grid::{Connectivity, Grid, GridCosts};
    /// let grid = Grid::from_fn(4, 4, Connectivity::Four, GridCosts::new(1u32, 1), |c| c.y > 0)?;
    /// assert_eq!(grid.passable_count(), 12);
    /// # Ok::<(), pathseek::grid::GridError>(())
    /// ```
    #[inline]
    pub fn passable_count(&self) -> usize {
        self.passable_count
    }

    /// The dense index `y * width + x` of `cell`, or `None` outside the grid. The
    /// same as [`Graph::node_index`].
    ///
    /// # Example
    /// ```
    /// use pathseek::grid::{Cell, Connectivity, Grid, GridCosts};
    /// let grid = Grid::new(4, 3, Connectivity::Four, GridCosts::new(1u32, 1))?;
    /// assert_eq!(grid.cell_index(Cell::new(1, 2)), Some(9));
    /// assert_eq!(grid.cell_index(Cell::new(4, 0)), None);
    /// # Ok::<(), pathseek::grid::GridError>(())
    /// ```
    #[inline]
    pub fn cell_index(&self, cell: Cell) -> Option<usize> {
        if self.in_bounds(cell) {
            Some(cell.y as usize * self.width as usize + cell.x as usize)
        } else {
            None
        }
    }

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

    /// The move masks of the padded positions and their row stride (for the
    /// jump point scanner, which walks them directly).
    #[inline]
    pub(crate) fn move_masks(&self) -> (&[u8], usize) {
        (&self.moves, self.stride)
    }

    /// The padded position of `cell` (`None` outside the grid).
    #[inline]
    pub(crate) fn padded_index(&self, cell: Cell) -> Option<usize> {
        if self.in_bounds(cell) {
            Some((cell.y as usize + 1) * self.stride + cell.x as usize + 1)
        } else {
            None
        }
    }

    fn out_of_bounds(&self, cell: Cell) -> GridError {
        GridError::OutOfBounds {
            cell,
            width: self.width,
            height: self.height,
        }
    }

    /// Emits the moves out of `node` as `edge(cell, cell_index, cost)`;
    /// `weigh(move_cost, dest_index)` applies terrain (or not).
    ///
    /// One loop over the set bits of the cell's move mask, so the search's edge
    /// callback has a single call site (and is inlined) and no branch depends on
    /// which neighbours happen to be open.
    #[inline(always)]
    fn emit_moves(
        &self,
        node: Cell,
        mut edge: impl FnMut(Cell, usize, C),
        weigh: impl Fn(C, usize) -> C,
    ) {
        let Some(p) = self.padded_index(node) else {
            return;
        };
        let mut moves = self.moves[p] & self.connectivity.move_bits();
        let w = self.width as usize;
        // Unpadded index of `node`, for terrain look-ups.
        let t = node.y as usize * w + node.x as usize;
        let costs = [self.costs.straight, self.costs.diagonal];
        while moves != 0 {
            let d = moves.trailing_zeros() as usize;
            moves &= moves - 1;
            let (dx, dy) = STEPS[d];
            // A set move bit means the destination is passable, hence inside the
            // grid: the wrapping arithmetic lands on its real coordinates.
            let cell = Cell {
                x: node.x.wrapping_add_signed(dx),
                y: node.y.wrapping_add_signed(dy),
            };
            let dest = t.wrapping_add_signed(self.offsets[d]);
            edge(cell, dest, weigh(costs[d >> 2], dest));
        }
    }
}

/// `(dx, dy)` of each move bit: north, east, south, west, then north-east,
/// south-east, south-west, north-west (the successor order of [`Grid`]).
pub(crate) const STEPS: [(i32, i32); 8] = [
    (0, -1),
    (1, 0),
    (0, 1),
    (-1, 0),
    (1, -1),
    (1, 1),
    (-1, 1),
    (-1, -1),
];

/// The move mask of padded position `p` (bit `d` set when move `STEPS[d]` is
/// allowed under the 8-connected rule; 0 for a blocked cell). The 4-connected
/// moves are the low four bits.
fn moves_at(pass: &[bool], p: usize, stride: usize) -> u8 {
    if !pass[p] {
        return 0;
    }
    let (n, e, s, w) = (pass[p - stride], pass[p + 1], pass[p + stride], pass[p - 1]);
    let ne = n && e && pass[p - stride + 1];
    let se = s && e && pass[p + stride + 1];
    let sw = s && w && pass[p + stride - 1];
    let nw = n && w && pass[p - stride - 1];
    [n, e, s, w, ne, se, sw, nw]
        .iter()
        .enumerate()
        .fold(0, |m, (d, &open)| m | (u8::from(open) << d))
}

/// `ceil(2^64 / d)` for `d >= 2`, and 0 for `d` 1 (or 0): the multiplier of [`divide`].
fn reciprocal(d: u32) -> u64 {
    if d <= 1 {
        0
    } else {
        u64::MAX / u64::from(d) + 1
    }
}

/// `n / d`, given `reciprocal(d)`, with one multiplication instead of a division:
/// `(n * ceil(2^64 / d)) >> 64` is exact for every 32-bit `n` and `d`
/// (Lemire, Kaser and Kurz, "Faster remainder by direct computation", 2019).
#[inline(always)]
fn divide(n: u32, d: u32, reciprocal: u64) -> u32 {
    if reciprocal == 0 {
        // d == 1 (d == 0 never reaches here: grids have a width of at least 1).
        return n / d.max(1);
    }
    ((u128::from(n) * u128::from(reciprocal)) >> 64) as u32
}

/// Nodes are [`Cell`]s with dense ids `y * width + x`.
///
/// Successors of a passable cell, in this order: north, east, south, west, then
/// (8-connected) north-east, south-east, south-west, north-west. Blocked or
/// out-of-range cells have none. Terrain multiplies each move by the weight of
/// the cell entered.
///
/// # Example
/// ```
/// use pathseek::grid::{Cell, Connectivity, Grid, GridCosts};
/// use pathseek::Graph;
/// let mut grid = Grid::new(2, 2, Connectivity::Eight, GridCosts::new(2u32, 3))?;
/// grid.set_terrain(Cell::new(1, 1), 10)?;
/// let mut steps = Vec::new();
/// grid.successors(Cell::new(0, 0), |c, cost| steps.push((c, cost)));
/// assert_eq!(steps, [(Cell::new(1, 0), 2), (Cell::new(0, 1), 2), (Cell::new(1, 1), 30)]);
/// assert_eq!(grid.node_count(), Some(4));
/// assert_eq!(grid.node_at(3), Some(Cell::new(1, 1)));
/// # Ok::<(), pathseek::grid::GridError>(())
/// ```
impl<C: Cost> Graph for Grid<C> {
    type Node = Cell;
    type Cost = C;

    #[inline]
    fn successors(&self, node: Cell, mut edge: impl FnMut(Cell, C)) {
        self.expand(
            node,
            None,
            #[inline(always)]
            |cell, _, cost| edge(cell, cost),
        );
    }

    /// The moves of [`successors`](Graph::successors), each with the dense id of
    /// the cell it enters (the move loop computes it anyway).
    #[inline]
    fn expand(
        &self,
        node: Cell,
        parent: Option<Cell>,
        mut edge: impl FnMut(Cell, Option<usize>, C),
    ) {
        let _ = parent;
        match &self.terrain {
            None => self.emit_moves(
                node,
                #[inline(always)]
                |cell, index, cost| edge(cell, Some(index), cost),
                |cost, _| cost,
            ),
            // `set_terrain` checked that every weight times either move cost fits.
            Some(terrain) => self.emit_moves(
                node,
                #[inline(always)]
                |cell, index, cost| edge(cell, Some(index), cost),
                |cost, i| cost * terrain[i],
            ),
        }
    }

    /// A cell is part of the graph when it is inside the grid and passable.
    #[inline]
    fn contains(&self, node: Cell) -> bool {
        self.is_passable(node)
    }

    #[inline]
    fn node_count(&self) -> Option<usize> {
        Some(self.width as usize * self.height as usize)
    }

    #[inline]
    fn node_index(&self, node: Cell) -> Option<usize> {
        self.cell_index(node)
    }

    #[inline]
    fn node_at(&self, index: usize) -> Option<Cell> {
        if index >= self.width as usize * self.height as usize {
            return None;
        }
        // The grid has at most u32::MAX cells, so the index fits in a u32.
        let n = index as u32;
        let y = divide(n, self.width, self.width_reciprocal);
        let x = n - y * self.width;
        // Both fit in u32: x < width and y < height.
        Some(Cell { x, y })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn succ<C: Cost>(g: &Grid<C>, c: Cell) -> Vec<(Cell, C)> {
        let mut v = Vec::new();
        g.successors(c, |n, k| v.push((n, k)));
        v
    }

    fn ascii(rows: &[&str], conn: Connectivity) -> Grid<u32> {
        let h = rows.len() as u32;
        let w = rows[0].len() as u32;
        Grid::from_fn(w, h, conn, GridCosts::new(2, 3), |c| {
            rows[c.y as usize].as_bytes()[c.x as usize] == b'.'
        })
        .unwrap()
    }

    #[test]
    fn sizes_are_checked() {
        let c = GridCosts::new(1u32, 1);
        assert_eq!(
            Grid::new(0, 1, Connectivity::Four, c).unwrap_err(),
            GridError::InvalidSize {
                width: 0,
                height: 1
            }
        );
        assert!(Grid::new(1, 0, Connectivity::Four, c).is_err());
        assert!(Grid::new(u32::MAX, 2, Connectivity::Four, c).is_err());
        assert!(Grid::new(65_536, 65_536, Connectivity::Four, c).is_err());
        let g = Grid::new(1, 1, Connectivity::Eight, c).unwrap();
        assert!(succ(&g, Cell::new(0, 0)).is_empty());
        // Costs are not checked at construction: invalid ones reach the search,
        // which rejects them; terrain against NaN costs is refused.
        let mut g = Grid::new(2, 2, Connectivity::Four, GridCosts::new(1.0, f64::NAN)).unwrap();
        assert!(g.set_terrain(Cell::new(0, 0), 2.0).is_err());
        assert!(succ(&g, Cell::new(0, 0)).iter().all(|&(_, c)| c == 1.0));
    }

    #[test]
    fn four_connected_moves() {
        let g = ascii(&["...", ".@.", "..."], Connectivity::Four);
        assert_eq!(
            succ(&g, Cell::new(1, 0)),
            vec![(Cell::new(2, 0), 2), (Cell::new(0, 0), 2)]
        );
        assert_eq!(
            succ(&g, Cell::new(0, 1)),
            vec![(Cell::new(0, 0), 2), (Cell::new(0, 2), 2)]
        );
        assert!(succ(&g, Cell::new(1, 1)).is_empty());
        assert!(succ(&g, Cell::new(3, 0)).is_empty());
        assert!(succ(&g, Cell::new(u32::MAX, u32::MAX)).is_empty());
    }

    #[test]
    fn eight_connected_no_corner_cutting() {
        let g = ascii(&["...", ".@.", "..."], Connectivity::Eight);
        // Corner (0,0): E, S, and the diagonal to (1,1) is blocked.
        assert_eq!(
            succ(&g, Cell::new(0, 0)),
            vec![(Cell::new(1, 0), 2), (Cell::new(0, 1), 2)]
        );
        // (1,0): E, W; diagonals SE/SW need (1,1) passable.
        assert_eq!(
            succ(&g, Cell::new(1, 0)),
            vec![(Cell::new(2, 0), 2), (Cell::new(0, 0), 2)]
        );
        let open = ascii(&["...", "...", "..."], Connectivity::Eight);
        let s = succ(&open, Cell::new(1, 1));
        assert_eq!(
            s,
            vec![
                (Cell::new(1, 0), 2),
                (Cell::new(2, 1), 2),
                (Cell::new(1, 2), 2),
                (Cell::new(0, 1), 2),
                (Cell::new(2, 0), 3),
                (Cell::new(2, 2), 3),
                (Cell::new(0, 2), 3),
                (Cell::new(0, 0), 3),
            ]
        );
        // One orthogonal blocked is enough to forbid the diagonal.
        let g = ascii(&["..", "@."], Connectivity::Eight);
        assert_eq!(succ(&g, Cell::new(0, 0)), vec![(Cell::new(1, 0), 2)]);
        // Diagonal into a blocked cell is never emitted.
        let g = ascii(&["..", ".@"], Connectivity::Eight);
        assert_eq!(
            succ(&g, Cell::new(0, 0)),
            vec![(Cell::new(1, 0), 2), (Cell::new(0, 1), 2)]
        );
    }

    #[test]
    fn edges_are_symmetric_and_in_bounds() {
        let g = ascii(
            &["..@..", ".@...", ".....", "@..@.", "...@."],
            Connectivity::Eight,
        );
        for y in 0..5 {
            for x in 0..5 {
                let a = Cell::new(x, y);
                for (b, c) in succ(&g, a) {
                    assert!(g.is_passable(a) && g.is_passable(b));
                    assert!(succ(&g, b).contains(&(a, c)), "{a:?} -> {b:?}");
                }
            }
        }
    }

    #[test]
    fn terrain_weights_apply_to_destination() {
        let mut g = ascii(&["...", "...", "..."], Connectivity::Eight);
        g.set_terrain(Cell::new(1, 1), 5).unwrap();
        assert_eq!(g.min_terrain(), 1);
        let s = succ(&g, Cell::new(0, 0));
        assert!(s.contains(&(Cell::new(1, 1), 15)));
        assert!(s.contains(&(Cell::new(1, 0), 2)));
        let s = succ(&g, Cell::new(1, 1));
        assert!(s.iter().all(|&(_, c)| c == 2 || c == 3));
        assert_eq!(
            g.set_terrain(Cell::new(3, 0), 1),
            Err(GridError::OutOfBounds {
                cell: Cell::new(3, 0),
                width: 3,
                height: 3
            })
        );
        assert_eq!(
            g.set_terrain(Cell::new(0, 0), u32::MAX / 2),
            Err(GridError::TerrainOverflow {
                cell: Cell::new(0, 0)
            })
        );
        let mut f = Grid::new(2, 2, Connectivity::Four, GridCosts::<f64>::octile()).unwrap();
        assert_eq!(
            f.set_terrain(Cell::new(0, 0), f64::NAN),
            Err(GridError::InvalidTerrain {
                cell: Cell::new(0, 0)
            })
        );
        assert!(f.set_terrain(Cell::new(0, 0), -1.0).is_err());
        assert!(f.set_terrain(Cell::new(0, 0), f64::MAX).is_err());
        assert!(!f.has_terrain());
    }

    #[test]
    fn min_terrain_tracks_sets() {
        let mut g = Grid::new(3, 1, Connectivity::Four, GridCosts::new(1u32, 1)).unwrap();
        g.set_terrain(Cell::new(0, 0), 3).unwrap();
        assert_eq!(g.min_terrain(), 1);
        g.set_terrain(Cell::new(1, 0), 3).unwrap();
        g.set_terrain(Cell::new(2, 0), 4).unwrap();
        assert_eq!(g.min_terrain(), 3);
        g.set_terrain(Cell::new(0, 0), 4).unwrap();
        assert_eq!(g.min_terrain(), 3);
        g.set_terrain(Cell::new(1, 0), 7).unwrap();
        assert_eq!(g.min_terrain(), 4);
        g.set_terrain(Cell::new(1, 0), 0).unwrap();
        assert_eq!(g.min_terrain(), 0);
        g.set_terrain(Cell::new(1, 0), 0).unwrap();
        g.set_terrain(Cell::new(1, 0), 9).unwrap();
        assert_eq!(g.min_terrain(), 4);
        // Brute-force comparison over a pseudo-random sequence.
        let mut g = Grid::new(4, 4, Connectivity::Four, GridCosts::new(1u32, 1)).unwrap();
        let mut seed = 12345u32;
        for _ in 0..500 {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
            let cell = Cell::new((seed >> 8) % 4, (seed >> 12) % 4);
            let w = (seed >> 16) % 6;
            g.set_terrain(cell, w).unwrap();
            let brute = (0..16)
                .map(|i| g.terrain(g.node_at(i).unwrap()))
                .min()
                .unwrap();
            assert_eq!(g.min_terrain(), brute);
        }
    }

    #[test]
    fn passability_and_indices() {
        let mut g = ascii(&["..@", "..."], Connectivity::Four);
        assert_eq!(g.passable_count(), 5);
        g.set_passable(Cell::new(2, 0), true).unwrap();
        g.set_passable(Cell::new(2, 0), true).unwrap();
        assert_eq!(g.passable_count(), 6);
        g.set_passable(Cell::new(0, 0), false).unwrap();
        assert_eq!(g.passable_count(), 5);
        assert!(g.set_passable(Cell::new(0, 2), true).is_err());
        assert!(!g.is_passable(Cell::new(0, 2)));
        for i in 0..6 {
            let c = g.node_at(i).unwrap();
            assert_eq!(g.node_index(c), Some(i));
        }
        assert_eq!(g.node_at(6), None);
        assert_eq!(g.node_index(Cell::new(3, 0)), None);
        assert_eq!(g.node_count(), Some(6));
    }

    /// The moves `expand` emits, from the flags alone (the rule of the module docs).
    fn moves_by_rule(g: &Grid<u32>, c: Cell) -> Vec<Cell> {
        let open = |dx: i64, dy: i64| {
            let (x, y) = (i64::from(c.x) + dx, i64::from(c.y) + dy);
            x >= 0 && y >= 0 && g.is_passable(Cell::new(x as u32, y as u32))
        };
        if !open(0, 0) {
            return Vec::new();
        }
        STEPS
            .iter()
            .filter(|&&(dx, dy)| {
                let (dx, dy) = (i64::from(dx), i64::from(dy));
                open(dx, dy) && (dx == 0 || dy == 0 || (open(dx, 0) && open(0, dy)))
            })
            .map(|&(dx, dy)| Cell::new(c.x.wrapping_add_signed(dx), c.y.wrapping_add_signed(dy)))
            .collect()
    }

    #[test]
    fn move_masks_follow_set_passable() {
        // A 7x5 grid with edits everywhere, borders and corners included: after
        // every edit, each cell's successors must match the rule applied to the
        // current flags.
        let mut g = Grid::new(7, 5, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
        let mut state = 12345u32;
        for _ in 0..300 {
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            let c = Cell::new((state >> 8) % 7, (state >> 16) % 5);
            g.set_passable(c, state & 3 != 0).unwrap();
            for i in 0..35 {
                let cell = g.node_at(i).unwrap();
                let got: Vec<Cell> = succ(&g, cell).into_iter().map(|(n, _)| n).collect();
                assert_eq!(got, moves_by_rule(&g, cell), "successors of {cell:?}");
            }
        }
    }

    #[test]
    fn division_by_reciprocal_is_exact() {
        let mut divisors: Vec<u32> = (1..=600).collect();
        divisors.extend([
            1023,
            1024,
            1025,
            4095,
            65_535,
            65_536,
            65_537,
            1 << 31,
            u32::MAX - 1,
            u32::MAX,
        ]);
        for d in divisors {
            let r = reciprocal(d);
            let mut numerators = vec![0, 1, d - 1, d, u32::MAX, u32::MAX - 1, u32::MAX / 2];
            for k in [1u64, 2, 3, 1000, 65_535, u64::from(u32::MAX / d)] {
                let m = k * u64::from(d);
                for n in [m.saturating_sub(1), m, m + 1] {
                    if let Ok(n) = u32::try_from(n) {
                        numerators.push(n);
                    }
                }
            }
            for n in numerators {
                assert_eq!(divide(n, d, r), n / d, "{n} / {d}");
            }
        }
    }

    #[test]
    fn render_marks_path() {
        let g = ascii(&["...", ".@.", "..."], Connectivity::Eight);
        assert_eq!(g.render(&[]), "...\n.@.\n...\n");
        assert_eq!(g.render(&[Cell::new(0, 0)]), "S..\n.@.\n...\n");
        assert_eq!(
            g.render(&[
                Cell::new(0, 0),
                Cell::new(1, 0),
                Cell::new(2, 0),
                Cell::new(9, 9)
            ]),
            "S**\n.@.\n...\n"
        );
    }

    #[test]
    fn exact_octile_is_a_pell_solution() {
        let (a, b) = (EXACT_OCTILE_SCALE as u64, EXACT_OCTILE_DIAGONAL as u64);
        assert_eq!(b * b, 2 * a * a + 1);
        let err = b as f64 / a as f64 - core::f64::consts::SQRT_2;
        assert!(err > 0.0 && err < 2e-12);
    }
}
