//! Unsorted vector: entries appended to a `Vec`; pop-min scans them all and `swap_remove`s the best.
//!
//! # Complexity
//! | push | pop-min | decrease-key | membership |
//! |---|---|---|---|
//! | O(1) | O(F), a linear scan | O(1), in place | O(1), in the node store |
//!
//! # When to choose it
//! For tiny frontiers (a few dozen entries) and searches with many decrease-keys:
//! push and decrease-key are single writes, and the scan is a tight loop over a
//! contiguous array. Every pop reads the whole frontier, so the cost of a search
//! grows with the square of the frontier size. On 8-connected grids it stays within
//! a few tens of percent of the re-push [`LazyBinaryHeap`](super::LazyBinaryHeap) with frontiers of
//! about a hundred entries, and falls behind from a few hundred on (over twice as
//! slow with ten thousand): beyond that, use the heap.
//!
//! Decrease-key is exact: the set keeps each slot's position (an array indexed by
//! slot, grown on demand and never cleared; a position is trusted only after
//! checking the entry there has that slot), so it lowers the key in place and
//! holds no stale entries.

use super::slot_positions::SlotPositions;
use super::{Entry, OpenSet};
use crate::cost::Cost;

/// An open set stored as an unordered vector with positions by slot.
#[derive(Clone, Debug, Default)]
pub struct UnsortedVec<C> {
    items: Vec<Entry<C>>,
    positions: SlotPositions,
}

impl<C: Cost> UnsortedVec<C> {
    /// An empty unsorted vector.
    ///
    /// # Example
    /// ```
    /// use pathseek::open_set::{OpenSet, UnsortedVec};
    /// let open = UnsortedVec::<f64>::new();
    /// assert!(open.is_empty());
    /// ```
    pub fn new() -> Self {
        UnsortedVec {
            items: Vec::new(),
            positions: SlotPositions::new(),
        }
    }

    /// An empty unsorted vector with room for `capacity` entries.
    ///
    /// # Example
    /// ```
    /// use pathseek::open_set::{Entry, OpenSet, UnsortedVec};
    /// let mut open = UnsortedVec::<u32>::with_capacity(64);
    /// open.push(Entry { f: 3, g: 0, slot: 9 });
    /// assert_eq!(open.len(), 1);
    /// ```
    pub fn with_capacity(capacity: usize) -> Self {
        UnsortedVec {
            items: Vec::with_capacity(capacity),
            positions: SlotPositions::new(),
        }
    }

    /// `true` if the set holds an entry for `slot`.
    ///
    /// # Example
    /// ```
    /// use pathseek::open_set::{Entry, OpenSet, UnsortedVec};
    /// let mut open = UnsortedVec::new();
    /// open.push(Entry { f: 3u32, g: 0, slot: 9 });
    /// assert!(open.contains(9) && !open.contains(8));
    /// open.pop();
    /// assert!(!open.contains(9));
    /// ```
    pub fn contains(&self, slot: u32) -> bool {
        self.position(slot).is_some()
    }

    #[inline]
    fn position(&self, slot: u32) -> Option<usize> {
        self.positions
            .find(slot, |p| self.items.get(p).is_some_and(|e| e.slot == slot))
    }
}

impl<C: Cost> OpenSet<C> for UnsortedVec<C> {
    #[inline]
    fn push(&mut self, entry: Entry<C>) {
        self.positions.set(entry.slot, self.items.len());
        self.items.push(entry);
    }

    #[inline]
    fn pop(&mut self) -> Option<Entry<C>> {
        let (first, rest) = self.items.split_first()?;
        let mut best = 0;
        let mut best_entry = *first;
        for (i, e) in rest.iter().enumerate() {
            if e.precedes(&best_entry) {
                best = i + 1;
                best_entry = *e;
            }
        }
        self.items.swap_remove(best);
        if let Some(moved) = self.items.get(best) {
            self.positions.set(moved.slot, best);
        }
        Some(best_entry)
    }

    /// Lowers the key in place; an unknown slot is pushed.
    #[inline]
    fn decrease_key(&mut self, entry: Entry<C>) {
        match self.position(entry.slot) {
            Some(p) => self.items[p] = entry,
            None => self.push(entry),
        }
    }

    #[inline]
    fn len(&self) -> usize {
        self.items.len()
    }

    fn clear(&mut self) {
        // Positions are left as they are: they are checked before use.
        self.items.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decrease_key_updates_in_place() {
        let mut s = UnsortedVec::new();
        for slot in 0..10u32 {
            s.push(Entry {
                f: 100 + slot,
                g: 0,
                slot,
            });
        }
        s.decrease_key(Entry {
            f: 1,
            g: 0,
            slot: 7,
        });
        assert_eq!(s.len(), 10, "no second entry");
        assert_eq!(s.pop().map(|e| (e.f, e.slot)), Some((1, 7)));
        // The entry that moved into the hole keeps a correct position.
        let moved = s.items[s.position(9).unwrap()];
        assert_eq!(moved.slot, 9);
        s.decrease_key(Entry {
            f: 0,
            g: 0,
            slot: 9,
        });
        assert_eq!(s.pop().map(|e| e.slot), Some(9));
        assert_eq!(s.len(), 8);
    }

    #[test]
    fn stale_positions_after_clear_are_not_trusted() {
        let mut s = UnsortedVec::new();
        s.push(Entry {
            f: 5.0,
            g: 0.0,
            slot: 3,
        });
        s.push(Entry {
            f: 6.0,
            g: 0.0,
            slot: 4,
        });
        s.clear();
        s.push(Entry {
            f: 9.0,
            g: 0.0,
            slot: 4,
        }); // now at position 0
        assert!(!s.contains(3));
        s.decrease_key(Entry {
            f: 1.0,
            g: 0.0,
            slot: 3,
        }); // not held: pushed
        assert_eq!(s.len(), 2);
        assert_eq!(s.pop().map(|e| e.slot), Some(3));
        assert_eq!(s.pop().map(|e| e.slot), Some(4));
        assert_eq!(s.pop(), None);
    }
}
