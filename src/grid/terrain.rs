//! Per-cell terrain weights of a [`Grid`].

use super::{Cell, Grid, GridError};
use crate::cost::Cost;

impl<C: Cost> Grid<C> {
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
        let before = self.cell_state(cell);
        let cells = self.width as usize * self.height as usize;
        let (entry, plain) = (self.entry_cost(weight), self.entry_cost(C::one()));
        let terrain = match &mut self.terrain {
            Some(t) => t,
            None => {
                self.entry_costs = vec![plain; cells];
                self.terrain.insert(vec![C::one(); cells])
            }
        };
        let old = core::mem::replace(&mut terrain[i], weight);
        self.entry_costs[i] = entry;
        if track_lowest(
            &mut self.min_terrain,
            &mut self.min_terrain_cells,
            old,
            weight,
        ) {
            self.rescan_min_terrain();
        }
        if old != weight {
            self.record_edit(cell, before);
        }
        Ok(())
    }

    /// The price of entering a cell of weight `weight` by a straight and by
    /// a diagonal move (`set_terrain` checked that neither overflows).
    #[inline]
    fn entry_cost(&self, weight: C) -> [C; 2] {
        [self.costs.straight * weight, self.costs.diagonal * weight]
    }

    /// Makes `entry_costs` anew from `terrain` (empty without).
    #[cfg(feature = "serde")]
    pub(super) fn rebuild_entry_costs(&mut self) {
        let costs = match &self.terrain {
            Some(t) => t.iter().map(|&w| self.entry_cost(w)).collect(),
            None => Vec::new(),
        };
        self.entry_costs = costs;
    }

    pub(super) fn rescan_min_terrain(&mut self) {
        let cells = self.width as usize * self.height as usize;
        (self.min_terrain, self.min_terrain_cells) = lowest_weight(self.terrain.as_deref(), cells);
    }

    /// The terrain weight of `cell`: one if never set (or outside the grid).
    ///
    /// # Example
    /// ```
    /// use pathseek::grid::{Cell, Connectivity, Grid, GridCosts};
    /// let mut grid = Grid::new(2, 2, Connectivity::Four, GridCosts::float_octile())?;
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
    /// let mut grid = Grid::new(2, 1, Connectivity::Four, GridCosts::float_octile())?;
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
}

/// The lowest of `weights` and how many cells hold it; one, held by all
/// `cells`, without weights. Shared by [`Grid`] and
/// [`HexGrid`](crate::hex::HexGrid).
pub(crate) fn lowest_weight<C: Cost>(weights: Option<&[C]>, cells: usize) -> (C, usize) {
    let Some(weights) = weights else {
        return (C::one(), cells);
    };
    let mut min = C::one();
    let mut count = 0usize;
    for (k, &w) in weights.iter().enumerate() {
        if k == 0 || w < min {
            min = w;
            count = 1;
        } else if w == min {
            count += 1;
        }
    }
    (min, count)
}

/// Keeps `lowest` and `count` (how many cells hold it) exact when one
/// cell's weight goes from `old` to `new`: O(1), and `true` when the last
/// cell holding the lowest weight was raised, so the lowest must be found
/// again ([`lowest_weight`]).
pub(crate) fn track_lowest<C: Cost>(lowest: &mut C, count: &mut usize, old: C, new: C) -> bool {
    if new < *lowest {
        *lowest = new;
        *count = 1;
    } else if new == *lowest {
        if old != *lowest {
            *count += 1;
        }
    } else if old == *lowest {
        // The old value was the lowest and is being raised.
        *count -= 1;
        return *count == 0;
    }
    false
}
