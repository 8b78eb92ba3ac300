//! Path cost types: the numeric contract every edge cost, `g`, `h` and `f` obeys.
//!
//! A* only needs to add costs, compare them and know zero. [`Cost`] adds the
//! checks that keep a search honest: an edge cost must be non-negative and not NaN
//! ([`Cost::is_valid`]), and a sum that overflows (integers) or stops being finite
//! (floats) is detected ([`Cost::checked_add`]) instead of wrapping into a wrong
//! answer. Its one encoding, [`Cost::to_key`], maps a cost to an unsigned integer
//! of the same order: the open sets compare and bucket those keys.
//!
//! It is implemented for `u8`, `u16`, `u32`, `u64`, `usize`, `i8`, `i16`, `i32`,
//! `i64`, `isize`, `f32` and `f64`. A cost type of your own implements it through
//! its [`num_traits`] arithmetic plus five required items: [`Key`](Cost::Key),
//! [`to_key`](Cost::to_key), [`from_key`](Cost::from_key),
//! [`checked_add`](Cost::checked_add) and [`checked_mul`](Cost::checked_mul).
//!
//! # Grids: `Length`, `f64` or `u64`
//! Grid costs default to [`Length`]: a length in cells, fixed-point in a
//! `u32`, that prints like a float (`{:.3}`) and adds up exactly, so the
//! search compares one integer where an `f64` needs two (2.8x `pathfinding`
//! on the den520d scenarios, where `f64` costs give 1.7x in the same run;
//! [`GridCosts::float_octile()`](crate::GridCosts::float_octile) if you want
//! `f64`). A `Length` holds paths of up to 309,882 cells (fewer with terrain
//! weights): a longer one, such as the path through a 1000 x 1000
//! serpentine maze, ends with
//! [`CostOverflow`](crate::SearchError::CostOverflow), whose message says
//! so; use `f64` or `u64` costs there. Widening `Length` to 64 bits for
//! everyone would cost 19% more instructions per search (callgrind, den520d
//! subset: 385.5M with `Length`, 457.7M with `u64` costs).
//!
//! # Example
//! ```
//! use pathseek::Cost;
//! assert_eq!(Cost::checked_add(u32::MAX, 1u32), None);
//! assert_eq!(Cost::checked_add(1.5f64, 2.0), Some(3.5));
//! assert!(!f64::NAN.is_valid());
//! assert!(!(-1i64).is_valid());
//! assert!(1.5f64.to_key() < 2.0f64.to_key());
//! ```

mod length;

pub use length::{Length, ParseLengthError};

use core::fmt::Debug;
use core::hash::Hash;

/// A numeric path cost: integers and floats both work.
///
/// The search never produces a NaN and never accepts a negative edge, so
/// [`PartialOrd`] is a total order on every value the core compares.
///
/// # Example
/// A cost type of your own: tenths of a unit in a `u32`.
/// ```
/// use pathseek::Cost;
/// use num_traits::{Bounded, Num, NumCast, One, ToPrimitive, Zero};
/// use core::ops::{Add, Div, Mul, Rem, Sub};
///
/// #[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
/// struct Tenths(u32);
/// // The arithmetic num_traits asks for, delegated to the u32 inside.
/// macro_rules! op { ($($t:ident $m:ident),*) => {$(
///     impl $t for Tenths { type Output = Self; fn $m(self, o: Self) -> Self { Tenths(self.0.$m(o.0)) } }
/// )*} }
/// op!(Add add, Sub sub, Mul mul, Div div, Rem rem);
/// impl Zero for Tenths { fn zero() -> Self { Tenths(0) } fn is_zero(&self) -> bool { self.0 == 0 } }
/// impl One for Tenths { fn one() -> Self { Tenths(1) } }
/// impl Num for Tenths {
///     type FromStrRadixErr = core::num::ParseIntError;
///     fn from_str_radix(s: &str, r: u32) -> Result<Self, Self::FromStrRadixErr> { u32::from_str_radix(s, r).map(Tenths) }
/// }
/// impl Bounded for Tenths { fn min_value() -> Self { Tenths(0) } fn max_value() -> Self { Tenths(u32::MAX) } }
/// impl ToPrimitive for Tenths {
///     fn to_i64(&self) -> Option<i64> { Some(self.0.into()) }
///     fn to_u64(&self) -> Option<u64> { Some(self.0.into()) }
/// }
/// impl NumCast for Tenths { fn from<T: ToPrimitive>(n: T) -> Option<Self> { n.to_u32().map(Tenths) } }
///
/// // The five items of `Cost` itself.
/// impl Cost for Tenths {
///     type Key = u32;
///     fn to_key(self) -> u32 { self.0 }
///     fn from_key(key: u32) -> Self { Tenths(key) }
///     fn checked_add(self, o: Self) -> Option<Self> { self.0.checked_add(o.0).map(Tenths) }
///     fn checked_mul(self, o: Self) -> Option<Self> { self.0.checked_mul(o.0).map(Tenths) }
/// }
///
/// let g = pathseek::graph::from_fn(|n: u8, edge: &mut dyn FnMut(u8, Tenths)| {
///     if n < 9 { edge(n + 1, Tenths(15)) }
/// });
/// let path = pathseek::astar(&g, 0, 4, |_| Tenths(0)).into_path().unwrap();
/// assert_eq!(path.cost, Tenths(60));
/// ```
pub trait Cost:
    Copy + PartialOrd + Debug + num_traits::Num + num_traits::Bounded + num_traits::NumCast + 'static
{
    /// The unsigned integer type of [`to_key`](Cost::to_key): `u32` for costs
    /// of up to 32 bits, `u64` for wider ones.
    type Key: OrderKey;

    /// `true` when sums of costs are exact (integers, fixed point): `a + b`
    /// is the true sum whenever [`checked_add`](Cost::checked_add) gives one,
    /// so `a <= b + c` between edge costs carries over to the sums a search
    /// makes. Floats round, so they keep the default, `false`. Graphs may
    /// leave out more edges when it is `true` (a [`Grid`](crate::grid::Grid)
    /// skips the moves its parent cell has already offered more cheaply);
    /// claiming it for a type whose sums round can change a search's answer.
    ///
    /// # Example
    /// ```
    /// use pathseek::{Cost, Length};
    /// assert!(u32::EXACT_SUMS && Length::EXACT_SUMS && !f64::EXACT_SUMS);
    /// ```
    const EXACT_SUMS: bool = false;

    /// An order-preserving image of this cost: for valid costs `a` and `b`,
    /// `a < b` exactly when `a.to_key() < b.to_key()`, and equal costs have
    /// equal keys. The open sets store and compare keys (one integer
    /// comparison instead of a float one), and bucket structures index by them.
    ///
    /// # Example
    /// ```
    /// use pathseek::Cost;
    /// assert!(3u32.to_key() < 7u32.to_key());
    /// assert!(0.25f32.to_key() < 0.5f32.to_key());
    /// assert_eq!((-0.0f64).to_key(), 0.0f64.to_key()); // equal costs, equal keys
    /// ```
    fn to_key(self) -> Self::Key;

    /// The cost whose key is `key`: the inverse of [`to_key`](Cost::to_key) on
    /// valid costs (`from_key(c.to_key()) == c`).
    ///
    /// # Example
    /// ```
    /// use pathseek::Cost;
    /// assert_eq!(f64::from_key(2.5f64.to_key()), 2.5);
    /// assert_eq!(i32::from_key(7i32.to_key()), 7);
    /// ```
    fn from_key(key: Self::Key) -> Self;

    /// `self + other`, or `None` if the sum overflows (integers) or is not finite
    /// (floats).
    fn checked_add(self, other: Self) -> Option<Self>;

    /// `self * other`, or `None` if the product overflows or is not finite.
    fn checked_mul(self, other: Self) -> Option<Self>;

    /// [`checked_add`](Cost::checked_add) for two [valid](Cost::is_valid)
    /// costs, the only sums the search computes. The default is `checked_add`;
    /// floats use that the sum of two valid values is never NaN nor negative, so
    /// it is finite exactly when it is below infinity (one comparison).
    ///
    /// # Example
    /// ```
    /// use pathseek::Cost;
    /// assert_eq!(1.5f64.checked_add_valid(2.0), Some(3.5));
    /// assert_eq!(f64::MAX.checked_add_valid(f64::MAX), None);
    /// assert_eq!(250u8.checked_add_valid(6), None);
    /// ```
    #[inline]
    fn checked_add_valid(self, other: Self) -> Option<Self> {
        self.checked_add(other)
    }

    /// `true` for a usable edge cost or heuristic value: not NaN and not
    /// negative. The default, `self >= 0`, is false for NaN too.
    #[inline]
    fn is_valid(self) -> bool {
        self >= Self::zero()
    }

    /// This cost as an `f64` (for reports and comparisons with reference
    /// values); NaN if it has no `f64` value.
    #[inline]
    fn as_f64(self) -> f64 {
        num_traits::ToPrimitive::to_f64(&self).unwrap_or(f64::NAN)
    }

    /// `self` times a count `n` (grid steps), or `None` on overflow. The
    /// default is `checked_mul(from_count(n))`; fixed-point types multiply
    /// their units directly.
    ///
    /// # Example
    /// ```
    /// use pathseek::{Cost, Length};
    /// assert_eq!(3u32.checked_mul_count(4), Some(12));
    /// assert_eq!(Length::DIAGONAL.checked_mul_count(2), Some(Length::DIAGONAL + Length::DIAGONAL));
    /// ```
    #[inline]
    fn checked_mul_count(self, n: u64) -> Option<Self> {
        self.checked_mul(Self::from_count(n))
    }

    /// Converts a small count (grid steps) into this cost type, saturating at the
    /// type's maximum instead of failing.
    #[inline]
    fn from_count(n: u64) -> Self {
        <Self as num_traits::NumCast>::from(n).unwrap_or_else(Self::max_value)
    }
}

/// Whether `C` rounds its sums (probed, for types that do not declare
/// [`Cost::EXACT_SUMS`]); shared by the bucket queue and the goal bounds (a type that holds infinity, or whose
/// 0.1 + 0.2 is not its 0.3): the floats.
pub(crate) fn is_float<C: Cost>() -> bool {
    let from = |v: f64| <C as num_traits::NumCast>::from(v);
    from(f64::INFINITY).is_some()
        || match (from(0.1), from(0.2), from(0.3)) {
            (Some(a), Some(b), Some(c)) => a + b != c,
            _ => false,
        }
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for u32 {}
    impl Sealed for u64 {}
}

/// The key types of [`Cost::to_key`]: `u32` and `u64`.
///
/// # Example
/// ```
/// use pathseek::cost::OrderKey;
/// assert_eq!(7u32.to_u64(), 7);
/// ```
pub trait OrderKey:
    Copy + Ord + Hash + Debug + Send + Sync + core::ops::Not<Output = Self> + sealed::Sealed + 'static
{
    /// The width of the key in bits: 32 or 64.
    const BITS: u32;

    /// The key widened to `u64`, order kept (for radix structures).
    fn to_u64(self) -> u64;

    /// `(high, low)` as one `u64` ordered like the pairs (high first), when
    /// both halves fit: `Some` for `u32` keys, `None` for `u64` ones.
    fn join(high: Self, low: Self) -> Option<u64>;
}

impl OrderKey for u32 {
    const BITS: u32 = 32;
    #[inline(always)]
    fn to_u64(self) -> u64 {
        u64::from(self)
    }
    #[inline(always)]
    fn join(high: Self, low: Self) -> Option<u64> {
        Some((u64::from(high) << 32) | u64::from(low))
    }
}

impl OrderKey for u64 {
    const BITS: u32 = 64;
    #[inline(always)]
    fn to_u64(self) -> u64 {
        self
    }
    #[inline(always)]
    fn join(_high: Self, _low: Self) -> Option<u64> {
        None
    }
}

macro_rules! unsigned_cost {
    ($($t:ty => $key:ty),*) => {$(
        impl Cost for $t {
            type Key = $key;
            const EXACT_SUMS: bool = true;
            #[inline(always)]
            fn to_key(self) -> $key { self as $key }
            #[inline(always)]
            fn from_key(key: $key) -> Self { key as $t }
            #[inline]
            fn checked_add(self, other: Self) -> Option<Self> { <$t>::checked_add(self, other) }
            #[inline]
            fn checked_mul(self, other: Self) -> Option<Self> { <$t>::checked_mul(self, other) }
            #[inline]
            fn is_valid(self) -> bool { true }
            #[inline]
            fn as_f64(self) -> f64 { self as f64 }
        }
    )*};
}

macro_rules! signed_cost {
    ($($t:ty => $wide:ty, $key:ty),*) => {$(
        impl Cost for $t {
            type Key = $key;
            const EXACT_SUMS: bool = true;
            // Widened with its sign, then the sign bit flipped: the signed
            // order becomes the unsigned one, for every value.
            #[inline(always)]
            fn to_key(self) -> $key { (self as $wide as $key) ^ (1 << (<$key>::BITS - 1)) }
            #[inline(always)]
            fn from_key(key: $key) -> Self { (key ^ (1 << (<$key>::BITS - 1))) as $wide as $t }
            #[inline]
            fn checked_add(self, other: Self) -> Option<Self> { <$t>::checked_add(self, other) }
            #[inline]
            fn checked_mul(self, other: Self) -> Option<Self> { <$t>::checked_mul(self, other) }
            #[inline]
            fn is_valid(self) -> bool { self >= 0 }
            #[inline]
            fn as_f64(self) -> f64 { self as f64 }
        }
    )*};
}

macro_rules! float_cost {
    ($($t:ty => $key:ty),*) => {$(
        impl Cost for $t {
            type Key = $key;
            // Non-negative floats order like their bits. Adding +0.0 first
            // turns -0.0 (a valid cost, equal to 0.0) into +0.0, whose bits are 0.
            #[inline(always)]
            fn to_key(self) -> $key {
                (self + 0.0).to_bits()
            }
            #[inline(always)]
            fn from_key(key: $key) -> Self {
                <$t>::from_bits(key)
            }
            #[inline]
            fn checked_add(self, other: Self) -> Option<Self> {
                let s = self + other;
                if s.is_finite() { Some(s) } else { None }
            }
            #[inline]
            fn checked_mul(self, other: Self) -> Option<Self> {
                let p = self * other;
                if p.is_finite() { Some(p) } else { None }
            }
            #[inline]
            fn checked_add_valid(self, other: Self) -> Option<Self> {
                let s = self + other;
                if s < <$t>::INFINITY { Some(s) } else { None }
            }
            #[inline]
            fn is_valid(self) -> bool {
                // NaN compares false, so this rejects NaN as well as negatives.
                self >= 0.0
            }
            #[inline]
            fn as_f64(self) -> f64 { self as f64 }
        }
    )*};
}

unsigned_cost!(u8 => u32, u16 => u32, u32 => u32, u64 => u64, usize => u64);
signed_cost!(i8 => i32, u32, i16 => i32, u32, i32 => i32, u32, i64 => i64, u64, isize => i64, u64);
float_cost!(f32 => u32, f64 => u64);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_overflow_is_detected() {
        assert_eq!(Cost::checked_add(250u8, 6), None);
        assert_eq!(Cost::checked_add(250u8, 5), Some(255));
        assert_eq!(Cost::checked_add(i64::MAX, 1), None);
        assert_eq!(Cost::checked_mul(u32::MAX, 2), None);
    }

    #[test]
    fn checked_add_valid_agrees_with_checked_add() {
        let fs = [0.0f64, -0.0, 1e-300, 0.5, 3.0, 1e308, f64::MAX];
        for a in fs {
            for b in fs {
                assert_eq!(a.checked_add_valid(b), Cost::checked_add(a, b), "{a} + {b}");
                let (a, b) = (a as f32, b as f32);
                assert_eq!(a.checked_add_valid(b), Cost::checked_add(a, b), "{a} + {b}");
            }
        }
        assert_eq!(u32::MAX.checked_add_valid(0), Some(u32::MAX));
        assert_eq!(u32::MAX.checked_add_valid(1), None);
    }

    #[test]
    fn float_overflow_and_nan_are_detected() {
        assert_eq!(Cost::checked_add(f64::MAX, f64::MAX), None);
        assert_eq!(Cost::checked_add(f32::INFINITY, 1.0), None);
        assert!(!f32::NAN.is_valid());
        assert!(!(-0.5f64).is_valid());
        assert!(0.0f64.is_valid());
        assert!(!(-1i32).is_valid() && 0i32.is_valid());
    }

    #[test]
    fn from_count_saturates() {
        assert_eq!(u8::from_count(300), u8::MAX);
        assert_eq!(u32::from_count(7), 7);
        assert_eq!(f64::from_count(3), 3.0);
    }

    /// `to_key` orders like `<` and `from_key` undoes it, for every pair.
    fn keys_order_and_round_trip<C: Cost>(values: &[C]) {
        for &a in values {
            assert_eq!(C::from_key(a.to_key()), a, "{a:?}");
            for &b in values {
                assert_eq!(a < b, a.to_key() < b.to_key(), "{a:?} vs {b:?}");
                assert_eq!(a == b, a.to_key() == b.to_key(), "{a:?} vs {b:?}");
            }
        }
    }

    #[test]
    fn keys_preserve_order_for_every_type() {
        keys_order_and_round_trip(&[0u8, 1, 7, 254, 255]);
        keys_order_and_round_trip(&[0u16, 1, 300, u16::MAX]);
        keys_order_and_round_trip(&[0u32, 1, 2, 1 << 31, u32::MAX - 1, u32::MAX]);
        keys_order_and_round_trip(&[0u64, 1, 3, 1 << 63, u64::MAX - 1, u64::MAX]);
        keys_order_and_round_trip(&[0usize, 5, usize::MAX]);
        keys_order_and_round_trip(&[i8::MIN, -1, 0, 1, i8::MAX]);
        keys_order_and_round_trip(&[i16::MIN, -1, 0, 1, i16::MAX]);
        keys_order_and_round_trip(&[i32::MIN, -7, -1, 0, 1, 9, i32::MAX]);
        keys_order_and_round_trip(&[i64::MIN, -1, 0, 2, i64::MAX]);
        keys_order_and_round_trip(&[isize::MIN, 0, isize::MAX]);
        let f = [
            0.0,
            1e-300,
            0.5,
            1.0,
            1.0 + f64::EPSILON,
            3e10,
            f64::MAX,
            f64::INFINITY,
        ];
        keys_order_and_round_trip(&f);
        let f32s: Vec<f32> = f.iter().map(|&x| x as f32).collect();
        keys_order_and_round_trip(&f32s);
        // Floats: keys for the valid (non-negative) costs; -0.0 is the cost 0,
        // the same key, and back as +0.0.
        assert_eq!((-0.0f64).to_key(), 0.0f64.to_key());
        assert_eq!((-0.0f32).to_key(), 0.0f32.to_key());
        assert_eq!(f64::from_key((-0.0f64).to_key()).to_bits(), 0);
    }

    #[test]
    fn joined_keys_order_like_pairs() {
        let k = [0u32, 1, 2, 1 << 31, u32::MAX];
        for a in k {
            for b in k {
                for c in k {
                    for d in k {
                        let joined = u32::join(a, b) < u32::join(c, d);
                        assert_eq!(joined, (a, b) < (c, d));
                    }
                }
            }
        }
        assert_eq!(u64::join(1, 2), None);
    }

    #[test]
    fn defaults_answer_like_the_built_in_types() {
        struct Check;
        impl Check {
            fn valid<C: Cost>(c: C) -> bool {
                c >= C::zero()
            }
        }
        for x in [0.0f64, -0.0, 1.5, -1.5, f64::NAN, f64::INFINITY] {
            assert_eq!(Check::valid(x), x.is_valid(), "{x}");
        }
        assert_eq!(Cost::as_f64(7u64), 7.0);
    }
}
