//! Indexed array: each node's key in an array indexed by its slot, plus a compact list of the open slots.
//!
//! # Complexity
//! | push | pop-min | decrease-key | membership |
//! |---|---|---|---|
//! | O(1) | O(F), a scan of the open slots | O(1), one array write | O(1), here or in the node store |
//!
//! # When to choose it
//! For dense node ids (an [`IndexedStore`](crate::store::IndexedStore) graph)
//! with small frontiers and frequent decrease-keys: push and decrease-key are plain
//! writes into the slot's cell, and the set is exact (one entry per open node, no
//! stale entries). A scan over *all* slots would make every pop O(N); this set
//! keeps a compact `Vec` of the currently open slots (and each slot's position in
//! it), so a pop scans only the F open ones. The scan reads each key through its
//! slot (a gather over the key array), so it is slower per entry than the
//! [`UnsortedVec`](super::UnsortedVec) scan (measured slower at every grid size);
//! like it, the search cost grows with the square of the frontier, so past a
//! hundred or so entries prefer the [`BinaryHeap`](super::BinaryHeap). Choose it
//! over [`UnsortedVec`](super::UnsortedVec) when decrease-keys dominate or when you
//! want to read a node's open key by slot ([`IndexedArray::get`]).
//!
//! Both arrays grow to the largest slot seen and are never cleared between
//! searches (a [`clear`](OpenSet::clear) only empties the open list); a cell is
//! read only for slots in the open list.

use super::slot_positions::SlotPositions;
use super::{Entry, OpenSet};
use crate::cost::Cost;

/// An exact open set for dense slots: keys by slot and a list of open slots.
#[derive(Clone, Debug, Default)]
pub struct IndexedArray<C> {
    /// `(f, g)` by slot; meaningful only for slots in `open`.
    keys: Vec<(C, C)>,
    /// The open slots, in no order.
    open: Vec<u32>,
    /// Each open slot's index in `open`.
    positions: SlotPositions,
}

impl<C: Cost> IndexedArray<C> {
    /// An empty set; it grows to the largest slot pushed.
    ///
    /// # Example
    /// ```
    /// use pathseek::open_set::{IndexedArray, OpenSet};
    /// let open = IndexedArray::<u32>::new();
    /// assert!(open.is_empty());
    /// ```
    pub fn new() -> Self {
        IndexedArray {
            keys: Vec::new(),
            open: Vec::new(),
            positions: SlotPositions::new(),
        }
    }

    /// An empty set with key cells for slots `0..slots` allocated up front (the
    /// graph's node count, for a dense graph).
    ///
    /// # Example
    /// ```
    /// use pathseek::open_set::{Entry, IndexedArray, OpenSet};
    /// let mut open = IndexedArray::<f64>::with_capacity(10_000);
    /// open.push(Entry { f: 3.0, g: 1.0, slot: 9_999 });
    /// assert_eq!(open.len(), 1);
    /// ```
    pub fn with_capacity(slots: usize) -> Self {
        let mut set = Self::new();
        set.keys.resize(slots, (C::zero(), C::zero()));
        set
    }

    /// `true` if `slot` is open in this set.
    ///
    /// # Example
    /// ```
    /// use pathseek::open_set::{Entry, IndexedArray, OpenSet};
    /// let mut open = IndexedArray::new();
    /// open.push(Entry { f: 2u32, g: 0, slot: 4 });
    /// assert!(open.contains(4) && !open.contains(3));
    /// ```
    pub fn contains(&self, slot: u32) -> bool {
        self.position(slot).is_some()
    }

    /// The current entry of an open `slot`.
    ///
    /// # Example
    /// ```
    /// use pathseek::open_set::{Entry, IndexedArray, OpenSet};
    /// let mut open = IndexedArray::new();
    /// open.push(Entry { f: 9u32, g: 4, slot: 1 });
    /// open.decrease_key(Entry { f: 6u32, g: 1, slot: 1 });
    /// assert_eq!(open.get(1), Some(Entry { f: 6, g: 1, slot: 1 }));
    /// assert_eq!(open.get(2), None);
    /// ```
    pub fn get(&self, slot: u32) -> Option<Entry<C>> {
        self.position(slot)?;
        let (f, g) = self.keys[slot as usize];
        Some(Entry { f, g, slot })
    }

    #[inline]
    fn position(&self, slot: u32) -> Option<usize> {
        self.positions
            .find(slot, |p| self.open.get(p) == Some(&slot))
    }

    #[inline]
    fn write_key(&mut self, entry: Entry<C>) {
        let i = entry.slot as usize;
        if i >= self.keys.len() {
            self.grow_keys(i);
        }
        self.keys[i] = (entry.f, entry.g);
    }

    #[cold]
    fn grow_keys(&mut self, i: usize) {
        let new_len = (i + 1).max(self.keys.len() * 2).max(64);
        self.keys.resize(new_len, (C::zero(), C::zero()));
    }
}

impl<C: Cost> OpenSet<C> for IndexedArray<C> {
    /// Opens `entry.slot` with its key; if the slot is already open its key is
    /// replaced (the set never holds two entries for one slot).
    #[inline]
    fn push(&mut self, entry: Entry<C>) {
        if self.position(entry.slot).is_none() {
            self.positions.set(entry.slot, self.open.len());
            self.open.push(entry.slot);
        }
        self.write_key(entry);
    }

    fn pop(&mut self) -> Option<Entry<C>> {
        let (&first, rest) = self.open.split_first()?;
        let keys = &self.keys;
        let key = |slot: u32| {
            let (f, g) = keys[slot as usize];
            Entry { f, g, slot }
        };
        let mut best = 0;
        let mut best_entry = key(first);
        for (i, &slot) in rest.iter().enumerate() {
            let e = key(slot);
            if e.precedes(&best_entry) {
                best = i + 1;
                best_entry = e;
            }
        }
        self.open.swap_remove(best);
        if let Some(&moved) = self.open.get(best) {
            self.positions.set(moved, best);
        }
        Some(best_entry)
    }

    /// Overwrites the slot's key in place (opening the slot if it was not open).
    #[inline]
    fn decrease_key(&mut self, entry: Entry<C>) {
        self.push(entry);
    }

    #[inline]
    fn len(&self) -> usize {
        self.open.len()
    }

    fn clear(&mut self) {
        self.open.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decrease_key_writes_in_place() {
        let mut s = IndexedArray::new();
        for slot in 0..20u32 {
            s.push(Entry {
                f: 50 - slot,
                g: 0,
                slot,
            });
        }
        s.decrease_key(Entry {
            f: 1,
            g: 7,
            slot: 3,
        });
        assert_eq!(s.len(), 20, "no second entry");
        assert_eq!(
            s.get(3),
            Some(Entry {
                f: 1,
                g: 7,
                slot: 3
            })
        );
        assert_eq!(
            s.pop(),
            Some(Entry {
                f: 1,
                g: 7,
                slot: 3
            })
        );
        assert!(!s.contains(3));
        assert_eq!(s.pop().map(|e| e.slot), Some(19));
        // The slot moved into a popped hole is still found.
        for slot in 0..19u32 {
            if slot != 3 {
                assert!(s.contains(slot), "slot {slot}");
            }
        }
        s.decrease_key(Entry {
            f: 0,
            g: 0,
            slot: 18,
        });
        assert_eq!(s.pop().map(|e| e.slot), Some(18));
    }

    #[test]
    fn reuse_after_clear_ignores_old_cells() {
        let mut s = IndexedArray::with_capacity(8);
        s.push(Entry {
            f: 1.0,
            g: 0.0,
            slot: 5,
        });
        s.push(Entry {
            f: 2.0,
            g: 0.0,
            slot: 6,
        });
        s.clear();
        assert!(!s.contains(5) && s.get(6).is_none() && s.pop().is_none());
        s.push(Entry {
            f: 9.0,
            g: 0.0,
            slot: 6,
        });
        s.decrease_key(Entry {
            f: 4.0,
            g: 0.0,
            slot: 5,
        });
        assert_eq!(s.pop().map(|e| (e.f, e.slot)), Some((4.0, 5)));
        assert_eq!(s.pop().map(|e| (e.f, e.slot)), Some((9.0, 6)));
        assert!(s.is_empty());
    }
}
