//! Path cost types: the numeric contract every edge cost, `g`, `h` and `f` obeys.
//!
//! A* only needs to add costs, compare them and know zero. [`Cost`] adds the
//! checks that keep a search honest: an edge cost must be non-negative and not NaN
//! ([`Cost::is_valid`]), and a sum that overflows (integers) or stops being finite
//! (floats) is detected ([`Cost::checked_add`]) instead of wrapping into a wrong
//! answer.
//!
//! It is implemented for `u8`, `u16`, `u32`, `u64`, `usize`, `i8`, `i16`, `i32`,
//! `i64`, `isize`, `f32` and `f64`. A custom cost type implements it through its
//! [`num_traits`] arithmetic plus the four methods below.
//!
//! # Example
//! ```
//! use pathseek::Cost;
//! assert_eq!(Cost::checked_add(u32::MAX, 1u32), None);
//! assert_eq!(Cost::checked_add(1.5f64, 2.0), Some(3.5));
//! assert!(!f64::NAN.is_valid());
//! assert!(!(-1i64).is_valid());
//! ```

use core::cmp::Ordering;
use core::fmt::Debug;

/// A numeric path cost: integers and floats both work.
///
/// The search never produces a NaN and never accepts a negative edge, so
/// [`PartialOrd`] is a total order on every value the core compares.
pub trait Cost:
    Copy + PartialOrd + Debug + num_traits::Num + num_traits::Bounded + num_traits::NumCast + 'static
{
    /// `self + other`, or `None` if the sum overflows (integers) or is not finite
    /// (floats).
    fn checked_add(self, other: Self) -> Option<Self>;

    /// `self * other`, or `None` if the product overflows or is not finite.
    fn checked_mul(self, other: Self) -> Option<Self>;

    /// `true` for a usable edge cost or heuristic value: not NaN and not negative.
    fn is_valid(self) -> bool;

    /// This cost as an `f64` (for reports and comparisons with reference values).
    fn as_f64(self) -> f64;

    /// An order-preserving `u64` image of a valid cost: for valid `a` and `b`,
    /// `a < b` exactly when `a.order_key() < b.order_key()`. Integer buckets and
    /// radix structures key on it (floats map through their bit pattern, which is
    /// monotone for non-negative values).
    fn order_key(self) -> u64;

    /// Total order used by the open sets. Valid costs are never NaN, so this is
    /// `partial_cmp` with NaN (which the core rejects before it gets here) ranked
    /// equal.
    #[inline]
    fn total_cmp(&self, other: &Self) -> Ordering {
        self.partial_cmp(other).unwrap_or(Ordering::Equal)
    }

    /// Converts a small count (grid steps) into this cost type, saturating at the
    /// type's maximum instead of failing.
    #[inline]
    fn from_count(n: u64) -> Self {
        <Self as num_traits::NumCast>::from(n).unwrap_or_else(Self::max_value)
    }
}

macro_rules! unsigned_cost {
    ($($t:ty),*) => {$(
        impl Cost for $t {
            #[inline]
            fn checked_add(self, other: Self) -> Option<Self> { <$t>::checked_add(self, other) }
            #[inline]
            fn checked_mul(self, other: Self) -> Option<Self> { <$t>::checked_mul(self, other) }
            #[inline]
            fn is_valid(self) -> bool { true }
            #[inline]
            fn as_f64(self) -> f64 { self as f64 }
            #[inline]
            fn order_key(self) -> u64 { self as u64 }
            #[inline]
            fn total_cmp(&self, other: &Self) -> Ordering { Ord::cmp(self, other) }
        }
    )*};
}

macro_rules! signed_cost {
    ($($t:ty),*) => {$(
        impl Cost for $t {
            #[inline]
            fn checked_add(self, other: Self) -> Option<Self> { <$t>::checked_add(self, other) }
            #[inline]
            fn checked_mul(self, other: Self) -> Option<Self> { <$t>::checked_mul(self, other) }
            #[inline]
            fn is_valid(self) -> bool { self >= 0 }
            #[inline]
            fn as_f64(self) -> f64 { self as f64 }
            #[inline]
            fn order_key(self) -> u64 { if self <= 0 { 0 } else { self as u64 } }
            #[inline]
            fn total_cmp(&self, other: &Self) -> Ordering { Ord::cmp(self, other) }
        }
    )*};
}

macro_rules! float_cost {
    ($($t:ty),*) => {$(
        impl Cost for $t {
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
            fn is_valid(self) -> bool {
                // NaN compares false, so this rejects NaN as well as negatives.
                self >= 0.0
            }
            #[inline]
            fn as_f64(self) -> f64 { self as f64 }
            #[inline]
            fn order_key(self) -> u64 {
                // -0.0 == 0.0 must share a key; positive floats order like their bits.
                if self <= 0.0 { 0 } else { self.to_bits() as u64 }
            }
        }
    )*};
}

unsigned_cost!(u8, u16, u32, u64, usize);
signed_cost!(i8, i16, i32, i64, isize);
float_cost!(f32, f64);

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

    #[test]
    fn order_key_preserves_order() {
        let fs = [
            0.0f64,
            -0.0,
            1e-300,
            0.5,
            1.0,
            1.0 + f64::EPSILON,
            3e10,
            f64::MAX,
        ];
        for a in fs {
            for b in fs {
                assert_eq!(a < b, a.order_key() < b.order_key(), "{a} vs {b}");
            }
        }
        assert!(2.5f32.order_key() < 2.75f32.order_key());
        assert!(7u32.order_key() < 8u32.order_key());
        assert_eq!(5i64.order_key(), 5);
    }

    #[test]
    fn total_cmp_orders_floats() {
        assert_eq!(1.0f64.total_cmp(&2.0), Ordering::Less);
        assert_eq!(Cost::total_cmp(&3u64, &3u64), Ordering::Equal);
    }
}
