//! Distance estimates for [`Grid`] searches: manhattan, octile, chebyshev and
//! euclidean, plus [`Grid::heuristic`], which picks the right one for a grid.
//!
//! Each function takes the goal and the step costs and returns a cheap, copyable
//! closure `Fn(Cell) -> C` estimating the cost from a cell to the goal. With
//! `dx`, `dy` the distances to the goal along each axis, `hi = max(dx, dy)`,
//! `lo = min(dx, dy)`, straight cost `s` and diagonal cost `d`:
//!
//! | heuristic | value | 4-connected | 8-connected (no corner cutting) |
//! |---|---|---|---|
//! | [`manhattan`] | `s·(dx + dy)` | admissible, consistent (exact without obstacles) | only if `d ≥ 2s` |
//! | [`octile`] | `s·(hi − lo) + d·lo` | admissible, consistent if `d ≤ 2s` (weaker than manhattan) | admissible, consistent if `s ≤ d ≤ 2s` (exact without obstacles) |
//! | [`chebyshev`] | `min(s, d)·hi` | admissible, consistent | admissible, consistent, for any `s`, `d` |
//! | [`euclidean`] | `s·√(dx² + dy²)` | admissible, consistent | admissible, consistent if `d ≥ √2·s` |
//!
//! Why the octile conditions: with `d > 2s` two straight steps are cheaper than a
//! diagonal, so the true distance is `s·(dx + dy)`, below the octile value; with
//! `d < s` a zig-zag of diagonals (`(+1, +1)`, `(+1, −1)`) covers two straight
//! cells for `2d < 2s`, again below the octile value. Inside `s ≤ d ≤ 2s` the
//! octile value is the exact obstacle-free distance, hence consistent.
//!
//! Every common choice ([`GridCosts::octile`], [`GridCosts::exact_octile`],
//! `GridCosts::new(10, 14)`) has `s ≤ d ≤ 2s`, so [`octile`] is the right
//! 8-connected heuristic for them; [`euclidean`] is admissible for `(1, √2)` and
//! exact octile (`665857 > 470832·√2`) but not for `(10, 14)` (`14 < 10·√2`).
//!
//! **Terrain.** The table assumes a move costs exactly `s` or `d`. With terrain
//! weights a move costs `s·w` or `d·w`; the estimates stay admissible and
//! consistent if the costs passed in are multiplied by the smallest weight
//! ([`Grid::min_terrain`]). [`Grid::heuristic`] does this.
//!
//! **Arithmetic.** Values saturate at `C::max_value()` instead of overflowing or
//! panicking (an estimate that large is only reached when every real path would
//! overflow too). [`euclidean`] is computed in `f64`; for integer cost types it is
//! rounded *down* (with a tiny safety margin for rounding error), so it never
//! exceeds the true distance. For float cost types every estimate is admissible
//! up to float rounding (a last-bit difference from a summed path cost).
//!
//! # Example
//! ```
//! use pathseek::grid::{Cell, Connectivity, Grid, GridCosts};
//! use pathseek::grid::heuristic;
//!
//! let costs = GridCosts::new(10u32, 14);
//! let h = heuristic::octile(Cell::new(0, 0), costs);
//! assert_eq!(h(Cell::new(3, 1)), 10 * 2 + 14);
//!
//! let grid = Grid::new(8, 8, Connectivity::Eight, costs)?;
//! let h = grid.heuristic(Cell::new(0, 0));
//! assert_eq!(h(Cell::new(3, 1)), 34);
//! # Ok::<(), pathseek::grid::GridError>(())
//! ```

use crate::cost::Cost;
use crate::grid::{Cell, Connectivity, Grid, GridCosts};
use crate::query::Heuristic;

/// `|a.x − b.x|`, `|a.y − b.y|`.
#[inline]
fn deltas(a: Cell, b: Cell) -> (u64, u64) {
    (u64::from(a.x.abs_diff(b.x)), u64::from(a.y.abs_diff(b.y)))
}

/// `cost · n`, saturating at `C::max_value()`.
#[inline]
fn times<C: Cost>(cost: C, n: u64) -> C {
    if n == 0 {
        return C::zero();
    }
    cost.checked_mul_count(n).unwrap_or_else(C::max_value)
}

/// `a + b`, saturating at `C::max_value()`.
#[inline]
fn plus<C: Cost>(a: C, b: C) -> C {
    a.checked_add(b).unwrap_or_else(C::max_value)
}

#[inline]
fn smaller<C: Cost>(a: C, b: C) -> C {
    if b < a {
        b
    } else {
        a
    }
}

#[inline]
fn manhattan_value<C: Cost>(goal: Cell, costs: GridCosts<C>, cell: Cell) -> C {
    let (dx, dy) = deltas(cell, goal);
    times(costs.straight, dx + dy)
}

#[inline]
fn octile_value<C: Cost>(goal: Cell, costs: GridCosts<C>, cell: Cell) -> C {
    let (dx, dy) = deltas(cell, goal);
    let (lo, hi) = if dx < dy { (dx, dy) } else { (dy, dx) };
    plus(times(costs.straight, hi - lo), times(costs.diagonal, lo))
}

#[inline]
fn chebyshev_value<C: Cost>(goal: Cell, costs: GridCosts<C>, cell: Cell) -> C {
    let (dx, dy) = deltas(cell, goal);
    times(smaller(costs.straight, costs.diagonal), dx.max(dy))
}

/// `1 − 2⁻⁵⁰`: shrinks an `f64` estimate past any rounding error before it is
/// truncated to an integer cost (the computation's relative error is below 2⁻⁵¹).
const ROUND_DOWN: f64 = 1.0 - 1.0 / (1u64 << 50) as f64;

/// Whether `C` is an integer type (`0.5` converts to zero).
#[inline]
fn is_integer<C: Cost>() -> bool {
    <C as num_traits::NumCast>::from(0.5f64).is_some_and(|half: C| half == C::zero())
}

#[inline]
fn euclidean_value<C: Cost>(goal: Cell, straight: C, integer: bool, cell: Cell) -> C {
    let (dx, dy) = deltas(cell, goal);
    if dx == 0 || dy == 0 {
        return times(straight, dx + dy);
    }
    // dx, dy < 2^32, so the sum of squares fits a u128 exactly.
    let squares = u128::from(dx * dx) + u128::from(dy * dy);
    let root = (squares as f64).sqrt();
    if squares < (1u128 << 52) && root.fract() == 0.0 {
        // A perfect square (e.g. 3-4-5): the distance is an exact integer.
        return times(straight, root as u64);
    }
    let value = straight.as_f64() * root;
    let value = if integer { value * ROUND_DOWN } else { value };
    // Integer casts truncate (round down, values are non-negative); out-of-range
    // or non-finite results saturate.
    <C as num_traits::NumCast>::from(value)
        .and_then(|h: C| h.checked_add(C::zero()))
        .unwrap_or_else(C::max_value)
}

/// Manhattan distance `straight · (dx + dy)`: the heuristic for 4-connected grids.
///
/// Admissible and consistent for 4-connected moves; for 8-connected moves only
/// if `diagonal ≥ 2 · straight` (see the [module table](self)).
///
/// # Example
/// ```
/// use pathseek::grid::{Cell, GridCosts};
/// let h = pathseek::grid::heuristic::manhattan(Cell::new(5, 5), GridCosts::new(2u32, 3));
/// assert_eq!(h(Cell::new(2, 1)), 2 * (3 + 4));
/// assert_eq!(h(Cell::new(5, 5)), 0);
/// ```
pub fn manhattan<C: Cost>(goal: Cell, costs: GridCosts<C>) -> impl Fn(Cell) -> C + Copy {
    move |cell| manhattan_value(goal, costs, cell)
}

/// Octile distance `straight · (hi − lo) + diagonal · lo`: the heuristic for
/// 8-connected grids, exact on an empty map.
///
/// Admissible and consistent for 8-connected moves when
/// `straight ≤ diagonal ≤ 2 · straight` (every usual choice); outside that range
/// it can overestimate (see the [module docs](self)). For 4-connected moves it is
/// admissible when `diagonal ≤ 2 · straight`, but [`manhattan`] is tighter.
///
/// # Example
/// ```
/// use pathseek::grid::{Cell, GridCosts};
/// let h = pathseek::grid::heuristic::octile(Cell::new(0, 0), GridCosts::float_octile());
/// assert!((h(Cell::new(3, 1)) - (2.0 + 2f64.sqrt())).abs() < 1e-10);
/// ```
pub fn octile<C: Cost>(goal: Cell, costs: GridCosts<C>) -> impl Fn(Cell) -> C + Copy {
    move |cell| octile_value(goal, costs, cell)
}

/// Chebyshev distance `min(straight, diagonal) · max(dx, dy)`.
///
/// Admissible and consistent for 4- and 8-connected moves with any costs, since
/// every step changes `max(dx, dy)` by at most one; weaker than [`octile`].
///
/// # Example
/// ```
/// use pathseek::grid::{Cell, GridCosts};
/// let h = pathseek::grid::heuristic::chebyshev(Cell::new(0, 0), GridCosts::new(10u32, 14));
/// assert_eq!(h(Cell::new(3, 1)), 30);
/// ```
pub fn chebyshev<C: Cost>(goal: Cell, costs: GridCosts<C>) -> impl Fn(Cell) -> C + Copy {
    move |cell| chebyshev_value(goal, costs, cell)
}

/// Straight-line distance `straight · √(dx² + dy²)`, computed in `f64`.
///
/// For integer cost types the value is rounded down so it stays admissible.
/// Admissible and consistent for 4-connected moves, and for 8-connected moves
/// when `diagonal ≥ √2 · straight` (true for [`GridCosts::octile`] and
/// [`GridCosts::exact_octile`], false for `GridCosts::new(10, 14)`). Weaker than
/// [`octile`] and slower (a square root per call).
///
/// # Example
/// ```
/// use pathseek::grid::{Cell, GridCosts};
/// let h = pathseek::grid::heuristic::euclidean(Cell::new(0, 0), GridCosts::float_octile());
/// assert_eq!(h(Cell::new(3, 4)), 5.0);
/// let h = pathseek::grid::heuristic::euclidean(Cell::new(0, 0), GridCosts::<u32>::exact_octile());
/// assert_eq!(h(Cell::new(1, 1)), 665_856); // 470832 · √2 = 665856.99999..., rounded down
/// ```
pub fn euclidean<C: Cost>(goal: Cell, costs: GridCosts<C>) -> impl Fn(Cell) -> C + Copy {
    let straight = costs.straight;
    let integer = is_integer::<C>();
    move |cell| euclidean_value(goal, straight, integer, cell)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Manhattan,
    Octile,
    Chebyshev,
}

impl<C: Cost> Grid<C> {
    /// An admissible, consistent estimate of the cost from a cell to `goal` on
    /// this grid, for use as the A* heuristic.
    ///
    /// - 4-connected: [`manhattan`].
    /// - 8-connected: [`octile`] when `straight ≤ diagonal ≤ 2 · straight` (all the
    ///   usual costs), [`manhattan`] when `diagonal > 2 · straight` (diagonals
    ///   never pay), [`chebyshev`] when `diagonal < straight`.
    ///
    /// The same estimate as a named type, for a query kept in a struct field
    /// (see [`AStar`](crate::AStar)), is [`GridHeuristic::new`].
    ///
    /// With terrain weights set, both costs are first multiplied by
    /// [`min_terrain`](Grid::min_terrain): every move costs at least that much
    /// times its base cost, so the estimate stays admissible even when weights are
    /// below one (and gets tighter when all weights exceed one). The returned
    /// closure copies what it needs; it does not borrow the grid, so later changes
    /// to the grid are not seen by it.
    ///
    /// # Example
    /// ```
    /// use pathseek::grid::{Cell, Connectivity, Grid, GridCosts};
    /// let mut grid = Grid::new(10, 10, Connectivity::Four, GridCosts::float_octile())?;
    /// assert_eq!(grid.heuristic(Cell::new(0, 0))(Cell::new(3, 4)), 7.0);
    /// grid.set_terrain(Cell::new(5, 5), 0.5)?; // a road: half price
    /// assert_eq!(grid.heuristic(Cell::new(0, 0))(Cell::new(3, 4)), 3.5);
    /// # Ok::<(), pathseek::grid::GridError>(())
    /// ```
    pub fn heuristic(&self, goal: Cell) -> impl Fn(Cell) -> C + Copy + use<C> {
        let h = GridHeuristic::new(self, goal);
        move |cell| h.estimate(cell)
    }
}

impl<C: Cost> GridHeuristic<C> {
    /// The estimate of [`Grid::heuristic`] towards `goal`, as a named type.
    ///
    /// # Example
    /// ```
    /// use pathseek::grid::{Cell, Connectivity, Grid, GridCosts, GridHeuristic};
    /// let grid = Grid::new(10, 10, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
    /// let h: GridHeuristic<u32> = GridHeuristic::new(&grid, Cell::new(9, 9));
    /// assert_eq!(h.estimate(Cell::new(0, 5)), 4 * 3 + 5 * 2);
    /// assert_eq!(h.goal(), Cell::new(9, 9));
    /// ```
    pub fn new(grid: &Grid<C>, goal: Cell) -> Self {
        let mut costs = grid.costs();
        if grid.has_terrain() {
            let m = grid.min_terrain();
            // `set_terrain` checked that every weight times either cost fits.
            costs.straight = costs.straight * m;
            costs.diagonal = costs.diagonal * m;
        }
        let kind = match grid.connectivity() {
            Connectivity::Four => Kind::Manhattan,
            Connectivity::Eight => {
                let (s, d) = (costs.straight, costs.diagonal);
                if d < s {
                    Kind::Chebyshev
                } else if s.checked_add(s).is_some_and(|two_s| d > two_s) {
                    Kind::Manhattan
                } else {
                    Kind::Octile
                }
            }
        };
        GridHeuristic { goal, costs, kind }
    }
}

/// A grid's own estimate of the cost to a goal cell ([`Grid::heuristic`]) as
/// a named type: Manhattan, octile or Chebyshev distance, whichever is
/// admissible and consistent for the grid's moves and costs. A
/// [`Heuristic`], so a [`Query`](crate::Query) holding it has a type that can
/// be written in a struct field.
///
/// # Example
/// See [`GridHeuristic::new`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GridHeuristic<C> {
    goal: Cell,
    costs: GridCosts<C>,
    kind: Kind,
}

impl<C: Cost> GridHeuristic<C> {
    /// The estimated cost from `cell` to the goal.
    #[inline]
    pub fn estimate(&self, cell: Cell) -> C {
        match self.kind {
            Kind::Manhattan => manhattan_value(self.goal, self.costs, cell),
            Kind::Octile => octile_value(self.goal, self.costs, cell),
            Kind::Chebyshev => chebyshev_value(self.goal, self.costs, cell),
        }
    }

    /// The goal cell.
    pub fn goal(&self) -> Cell {
        self.goal
    }
}

impl<C: Cost> Heuristic<Cell, C> for GridHeuristic<C> {
    #[inline(always)]
    fn estimate(&mut self, cell: Cell) -> C {
        GridHeuristic::estimate(self, cell)
    }
}

#[cfg(test)]
mod tests;
