//! [`Length`], a fixed-point cost type for grid paths: whole numbers of
//! `1 / 13860` cell, so octile sums are exact integers and searches compare
//! one `u32` where an `f64` needs wider keys and records.

use core::fmt;
use core::iter::Sum;
use core::ops::{Add, AddAssign, Div, Mul, Rem, Sub, SubAssign};
use core::str::FromStr;

use num_traits::{Bounded, Num, One, ToPrimitive, Zero};

use super::Cost;

/// A length in cells, stored as a whole number of units of `1 / 13860` cell
/// in a `u32`: the cost type of [`GridCosts::octile`](crate::GridCosts::octile),
/// the default for grids.
///
/// A straight step is [`Length::STRAIGHT`] (13,860 units, one cell) and a
/// diagonal step [`Length::DIAGONAL`] (19,601 units): `19601 / 13860` is a
/// convergent of `sqrt 2` (`19601² = 2 · 13860² + 1`), `1.8e-9` cells above
/// it, so octile and euclidean distances in lengths stay admissible. Path
/// lengths are exact integer sums, so two paths with the same numbers of
/// straight and diagonal steps cost exactly the same, and two paths compare
/// like their true octile lengths unless their diagonal counts differ by
/// more than about 13,000 (maps below 10,000 cells a side are safe). The
/// largest length is about 309,000 cells (`u32::MAX` units); a longer path
/// makes a search report a cost overflow, never a wrong cost.
///
/// Why not `f64`: the search's open set orders nodes by `f = g + h` with
/// ties to the larger `g`; with 32-bit costs both fit one 64-bit comparison
/// and a node's record is 16 bytes instead of 24. On the den520d scenarios
/// that makes the default search about 1.5 times as fast (see `BENCHMARKS.md`).
///
/// Printing shows cells, honouring precision (`{:.3}`); [`to_f64`](Length::to_f64)
/// converts. Arithmetic is fixed-point: `+`, `-` and `%` work on units, `*`
/// and `/` scale (`Length::from_cells(3) * Length::from_f64(0.5).unwrap()`
/// is 1.5 cells), rounding to the nearest unit; like `u32`, an overflowing
/// operator panics in debug builds, and [`Cost::checked_add`] and
/// [`Cost::checked_mul`] report it instead.
///
/// # Example
/// ```
/// use pathseek::{Cell, Connectivity, Grid, GridCosts, Length};
///
/// let grid = Grid::new(8, 8, Connectivity::Eight, GridCosts::octile()).unwrap();
/// let goal = Cell::new(3, 1);
/// let path = pathseek::astar(&grid, Cell::new(0, 0), goal, grid.heuristic(goal))
///     .into_path()
///     .unwrap();
/// assert_eq!(path.cost, Length::STRAIGHT + Length::STRAIGHT + Length::DIAGONAL);
/// assert_eq!(format!("{:.3}", path.cost), "3.414");
/// assert!((path.cost.to_f64() - (2.0 + 2f64.sqrt())).abs() < 2e-9);
/// ```
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(transparent)
)]
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Length(u32);

impl Length {
    /// Units per cell: `13860`.
    pub const SCALE: u32 = 13_860;
    /// No length.
    pub const ZERO: Length = Length(0);
    /// One straight step: one cell.
    pub const STRAIGHT: Length = Length(Self::SCALE);
    /// One diagonal step: `19601` units, `sqrt 2` cells to within `1.9e-9`.
    pub const DIAGONAL: Length = Length(19_601);
    /// The largest length, `u32::MAX` units (about 309,882 cells).
    pub const MAX: Length = Length(u32::MAX);

    /// The length of `units` units of `1 / 13860` cell.
    ///
    /// # Example
    /// ```
    /// use pathseek::Length;
    /// assert_eq!(Length::from_units(13_860), Length::STRAIGHT);
    /// ```
    #[inline]
    pub const fn from_units(units: u32) -> Length {
        Length(units)
    }

    /// This length in units of `1 / 13860` cell.
    ///
    /// # Example
    /// ```
    /// use pathseek::Length;
    /// assert_eq!(Length::DIAGONAL.units(), 19_601);
    /// ```
    #[inline]
    pub const fn units(self) -> u32 {
        self.0
    }

    /// `cells` whole cells, or `None` above [`Length::MAX`].
    ///
    /// # Example
    /// ```
    /// use pathseek::Length;
    /// assert_eq!(Length::from_cells(2), Some(Length::STRAIGHT + Length::STRAIGHT));
    /// assert_eq!(Length::from_cells(400_000), None);
    /// ```
    #[inline]
    pub const fn from_cells(cells: u32) -> Option<Length> {
        match cells.checked_mul(Self::SCALE) {
            Some(units) => Some(Length(units)),
            None => None,
        }
    }

    /// The nearest length to `cells` cells, or `None` for NaN, a negative
    /// value or one above [`Length::MAX`].
    ///
    /// # Example
    /// ```
    /// use pathseek::Length;
    /// assert_eq!(Length::from_f64(1.0), Some(Length::STRAIGHT));
    /// assert_eq!(Length::from_f64(std::f64::consts::SQRT_2), Some(Length::DIAGONAL));
    /// assert_eq!(Length::from_f64(-1.0), None);
    /// assert_eq!(Length::from_f64(f64::NAN), None);
    /// ```
    pub fn from_f64(cells: f64) -> Option<Length> {
        let units = (cells * f64::from(Self::SCALE)).round();
        // NaN fails both comparisons.
        (units >= 0.0 && units <= f64::from(u32::MAX)).then_some(Length(units as u32))
    }

    /// This length in cells.
    ///
    /// # Example
    /// ```
    /// use pathseek::Length;
    /// assert_eq!(Length::STRAIGHT.to_f64(), 1.0);
    /// assert!((Length::DIAGONAL.to_f64() - 2f64.sqrt()).abs() < 2e-9);
    /// ```
    #[inline]
    pub fn to_f64(self) -> f64 {
        f64::from(self.0) / f64::from(Self::SCALE)
    }

    /// `a * b / SCALE` rounded to the nearest unit, if it fits.
    #[inline]
    fn scaled_product(a: u32, b: u32) -> Option<u32> {
        let scale = u64::from(Self::SCALE);
        u32::try_from((u64::from(a) * u64::from(b) + scale / 2) / scale).ok()
    }
}

impl From<Length> for f64 {
    /// [`Length::to_f64`].
    #[inline]
    fn from(length: Length) -> f64 {
        length.to_f64()
    }
}

impl fmt::Display for Length {
    /// The length in cells, as an `f64` is printed (width and precision honoured).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&Length::to_f64(*self), f)
    }
}

impl fmt::Debug for Length {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Length({} cells = {} units)",
            Length::to_f64(*self),
            self.0
        )
    }
}

/// Why a string is not a [`Length`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseLengthError;

impl fmt::Display for ParseLengthError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "not a length: expected a non-negative number of cells up to about 309,882"
        )
    }
}

impl std::error::Error for ParseLengthError {}

impl FromStr for Length {
    type Err = ParseLengthError;

    /// A number of cells (`"2.5"`), rounded to the nearest unit.
    ///
    /// # Example
    /// ```
    /// use pathseek::Length;
    /// assert_eq!("1".parse::<Length>(), Ok(Length::STRAIGHT));
    /// assert!("-1".parse::<Length>().is_err());
    /// assert!("one".parse::<Length>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Length, ParseLengthError> {
        let cells: f64 = s.trim().parse().map_err(|_| ParseLengthError)?;
        Length::from_f64(cells).ok_or(ParseLengthError)
    }
}

impl Add for Length {
    type Output = Length;
    #[inline]
    fn add(self, rhs: Length) -> Length {
        Length(self.0 + rhs.0)
    }
}

impl Sub for Length {
    type Output = Length;
    #[inline]
    fn sub(self, rhs: Length) -> Length {
        Length(self.0 - rhs.0)
    }
}

impl AddAssign for Length {
    #[inline]
    fn add_assign(&mut self, rhs: Length) {
        *self = *self + rhs;
    }
}

impl SubAssign for Length {
    #[inline]
    fn sub_assign(&mut self, rhs: Length) {
        *self = *self - rhs;
    }
}

impl Sum for Length {
    /// The total length; like `u32`, overflow panics in debug builds.
    ///
    /// # Example
    /// ```
    /// use pathseek::Length;
    /// let legs = [Length::STRAIGHT, Length::DIAGONAL, Length::STRAIGHT];
    /// assert_eq!(legs.into_iter().sum::<Length>(), Length::from_units(2 * 13_860 + 19_601));
    /// ```
    fn sum<I: Iterator<Item = Length>>(iter: I) -> Length {
        iter.fold(Length::ZERO, |a, b| a + b)
    }
}

impl Mul for Length {
    type Output = Length;
    /// The fixed-point product, rounded to the nearest unit.
    #[inline]
    fn mul(self, rhs: Length) -> Length {
        match Length::scaled_product(self.0, rhs.0) {
            Some(units) => Length(units),
            None => overflow("multiply"),
        }
    }
}

impl Div for Length {
    type Output = Length;
    /// The fixed-point quotient, rounded to the nearest unit. Panics on a
    /// zero divisor, like integer division.
    #[inline]
    fn div(self, rhs: Length) -> Length {
        assert!(rhs.0 != 0, "attempt to divide a Length by zero");
        let b = u64::from(rhs.0);
        match u32::try_from((u64::from(self.0) * u64::from(Self::SCALE) + b / 2) / b) {
            Ok(units) => Length(units),
            Err(_) => overflow("divide"),
        }
    }
}

impl Rem for Length {
    type Output = Length;
    #[inline]
    fn rem(self, rhs: Length) -> Length {
        Length(self.0 % rhs.0)
    }
}

/// An overflowing operator: a panic in debug builds, the largest length
/// otherwise (`u32` arithmetic panics in debug and wraps otherwise; a wrapped
/// fixed-point product would be meaningless).
#[cold]
fn overflow(op: &str) -> Length {
    if cfg!(debug_assertions) {
        panic!("attempt to {op} Lengths with overflow");
    }
    Length::MAX
}

impl Zero for Length {
    #[inline]
    fn zero() -> Length {
        Length::ZERO
    }
    #[inline]
    fn is_zero(&self) -> bool {
        self.0 == 0
    }
}

impl One for Length {
    /// One cell.
    #[inline]
    fn one() -> Length {
        Length::STRAIGHT
    }
}

impl Num for Length {
    type FromStrRadixErr = ParseLengthError;
    /// Radix 10: a number of cells as [`FromStr`]; other radixes: a whole
    /// number of cells.
    fn from_str_radix(s: &str, radix: u32) -> Result<Length, ParseLengthError> {
        if radix == 10 {
            return s.parse();
        }
        let cells = u32::from_str_radix(s, radix).map_err(|_| ParseLengthError)?;
        Length::from_cells(cells).ok_or(ParseLengthError)
    }
}

impl Bounded for Length {
    #[inline]
    fn min_value() -> Length {
        Length::ZERO
    }
    #[inline]
    fn max_value() -> Length {
        Length::MAX
    }
}

impl ToPrimitive for Length {
    /// Whole cells, rounded down.
    #[inline]
    fn to_i64(&self) -> Option<i64> {
        Some(i64::from(self.0 / Self::SCALE))
    }
    /// Whole cells, rounded down.
    #[inline]
    fn to_u64(&self) -> Option<u64> {
        Some(u64::from(self.0 / Self::SCALE))
    }
    #[inline]
    fn to_f64(&self) -> Option<f64> {
        Some(Length::to_f64(*self))
    }
}

impl num_traits::NumCast for Length {
    /// The nearest length to `n` cells, if there is one.
    fn from<T: ToPrimitive>(n: T) -> Option<Length> {
        // Exact for whole numbers: every one a Length holds times the scale
        // is far below 2^53.
        Length::from_f64(n.to_f64()?)
    }
}

impl Cost for Length {
    type Key = u32;
    const EXACT_SUMS: bool = true;
    #[inline(always)]
    fn to_key(self) -> u32 {
        self.0
    }
    #[inline(always)]
    fn from_key(key: u32) -> Length {
        Length(key)
    }
    #[inline]
    fn checked_add(self, other: Length) -> Option<Length> {
        self.0.checked_add(other.0).map(Length)
    }
    /// The fixed-point product, rounded to the nearest unit.
    #[inline]
    fn checked_mul(self, other: Length) -> Option<Length> {
        Length::scaled_product(self.0, other.0).map(Length)
    }
    #[inline]
    fn checked_mul_count(self, n: u64) -> Option<Length> {
        u32::try_from(n)
            .ok()
            .and_then(|n| self.0.checked_mul(n))
            .map(Length)
    }
    #[inline]
    fn is_valid(self) -> bool {
        true
    }
    #[inline]
    fn as_f64(self) -> f64 {
        self.to_f64()
    }
    #[inline]
    fn from_count(n: u64) -> Length {
        u32::try_from(n)
            .ok()
            .and_then(Length::from_cells)
            .unwrap_or(Length::MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagonal_is_a_pell_convergent_of_sqrt_2() {
        let (d, s) = (u64::from(Length::DIAGONAL.0), u64::from(Length::SCALE));
        assert_eq!(d * d, 2 * s * s + 1);
        assert!(Length::DIAGONAL.to_f64() > 2f64.sqrt());
        assert!(Length::DIAGONAL.to_f64() - 2f64.sqrt() < 1.9e-9);
    }

    #[test]
    fn fixed_point_arithmetic() {
        let half = Length::from_f64(0.5).unwrap();
        let three = Length::from_cells(3).unwrap();
        assert_eq!((three * half).to_f64(), 1.5);
        assert_eq!(three / half, Length::from_cells(6).unwrap());
        assert_eq!(three % Length::from_cells(2).unwrap(), Length::STRAIGHT);
        assert_eq!(Length::one() * Length::DIAGONAL, Length::DIAGONAL);
        assert_eq!(
            Length::DIAGONAL.checked_mul(Length::from_count(7)),
            Some(Length(7 * 19_601))
        );
        assert_eq!(
            Length::DIAGONAL.checked_mul_count(7),
            Some(Length(7 * 19_601))
        );
        assert_eq!(Length::MAX.checked_add(Length(1)), None);
        assert_eq!(
            Length::MAX.checked_mul(Length::from_cells(2).unwrap()),
            None
        );
        assert_eq!(Length::DIAGONAL.checked_mul_count(1 << 40), None);
        assert_eq!(Length::from_count(u64::MAX), Length::MAX);
        assert_eq!(
            <Length as num_traits::NumCast>::from(4u8),
            Length::from_cells(4)
        );
        assert_eq!(
            <Length as num_traits::NumCast>::from(0.25f64),
            Some(Length(3465))
        );
        assert_eq!(<Length as num_traits::NumCast>::from(-3i32), None);
        assert_eq!(
            <Length as Num>::from_str_radix("ff", 16).ok(),
            Length::from_cells(255)
        );
        assert_eq!(
            <Length as Num>::from_str_radix("2.5", 10).unwrap().to_f64(),
            2.5
        );
        assert!(<Length as Num>::from_str_radix("2.5", 16).is_err());
    }

    #[test]
    fn keys_order_like_lengths() {
        let a = [0, 1, 13_860, 19_601, u32::MAX - 1, u32::MAX].map(Length);
        for w in a.windows(2) {
            assert!(w[0] < w[1] && w[0].to_key() < w[1].to_key());
            assert_eq!(Length::from_key(w[1].to_key()), w[1]);
        }
    }

    #[test]
    fn printing_shows_cells() {
        let l = Length::STRAIGHT + Length::DIAGONAL;
        assert_eq!(format!("{l:.4}"), "2.4142");
        assert_eq!(format!("{:>6.1}", Length::STRAIGHT), "   1.0");
        assert!(format!("{l:?}").contains("33461 units"));
        assert_eq!(f64::from(Length::STRAIGHT), 1.0);
    }

    #[test]
    fn assigning_operators() {
        let mut l = Length::STRAIGHT;
        l += Length::DIAGONAL;
        assert_eq!(l.units(), 13_860 + 19_601);
        l -= Length::STRAIGHT;
        assert_eq!(l, Length::DIAGONAL);
    }
}
