//! Heap entries stored as integer keys, so that sifting compares one unsigned
//! integer per pair of entries.
//!
//! [`Packed`] holds an entry's `f` and `g` as their order-preserving bit images
//! (`g`'s inverted), laid out low half first: for the built-in cost types
//! `(hi, lo)` read as one unsigned integer is the entry's [`Cost::rank`]-order
//! key, so [`Entry::precedes`] becomes a single `<` on a value that is loaded,
//! not computed. The images are made once, when an entry enters the heap, and
//! undone when it leaves; both maps are exact. Integer costs of up to 32 bits
//! are packed; wider integers and floats are stored as they are and compared
//! on `f`, then `g`.
//!
//! The image functions are chosen by type ([`Any`]): each check is a
//! comparison of two constant type ids, which the compiler folds away. A cost
//! type the crate does not know is stored as it is and compared with
//! [`Entry::precedes`].

use core::any::Any;
use core::fmt;

use super::sift::{f_then_g, Item};
use super::Entry;
use crate::cost::Cost;

/// An open-set entry as the packed heaps store it: the images of `g` (low half)
/// and `f` (high half), then the slot.
#[derive(Clone, Copy)]
#[repr(C)]
pub(crate) struct Packed<C> {
    lo: C,
    hi: C,
    slot: u32,
}

/// The bit images of one built-in cost type.
trait Image: Copy + 'static {
    /// Whether the images are keys. 64-bit costs are kept as they are: a
    /// 128-bit key saves a few instructions per comparison but needs more
    /// registers than the sift loops have, so they compare `f` and `g` instead.
    const PACKED: bool = true;
    /// `(hi, lo)`: the images of `f` and `g`.
    fn pack(f: Self, g: Self) -> (Self, Self);
    /// `(f, g)` back from `(hi, lo)`.
    fn unpack(hi: Self, lo: Self) -> (Self, Self);
    /// The order key of an image pair: `(hi, lo)` as one unsigned integer.
    fn key(hi: Self, lo: Self) -> u64;
}

macro_rules! unsigned_image {
    ($($t:ty => $key:ty),*) => {$(
        impl Image for $t {
            #[inline(always)]
            fn pack(f: Self, g: Self) -> (Self, Self) {
                (f, !g)
            }
            #[inline(always)]
            fn unpack(hi: Self, lo: Self) -> (Self, Self) {
                (hi, !lo)
            }
            #[inline(always)]
            fn key(hi: Self, lo: Self) -> u64 {
                ((hi as $key) << <$t>::BITS) | lo as $key
            }
        }
    )*};
}

macro_rules! signed_image {
    ($($t:ty => $u:ty, $key:ty),*) => {$(
        impl Image for $t {
            #[inline(always)]
            fn pack(f: Self, g: Self) -> (Self, Self) {
                // Flipping the sign bit maps the signed order onto the unsigned one.
                (f ^ <$t>::MIN, !(g ^ <$t>::MIN))
            }
            #[inline(always)]
            fn unpack(hi: Self, lo: Self) -> (Self, Self) {
                (hi ^ <$t>::MIN, !lo ^ <$t>::MIN)
            }
            #[inline(always)]
            fn key(hi: Self, lo: Self) -> u64 {
                ((hi as $u as $key) << <$t>::BITS) | lo as $u as $key
            }
        }
    )*};
}

unsigned_image!(u8 => u64, u16 => u64, u32 => u64);
signed_image!(i8 => u8, u64, i16 => u16, u64, i32 => u32, u64);

macro_rules! plain_image {
    ($($t:ty),*) => {$(
        impl Image for $t {
            const PACKED: bool = false;
            #[inline(always)]
            fn pack(f: Self, g: Self) -> (Self, Self) {
                (f, g)
            }
            #[inline(always)]
            fn unpack(hi: Self, lo: Self) -> (Self, Self) {
                (hi, lo)
            }
            #[inline(always)]
            fn key(_hi: Self, _lo: Self) -> u64 {
                0
            }
        }
    )*};
}

// Floats are compared as they are: their images would be stored in float
// fields, and NaN bit patterns among them are not promised to survive every
// move on every platform.
plain_image!(u64, usize, i64, isize, f32, f64);

/// `a` as a `B`, when `A` and `B` are the same type.
#[inline(always)]
fn cast<A: 'static, B: Copy + 'static>(a: &A) -> Option<B> {
    (a as &dyn Any).downcast_ref::<B>().copied()
}

/// Runs `$body` with `$T` bound to each built-in cost type in turn; the body
/// picks the one that `C` is with [`cast`].
macro_rules! for_image {
    (|$T:ident| $body:block) => {
        for_image!(@each $T, $body, u8, u16, u32, u64, usize, i8, i16, i32, i64, isize, f32, f64)
    };
    (@each $T:ident, $body:block, $($t:ty),*) => {$(
        {
            type $T = $t;
            $body
        }
    )*};
}

impl<C: Cost> Packed<C> {
    /// Packs `entry`.
    #[inline(always)]
    pub(crate) fn pack(entry: Entry<C>) -> Self {
        for_image!(|T| {
            if let Some(e) = cast::<Entry<C>, Entry<T>>(&entry) {
                let (hi, lo) = T::pack(e.f, e.g);
                let packed = Packed {
                    lo,
                    hi,
                    slot: e.slot,
                };
                if let Some(p) = cast::<Packed<T>, Packed<C>>(&packed) {
                    return p;
                }
            }
        });
        Packed {
            lo: entry.g,
            hi: entry.f,
            slot: entry.slot,
        }
    }

    /// The entry this packs.
    #[inline(always)]
    pub(crate) fn unpack(&self) -> Entry<C> {
        for_image!(|T| {
            if let Some(p) = cast::<Packed<C>, Packed<T>>(self) {
                let (f, g) = T::unpack(p.hi, p.lo);
                let entry = Entry { f, g, slot: p.slot };
                if let Some(e) = cast::<Entry<T>, Entry<C>>(&entry) {
                    return e;
                }
            }
        });
        Entry {
            f: self.hi,
            g: self.lo,
            slot: self.slot,
        }
    }
}

impl<C: Cost> Item for Packed<C> {
    type Key = u64;

    #[inline(always)]
    fn key(&self) -> Option<u64> {
        for_image!(|T| {
            if let Some(p) = cast::<Packed<C>, Packed<T>>(self) {
                return T::PACKED.then(|| T::key(p.hi, p.lo));
            }
        });
        None
    }

    /// Not packed: `hi` is `f` and `lo` is `g`.
    #[inline(always)]
    fn before_unkeyed(&self, other: &Self) -> bool {
        f_then_g(self.hi, self.lo, other.hi, other.lo)
    }

    #[inline(always)]
    fn slot(&self) -> u32 {
        self.slot
    }
}

impl<C: Cost> fmt::Debug for Packed<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.unpack().fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip_and_order<C: Cost>(values: &[C], packed: bool) {
        for &f1 in values {
            for &g1 in values {
                let a = Entry {
                    f: f1,
                    g: g1,
                    slot: 3,
                };
                let pa = Packed::pack(a);
                assert_eq!(pa.unpack(), a);
                assert_eq!(pa.key().is_some(), packed);
                for &f2 in values {
                    for &g2 in values {
                        let b = Entry {
                            f: f2,
                            g: g2,
                            slot: 4,
                        };
                        assert_eq!(
                            pa.before(&Packed::pack(b)),
                            a.precedes(&b),
                            "{a:?} vs {b:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn packing_round_trips_and_orders_like_precedes() {
        round_trip_and_order(&[0u8, 1, 7, 254, 255], true);
        round_trip_and_order(&[0u16, 1, 300, u16::MAX], true);
        round_trip_and_order(&[0u32, 1, 2, 1 << 31, u32::MAX - 1, u32::MAX], true);
        round_trip_and_order(&[0u64, 1, 3, u64::MAX - 1, u64::MAX], false);
        round_trip_and_order(&[0usize, 5, usize::MAX], false);
        round_trip_and_order(&[i8::MIN, -1, 0, 1, i8::MAX], true);
        round_trip_and_order(&[i16::MIN, -1, 0, 1, i16::MAX], true);
        round_trip_and_order(&[i32::MIN, -7, -1, 0, 1, 9, i32::MAX], true);
        round_trip_and_order(&[i64::MIN, -1, 0, 2, i64::MAX], false);
        round_trip_and_order(&[isize::MIN, 0, isize::MAX], false);
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
        round_trip_and_order(&f, false);
        let f32s: Vec<f32> = f.iter().map(|&x| x as f32).collect();
        round_trip_and_order(&f32s, false);
    }
}
