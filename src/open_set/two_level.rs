//! Two-level open set: a small sorted top level holding the best entries over an unsorted overflow.
//!
//! # Complexity
//! | push | pop-min | decrease-key | membership |
//! |---|---|---|---|
//! | O(log K + k) into the top (`k` = top entries better than it), O(1) into the overflow | O(1), plus an O(F + K log K) refill each time the top runs dry | as push (re-push) | O(1), in the node store |
//!
//! `K` is the top capacity ([`TwoLevel::with_top_capacity`], default
//! [`TwoLevel::DEFAULT_TOP_CAPACITY`]).
//!
//! # When to choose it
//! When most of the frontier is never expanded: entries far above the current
//! minimum are only appended to the overflow and, if the search ends first, never
//! ordered at all. The top level is a short sorted vector (best at the end) that
//! stays in the L1 cache; A* pushes most successors close to the minimum, so they
//! land near its end and shift few entries. When the top runs dry, the best `K / 2`
//! entries of the overflow are selected (`select_nth_unstable`, linear) and sorted
//! into it. Each refill costs O(F); on 8-connected grids with frontiers of 1,000
//! to 10,000 entries it measured on par with, or up to about 15% faster than, the
//! re-push [`LazyBinaryHeap`](super::LazyBinaryHeap); the default [`BinaryHeap`](super::BinaryHeap) is steadier still.
//!
//! Every top entry comes out no later than every overflow entry: a new entry goes to
//! the top if it is better than the top's worst (or if the overflow is empty and
//! the top has room), otherwise to the overflow; when the top grows past `K` its
//! worst half moves to the overflow. So keys below the current minimum (reopened
//! nodes) come out first. Decrease-key is a re-push; the core skips the stale entry.

use core::cmp::Ordering;

use super::{Entry, OpenSet};
use crate::cost::Cost;

/// A sorted top level of at most `K` best entries over an unsorted overflow.
#[derive(Clone, Debug)]
pub struct TwoLevel<C> {
    /// Sorted worst first; the last entry comes out next.
    top: Vec<Entry<C>>,
    /// Entries no better than `top[0]`, in no order.
    overflow: Vec<Entry<C>>,
    top_capacity: usize,
}

impl<C> Default for TwoLevel<C> {
    fn default() -> Self {
        TwoLevel {
            top: Vec::new(),
            overflow: Vec::new(),
            top_capacity: Self::DEFAULT_TOP_CAPACITY,
        }
    }
}

/// Sort order that puts the best entry last: `Greater` means `a` comes out first.
#[inline(always)]
fn worst_first<C: Cost>(a: &Entry<C>, b: &Entry<C>) -> Ordering {
    (b.f.to_key(), a.g.to_key()).cmp(&(a.f.to_key(), b.g.to_key()))
}

impl<C> TwoLevel<C> {
    /// The default top capacity: 512 entries (12 KB with `f64` costs) keeps the
    /// top level and its shifts within the L1 cache, while a refill, linear in
    /// the overflow, happens only once per 256 pops of a deep search. On
    /// 8-connected grids 512 and 1024 were the fastest capacities measured for
    /// frontiers of 1,000 and 10,000 entries; 128 was about 1.5 times slower with
    /// 10,000, 32 about 3 times.
    pub const DEFAULT_TOP_CAPACITY: usize = 512;
}

impl<C: Cost> TwoLevel<C> {
    /// An empty set with the default top capacity.
    ///
    /// # Example
    /// ```
    /// use pathseek::open_set::{OpenSet, TwoLevel};
    /// let open = TwoLevel::<u32>::new();
    /// assert!(open.is_empty());
    /// assert_eq!(open.top_capacity(), TwoLevel::<u32>::DEFAULT_TOP_CAPACITY);
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// An empty set whose top level holds up to `capacity` entries (at least 1).
    ///
    /// # Example
    /// ```
    /// use pathseek::open_set::{Entry, OpenSet, TwoLevel};
    /// let mut open = TwoLevel::with_top_capacity(4);
    /// for slot in 0..10u32 {
    ///     open.push(Entry { f: 10 - slot, g: 0, slot });
    /// }
    /// assert_eq!(open.top_capacity(), 4);
    /// assert_eq!(open.pop().map(|e| e.f), Some(1));
    /// ```
    pub fn with_top_capacity(capacity: usize) -> Self {
        TwoLevel {
            top: Vec::with_capacity(capacity.max(1) + 1),
            overflow: Vec::new(),
            top_capacity: capacity.max(1),
        }
    }

    /// The top level's capacity `K`.
    ///
    /// # Example
    /// ```
    /// assert_eq!(pathseek::open_set::TwoLevel::<f64>::with_top_capacity(0).top_capacity(), 1);
    /// ```
    pub fn top_capacity(&self) -> usize {
        self.top_capacity
    }

    /// Moves the best `K / 2` overflow entries (at least one) into the empty top.
    #[cold]
    fn refill(&mut self) {
        let n = self.overflow.len();
        let take = (self.top_capacity / 2).max(1);
        if n > take {
            let split = n - take;
            self.overflow.select_nth_unstable_by(split, worst_first);
            self.top.extend(self.overflow.drain(split..));
        } else {
            self.top.append(&mut self.overflow);
        }
        self.top.sort_unstable_by(worst_first);
    }
}

impl<C: Cost> OpenSet<C> for TwoLevel<C> {
    #[inline]
    fn push(&mut self, entry: Entry<C>) {
        let to_top = match self.top.first() {
            Some(worst) => {
                entry.precedes(worst)
                    || (self.overflow.is_empty() && self.top.len() < self.top_capacity)
            }
            None => self.overflow.is_empty(),
        };
        if !to_top {
            self.overflow.push(entry);
            return;
        }
        let at = self.top.partition_point(|x| entry.precedes(x));
        self.top.insert(at, entry);
        if self.top.len() > self.top_capacity {
            // Spill the worst half in one move rather than one entry per push.
            let spill = self.top.len() / 2;
            self.overflow.extend(self.top.drain(..spill));
        }
    }

    #[inline]
    fn pop(&mut self) -> Option<Entry<C>> {
        if self.top.is_empty() {
            if self.overflow.is_empty() {
                return None;
            }
            self.refill();
        }
        self.top.pop()
    }

    #[inline]
    fn len(&self) -> usize {
        self.top.len() + self.overflow.len()
    }

    fn clear(&mut self) {
        self.top.clear();
        self.overflow.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check_invariant<C: Cost>(t: &TwoLevel<C>) {
        for w in t.top.windows(2) {
            assert!(!w[0].precedes(&w[1]), "top out of order");
        }
        assert!(t.top.len() <= t.top_capacity);
        if let Some(worst) = t.top.first() {
            for o in &t.overflow {
                assert!(
                    !o.precedes(worst),
                    "{o:?} in the overflow beats the top's worst {worst:?}"
                );
            }
        }
    }

    #[test]
    fn overflow_refills_the_top_in_order() {
        let mut t = TwoLevel::with_top_capacity(8);
        let mut x = 99u32;
        for slot in 0..200u32 {
            x = x.wrapping_mul(1103515245).wrapping_add(12345);
            t.push(Entry {
                f: (x >> 10) % 1000,
                g: (x >> 4) % 8,
                slot,
            });
            check_invariant(&t);
        }
        assert!(t.overflow.len() >= 190, "most entries wait unsorted");
        let mut out = Vec::new();
        while let Some(e) = t.pop() {
            check_invariant(&t);
            out.push(e);
        }
        assert_eq!(out.len(), 200);
        for w in out.windows(2) {
            assert!(!w[1].precedes(&w[0]));
        }
    }

    #[test]
    fn a_key_below_the_minimum_comes_out_next_even_while_the_top_is_empty() {
        let mut t = TwoLevel::with_top_capacity(2);
        for slot in 0..10u32 {
            t.push(Entry {
                f: 100.0 + slot as f64,
                g: 0.0,
                slot,
            });
        }
        // Drain the top so it is empty with a full overflow.
        while !t.top.is_empty() {
            t.pop();
        }
        assert!(!t.overflow.is_empty());
        t.push(Entry {
            f: 1.0,
            g: 0.0,
            slot: 50,
        });
        check_invariant(&t);
        assert_eq!(t.pop().map(|e| e.slot), Some(50));
        t.push(Entry {
            f: 0.5,
            g: 0.0,
            slot: 51,
        });
        assert_eq!(t.pop().map(|e| e.slot), Some(51));
    }

    #[test]
    fn small_frontiers_never_touch_the_overflow() {
        let mut t = TwoLevel::new();
        for slot in 0..60u32 {
            t.push(Entry {
                f: 1000 - slot,
                g: 0,
                slot,
            });
            t.push(Entry {
                f: 2000 + slot,
                g: 0,
                slot: slot + 100,
            });
        }
        assert!(t.overflow.is_empty());
        assert_eq!(t.pop().map(|e| e.f), Some(941));
    }
}
