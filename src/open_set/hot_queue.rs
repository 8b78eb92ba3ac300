//! HOT queue ("heap on top", Cherkassky, Goldberg and Silverstein 1997): buckets
//! by `f` over a sliding window, with only the lowest bucket kept as a heap.
//!
//! The `f` axis is cut into buckets of a fixed width: the bucket of a key is
//! `floor((f - base) / width)`, where `base` is the first key pushed into an empty
//! queue. That function is monotone, so every key of a lower bucket precedes every
//! key of a higher one and exact order (smallest `f`, then larger `g`) only has to
//! be kept inside one bucket at a time:
//!
//! - the **top heap** holds the current bucket `mu` (the bucket of the last key
//!   popped) and everything below it; it is a 4-ary heap;
//! - a **ring** of `bucket_count` unsorted `Vec`s holds buckets `mu + 1 ..=
//!   mu + bucket_count`; when the top heap runs dry the lowest non-empty one is
//!   copied into the top and heapified in O(n);
//! - an **overflow** `Vec` holds keys beyond the window; it is scanned and
//!   redistributed when the window reaches its smallest bucket.
//!
//! A key below `mu` (a node reopened under an inconsistent heuristic) goes into
//! the top heap, so it still comes out in order.
//!
//! # Complexity
//! | push | pop-min | decrease-key | membership |
//! |---|---|---|---|
//! | O(1) into a future bucket, O(log T) into the top heap | O(log T), plus O(1) amortized per bucket moved up | as push (a re-push) | O(1), in the node store |
//!
//! `T` is the size of the top heap, about `F / bucket_count` for a well-tuned
//! width. Keys beyond the window cost one overflow scan each time the window
//! reaches them; that is O(overflow) per scan, so a window much narrower than the
//! key spread degrades to O(F) per bucket.
//!
//! # When to choose it
//! For large frontiers whose keys span a known, bounded range above the current
//! minimum, as in A* with a consistent heuristic, where a successor's `f` is at most
//! `2 * max_edge` above its parent's: most pushes then cost a `Vec` push instead of
//! a sift through a big heap. [`HotQueue::with_max_edge_cost`] picks the window
//! from the largest edge cost. With widely spread or unknown key ranges prefer
//! [`RadixHeap`](super::RadixHeap) (no tuning) or a plain heap.

use super::implicit_heap::{self as sift, NoHook};
use super::{Entry, OpenSet};
use crate::cost::Cost;

/// Arity of the top heap.
const TOP_D: usize = 4;

/// The most buckets a [`HotQueue`] accepts (after rounding up to a power of two).
const MAX_BUCKETS: usize = 1 << 20;

/// Buckets across the `2 * max_edge` span chosen by [`HotQueue::with_max_edge_cost`].
const BUCKETS_PER_SPAN: f64 = 32.0;

/// Ring size chosen by [`HotQueue::with_max_edge_cost`]: two spans, so keys up to
/// `4 * max_edge` above the minimum never overflow.
const DEFAULT_RING: usize = 64;

/// An invalid [`HotQueue`] configuration.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum HotQueueError {
    /// The bucket width is zero, negative, NaN, infinite, or so small that its
    /// inverse is not finite.
    InvalidBucketWidth {
        /// The width, as `f64`.
        width: f64,
    },
    /// The bucket count is zero or above [`MAX_BUCKETS`](HotQueue::MAX_BUCKETS).
    InvalidBucketCount {
        /// The requested count.
        count: usize,
    },
}

impl core::fmt::Display for HotQueueError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            HotQueueError::InvalidBucketWidth { width } => write!(
                f,
                "HOT queue bucket width {width} is invalid: it must be positive and finite (at least 1 for integer costs)"
            ),
            HotQueueError::InvalidBucketCount { count } => write!(
                f,
                "HOT queue bucket count {count} is invalid: it must be between 1 and {MAX_BUCKETS}"
            ),
        }
    }
}

impl std::error::Error for HotQueueError {}

/// A heap-on-top priority queue: a heap for the lowest bucket of `f`, unsorted
/// buckets above it, and an overflow list beyond the window.
#[derive(Clone, Debug)]
pub struct HotQueue<C> {
    width: C,
    inv_width: f64,
    /// `ring.len() - 1`; the ring length is a power of two.
    mask: u64,
    /// The key mapped to the lower edge of bucket 0.
    base: f64,
    /// The bucket of the top heap; only grows until the queue is empty.
    mu: i64,
    /// Entries of bucket `mu` and below, as a `TOP_D`-ary heap.
    top: Vec<Entry<C>>,
    /// Bucket `b` in `mu + 1 ..= mu + ring.len()` lives at `ring[b & mask]`.
    ring: Vec<Vec<Entry<C>>>,
    /// Entries held in `ring`.
    ring_len: usize,
    /// Entries beyond the window when pushed.
    overflow: Vec<Entry<C>>,
    /// The smallest bucket in `overflow` (meaningless when it is empty).
    overflow_min: i64,
    len: usize,
}

impl<C: Cost> HotQueue<C> {
    /// The most buckets accepted by [`new`](HotQueue::new).
    pub const MAX_BUCKETS: usize = MAX_BUCKETS;

    /// A HOT queue whose buckets are `bucket_width` wide, with a window of
    /// `bucket_count` buckets (rounded up to a power of two) above the current one.
    ///
    /// Errors if the width is not a positive finite cost (for integers: at least
    /// 1) or the count is 0 or above [`MAX_BUCKETS`](HotQueue::MAX_BUCKETS).
    ///
    /// # Example
    /// ```
    /// use pathseek::open_set::{Entry, HotQueue, OpenSet};
    /// let mut open = HotQueue::new(0.25f64, 32).unwrap();
    /// open.push(Entry { f: 3.0, g: 1.0, slot: 0 });
    /// open.push(Entry { f: 1.1, g: 1.0, slot: 1 });
    /// assert_eq!(open.pop().map(|e| e.slot), Some(1));
    /// assert!(HotQueue::new(0u32, 32).is_err());
    /// assert!(HotQueue::new(1.0f64, 0).is_err());
    /// ```
    pub fn new(bucket_width: C, bucket_count: usize) -> Result<Self, HotQueueError> {
        let w = bucket_width.as_f64();
        let inv_width = 1.0 / w;
        if !bucket_width.is_valid() || w <= 0.0 || !w.is_finite() || !inv_width.is_finite() {
            return Err(HotQueueError::InvalidBucketWidth { width: w });
        }
        if bucket_count == 0 || bucket_count > MAX_BUCKETS {
            return Err(HotQueueError::InvalidBucketCount {
                count: bucket_count,
            });
        }
        let ring = bucket_count.next_power_of_two();
        Ok(HotQueue {
            width: bucket_width,
            inv_width,
            mask: ring as u64 - 1,
            base: 0.0,
            mu: 0,
            top: Vec::new(),
            ring: (0..ring).map(|_| Vec::new()).collect(),
            ring_len: 0,
            overflow: Vec::new(),
            overflow_min: i64::MAX,
            len: 0,
        })
    }

    /// A HOT queue tuned for graphs whose largest edge cost is `max_edge`.
    ///
    /// Rule: with a consistent heuristic a successor's `f` is at most `2 * max_edge`
    /// above the `f` just popped, so that span is cut into 32 buckets (width
    /// `2 * max_edge / 32`, at least 1 for integer costs) and the ring holds 64
    /// buckets, twice the span, leaving room for inconsistent heuristics before
    /// anything overflows. A `max_edge` that is zero, negative, NaN or infinite is
    /// replaced by 1.
    ///
    /// # Example
    /// ```
    /// use pathseek::open_set::HotQueue;
    /// let open = HotQueue::with_max_edge_cost(std::f64::consts::SQRT_2);
    /// assert!((open.bucket_width() - 2.0 * std::f64::consts::SQRT_2 / 32.0).abs() < 1e-12);
    /// assert_eq!(open.bucket_count(), 64);
    /// assert_eq!(HotQueue::with_max_edge_cost(14u32).bucket_width(), 1); // 28 / 32 < 1
    /// assert_eq!(HotQueue::with_max_edge_cost(100u32).bucket_width(), 6);
    /// ```
    pub fn with_max_edge_cost(max_edge: C) -> Self {
        let integer = C::one() / (C::one() + C::one()) == C::zero();
        let m = max_edge.as_f64();
        let m = if max_edge.is_valid() && m > 0.0 && m.is_finite() {
            m
        } else {
            1.0
        };
        let width = (2.0 * m / BUCKETS_PER_SPAN).max(if integer { 1.0 } else { 0.0 });
        let width = <C as num_traits::NumCast>::from(width)
            .filter(|w: &C| w.as_f64() > 0.0 && (1.0 / w.as_f64()).is_finite())
            .unwrap_or_else(C::one);
        Self::new(width, DEFAULT_RING)
            .or_else(|_| Self::new(C::one(), DEFAULT_RING))
            .expect("a width of one is valid")
    }

    /// The bucket width.
    ///
    /// # Example
    /// ```
    /// assert_eq!(pathseek::open_set::HotQueue::new(5u32, 8).unwrap().bucket_width(), 5);
    /// ```
    pub fn bucket_width(&self) -> C {
        self.width
    }

    /// The number of buckets in the window above the current one (a power of two).
    ///
    /// # Example
    /// ```
    /// assert_eq!(pathseek::open_set::HotQueue::new(1u32, 40).unwrap().bucket_count(), 64);
    /// ```
    pub fn bucket_count(&self) -> usize {
        self.ring.len()
    }

    /// `floor((f - base) / width)`, saturating; monotone in `f`.
    #[inline(always)]
    fn bucket(&self, f: C) -> i64 {
        bucket_of(f.as_f64(), self.base, self.inv_width)
    }

    /// Makes the top heap non-empty by moving the window up. `false` if the queue
    /// holds nothing outside the top heap.
    #[cold]
    fn advance(&mut self) -> bool {
        let mut next_ring = None;
        if self.ring_len > 0 {
            for i in 1..=self.ring.len() as u64 {
                if !self.ring[((self.mu as u64).wrapping_add(i) & self.mask) as usize].is_empty() {
                    next_ring = Some(self.mu + i as i64);
                    break;
                }
            }
        }
        let from_overflow =
            !self.overflow.is_empty() && next_ring.is_none_or(|b| self.overflow_min <= b);
        let target = match (next_ring, from_overflow) {
            (_, true) => self.overflow_min,
            (Some(b), false) => b,
            (None, false) => return false,
        };
        self.mu = target;
        if next_ring == Some(target) {
            let at = (target as u64 & self.mask) as usize;
            // Copy rather than swap the buffers: heapifying is O(n) anyway, and
            // each buffer keeps its own capacity, so a warm queue never reallocates.
            let bucket = &mut self.ring[at];
            self.top.extend_from_slice(bucket);
            self.ring_len -= bucket.len();
            bucket.clear();
        }
        if from_overflow {
            self.redistribute_overflow();
        }
        sift::heapify::<Entry<C>, TOP_D, _>(&mut self.top, &mut NoHook);
        true
    }

    /// Moves the overflow entries that now fall into the window (or below it) into
    /// the top heap's `Vec` (unsorted; the caller heapifies) and the ring.
    fn redistribute_overflow(&mut self) {
        let (base, inv, mu, window) = (self.base, self.inv_width, self.mu, self.ring.len() as u64);
        let mut keep = 0;
        let mut new_min = i64::MAX;
        for i in 0..self.overflow.len() {
            let e = self.overflow[i];
            let b = bucket_of(e.f.as_f64(), base, inv);
            if b <= mu {
                self.top.push(e);
            } else if (b.wrapping_sub(mu) as u64) <= window {
                self.ring[(b as u64 & self.mask) as usize].push(e);
                self.ring_len += 1;
            } else {
                self.overflow[keep] = e;
                keep += 1;
                new_min = new_min.min(b);
            }
        }
        self.overflow.truncate(keep);
        self.overflow_min = new_min;
    }
}

/// `floor((f - base) * inv)` as an `i64`, saturating at the ends (no libm call).
#[inline(always)]
fn bucket_of(f: f64, base: f64, inv: f64) -> i64 {
    let x = (f - base) * inv;
    let t = x as i64; // truncates toward zero, saturates, NaN -> 0 (never NaN here)
    if (t as f64) > x {
        t.saturating_sub(1)
    } else {
        t
    }
}

impl<C: Cost> Default for HotQueue<C> {
    /// Tuned for unit-cost grids (4- or 8-connected, edges of 1 and sqrt 2): as
    /// [`with_max_edge_cost`](HotQueue::with_max_edge_cost) with a largest edge of 2.
    fn default() -> Self {
        Self::with_max_edge_cost(C::from_count(2))
    }
}

impl<C: Cost> OpenSet<C> for HotQueue<C> {
    #[inline]
    fn push(&mut self, entry: Entry<C>) {
        if self.len == 0 {
            // Everything is empty: re-anchor the buckets at this key.
            self.base = entry.f.as_f64();
            self.mu = 0;
        }
        self.len += 1;
        let b = self.bucket(entry.f);
        if b <= self.mu {
            sift::push::<Entry<C>, TOP_D, _>(&mut self.top, entry, &mut NoHook);
        } else if (b.wrapping_sub(self.mu) as u64) <= self.ring.len() as u64 {
            self.ring[(b as u64 & self.mask) as usize].push(entry);
            self.ring_len += 1;
        } else {
            if self.overflow.is_empty() || b < self.overflow_min {
                self.overflow_min = b;
            }
            self.overflow.push(entry);
        }
    }

    #[inline]
    fn pop(&mut self) -> Option<Entry<C>> {
        if self.top.is_empty() && !self.advance() {
            return None;
        }
        self.len -= 1;
        sift::pop::<Entry<C>, TOP_D, _>(&mut self.top, &mut NoHook)
    }

    #[inline]
    fn len(&self) -> usize {
        self.len
    }

    fn clear(&mut self) {
        self.top.clear();
        for b in &mut self.ring {
            b.clear();
        }
        self.overflow.clear();
        self.ring_len = 0;
        self.overflow_min = i64::MAX;
        self.mu = 0;
        self.len = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn e<C: Cost>(f: C, g: C, slot: u32) -> Entry<C> {
        Entry { f, g, slot }
    }

    fn drain<C: Cost>(q: &mut HotQueue<C>) -> Vec<Entry<C>> {
        let out: Vec<_> = core::iter::from_fn(|| q.pop()).collect();
        for w in out.windows(2) {
            assert!(!w[1].precedes(&w[0]), "{:?} after {:?}", w[1], w[0]);
        }
        assert!(q.is_empty());
        out
    }

    #[test]
    fn bucket_boundaries_are_floor() {
        assert_eq!(bucket_of(0.0, 0.0, 1.0), 0);
        assert_eq!(bucket_of(0.999, 0.0, 1.0), 0);
        assert_eq!(bucket_of(1.0, 0.0, 1.0), 1);
        assert_eq!(bucket_of(-0.5, 0.0, 1.0), -1);
        assert_eq!(bucket_of(-1.0, 0.0, 1.0), -1);
        assert_eq!(bucket_of(7.5, 2.0, 0.5), 2);
        assert_eq!(bucket_of(f64::MAX, 0.0, 10.0), i64::MAX);
        assert_eq!(bucket_of(-f64::MAX, 0.0, 10.0), i64::MIN);
        // Keys on and around a boundary land in order.
        let mut q = HotQueue::new(1u32, 4).unwrap();
        for (slot, f) in [3u32, 1, 2, 2, 1, 0, 4, 5].into_iter().enumerate() {
            q.push(e(f, slot as u32, slot as u32));
        }
        let fs: Vec<u32> = drain(&mut q).iter().map(|e| e.f).collect();
        assert_eq!(fs, vec![0, 1, 1, 2, 2, 3, 4, 5]);
    }

    #[test]
    fn overflow_is_redistributed() {
        let mut q = HotQueue::new(1.0f64, 4).unwrap();
        q.push(e(0.0, 0.0, 0));
        for slot in 1..50u32 {
            q.push(e(slot as f64 * 3.0, 0.0, slot)); // most beyond the 4-bucket window
        }
        assert!(q.overflow.len() > 40);
        assert_eq!(q.pop().unwrap().slot, 0);
        // A ring push after an overflowed key must not overtake it.
        assert_eq!(q.pop().unwrap().slot, 1); // f = 3, in the ring
        q.push(e(9.5, 0.0, 100)); // bucket 9: overflow holds f = 6 (bucket 6) below it
        let out = drain(&mut q);
        let fs: Vec<f64> = out.iter().map(|e| e.f).collect();
        assert_eq!(&fs[..4], &[6.0, 9.0, 9.5, 12.0]);
        assert_eq!(out.len(), 49);
    }

    #[test]
    fn keys_below_mu_come_out_first() {
        let mut q = HotQueue::new(2u32, 8).unwrap();
        for slot in 0..20u32 {
            q.push(e(100 + slot, 1, slot));
        }
        for _ in 0..5 {
            q.pop();
        }
        q.push(e(50, 7, 30));
        q.push(e(3, 0, 31));
        q.push(e(50, 9, 32));
        let slots: Vec<u32> = drain(&mut q).iter().take(3).map(|e| e.slot).collect();
        assert_eq!(slots, vec![31, 32, 30]);
    }

    #[test]
    fn tiny_and_huge_widths() {
        for width in [1e-300f64, 1e-9, 1e9, 1e300] {
            let mut q = HotQueue::new(width, 16).unwrap();
            let keys = [0.0, 1e-200, 5.0, 5.0, f64::MAX, 1e300, 2.5, 1e-300];
            for (slot, &f) in keys.iter().enumerate() {
                q.push(e(f, slot as f64, slot as u32));
            }
            q.pop();
            q.push(e(0.0, 0.0, 99));
            let out = drain(&mut q);
            assert_eq!(out.len(), keys.len());
            assert_eq!(out[0].slot, 99);
        }
        let mut q = HotQueue::new(u64::MAX, 2).unwrap();
        for (slot, f) in [u64::MAX, 0, 7, u64::MAX - 1].into_iter().enumerate() {
            q.push(e(f, 0, slot as u32));
        }
        let fs: Vec<u64> = drain(&mut q).iter().map(|e| e.f).collect();
        assert_eq!(fs, vec![0, 7, u64::MAX - 1, u64::MAX]);
    }

    #[test]
    fn invalid_configurations_are_errors() {
        assert!(matches!(
            HotQueue::new(0.0f64, 8),
            Err(HotQueueError::InvalidBucketWidth { .. })
        ));
        assert!(HotQueue::new(-1.0f64, 8).is_err());
        assert!(HotQueue::new(f64::NAN, 8).is_err());
        assert!(HotQueue::new(f64::INFINITY, 8).is_err());
        assert!(
            HotQueue::new(1e-320f64, 8).is_err(),
            "1 / width is not finite"
        );
        assert!(HotQueue::new(-3i32, 8).is_err());
        assert_eq!(
            HotQueue::new(1u8, 0).unwrap_err(),
            HotQueueError::InvalidBucketCount { count: 0 }
        );
        assert!(HotQueue::new(1u8, MAX_BUCKETS + 1).is_err());
        assert!(HotQueue::new(1u8, MAX_BUCKETS).is_ok());
        assert!(HotQueue::new(1e-300f64, 1).is_ok());
        let msg = HotQueue::new(0u32, 8).unwrap_err().to_string();
        assert!(msg.contains("width"), "{msg}");
        // The tuned constructor clamps instead of failing.
        for m in [0.0f64, -1.0, f64::NAN, f64::INFINITY, 1e-320, f64::MAX] {
            let q = HotQueue::with_max_edge_cost(m);
            assert!(q.bucket_width() > 0.0 && q.bucket_width().is_finite());
        }
        assert_eq!(HotQueue::with_max_edge_cost(0u32).bucket_width(), 1);
        assert_eq!(HotQueue::<u8>::default().bucket_width(), 1);
        assert_eq!(HotQueue::<f64>::default().bucket_width(), 0.125);
    }

    #[test]
    fn buffers_are_reused_after_clear() {
        let mut q = HotQueue::<u32>::new(1, 8).unwrap();
        let fill = |q: &mut HotQueue<u32>| {
            for slot in 0..1000u32 {
                q.push(e(slot % 37, 0, slot));
            }
            for _ in 0..500 {
                q.pop();
            }
        };
        fill(&mut q);
        let caps = |q: &HotQueue<u32>| {
            q.ring.iter().map(Vec::capacity).sum::<usize>()
                + q.top.capacity()
                + q.overflow.capacity()
        };
        q.clear();
        let before = caps(&q);
        fill(&mut q);
        q.clear();
        assert_eq!(caps(&q), before, "no growth on an identical second run");
    }
}
