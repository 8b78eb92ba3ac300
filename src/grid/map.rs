//! [`Grid`]: the cells, their passability and their move masks.

use core::fmt;

use super::division::reciprocal;
use super::layout::{moves_at, try_filled, Layout, STEPS};
use super::parent_pruning::{pruning_for, PruneTable};
use super::{Cell, Connectivity, GridCosts, GridError};
use crate::cost::Cost;

/// A rectangular grid of passable and blocked cells; a [`Graph`](crate::Graph) over [`Cell`]s.
///
/// Sizes: both sides at least 1 and at most `u32::MAX` cells in all; other sizes
/// are rejected with [`GridError::InvalidSize`]. Memory: two bytes per cell, its
/// passability and its precomputed move mask (plus a one-cell border), and three `C` per cell once a terrain weight is set (the weight, and the price of entering the cell straight and diagonally).
/// The constructors ask for the cells' memory fallibly: memory the allocator
/// refuses is a [`GridError::OutOfMemory`], not an abort.
///
/// See the [module docs](super) for the move rules.
#[derive(Clone)]
pub struct Grid<C> {
    pub(super) width: u32,
    pub(super) height: u32,
    pub(super) connectivity: Connectivity,
    pub(super) costs: GridCosts<C>,
    /// Row stride of `passable`: `width + 2`.
    pub(crate) stride: usize,
    /// `(width + 2) * (height + 2)` flags; the outer ring is always `false`, so a
    /// neighbour test never needs a bounds check. Cell `(x, y)` is at
    /// `(y + 1) * stride + x + 1`.
    pub(crate) passable: Vec<bool>,
    /// The allowed moves out of each padded position, as [`moves_at`] computes
    /// them (kept current by [`Grid::set_passable`]).
    pub(super) moves: Vec<u8>,
    pub(super) passable_count: usize,
    /// Names the grid's passability as it is now: drawn fresh from a global
    /// counter when the grid is made and at every change of a cell's
    /// passability (a clone shares it until one of them changes). Structures
    /// derived from the passability ([`GridComponents`](crate::components::GridComponents))
    /// compare it to know they are current.
    pub(super) passability_stamp: u64,
    /// The grid's [`MapVersion`](super::MapVersion): a fresh stamp at every edit.
    pub(super) version: u64,
    /// The last edits ([`Grid::edits_since`]).
    pub(super) log: super::edits::EditLog<super::CellEdit<C>>,
    /// `width * height` weights, row-major without border; `None` = all one.
    pub(super) terrain: Option<Vec<C>>,
    /// With terrain: the price of entering each cell by a straight and by a
    /// diagonal move (the move costs times its weight), kept with `terrain`
    /// so the move loop loads a price instead of multiplying; empty without.
    pub(super) entry_costs: Vec<[C; 2]>,
    /// Smallest weight in `terrain` (one when `terrain` is `None`).
    pub(super) min_terrain: C,
    /// How many cells hold `min_terrain`.
    pub(super) min_terrain_cells: usize,
    /// `ceil(2^64 / width)` (0 for width 1): divides a cell index by the width
    /// with one multiplication (see the grid's [`Graph::node_at`](crate::Graph::node_at)).
    pub(super) width_reciprocal: u64,
    /// How far each move of [`STEPS`] goes in the row-major cell index
    /// (`dy * width + dx`), so the move loop adds instead of multiplying.
    pub(super) offsets: [isize; 8],
    /// How far each move of [`STEPS`] goes in the padded layout
    /// (`dy * stride + dx`).
    pub(super) padded_offsets: [isize; 8],
    /// Which moves an expansion leaves out given its parent
    /// ([`parent_pruning`](super::parent_pruning)), without terrain and with
    /// it: `None` when the move costs are not valid (the search must meet
    /// them and report them).
    pub(super) pruning: [Option<&'static PruneTable>; 2],
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
    /// `u32::MAX` cells (or, on 16- and 32-bit targets, more than fit in memory);
    /// [`GridError::OutOfMemory`] if the allocator refuses the
    /// `2 (width + 2) (height + 2)` bytes the cells need (a size just under
    /// `u32::MAX` cells needs 8.6 GB).
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
    /// let grid = Grid::from_fn(5, 5, Connectivity::Eight, GridCosts::float_octile(), |c| c.x != 2)?;
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
        Self::with_layout(width, height, layout, connectivity, costs, passable)
    }

    /// Builds a grid whose size `layout` has already accepted; the one path
    /// every constructor takes. Its memory is asked for before `passable` is
    /// called, fallibly: [`GridError::OutOfMemory`] if refused.
    pub(crate) fn with_layout(
        width: u32,
        height: u32,
        layout: Layout,
        connectivity: Connectivity,
        costs: GridCosts<C>,
        mut passable: impl FnMut(Cell) -> bool,
    ) -> Result<Self, GridError> {
        let Layout { stride, total } = layout;
        let out_of_memory = |_| GridError::OutOfMemory {
            width,
            height,
            bytes: layout.bytes(),
        };
        let mut flags = try_filled(false, total).map_err(out_of_memory)?;
        let mut moves = try_filled(0u8, total).map_err(out_of_memory)?;
        let mut count = 0usize;
        for y in 0..height {
            let row = (y as usize + 1) * stride + 1;
            for x in 0..width {
                let open = passable(Cell { x, y });
                flags[row + x as usize] = open;
                count += usize::from(open);
            }
        }
        for y in 0..height as usize {
            let row = (y + 1) * stride + 1;
            for (p, m) in moves.iter_mut().enumerate().skip(row).take(width as usize) {
                *m = moves_at(&flags, p, stride);
            }
        }
        Ok(Grid {
            width,
            height,
            connectivity,
            costs,
            stride,
            passable: flags,
            moves,
            passable_count: count,
            passability_stamp: fresh_stamp(),
            version: fresh_stamp(),
            log: super::edits::EditLog::new(),
            terrain: None,
            entry_costs: Vec::new(),
            min_terrain: C::one(),
            min_terrain_cells: width as usize * height as usize,
            width_reciprocal: reciprocal(width),
            offsets: STEPS.map(|(dx, dy)| dy as isize * width as isize + dx as isize),
            padded_offsets: STEPS.map(|(dx, dy)| dy as isize * stride as isize + dx as isize),
            pruning: [pruning_for(&costs, false), pruning_for(&costs, true)],
        })
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
        let before = self.cell_state(cell);
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
        if was != passable {
            self.passability_stamp = fresh_stamp();
            self.record_edit(cell, before);
        }
        Ok(())
    }

    /// The stamp of the grid's passability as it is now (see the field).
    pub(crate) fn passability_stamp(&self) -> u64 {
        self.passability_stamp
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
    /// same as [`Graph::node_index`](crate::graph::DenseIds::node_index).
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

    pub(super) fn out_of_bounds(&self, cell: Cell) -> GridError {
        GridError::OutOfBounds {
            cell,
            width: self.width,
            height: self.height,
        }
    }
}

/// A stamp no grid state has had before in this process.
pub(crate) fn fresh_stamp() -> u64 {
    crate::graph::fresh_version()
}
