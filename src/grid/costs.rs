//! [`GridCosts`], the step costs of a grid, and the octile constants.

use crate::cost::Length;

/// Scale of [`GridCosts::exact_octile`]: the cost of one straight step. Divide an
/// exact-octile path cost by it to get the length in cells.
///
/// # Example
/// ```
/// use pathseek::grid::{EXACT_OCTILE_DIAGONAL, EXACT_OCTILE_SCALE};
/// // Two straight steps and one diagonal: 2 + sqrt 2.
/// let cost = 2 * EXACT_OCTILE_SCALE as u64 + EXACT_OCTILE_DIAGONAL as u64;
/// let length = cost as f64 / EXACT_OCTILE_SCALE as f64;
/// assert!((length - (2.0 + 2f64.sqrt())).abs() < 1e-9);
/// ```
pub const EXACT_OCTILE_SCALE: u32 = 470_832;

/// Cost of one diagonal step in [`GridCosts::exact_octile`]:
/// `EXACT_OCTILE_DIAGONAL / EXACT_OCTILE_SCALE` is within `2e-12` of `sqrt 2`.
pub const EXACT_OCTILE_DIAGONAL: u32 = 665_857;

/// The cost of one straight and one diagonal step on a [`Grid`](super::Grid).
///
/// Both must be valid costs (not NaN, not negative).
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct GridCosts<C> {
    /// Cost of a north, east, south or west step.
    pub straight: C,
    /// Cost of a diagonal step (used only by [`Connectivity::Eight`](super::Connectivity::Eight)).
    pub diagonal: C,
}

impl<C> GridCosts<C> {
    /// Costs `straight` and `diagonal`.
    ///
    /// `GridCosts::new(10u32, 14)` is a common integer choice; it is an
    /// approximation (`1.4` instead of `sqrt 2`), so a few path pairs compare the
    /// other way than with true octile lengths. For exact octile order with
    /// integers see [`GridCosts::exact_octile`].
    ///
    /// # Example
    /// ```
    /// let costs = pathseek::grid::GridCosts::new(10u32, 14);
    /// assert_eq!((costs.straight, costs.diagonal), (10, 14));
    /// ```
    #[inline]
    pub const fn new(straight: C, diagonal: C) -> Self {
        GridCosts { straight, diagonal }
    }
}

impl GridCosts<Length> {
    /// The default grid costs: straight [`Length::STRAIGHT`] (one cell),
    /// diagonal [`Length::DIAGONAL`] (`sqrt 2` cells to within `1.9e-9`), in
    /// the fixed-point [`Length`], which prints as a number of cells.
    ///
    /// Path lengths are exact sums of whole units and compare like the true
    /// octile lengths on maps below about 10,000 cells a side (see
    /// [`Length`]); searches with them run about 1.5 times as fast as with
    /// [`float_octile`](GridCosts::float_octile). For `f64` costs use that;
    /// for plain integers, [`exact_octile`](GridCosts#method.exact_octile).
    ///
    /// # Example
    /// ```
    /// use pathseek::{GridCosts, Length};
    /// let costs = GridCosts::octile();
    /// assert_eq!((costs.straight, costs.diagonal), (Length::STRAIGHT, Length::DIAGONAL));
    /// assert_eq!(format!("{:.4}", costs.diagonal), "1.4142");
    /// ```
    #[inline]
    pub const fn octile() -> Self {
        GridCosts::new(Length::STRAIGHT, Length::DIAGONAL)
    }
}

impl GridCosts<f64> {
    /// Straight `1`, diagonal [`OCTILE_DIAGONAL`]: the MovingAI octile lengths,
    /// with `sqrt 2` rounded to 32 binary places so that path costs add up
    /// exactly.
    ///
    /// Every cost is then a multiple of `2^-32`, which an `f64` holds exactly up
    /// to `2^21` (two million straight steps): two paths with the same numbers of
    /// straight and diagonal steps get bit-identical costs, whatever order they
    /// take them in. With `std::f64::consts::SQRT_2` instead, sums round
    /// differently along different paths, so equal-length paths differ in the
    /// last bits: the tie-break on `g` stops working and the search expands and
    /// reopens more nodes (18% more expansions on the den520d scenarios). The
    /// price is a length error below `8e-12` relative (`1.2e-11` per diagonal
    /// step), far inside the MovingAI lengths' own 8 decimals.
    ///
    /// # Example
    /// ```
    /// use pathseek::grid::{GridCosts, OCTILE_DIAGONAL};
    /// let costs = GridCosts::float_octile();
    /// assert_eq!((costs.straight, costs.diagonal), (1.0, OCTILE_DIAGONAL));
    /// assert!((OCTILE_DIAGONAL - std::f64::consts::SQRT_2).abs() < 1.2e-11);
    /// // Sums are exact: one diagonal and two straight steps, in either order.
    /// assert_eq!(OCTILE_DIAGONAL + 1.0 + 1.0, 1.0 + 1.0 + OCTILE_DIAGONAL);
    /// ```
    #[inline]
    pub const fn float_octile() -> Self {
        GridCosts::new(1.0, OCTILE_DIAGONAL)
    }
}

/// The diagonal step of [`GridCosts::octile`]: `sqrt 2` rounded to the nearest
/// multiple of `2^-32`, `6074001000 / 2^32 = 1.41421356238424777984619140625`.
///
/// It exceeds `sqrt 2` by `1.1e-11` (`7.9e-12` relative), so an octile distance
/// built on it is still an admissible estimate of a path built on it, and the
/// order of two lengths `a + b·sqrt 2` is kept unless they differ by less than
/// `1.2e-11 · |b1 - b2|` (impossible for distinct lengths of paths shorter than
/// about `10^5` steps).
pub const OCTILE_DIAGONAL: f64 = 6_074_001_000.0 / 4_294_967_296.0;

impl GridCosts<u32> {
    /// Integer octile costs that order paths exactly like `1` / `sqrt 2`:
    /// straight [`EXACT_OCTILE_SCALE`] `= 470832`, diagonal
    /// [`EXACT_OCTILE_DIAGONAL`] `= 665857`.
    ///
    /// `665857 / 470832` is a convergent of the Pell equation for `sqrt 2`
    /// (`665857² = 2 · 470832² + 1`), so it exceeds `sqrt 2` by less than `2e-12`.
    /// A path of `a` straight and `b` diagonal steps costs `a·470832 + b·665857`,
    /// and the accumulated error `b · 2e-12` stays far below the smallest gap
    /// between distinct values `a + b·sqrt 2` on any map of practical size (up to
    /// thousands of cells per side): two paths compare (`<`, `=`, `>`) exactly as
    /// their true octile lengths do. Two costs are equal only when the step counts
    /// are, since 470832 and 665857 are coprime. Divide a cost by
    /// [`EXACT_OCTILE_SCALE`] to get the length in cells.
    ///
    /// Range: a `u32` holds path lengths up to about 9,100 straight units
    /// (`u32::MAX / 470832`); a longer path makes the search report an overflow
    /// instead of a wrong answer. Use [`GridCosts::<u64>::exact_octile`](GridCosts#method.exact_octile-1)
    /// for longer paths (up to about `3.9e13` units).
    ///
    /// # Example
    /// ```
    /// use pathseek::grid::{GridCosts, EXACT_OCTILE_SCALE};
    /// let costs = GridCosts::<u32>::exact_octile();
    /// assert_eq!((costs.straight, costs.diagonal), (470_832, 665_857));
    /// // Three diagonals (4.243) cost more than four straight steps, less than five.
    /// assert!(3 * costs.diagonal > 4 * costs.straight);
    /// assert!(3 * costs.diagonal < 5 * costs.straight);
    /// assert!(((costs.diagonal as f64 / EXACT_OCTILE_SCALE as f64) - 2f64.sqrt()).abs() < 2e-12);
    /// ```
    #[inline]
    pub const fn exact_octile() -> Self {
        GridCosts::new(EXACT_OCTILE_SCALE, EXACT_OCTILE_DIAGONAL)
    }

    /// Small integer octile costs for a [`BucketQueue`](crate::open_set::BucketQueue):
    /// straight `2378`, diagonal `3363`, a smaller Pell convergent of `sqrt 2`
    /// (`3363² = 2 · 2378² - 1`; `3363 / 2378` is `6.3e-8` below `sqrt 2`).
    ///
    /// The bucket queue needs a window of twice the largest edge cost, so
    /// these keep it at 8,192 buckets where [`exact_octile`](Self::exact_octile)
    /// would need two million. The price is exactness on long paths: two
    /// paths whose diagonal counts differ by `d` compare like their true
    /// lengths whenever those lengths differ by more than `6.3e-8 · d`
    /// cells. On the MovingAI benchmark maps every optimal path found with
    /// these costs has the optimal octile length (checked by the
    /// `movingai_scenarios` tests on the maps shipped and on
    /// `../shared/movingai`); a map where two routes differ in length by less
    /// than that can break it. Costs stay within a `u32` for paths up to about
    /// 1.8 million straight steps.
    ///
    /// # Example
    /// ```
    /// let costs = pathseek::grid::GridCosts::<u32>::pell_octile();
    /// assert_eq!((costs.straight, costs.diagonal), (2378, 3363));
    /// assert!((costs.diagonal as f64 / costs.straight as f64 - 2f64.sqrt()).abs() < 1e-7);
    /// ```
    #[inline]
    pub const fn pell_octile() -> Self {
        GridCosts::new(2378, 3363)
    }
}

impl GridCosts<u64> {
    /// The same exact integer octile costs as
    /// [`GridCosts::<u32>::exact_octile`](GridCosts#method.exact_octile) (`470832`,
    /// `665857`) in `u64`, for path lengths beyond about 9,100 straight units.
    ///
    /// # Example
    /// ```
    /// let costs = pathseek::grid::GridCosts::<u64>::exact_octile();
    /// assert_eq!((costs.straight, costs.diagonal), (470_832, 665_857));
    /// ```
    #[inline]
    pub const fn exact_octile() -> Self {
        GridCosts::new(EXACT_OCTILE_SCALE as u64, EXACT_OCTILE_DIAGONAL as u64)
    }
}
