//! The one place the example calls the structures that follow the map's
//! edit log (their names may change: `FollowMap::sync`, a clearance that
//! takes the grid).

use super::*;

/// The labels' answer: can `a` reach `b`? (One place to adapt when
/// `GridComponents::connected` takes the grid.)
pub(crate) fn labels_connected(
    parts: &GridComponents,
    _grid: &Grid<Length>,
    a: Cell,
    b: Cell,
) -> bool {
    parts.connected(a, b)
}

/// The clearance map catches up with the grid's edits (one place to adapt
/// when it becomes `FollowMap::sync`).
pub(crate) fn clearance_sync(clearance: &mut Clearance, grid: &Grid<Length>) {
    clearance.update(grid);
}

/// The clearance of `cell` (one place to adapt when `Clearance::get`
/// takes the grid and answers a `Result`).
pub(crate) fn clearance_at(clearance: &Clearance, _grid: &Grid<Length>, cell: Cell) -> u8 {
    clearance.get(cell)
}
