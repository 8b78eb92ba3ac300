//! Saving and loading (the `serde` feature): what a game writes to its save
//! file, and what a loaded structure may answer.
//!
//! | type | saved as | checked on load |
//! |---|---|---|
//! | [`Cell`](crate::Cell), [`Length`](crate::Length) (its units, exact), [`Connectivity`](crate::Connectivity), [`GridCosts`](crate::GridCosts), [`Path`](crate::Path), [`Stats`](crate::Stats), [`Limit`](crate::Limit), [`ComponentId`](crate::components::ComponentId) | their fields | what the types check |
//! | [`Grid`](crate::Grid) | size, moves, costs, one row of `.` (passable) and `@` (blocked) per grid row, the terrain weights (row-major) if any were set, the edit log's capacity | the size, every row's length and characters, the terrain's length and weights (as [`Grid::set_terrain`](crate::Grid::set_terrain) checks them) |
//! | [`GridComponents`](crate::components::GridComponents) | size, one label per cell, the count | the labels' length, every label below the next one to hand out, the count against the labels |
//! | [`DistanceField`](crate::groups::DistanceField) | node count, goal, bound, per node `null` (not reached) or its cost and next node's id | lengths, every next id in range and reached, one goal, valid costs |
//! | [`FlowField`](crate::groups::FlowField) | size, a direction byte and a cost per cell, the bound (`max_cost`: `null` when unbounded or missing) | lengths, the direction bytes, valid costs and bound |
//!
//! Input that does not hold together is refused with a [`SaveError`] (as the
//! deserializer's error), never a panic and never a structure that breaks
//! later.
//!
//! # Versions across a save
//! A map's [`version`](crate::Graph::version) (a grid's
//! [`MapVersion`](crate::grid::MapVersion)) is a stamp drawn from a counter
//! of this process: it says "this exact state of this map object", and
//! means nothing in another process or after the map was written out and
//! read back. So it is never saved:
//! - a loaded [`Grid`](crate::Grid) is a new map: it draws a fresh version
//!   (and passability stamp), and its edit log starts empty
//!   ([`edits_since`](crate::Grid::edits_since) a version from before the
//!   load is `None`: "build again");
//! - a loaded [`DistanceField`](crate::groups::DistanceField),
//!   [`FlowField`](crate::groups::FlowField) or
//!   [`GridComponents`](crate::components::GridComponents) belongs to no
//!   map: its queries answer [`MapChanged`](crate::graph::MapChanged) (the
//!   labels: [`is_current`](crate::graph::FollowMap::is_current)
//!   is `false` and edits are refused too) for every map, until it is **attached** to one
//!   (`attach(&map)`), which checks that it describes that map and takes
//!   the map's version then, or rebuilt. Attaching checks the whole
//!   structure against the map (every node and edge once, no search), so a
//!   structure saved for another map, or for this map before an edit, or
//!   edited in the file, is refused with [`SaveError::NotThisMap`] naming
//!   the first node that disagrees.
//!
//! # Example
//! ```
//! use pathseek::groups::DistanceField;
//! use pathseek::{Cell, Connectivity, Grid, GridCosts, Length};
//!
//! let mut grid = Grid::new(16, 16, Connectivity::Eight, GridCosts::octile())?;
//! grid.set_passable(Cell::new(5, 5), false)?;
//! let mut field = DistanceField::new();
//! field.build_grid(&grid, Cell::new(15, 15), None)?;
//!
//! let saved = serde_json::to_string(&(&grid, &field))?;
//! let (grid, mut field): (Grid<Length>, DistanceField<Cell, Length>) = serde_json::from_str(&saved)?;
//! assert!(field.next_step(&grid, Cell::new(0, 0)).is_err()); // attached to no map yet
//! field.attach(&grid)?; // checks it against this grid
//! assert_eq!(field.next_step(&grid, Cell::new(0, 0))?, Some(Cell::new(1, 1)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;

use crate::grid::GridError;

/// Why saved data was refused: on load, data that does not hold together;
/// on [attach](self#versions-across-a-save), a structure that does not
/// describe the map.
///
/// # Example
/// ```
/// use pathseek::{Connectivity, Grid, GridCosts};
/// // Two rows for a grid of height 3.
/// let json = r#"{"width":2,"height":3,"connectivity":"Four","costs":{"straight":1,"diagonal":1},
///                "rows":["..",".@"],"terrain":null,"edit_log_capacity":16}"#;
/// let err = serde_json::from_str::<Grid<u32>>(json).unwrap_err();
/// assert!(err.to_string().contains("rows: 2 where 3 were expected"), "{err}");
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum SaveError {
    /// The grid refused its size or a terrain weight.
    Grid(GridError),
    /// A list has the wrong length.
    WrongLength {
        /// What the list is.
        what: &'static str,
        /// The length it must have.
        expected: u64,
        /// The length it has.
        found: u64,
    },
    /// A grid row holds a character other than `.` and `@`.
    BadCell {
        /// The column.
        x: u32,
        /// The row.
        y: u32,
    },
    /// The data contradicts itself.
    Inconsistent {
        /// What is wrong.
        reason: &'static str,
    },
    /// The structure does not describe the map it is being attached to:
    /// the first node (by dense id) where they disagree, and how.
    NotThisMap {
        /// The node's dense id.
        index: usize,
        /// What disagrees there.
        reason: &'static str,
    },
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveError::Grid(e) => write!(f, "saved grid refused: {e}"),
            SaveError::WrongLength {
                what,
                expected,
                found,
            } => write!(f, "saved {what}: {found} where {expected} were expected"),
            SaveError::BadCell { x, y } => write!(
                f,
                "saved grid: cell ({x}, {y}) is neither '.' (passable) nor '@' (blocked)"
            ),
            SaveError::Inconsistent { reason } => write!(f, "saved data: {reason}"),
            SaveError::NotThisMap { index, reason } => {
                write!(f, "not saved for this map: node {index}: {reason}")
            }
        }
    }
}

impl std::error::Error for SaveError {}

impl From<GridError> for SaveError {
    fn from(e: GridError) -> Self {
        SaveError::Grid(e)
    }
}

/// `a * b` as a `u64` (sides of a grid: never overflows).
pub(crate) fn cells(width: u32, height: u32) -> u64 {
    u64::from(width) * u64::from(height)
}

/// `Ok` when `found` is `expected`.
pub(crate) fn check_len(what: &'static str, expected: u64, found: usize) -> Result<(), SaveError> {
    if found as u64 == expected {
        Ok(())
    } else {
        Err(SaveError::WrongLength {
            what,
            expected,
            found: found as u64,
        })
    }
}
