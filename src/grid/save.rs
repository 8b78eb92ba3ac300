//! [`Grid`] to and from serde (the `serde` feature): a plain representation
//! (rows of `.` and `@`, the terrain weights), checked whole on load; see
//! [`save`](crate::save).

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::layout::Layout;
use super::{Cell, Connectivity, Grid, GridCosts, GridError};
use crate::cost::Cost;
use crate::save::{cells, check_len, SaveError};

/// What a grid is saved as.
#[derive(Serialize)]
struct GridOut<'a, C> {
    width: u32,
    height: u32,
    connectivity: Connectivity,
    costs: GridCosts<C>,
    rows: Vec<String>,
    terrain: Option<&'a [C]>,
    edit_log_capacity: usize,
}

/// What a grid is loaded from.
#[derive(Deserialize)]
struct GridIn<C> {
    width: u32,
    height: u32,
    connectivity: Connectivity,
    costs: GridCosts<C>,
    rows: Vec<String>,
    terrain: Option<Vec<C>>,
    #[serde(default = "default_capacity")]
    edit_log_capacity: usize,
}

fn default_capacity() -> usize {
    super::DEFAULT_EDIT_LOG_CAPACITY
}

/// The grid's saved form of a cell.
const PASSABLE: char = '.';
const BLOCKED: char = '@';

impl<C: Cost + Serialize> Serialize for Grid<C> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let rows = (0..self.height)
            .map(|y| {
                (0..self.width)
                    .map(|x| {
                        if self.is_passable(Cell::new(x, y)) {
                            PASSABLE
                        } else {
                            BLOCKED
                        }
                    })
                    .collect()
            })
            .collect();
        GridOut {
            width: self.width,
            height: self.height,
            connectivity: self.connectivity,
            costs: self.costs,
            rows,
            terrain: self.terrain.as_deref(),
            edit_log_capacity: self.edit_log_capacity(),
        }
        .serialize(serializer)
    }
}

impl<'de, C: Cost + Deserialize<'de>> Deserialize<'de> for Grid<C> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let saved = GridIn::<C>::deserialize(deserializer)?;
        Grid::try_from_saved(saved).map_err(serde::de::Error::custom)
    }
}

impl<C: Cost> Grid<C> {
    /// The grid `saved` describes, every part checked before anything is
    /// built (so memory is bounded by what was read).
    fn try_from_saved(saved: GridIn<C>) -> Result<Self, SaveError> {
        let GridIn {
            width,
            height,
            connectivity,
            costs,
            rows,
            terrain,
            edit_log_capacity,
        } = saved;
        let layout = Layout::new(width, height).ok_or(GridError::InvalidSize { width, height })?;
        check_len("rows", u64::from(height), rows.len())?;
        for (y, row) in rows.iter().enumerate() {
            // A row of `width` cells is `width` one-byte characters.
            check_len("row", u64::from(width), row.len())?;
            if let Some(x) = row.bytes().position(|b| b != b'.' && b != b'@') {
                return Err(SaveError::BadCell {
                    x: x as u32,
                    y: y as u32,
                });
            }
        }
        if let Some(t) = &terrain {
            check_len("terrain weights", cells(width, height), t.len())?;
            for (i, &w) in t.iter().enumerate() {
                let cell = Cell::new((i % width as usize) as u32, (i / width as usize) as u32);
                if !w.is_valid() {
                    return Err(GridError::InvalidTerrain { cell }.into());
                }
                if costs.straight.checked_mul(w).is_none()
                    || costs.diagonal.checked_mul(w).is_none()
                {
                    return Err(GridError::TerrainOverflow { cell }.into());
                }
            }
        }
        let mut grid = Grid::with_layout(width, height, layout, connectivity, costs, |c| {
            rows[c.y as usize].as_bytes()[c.x as usize] == b'.'
        })?;
        grid.terrain = terrain;
        grid.rebuild_entry_costs();
        grid.rescan_min_terrain();
        grid.set_edit_log_capacity(edit_log_capacity);
        Ok(grid)
    }
}
