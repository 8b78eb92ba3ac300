//! Heap entries stored as order keys, so that sifting compares values that
//! are loaded, not computed.
//!
//! [`Packed`] holds an entry's `f` and `g` as their [`Cost::to_key`] images,
//! low half (`g`) first. For costs with 32-bit keys `g`'s key is stored
//! inverted, so the pair read as one `u64` ([`OrderKey::join`]) orders like
//! [`Entry::precedes`]: a comparison is one `<` on one loaded value. Wider keys
//! are stored as they are and compared as the costs they encode
//! ([`Cost::from_key`]: for `f64` a reinterpretation of the bits, so the heap
//! compares floats as it loads them). The images are made once, when an entry
//! enters the heap, and undone when it leaves.

use core::fmt;

use super::implicit_heap::{f_then_g, Item};
use super::Entry;
use crate::cost::{Cost, OrderKey};

/// An open-set entry as the d-ary heaps store it: the keys of `g` (low half,
/// inverted when the halves join) and `f` (high half), then the slot.
#[derive(Clone, Copy)]
#[repr(C)]
pub(crate) struct Packed<C: Cost> {
    lo: C::Key,
    hi: C::Key,
    slot: u32,
}

impl<C: Cost> Packed<C> {
    /// Whether the two halves join into one `u64` key (a constant per type).
    const JOINED: bool = <C::Key as OrderKey>::BITS <= 32;

    /// Packs `entry`.
    #[inline(always)]
    pub(crate) fn pack(entry: Entry<C>) -> Self {
        let g = entry.g.to_key();
        Packed {
            lo: if Self::JOINED { !g } else { g },
            hi: entry.f.to_key(),
            slot: entry.slot,
        }
    }

    /// `g`'s key.
    #[inline(always)]
    fn g_key(&self) -> C::Key {
        if Self::JOINED {
            !self.lo
        } else {
            self.lo
        }
    }

    /// The entry this packs.
    #[inline(always)]
    pub(crate) fn unpack(&self) -> Entry<C> {
        Entry {
            f: C::from_key(self.hi),
            g: C::from_key(self.g_key()),
            slot: self.slot,
        }
    }
}

impl<C: Cost> Item for Packed<C> {
    #[inline(always)]
    fn key(&self) -> Option<u64> {
        if Self::JOINED {
            OrderKey::join(self.hi, self.lo)
        } else {
            None
        }
    }

    /// Keys too wide to join: compared as the costs they encode.
    #[inline(always)]
    fn before_unkeyed(&self, other: &Self) -> bool {
        f_then_g(
            C::from_key(self.hi),
            C::from_key(self.lo),
            C::from_key(other.hi),
            C::from_key(other.lo),
        )
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
        round_trip_and_order(&f32s, true);
    }
}
