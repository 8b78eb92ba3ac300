//! The one place the example calls the structures that follow the map's
//! edit log: every query takes the grid, `FollowMap::sync` catches up.

use super::*;
use pathseek::FollowMap;

/// The labels' answer: can `a` reach `b`? Labels behind the grid
/// (`MapChanged`) say "perhaps": the search then decides.
pub(crate) fn labels_connected(
    parts: &GridComponents,
    grid: &Grid<Length>,
    a: Cell,
    b: Cell,
) -> bool {
    parts.connected(grid, a, b).unwrap_or(true)
}

/// The clearance map catches up with the grid's edits.
pub(crate) fn clearance_sync(clearance: &mut Clearance, grid: &Grid<Length>) {
    let Ok(_) = clearance.sync(grid);
}

/// The clearance of `cell` on the grid as it is: 0 (no unit fits) when the
/// clearance map is behind the grid, so a unit never trusts an old value.
pub(crate) fn clearance_at(clearance: &Clearance, grid: &Grid<Length>, cell: Cell) -> u8 {
    clearance.get(grid, cell).unwrap_or(0)
}

/// A group's distance field catches up with the grid: built again to the
/// same goal when the grid changed (or left as it is when it did not).
pub(crate) fn field_sync(
    field: &mut DistanceField<Cell, Length>,
    grid: &Grid<Length>,
) -> Result<bool, SearchError<Cell, Length>> {
    field.sync(grid)
}
