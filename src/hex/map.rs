//! [`HexGrid`]: a rectangular map of hexagons, passable or blocked, stored
//! row by row in odd-r offset coordinates.

use core::fmt;

use super::{Hex, HexEdit, HexError};
use crate::cost::Cost;
use crate::grid::{fresh_stamp, CellState, EditLog};

/// A rectangular map of pointy-top hexagons, each passable or blocked, with
/// optional terrain weights; a [`Graph`](crate::Graph) over [`Hex`]es.
///
/// The map is `width` hexagons per row and `height` rows, in odd-r offset
/// layout (odd rows shifted half a hexagon to the right, see [`Hex`]):
/// offset `(col, row)` is the hexagon [`Hex::from_offset(col, row)`](Hex::from_offset),
/// with dense id `row * width + col`.
///
/// Moves go to the six neighbours. Entering a hexagon costs the map's
/// `step` cost times its terrain weight ([`set_terrain`](HexGrid::set_terrain)),
/// one unless set, like a [`Grid`](crate::Grid)'s terrain. The cost type is
/// generic: integers, floats and [`Length`](crate::Length) all work.
///
/// Every edit advances the map's [`version`](HexGrid::version) and is logged
/// ([`edits_since`](HexGrid::edits_since)), so an [`AStar`](crate::AStar)
/// search spread over frames notices edits as it does on grids, and
/// [`HexComponents`](super::HexComponents) update or refuse to answer.
///
/// Sizes: both sides from 1 to `i32::MAX` and at most `u32::MAX` hexagons.
/// Memory: one byte per hexagon, and one `C` per hexagon once a terrain
/// weight is set. The constructors ask for the hexagons' memory fallibly:
/// memory the allocator refuses is a [`HexError::OutOfMemory`], not an
/// abort.
///
/// # Example
/// ```
/// use pathseek::hex::{Hex, HexGrid};
/// let mut grid = HexGrid::new(6, 4, 1u32)?;
/// grid.set_passable(Hex::new(2, 1), false)?;
/// let (start, goal) = (Hex::new(0, 1), Hex::new(4, 1));
/// let found = pathseek::astar(&grid, start, goal, grid.heuristic(goal)).into_path().unwrap();
/// assert_eq!(found.cost, 5); // round the blocked hexagon: one step more
/// # Ok::<(), pathseek::hex::HexError>(())
/// ```
#[derive(Clone)]
pub struct HexGrid<C> {
    pub(super) width: u32,
    pub(super) height: u32,
    pub(super) step: C,
    /// `width * height` flags, row-major by offset coordinates.
    pub(super) passable: Vec<bool>,
    pub(super) passable_count: usize,
    /// `width * height` weights; `None` = all one.
    pub(super) terrain: Option<Vec<C>>,
    /// Smallest weight in `terrain` (one when `terrain` is `None`).
    pub(super) min_terrain: C,
    /// How many hexagons hold `min_terrain`.
    pub(super) min_terrain_cells: usize,
    /// The map's version: a fresh stamp at every edit.
    pub(super) version: u64,
    pub(super) log: EditLog<HexEdit<C>>,
}

impl<C: Cost> fmt::Debug for HexGrid<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("HexGrid")
            .field("width", &self.width)
            .field("height", &self.height)
            .field("step", &self.step)
            .field("passable_count", &self.passable_count)
            .field("has_terrain", &self.terrain.is_some())
            .field("min_terrain", &self.min_terrain)
            .finish_non_exhaustive()
    }
}

/// `width * height` as a count of hexagons, if the size is supported.
pub(crate) fn hex_cells(width: u32, height: u32) -> Option<usize> {
    let sides = 1..=i32::MAX as u32;
    if !sides.contains(&width) || !sides.contains(&height) {
        return None;
    }
    let cells = u64::from(width) * u64::from(height);
    if cells > u64::from(u32::MAX) {
        return None;
    }
    usize::try_from(cells).ok()
}

impl<C: Cost> HexGrid<C> {
    /// A map of `width` hexagons per row and `height` rows, all passable,
    /// where a step costs `step` (times the terrain weight of the hexagon
    /// entered).
    ///
    /// Errors: [`HexError::InvalidSize`]; [`HexError::InvalidStep`] for a
    /// NaN, negative or infinite step; [`HexError::OutOfMemory`] if the
    /// allocator refuses the `width * height` bytes the hexagons need.
    ///
    /// # Example
    /// ```
    /// use pathseek::hex::{HexError, HexGrid};
    /// let grid = HexGrid::new(4, 3, 1.5)?;
    /// assert_eq!((grid.width(), grid.height(), grid.step()), (4, 3, 1.5));
    /// assert!(HexGrid::new(0, 3, 1u32).is_err());
    /// assert_eq!(HexGrid::new(2, 2, -1.0).unwrap_err(), HexError::InvalidStep);
    /// # Ok::<(), HexError>(())
    /// ```
    pub fn new(width: u32, height: u32, step: C) -> Result<Self, HexError> {
        Self::from_fn(width, height, step, |_| true)
    }

    /// A map where `passable(hex)` tells whether each hexagon is passable;
    /// called once per hexagon, row by row. Errors as for [`HexGrid::new`].
    ///
    /// # Example
    /// ```
    /// use pathseek::hex::{Hex, HexGrid};
    /// // Row 1 blocked.
    /// let grid = HexGrid::from_fn(3, 3, 1u32, |h| h.r != 1)?;
    /// assert_eq!(grid.passable_count(), 6);
    /// assert!(!grid.is_passable(Hex::new(0, 1)));
    /// # Ok::<(), pathseek::hex::HexError>(())
    /// ```
    pub fn from_fn(
        width: u32,
        height: u32,
        step: C,
        passable: impl FnMut(Hex) -> bool,
    ) -> Result<Self, HexError> {
        let cells = hex_cells(width, height).ok_or(HexError::InvalidSize { width, height })?;
        if !step.is_valid() || step.checked_add(C::zero()).is_none() {
            return Err(HexError::InvalidStep);
        }
        Self::with_cells(width, height, cells, step, passable)
    }

    /// Builds a map whose size (`cells` hexagons) and step have already
    /// been accepted. Its memory is asked for before `passable` is called,
    /// fallibly: [`HexError::OutOfMemory`] if refused.
    fn with_cells(
        width: u32,
        height: u32,
        cells: usize,
        step: C,
        mut passable: impl FnMut(Hex) -> bool,
    ) -> Result<Self, HexError> {
        let mut flags = Vec::new();
        flags
            .try_reserve_exact(cells)
            .map_err(|_| HexError::OutOfMemory {
                width,
                height,
                bytes: cells as u64,
            })?;
        for row in 0..height {
            for col in 0..width {
                // Both sides are at most i32::MAX: always a hexagon.
                flags.push(Hex::from_offset(col, row).is_some_and(&mut passable));
            }
        }
        let passable_count = flags.iter().filter(|&&p| p).count();
        Ok(HexGrid {
            width,
            height,
            step,
            passable: flags,
            passable_count,
            terrain: None,
            min_terrain: C::one(),
            min_terrain_cells: cells,
            version: fresh_stamp(),
            log: EditLog::new(),
        })
    }

    /// Hexagons per row.
    ///
    /// # Example
    /// See [`HexGrid::new`].
    #[inline]
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Number of rows.
    ///
    /// # Example
    /// See [`HexGrid::new`].
    #[inline]
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The cost of a step onto plain ground (weight one).
    ///
    /// # Example
    /// See [`HexGrid::new`].
    #[inline]
    pub fn step(&self) -> C {
        self.step
    }

    /// The dense id `row * width + col` of `hex` (odd-r offset), or `None`
    /// off the map. The same as [`DenseIds::node_index`](crate::DenseIds::node_index).
    ///
    /// # Example
    /// ```
    /// use pathseek::hex::{Hex, HexGrid};
    /// let grid = HexGrid::new(4, 3, 1u32)?;
    /// assert_eq!(grid.hex_index(Hex::new(0, 0)), Some(0));
    /// assert_eq!(grid.hex_index(Hex::new(-1, 2)), Some(8)); // offset (0, 2)
    /// assert_eq!(grid.hex_index(Hex::new(-1, 0)), None);
    /// # Ok::<(), pathseek::hex::HexError>(())
    /// ```
    #[inline]
    pub fn hex_index(&self, hex: Hex) -> Option<usize> {
        let (col, row) = hex.to_offset()?;
        (col < self.width && row < self.height)
            .then(|| row as usize * self.width as usize + col as usize)
    }

    /// Whether `hex` lies on the map.
    ///
    /// # Example
    /// ```
    /// use pathseek::hex::{Hex, HexGrid};
    /// let grid = HexGrid::new(2, 2, 1u32)?;
    /// assert!(grid.in_bounds(Hex::new(1, 1)));
    /// assert!(!grid.in_bounds(Hex::new(2, 0)));
    /// # Ok::<(), pathseek::hex::HexError>(())
    /// ```
    #[inline]
    pub fn in_bounds(&self, hex: Hex) -> bool {
        self.hex_index(hex).is_some()
    }

    /// Whether `hex` is passable; `false` off the map.
    ///
    /// # Example
    /// See [`HexGrid::from_fn`].
    #[inline]
    pub fn is_passable(&self, hex: Hex) -> bool {
        self.hex_index(hex).is_some_and(|i| self.passable[i])
    }

    /// Makes `hex` passable or blocked. A change advances the
    /// [`version`](HexGrid::version) and is logged.
    ///
    /// # Example
    /// ```
    /// use pathseek::hex::{Hex, HexGrid};
    /// let mut grid = HexGrid::new(3, 3, 1u32)?;
    /// grid.set_passable(Hex::new(1, 1), false)?;
    /// assert_eq!(grid.passable_count(), 8);
    /// assert!(grid.set_passable(Hex::new(5, 0), false).is_err());
    /// # Ok::<(), pathseek::hex::HexError>(())
    /// ```
    pub fn set_passable(&mut self, hex: Hex, passable: bool) -> Result<(), HexError> {
        let i = self.hex_index(hex).ok_or(self.out_of_bounds(hex))?;
        let before = self.hex_state(i);
        let was = core::mem::replace(&mut self.passable[i], passable);
        if was != passable {
            if passable {
                self.passable_count += 1;
            } else {
                self.passable_count -= 1;
            }
            self.record_edit(hex, i, before);
        }
        Ok(())
    }

    /// Number of passable hexagons.
    ///
    /// # Example
    /// See [`HexGrid::set_passable`].
    #[inline]
    pub fn passable_count(&self) -> usize {
        self.passable_count
    }

    /// The hexagon with dense id `index`, if on the map.
    #[inline]
    pub(super) fn hex_at(&self, index: usize) -> Option<Hex> {
        if index >= self.passable.len() {
            return None;
        }
        let w = self.width as usize;
        // Both fit in u32: the map has at most u32::MAX hexagons.
        Hex::from_offset((index % w) as u32, (index / w) as u32)
    }

    /// What the hexagon with dense id `i` is now, for the edit log.
    pub(super) fn hex_state(&self, i: usize) -> CellState<C> {
        CellState {
            passable: self.passable[i],
            terrain: self.terrain.as_ref().map_or(C::one(), |t| t[i]),
        }
    }

    pub(super) fn out_of_bounds(&self, hex: Hex) -> HexError {
        HexError::OutOfBounds {
            hex,
            width: self.width,
            height: self.height,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Memory the allocator refuses is an error value, not an abort (issue
    /// "No silent answer at the seams": `HexGrid::new(65_536, 65_535, ..)`
    /// under a 2 GB limit aborted asking for 4,294,901,760 bytes). The size
    /// is given by hand: more than `isize::MAX` bytes, which `try_reserve`
    /// refuses on every target and machine (no supported size needs that
    /// much on 64-bit targets; the real sizes take the same path when the
    /// allocator says no).
    #[test]
    fn memory_refused_is_an_error_not_an_abort() {
        let cells = isize::MAX as usize + 1;
        let mut asked = 0;
        let built = HexGrid::with_cells(1, 1, cells, 1u32, |_| {
            asked += 1;
            true
        });
        let expected = HexError::OutOfMemory {
            width: 1,
            height: 1,
            bytes: 1 << 63,
        };
        assert_eq!(built.unwrap_err(), expected);
        assert_eq!(asked, 0, "refused before any hexagon is asked about");
        assert_eq!(
            expected.to_string(),
            "out of memory: a 1 x 1 hex map needs 9223372036854775808 bytes, which could not be allocated"
        );
    }
}
