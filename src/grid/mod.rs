//! Rectangular tile grids as [`Graph`](crate::Graph)s: 4- or 8-connected moves, blocked cells and
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
//! grid never touches the weight table, so the common case stays fast. An
//! expansion skips the moves its parent cell has already offered at no
//! greater cost: the same search, half the edges.
//!
//! Straight lines: [`Grid::line_of_sight`] (an exact walk over the cells a
//! segment touches, corners by the same rule as diagonal moves),
//! [`smooth_path`] (string pulling: a path cut down to where it turns),
//! [`ShortcutRefiner`] (a path searched again window by window, never
//! costing more) and [`AnyAngle`] (Theta*: any-angle paths from the one A*
//! core). On the MovingAI maps string pulling made paths 3.80% shorter than
//! the octile-optimal ones (terrain never crossed to a dearer cell), and
//! Theta* 4.3-5.0% shorter on the maps measured, at 5-16x the time of the
//! octile A* (`examples/smoothing.rs`, `examples/tradeoffs.rs`).
//!
//! Units wider than one cell: [`clearance`] (each cell's largest free square,
//! Harabor and Botea 2008): [`Clearance::unit`] gives the graph of a unit
//! `k` cells wide, and the map is kept current through edits
//! (`examples/unit_sizes.rs`).
//!
//! # A living map
//! Every edit advances the grid's [`MapVersion`] and goes into a bounded
//! edit log ([`Grid::edits_since`]); what was built from a grid follows it
//! or refuses it, never answering for the map as it was:
//! - a search in progress ([`AStar::advance`](crate::AStar::advance)) goes
//!   on, or starts again by itself (and, advanced within component labels
//!   with [`AStar::advance_within`](crate::AStar::advance_within), ends at
//!   once when its goal is cut off);
//! - [`PrecomputedJumps`](crate::jump_points::PrecomputedJumps) are searched
//!   through `on(&grid)` (refused when stale) or `synced(&grid)` (updated
//!   from the log); [`BoundedJumps`](crate::jump_points::BoundedJumps) through
//!   `on(&grid)` (refused when stale: build again);
//! - [`DistanceField`](crate::groups::DistanceField),
//!   [`FlowField`](crate::groups::FlowField) and
//!   [`UnitSearch`](crate::groups::UnitSearch) answer `Err(MapChanged)` for
//!   a grid edited since they were built (`sync` rebuilds);
//! - component labels ([`GridComponents`](crate::components::GridComponents))
//!   refuse a grid changed behind their back;
//! - the [`Hierarchy`](crate::hierarchy::Hierarchy) and
//!   [`DStarLite`](crate::incremental::DStarLite) bring themselves up to
//!   date from the log; a [`Clearance`] map refuses until
//!   [`sync`](crate::graph::FollowMap::sync)ed from it ([`FollowMap`](crate::graph::FollowMap)).
//!
//! Distance estimates for grid searches are in [`heuristic`];
//! [`Grid::heuristic`] picks the right one for a grid.
//!
//! # Choosing costs
//!
//! | costs | type | exact? |
//! |---|---|---|
//! | [`GridCosts::octile()`](GridCosts::octile) (the default) | [`Length`](crate::Length) | fixed-point cells: `1` and `19601 / 13860` (`sqrt 2` to `1.9e-9`); integer sums, so equal-length paths tie exactly, and paths compare like `1` / `sqrt 2` on maps below about 10,000 cells a side; prints as cells; the fastest one-shot searches |
//! | [`GridCosts::float_octile()`](GridCosts::float_octile) | `f64` | `1` and [`OCTILE_DIAGONAL`] (`sqrt 2` to 32 binary places): sums are exact, so equal-length paths tie exactly |
//! | `GridCosts::new(1.0, std::f64::consts::SQRT_2)` | `f64` | `1` and `sqrt 2` to the last bit; sums round, so equal-length paths differ in the last bits |
//! | [`GridCosts::<u32>::exact_octile()`](GridCosts::exact_octile) (or `u64`) | integer | orders paths exactly like `1` / `sqrt 2`; divide by [`EXACT_OCTILE_SCALE`] |
//! | `GridCosts::new(10u32, 14)`, `GridCosts::new(2u32, 3)`, ... | integer | approximate: `14 / 10 = 1.4`, so some paths compare differently than with `sqrt 2` |
//! | `GridCosts::new(1u32, 1)` | integer | every move costs one (king moves) |
//!
//! With the default `Length` costs the searches give the optimal lengths of
//! all 23,808 MovingAI scenarios checked; `examples/movingai.rs` checks a
//! whole scenario file against its optimal lengths.
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

/// The node-id methods of a [`Graph`](crate::Graph) over a grid's cells
/// (`contains`, `dense_ids`), delegated to the [`Grid`] in field `$grid`:
/// the graphs that search a grid's cells in another way (reversed, by jump
/// points) share its ids. [`grid_dense_ids!`] gives their [`DenseIds`](crate::graph::DenseIds).
macro_rules! grid_cell_ids {
    ($grid:ident) => {
        #[inline]
        fn contains(&self, node: Cell) -> bool {
            self.$grid.contains(node)
        }

        #[inline]
        fn dense_ids(
            &self,
        ) -> Option<&impl crate::graph::DenseIds<Node = Self::Node, Cost = Self::Cost>> {
            Some(self)
        }

        #[inline]
        fn version(&self) -> u64 {
            self.$grid.version().get()
        }
    };
}
pub(crate) use grid_cell_ids;

/// `impl DenseIds for $ty` (a graph over the cells of the [`Grid`] in field
/// `$grid`, generic over the cost type `C`): the grid's ids.
macro_rules! grid_dense_ids {
    ($ty:ty, $grid:ident) => {
        impl<C: crate::cost::Cost> crate::graph::DenseIds for $ty {
            #[inline]
            fn node_count(&self) -> usize {
                self.$grid.node_count()
            }

            #[inline]
            fn node_index(&self, node: Cell) -> Option<usize> {
                self.$grid.node_index(node)
            }

            #[inline]
            fn node_at(&self, index: usize) -> Option<Cell> {
                self.$grid.node_at(index)
            }
        }
    };
}
pub(crate) use grid_dense_ids;
mod any_angle;
mod cell;
mod cell_path;
pub mod clearance;
mod connectivity;
mod costs;
mod division;
mod edits;
mod error;
mod graph;
pub mod heuristic;
mod layout;
mod line_of_sight;
mod map;
mod nearest;
mod parent_pruning;
mod render;
mod reverse;
#[cfg(feature = "serde")]
mod save;
mod shortcuts;
mod smoothing;
pub(crate) mod terrain;
#[cfg(test)]
mod tests;

pub use any_angle::{AnyAngle, AnyAngleError, StraightLine};
pub use cell::Cell;
pub use cell_path::PathError;
pub use clearance::{Clearance, ClearanceError, ClearanceUpdate, UnitGraph};
pub use connectivity::Connectivity;
pub use costs::{GridCosts, EXACT_OCTILE_DIAGONAL, EXACT_OCTILE_SCALE, OCTILE_DIAGONAL};
pub(crate) use edits::EditLog;
pub use edits::{CellEdit, CellState, EditsSince, MapVersion, DEFAULT_EDIT_LOG_CAPACITY};
pub use error::GridError;
pub use heuristic::GridHeuristic;
pub(crate) use layout::{move_bit, move_index, Layout, STEPS};
pub(crate) use map::fresh_stamp;
pub use map::Grid;
pub use reverse::ReversedGrid;
pub use shortcuts::{GridQuery, Refined, ShortcutRefiner};
pub use smoothing::{euclidean_length, smooth_path, weighted_length};
