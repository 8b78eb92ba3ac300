//! Per-hexagon terrain weights of a [`HexGrid`], priced like a grid's.

use super::{Hex, HexError, HexGrid};
use crate::cost::Cost;
use crate::grid::terrain::{lowest_weight, track_lowest};

impl<C: Cost> HexGrid<C> {
    /// Sets the terrain weight of `hex`: entering it then costs
    /// `step * weight`. Weight one is plain ground; weights below one
    /// (zero included) are allowed, and the [heuristic](HexGrid::heuristic)
    /// scales down to stay admissible, as on a [`Grid`](crate::Grid).
    ///
    /// Errors: [`HexError::OutOfBounds`]; [`HexError::InvalidTerrain`] for a
    /// NaN or negative weight; [`HexError::TerrainOverflow`] if `step *
    /// weight` overflows `C` (so no move ever overflows).
    ///
    /// # Complexity
    /// The first call allocates one weight per hexagon. Keeping
    /// [`min_terrain`](HexGrid::min_terrain) exact is O(1), except when the
    /// last hexagon holding the minimum is raised, which rescans all weights.
    ///
    /// # Example
    /// ```
    /// use pathseek::hex::{Hex, HexGrid};
    /// let mut grid = HexGrid::new(3, 1, 10u32)?;
    /// grid.set_terrain(Hex::new(1, 0), 3)?; // swamp: three times the cost
    /// assert_eq!(grid.terrain(Hex::new(1, 0)), 3);
    /// let path = pathseek::astar(&grid, Hex::new(0, 0), Hex::new(2, 0), |_| 0).into_path().unwrap();
    /// assert_eq!(path.cost, 30 + 10);
    /// assert!(grid.set_terrain(Hex::new(0, 0), u32::MAX).is_err()); // 10 * MAX overflows
    /// # Ok::<(), pathseek::hex::HexError>(())
    /// ```
    pub fn set_terrain(&mut self, hex: Hex, weight: C) -> Result<(), HexError> {
        let i = self.hex_index(hex).ok_or(self.out_of_bounds(hex))?;
        if !weight.is_valid() {
            return Err(HexError::InvalidTerrain { hex });
        }
        if self.step.checked_mul(weight).is_none() {
            return Err(HexError::TerrainOverflow { hex });
        }
        let before = self.hex_state(i);
        let cells = self.passable.len();
        let terrain = self.terrain.get_or_insert_with(|| vec![C::one(); cells]);
        let old = core::mem::replace(&mut terrain[i], weight);
        if track_lowest(
            &mut self.min_terrain,
            &mut self.min_terrain_cells,
            old,
            weight,
        ) {
            (self.min_terrain, self.min_terrain_cells) =
                lowest_weight(self.terrain.as_deref(), cells);
        }
        if old != weight {
            self.record_edit(hex, i, before);
        }
        Ok(())
    }

    /// The terrain weight of `hex`: one if never set (or off the map).
    ///
    /// # Example
    /// See [`HexGrid::set_terrain`].
    #[inline]
    pub fn terrain(&self, hex: Hex) -> C {
        match (&self.terrain, self.hex_index(hex)) {
            (Some(t), Some(i)) => t[i],
            _ => C::one(),
        }
    }

    /// Whether any terrain weight has been set (even if all are one again).
    ///
    /// # Example
    /// ```
    /// use pathseek::hex::{Hex, HexGrid};
    /// let mut grid = HexGrid::new(2, 2, 1.0)?;
    /// assert!(!grid.has_terrain());
    /// grid.set_terrain(Hex::new(0, 1), 2.5)?;
    /// assert!(grid.has_terrain());
    /// # Ok::<(), pathseek::hex::HexError>(())
    /// ```
    #[inline]
    pub fn has_terrain(&self) -> bool {
        self.terrain.is_some()
    }

    /// The smallest terrain weight of any hexagon (passable or not); one
    /// without terrain. Always exact, O(1).
    ///
    /// # Example
    /// ```
    /// use pathseek::hex::{Hex, HexGrid};
    /// let mut grid = HexGrid::new(2, 1, 1.0)?;
    /// grid.set_terrain(Hex::new(0, 0), 0.25)?;
    /// assert_eq!(grid.min_terrain(), 0.25);
    /// grid.set_terrain(Hex::new(0, 0), 4.0)?;
    /// assert_eq!(grid.min_terrain(), 1.0); // the other hexagon is still plain
    /// # Ok::<(), pathseek::hex::HexError>(())
    /// ```
    #[inline]
    pub fn min_terrain(&self) -> C {
        self.min_terrain
    }
}
