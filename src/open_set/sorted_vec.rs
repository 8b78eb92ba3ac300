//! Sorted vector: entries kept in order in a `Vec`, best at the end, so pop-min is a `Vec::pop`.
//!
//! # Complexity
//! | push | pop-min | decrease-key | membership |
//! |---|---|---|---|
//! | O(log F) search + O(k) shift, `k` = entries better than the new one | O(1) | as push (re-push) | O(1), in the node store |
//!
//! # When to choose it
//! For small frontiers (up to a few hundred entries), where one `memmove` beats a
//! heap's scattered sifts, and for searches that pop far more often than they push.
//! The best entry sits at the end, so pushing a key close to the current minimum
//! (the usual case in A*, where successors have `f` at or just above their parent's)
//! shifts only the few entries better than it. A key far worse than the minimum
//! shifts almost the whole vector, so the cost grows linearly with the frontier. On
//! 8-connected grids it is about as fast as the re-push [`LazyBinaryHeap`](super::LazyBinaryHeap)
//! with frontiers of a thousand entries and about twice as slow with ten thousand:
//! past a few thousand entries prefer the heap.
//!
//! Decrease-key is a re-push: the old entry stays and the core skips it when it
//! reaches the end. Finding and removing it instead (a key-by-slot table, a binary
//! search and a second shift) was measured slower for frontiers up to a thousand
//! entries, the sizes this structure is for; it only paid off (by about a third) at
//! ten thousand, where the heap beats both.

use super::{Entry, OpenSet};
use crate::cost::Cost;

/// An open set kept sorted from worst (index 0) to best (last).
#[derive(Clone, Debug, Default)]
pub struct SortedVec<C> {
    /// Worst first: `items[i]` never precedes `items[i + 1]`, so the last comes out first.
    items: Vec<Entry<C>>,
}

impl<C: Cost> SortedVec<C> {
    /// An empty sorted vector.
    ///
    /// # Example
    /// ```
    /// use pathseek::open_set::{OpenSet, SortedVec};
    /// let open = SortedVec::<u32>::new();
    /// assert!(open.is_empty());
    /// ```
    pub fn new() -> Self {
        SortedVec { items: Vec::new() }
    }

    /// An empty sorted vector with room for `capacity` entries.
    ///
    /// # Example
    /// ```
    /// use pathseek::open_set::{Entry, OpenSet, SortedVec};
    /// let mut open = SortedVec::<f64>::with_capacity(256);
    /// open.push(Entry { f: 2.5, g: 1.0, slot: 0 });
    /// assert_eq!(open.len(), 1);
    /// ```
    pub fn with_capacity(capacity: usize) -> Self {
        SortedVec {
            items: Vec::with_capacity(capacity),
        }
    }

    /// The entry the next [`pop`](OpenSet::pop) returns, if any.
    ///
    /// # Example
    /// ```
    /// use pathseek::open_set::{Entry, OpenSet, SortedVec};
    /// let mut open = SortedVec::new();
    /// open.push(Entry { f: 7u32, g: 2, slot: 0 });
    /// open.push(Entry { f: 4u32, g: 1, slot: 1 });
    /// assert_eq!(open.peek().map(|e| e.slot), Some(1));
    /// ```
    pub fn peek(&self) -> Option<&Entry<C>> {
        self.items.last()
    }
}

impl<C: Cost> OpenSet<C> for SortedVec<C> {
    #[inline]
    fn push(&mut self, entry: Entry<C>) {
        // Everything `entry` precedes (worse keys) stays in front of it; equal and
        // better keys stay behind it and come out first.
        let at = self.items.partition_point(|x| entry.precedes(x));
        self.items.insert(at, entry);
    }

    #[inline]
    fn pop(&mut self) -> Option<Entry<C>> {
        self.items.pop()
    }

    #[inline]
    fn len(&self) -> usize {
        self.items.len()
    }

    fn clear(&mut self) {
        self.items.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn e(f: u32, g: u32, slot: u32) -> Entry<u32> {
        Entry { f, g, slot }
    }

    #[test]
    fn stays_sorted_best_last() {
        let mut s = SortedVec::new();
        let mut x = 12345u32;
        for slot in 0..300 {
            x = x.wrapping_mul(1103515245).wrapping_add(12345);
            s.push(e((x >> 8) % 50, (x >> 20) % 10, slot));
        }
        for w in s.items.windows(2) {
            assert!(!w[0].precedes(&w[1]), "{:?} before {:?}", w[0], w[1]);
        }
        let mut last: Option<Entry<u32>> = None;
        while let Some(p) = s.pop() {
            if let Some(l) = last {
                assert!(!p.precedes(&l));
            }
            last = Some(p);
        }
    }

    #[test]
    fn re_push_leaves_a_stale_entry_behind() {
        let mut s = SortedVec::new();
        s.push(e(10, 1, 0));
        s.decrease_key(e(5, 1, 0));
        assert_eq!(s.len(), 2);
        assert_eq!(s.pop(), Some(e(5, 1, 0)));
        assert_eq!(s.pop(), Some(e(10, 1, 0))); // the stale one, for the core to skip
    }
}
