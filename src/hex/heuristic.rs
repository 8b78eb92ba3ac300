//! [`HexHeuristic`]: the hex distance times the cheapest step, the A*
//! estimate of a [`HexGrid`].

use super::{Hex, HexGrid};
use crate::cost::Cost;
use crate::query::Heuristic;

/// The estimate of the cost from a hexagon to a goal on a [`HexGrid`]:
/// the [hex distance](Hex::distance) times the cheapest step,
/// `step * min_terrain`.
///
/// Admissible and consistent: every move changes the hex distance to the
/// goal by at most one and costs at least `step * min_terrain`
/// ([`HexGrid::min_terrain`]; one without terrain, so weights below one,
/// zero included, scale the estimate down as on a square grid's
/// [heuristic](crate::Grid::heuristic)). Exact on a map without obstacles
/// or terrain. Values saturate at `C::max_value()`; for float costs the
/// estimate is admissible up to float rounding (a last-bit difference from
/// a summed path cost), as on square grids.
///
/// It copies what it needs and does not borrow the map: made before an
/// edit that lowers `min_terrain`, it may overestimate; make it again.
///
/// # Example
/// ```
/// use pathseek::hex::{Hex, HexGrid, HexHeuristic};
/// let mut grid = HexGrid::new(8, 8, 10u32)?;
/// let h = HexHeuristic::new(&grid, Hex::new(0, 0));
/// assert_eq!(h.estimate(Hex::new(3, -1)), 30);
/// grid.set_terrain(Hex::new(2, 2), 0)?; // a free hexagon: no estimate is safe but 0
/// assert_eq!(grid.heuristic(Hex::new(0, 0))(Hex::new(3, -1)), 0);
/// assert_eq!(h.goal(), Hex::new(0, 0));
/// # Ok::<(), pathseek::hex::HexError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HexHeuristic<C> {
    goal: Hex,
    /// The cheapest step: `step * min_terrain`.
    cheapest: C,
}

impl<C: Cost> HexHeuristic<C> {
    /// The estimate towards `goal` on `grid` as it is now.
    ///
    /// # Example
    /// See [`HexHeuristic`].
    pub fn new(grid: &HexGrid<C>, goal: Hex) -> Self {
        // `set_terrain` checked that `step * weight` fits for every weight.
        let cheapest = if grid.has_terrain() {
            grid.step() * grid.min_terrain()
        } else {
            grid.step()
        };
        HexHeuristic { goal, cheapest }
    }

    /// The estimated cost from `hex` to the goal.
    ///
    /// # Example
    /// See [`HexHeuristic`].
    #[inline]
    pub fn estimate(&self, hex: Hex) -> C {
        let d = hex.distance(self.goal);
        if d == 0 {
            return C::zero();
        }
        self.cheapest
            .checked_mul_count(d)
            .unwrap_or_else(C::max_value)
    }

    /// The goal hexagon.
    ///
    /// # Example
    /// See [`HexHeuristic`].
    pub fn goal(&self) -> Hex {
        self.goal
    }
}

impl<C: Cost> Heuristic<Hex, C> for HexHeuristic<C> {
    #[inline(always)]
    fn estimate(&mut self, hex: Hex) -> C {
        HexHeuristic::estimate(self, hex)
    }
}

impl<C: Cost> HexGrid<C> {
    /// The admissible, consistent estimate of [`HexHeuristic`] towards
    /// `goal`, as a closure for [`astar`](fn@crate::astar) or a
    /// [`Query`](crate::Query). It copies what it needs; later edits of the
    /// map are not seen by it.
    ///
    /// # Example
    /// ```
    /// use pathseek::hex::{Hex, HexGrid};
    /// let grid = HexGrid::new(10, 10, 1.0)?;
    /// let goal = Hex::new(4, 4);
    /// assert_eq!(grid.heuristic(goal)(Hex::new(0, 0)), 8.0);
    /// let found = pathseek::astar(&grid, Hex::new(0, 0), goal, grid.heuristic(goal)).into_path().unwrap();
    /// assert_eq!(found.cost, 8.0);
    /// # Ok::<(), pathseek::hex::HexError>(())
    /// ```
    pub fn heuristic(&self, goal: Hex) -> impl Fn(Hex) -> C + Copy + use<C> {
        let h = HexHeuristic::new(self, goal);
        move |hex| h.estimate(hex)
    }
}
