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

    /// `true` for a usable edge cost or heuristic value: not NaN and not negative.
    fn is_valid(self) -> bool;

    /// This cost as an `f64` (for reports and comparisons with reference values).
    fn as_f64(self) -> f64;

    /// An order-preserving `u64` image of a valid cost: for valid `a` and `b`,
    /// `a < b` exactly when `a.order_key() < b.order_key()`. Integer buckets and
    /// radix structures key on it (floats map through their bit pattern, which is
    /// monotone for non-negative values).
    fn order_key(self) -> u64;

    /// The integer type of [`rank`](Cost::rank): `u64` for costs of up to 32
    /// bits, `u128` for 64-bit costs.
    type Rank: Copy + Ord + Debug;

    /// One integer that orders open-set entries: for valid costs,
    /// `rank(f1, g1) < rank(f2, g2)` exactly when `f1 < f2`, or `f1 == f2` and
    /// `g1 > g2` (the tie-break of the open sets: on equal `f`, the node
    /// deeper into the path first). The heaps compare ranks, so that one
    /// comparison, without branches, picks the better of two entries.
    ///
    /// # Example
    /// ```
    /// use pathseek::Cost;
    /// assert!(u32::rank(5, 2) < u32::rank(6, 9)); // smaller f first
    /// assert!(u32::rank(5, 3) < u32::rank(5, 2)); // equal f: larger g first
    /// assert!(f64::rank(1.5, 0.5) < f64::rank(2.0, 1.0));
    /// ```
    fn rank(f: Self, g: Self) -> Self::Rank;

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
    ($($t:ty => $rank:ty),*) => {$(
        impl Cost for $t {
            type Rank = $rank;
            #[inline(always)]
            fn rank(f: Self, g: Self) -> $rank {
                const HALF: u32 = <$rank>::BITS / 2;
                ((f as $rank) << HALF) | (<$t>::MAX - g) as $rank
            }
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
    ($($t:ty => $u:ty, $rank:ty),*) => {$(
        impl Cost for $t {
            type Rank = $rank;
            #[inline(always)]
            fn rank(f: Self, g: Self) -> $rank {
                // Flipping the sign bit maps the signed order onto the unsigned one.
                const HALF: u32 = <$rank>::BITS / 2;
                const SIGN: $u = 1 << (<$u>::BITS - 1);
                let key = |x: $t| (x as $u) ^ SIGN;
                ((key(f) as $rank) << HALF) | (<$u>::MAX - key(g)) as $rank
            }
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
    ($($t:ty => $u:ty, $i:ty, $rank:ty),*) => {$(
        impl Cost for $t {
            type Rank = $rank;
            #[inline(always)]
            fn rank(f: Self, g: Self) -> $rank {
                // The IEEE total order as unsigned integers: flip every bit of a
                // negative float, only the sign bit of a positive one. Adding
                // +0.0 first turns -0.0 into +0.0, which compare equal as costs.
                const HALF: u32 = <$rank>::BITS / 2;
                const SIGN: $u = 1 << (<$u>::BITS - 1);
                let key = |x: $t| {
                    let bits = (x + 0.0).to_bits();
                    bits ^ (((bits as $i) >> (<$u>::BITS - 1)) as $u | SIGN)
                };
                ((key(f) as $rank) << HALF) | (<$u>::MAX - key(g)) as $rank
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
            #[inline]
            fn order_key(self) -> u64 {
                // Non-negative floats order like their bits; adding +0.0 turns
                // -0.0 (a valid cost, equal to 0.0) into +0.0, whose bits are 0.
                (self + 0.0).to_bits() as u64
            }
        }
    )*};
}

unsigned_cost!(u8 => u64, u16 => u64, u32 => u64, u64 => u128, usize => u128);
signed_cost!(i8 => u8, u64, i16 => u16, u64, i32 => u32, u64, i64 => u64, u128, isize => usize, u128);
float_cost!(f32 => u32, i32, u64, f64 => u64, i64, u128);

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

    /// `rank` orders `(f, g)` like the open sets' `precedes`, for every pair.
    fn rank_matches_precedes<C: Cost>(values: &[C]) {
        for &f1 in values {
            for &g1 in values {
                for &f2 in values {
                    for &g2 in values {
                        let precedes = f1 < f2 || (f1 == f2 && g1 > g2);
                        assert_eq!(
                            C::rank(f1, g1) < C::rank(f2, g2),
                            precedes,
                            "({f1:?}, {g1:?}) vs ({f2:?}, {g2:?})"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn rank_orders_like_precedes() {
        rank_matches_precedes(&[0u8, 1, 7, 254, 255]);
        rank_matches_precedes(&[0u32, 1, 2, 1 << 31, u32::MAX - 1, u32::MAX]);
        rank_matches_precedes(&[0u64, 1, 3, u64::MAX - 1, u64::MAX]);
        rank_matches_precedes(&[0usize, 5, usize::MAX]);
        rank_matches_precedes(&[i8::MIN, -1, 0, 1, i8::MAX]);
        rank_matches_precedes(&[i32::MIN, -7, -1, 0, 1, 9, i32::MAX]);
        rank_matches_precedes(&[i64::MIN, -1, 0, 2, i64::MAX]);
        rank_matches_precedes(&[isize::MIN, 0, isize::MAX]);
        let f = [
            f64::NEG_INFINITY,
            -3.5,
            -1e-300,
            -0.0,
            0.0,
            1e-300,
            0.5,
            1.0,
            1.0 + f64::EPSILON,
            f64::MAX,
            f64::INFINITY,
        ];
        rank_matches_precedes(&f);
        let f32s: Vec<f32> = f.iter().map(|&x| x as f32).collect();
        rank_matches_precedes(&f32s);
    }

    #[test]
    fn total_cmp_orders_floats() {
        assert_eq!(1.0f64.total_cmp(&2.0), Ordering::Less);
        assert_eq!(Cost::total_cmp(&3u64, &3u64), Ordering::Equal);
    }
}
