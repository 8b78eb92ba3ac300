//! Radix heap: a monotone priority queue that buckets keys by the highest bit in
//! which they differ from the last minimum popped.
//!
//! Keys are the [`Cost::to_key`] images of `f` (order-preserving integers, widened to `u64`), so
//! it works for integer and float costs alike. Bucket `0` holds the keys equal to
//! the current minimum `last`; bucket `i` (`1..=64`) holds the keys whose highest
//! bit differing from `last` is bit `i - 1`. When bucket `0` runs dry, the lowest
//! non-empty bucket is emptied: its smallest key becomes `last` and its entries
//! drop into lower buckets. Each entry can only move down, at most 64 times.
//!
//! Bucket `0` is kept as a binary heap, so among equal `f` the larger `g` still
//! comes out first. Keys below `last` (a reopened node under an inconsistent
//! heuristic) cannot enter a radix bucket; they go into a small side binary heap,
//! which is always drained first (every key in it is below every bucketed key).
//!
//! # Complexity
//! | push | pop-min | decrease-key | membership |
//! |---|---|---|---|
//! | O(1) (O(log S) below the minimum) | O(log K) amortized, `K` = key range (at most 64 moves per entry) | as push (a re-push) | O(1), in the node store |
//!
//! `S` is the size of the side heap, which stays empty for consistent heuristics.
//!
//! # When to choose it
//! For monotone searches (consistent heuristics) with many pushes per pop: a push
//! is a bit scan and a `Vec` push, with no comparisons against other entries, and
//! it needs no tuning (no bucket width to pick, unlike
//! [`HotQueue`](super::HotQueue)). Costs can be integers or floats of any range.
//! With an inconsistent heuristic it stays correct, but reopened nodes pay for a
//! binary heap.

use super::implicit_heap::{self as sift, NoHook};
use super::{Entry, OpenSet};
use crate::cost::{Cost, OrderKey};

/// Number of buckets: one for "equal to the minimum" and one per bit of a `u64`.
const BUCKETS: usize = 65;

/// A monotone radix heap over [`Cost::to_key`], with a side heap for keys
/// below the current minimum.
#[derive(Clone, Debug)]
pub struct RadixHeap<C> {
    /// `buckets[0]` is a binary heap of keys equal to `last`; the others are unsorted.
    buckets: Vec<Vec<Entry<C>>>,
    /// Bit `i - 1` is set when `buckets[i]` (`i >= 1`) is non-empty.
    occupied: u64,
    /// The current minimum key: the last one taken out of the buckets.
    last: u64,
    /// Binary heap of entries whose key was below `last` when pushed.
    below: Vec<Entry<C>>,
    len: usize,
}

impl<C: Cost> RadixHeap<C> {
    /// An empty radix heap.
    ///
    /// # Example
    /// ```
    /// use pathseek::open_set::{Entry, OpenSet, RadixHeap};
    /// let mut heap = RadixHeap::new();
    /// heap.push(Entry { f: 7.5f64, g: 1.0, slot: 0 });
    /// heap.push(Entry { f: 7.5f64, g: 3.0, slot: 1 });
    /// heap.push(Entry { f: 2.0f64, g: 0.0, slot: 2 });
    /// assert_eq!(heap.pop().map(|e| e.slot), Some(2));
    /// assert_eq!(heap.pop().map(|e| e.slot), Some(1)); // equal f: larger g first
    /// assert_eq!(heap.pop().map(|e| e.slot), Some(0));
    /// ```
    pub fn new() -> Self {
        RadixHeap {
            buckets: (0..BUCKETS).map(|_| Vec::new()).collect(),
            occupied: 0,
            last: 0,
            below: Vec::new(),
            len: 0,
        }
    }

    /// The radix bucket of `key` (which is at least `last`).
    #[inline(always)]
    fn bucket_of(&self, key: u64) -> usize {
        (64 - (key ^ self.last).leading_zeros()) as usize
    }

    /// Refills bucket 0 from the lowest non-empty bucket. `false` if all are empty.
    #[cold]
    fn refill(&mut self) -> bool {
        if self.occupied == 0 {
            return false;
        }
        let i = self.occupied.trailing_zeros() as usize + 1;
        self.occupied &= !(1u64 << (i - 1));
        let mut from = core::mem::take(&mut self.buckets[i]);
        let min = from
            .iter()
            .map(|e| e.f.to_key().to_u64())
            .min()
            .expect("occupied buckets are non-empty");
        self.last = min;
        for e in from.drain(..) {
            let b = self.bucket_of(e.f.to_key().to_u64());
            // Every entry agrees with `min` on bit i - 1 and above, so b < i.
            self.buckets[b].push(e);
            if b > 0 {
                self.occupied |= 1u64 << (b - 1);
            }
        }
        self.buckets[i] = from; // keep the allocation
        sift::heapify::<Entry<C>, 2, _>(&mut self.buckets[0], &mut NoHook);
        true
    }
}

impl<C: Cost> Default for RadixHeap<C> {
    fn default() -> Self {
        Self::new()
    }
}

impl<C: Cost> OpenSet<C> for RadixHeap<C> {
    #[inline]
    fn push(&mut self, entry: Entry<C>) {
        let key = entry.f.to_key().to_u64();
        if self.len == 0 {
            self.last = key;
        }
        self.len += 1;
        if key < self.last {
            sift::push::<Entry<C>, 2, _>(&mut self.below, entry, &mut NoHook);
            return;
        }
        let b = self.bucket_of(key);
        if b == 0 {
            sift::push::<Entry<C>, 2, _>(&mut self.buckets[0], entry, &mut NoHook);
        } else {
            self.buckets[b].push(entry);
            self.occupied |= 1u64 << (b - 1);
        }
    }

    #[inline]
    fn pop(&mut self) -> Option<Entry<C>> {
        if !self.below.is_empty() {
            self.len -= 1;
            return sift::pop::<Entry<C>, 2, _>(&mut self.below, &mut NoHook);
        }
        if self.buckets[0].is_empty() && !self.refill() {
            return None;
        }
        self.len -= 1;
        sift::pop::<Entry<C>, 2, _>(&mut self.buckets[0], &mut NoHook)
    }

    #[inline]
    fn len(&self) -> usize {
        self.len
    }

    fn clear(&mut self) {
        for b in &mut self.buckets {
            b.clear();
        }
        self.below.clear();
        self.occupied = 0;
        self.last = 0;
        self.len = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn drain<C: Cost>(h: &mut RadixHeap<C>) -> Vec<Entry<C>> {
        let out: Vec<_> = core::iter::from_fn(|| h.pop()).collect();
        for w in out.windows(2) {
            assert!(!w[1].precedes(&w[0]), "{:?} after {:?}", w[1], w[0]);
        }
        assert!(h.is_empty());
        out
    }

    #[test]
    fn keys_below_the_minimum_use_the_side_heap() {
        let mut h = RadixHeap::<u64>::new();
        for (slot, f) in [100u64, 120, 150].into_iter().enumerate() {
            h.push(Entry {
                f,
                g: 0,
                slot: slot as u32,
            });
        }
        assert_eq!(h.pop().unwrap().f, 100);
        // Below the popped minimum: must not panic, must come out first, in order.
        h.push(Entry {
            f: 40,
            g: 0,
            slot: 3,
        });
        h.push(Entry {
            f: 7,
            g: 1,
            slot: 4,
        });
        h.push(Entry {
            f: 7,
            g: 2,
            slot: 5,
        });
        assert_eq!(h.below.len(), 3);
        assert_eq!(h.len(), 5);
        let slots: Vec<u32> = drain(&mut h).iter().map(|e| e.slot).collect();
        assert_eq!(slots, vec![5, 4, 3, 1, 2]);
    }

    #[test]
    fn huge_integer_keys() {
        let mut h = RadixHeap::<u64>::new();
        let keys = [
            u64::MAX,
            0,
            u64::MAX - 1,
            1 << 63,
            (1 << 63) - 1,
            5,
            u64::MAX,
        ];
        for (slot, &f) in keys.iter().enumerate() {
            h.push(Entry {
                f,
                g: 0,
                slot: slot as u32,
            });
        }
        let fs: Vec<u64> = drain(&mut h).iter().map(|e| e.f).collect();
        let mut sorted = keys.to_vec();
        sorted.sort();
        assert_eq!(fs, sorted);
    }

    #[test]
    fn huge_float_keys() {
        let mut h = RadixHeap::<f64>::new();
        let keys = [
            f64::MAX,
            0.0,
            1e-300,
            f64::MAX / 2.0,
            1.0,
            -0.0,
            3.5e200,
            f64::MIN_POSITIVE,
        ];
        for (slot, &f) in keys.iter().enumerate() {
            h.push(Entry {
                f,
                g: 0.0,
                slot: slot as u32,
            });
        }
        let fs: Vec<f64> = drain(&mut h).iter().map(|e| e.f).collect();
        let mut sorted = keys.to_vec();
        sorted.sort_by(f64::total_cmp);
        assert_eq!(fs.len(), sorted.len());
        for (a, b) in fs.iter().zip(&sorted) {
            assert!(a == b, "{fs:?}");
        }
    }

    #[test]
    fn equal_keys_in_bucket_zero_order_by_larger_g() {
        let mut h = RadixHeap::<f32>::new();
        h.push(Entry {
            f: 1.0,
            g: 0.0,
            slot: 0,
        });
        assert_eq!(h.pop().unwrap().slot, 0);
        for (slot, g) in [0.5f32, 2.0, 1.0, 3.0].into_iter().enumerate() {
            h.push(Entry {
                f: 4.0,
                g,
                slot: slot as u32,
            });
            h.push(Entry {
                f: 1.0,
                g,
                slot: 10 + slot as u32,
            }); // == last: bucket 0
        }
        let gs: Vec<(f32, f32)> = drain(&mut h).iter().map(|e| (e.f, e.g)).collect();
        assert_eq!(
            gs,
            vec![
                (1.0, 3.0),
                (1.0, 2.0),
                (1.0, 1.0),
                (1.0, 0.5),
                (4.0, 3.0),
                (4.0, 2.0),
                (4.0, 1.0),
                (4.0, 0.5)
            ]
        );
    }

    #[test]
    fn interleaved_monotone_run_matches_sorting() {
        let mut h = RadixHeap::<u32>::new();
        let mut x = 1u64;
        let mut floor = 0u32;
        let mut popped = Vec::new();
        for i in 0..20_000u32 {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
            if (x >> 60) < 9 {
                let f = floor + ((x >> 33) % 1000) as u32;
                h.push(Entry {
                    f,
                    g: (x >> 20) as u32 % 5,
                    slot: i,
                });
            } else if let Some(e) = h.pop() {
                assert!(e.f >= floor);
                floor = e.f;
                popped.push(e);
            }
        }
        let before = popped.len();
        popped.extend(drain(&mut h));
        assert!(before > 1000 && popped.len() > before);
    }
}
