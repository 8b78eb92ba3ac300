//! D-ary heap: an implicit tree with `D` children per node in a `Vec`, that knows where each node's entry sits, so
//! decrease-key moves the entry in place and the heap never holds stale entries.
//!
//! # Complexity
//! | push | pop-min | decrease-key | membership |
//! |---|---|---|---|
//! | O(log F / log D) | O(D log F / log D) | O(log F / log D), in place | O(1), in the node store |
//!
//! # When to choose it
//! When decrease-key is frequent (dense graphs, many parallel routes of similar
//! cost, inconsistent heuristics) and the open set would otherwise fill up with
//! stale duplicates: the heap stays at one entry per open node, and `len` is the
//! true frontier size. The price is a slot -> position map (`4` bytes per slot,
//! grown on demand to the largest slot seen and never reset between searches) and
//! one extra store per entry moved on every sift. [`BinaryHeap`](super::BinaryHeap) is the
//! `D = 2` case; `D = 4` is usually the better choice on grids.
//!
//! The position map is read only for slots the core reports as open, which are
//! always in the heap; a [`decrease_key`](OpenSet::decrease_key) for a slot whose
//! recorded position does not hold that slot falls back to a push, so misuse
//! cannot corrupt the heap.

use super::implicit_heap::{self as sift, Item};
use super::packed::Packed;
use super::{Entry, OpenSet};
use crate::cost::Cost;

/// A d-ary min-heap with in-place decrease-key, `D >= 2` children per node.
#[derive(Clone)]
pub struct DaryHeap<C: Cost, const D: usize> {
    heap: Vec<Packed<C>>,
    /// `positions[slot]`: where `slot`'s entry is in `heap` (valid while it is in it).
    positions: Vec<u32>,
}

impl<C: Cost, const D: usize> DaryHeap<C, D> {
    /// An empty heap.
    ///
    /// # Example
    /// ```
    /// use pathseek::open_set::{DaryHeap, OpenSet};
    /// let heap = DaryHeap::<u32, 4>::new();
    /// assert!(heap.is_empty());
    /// ```
    pub fn new() -> Self {
        sift::check_arity::<D>();
        DaryHeap {
            heap: Vec::new(),
            positions: Vec::new(),
        }
    }

    /// An empty heap with room for `capacity` entries, and for slots
    /// `0..capacity` in its slot -> position map: up to `capacity` nodes
    /// without reallocating.
    ///
    /// # Example
    /// ```
    /// use pathseek::open_set::{Entry, DaryHeap, OpenSet};
    /// let mut heap = DaryHeap::<f64, 4>::with_capacity(4096);
    /// heap.push(Entry { f: 3.0, g: 1.0, slot: 7 });
    /// heap.decrease_key(Entry { f: 2.0, g: 0.5, slot: 7 });
    /// assert_eq!(heap.len(), 1);
    /// ```
    pub fn with_capacity(capacity: usize) -> Self {
        sift::check_arity::<D>();
        DaryHeap {
            heap: Vec::with_capacity(capacity),
            positions: vec![0; capacity],
        }
    }

    #[inline]
    fn ensure_slot(&mut self, slot: u32) {
        let need = slot as usize + 1;
        if self.positions.len() < need {
            // Grow geometrically so slots arriving in increasing order cost O(1) each.
            let len = need.max(2 * self.positions.len()).max(64);
            self.positions.resize(len, 0);
        }
    }
}

impl<C: Cost, const D: usize> core::fmt::Debug for DaryHeap<C, D> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("DaryHeap")
            .field("heap", &self.heap)
            .field("positions", &self.positions)
            .finish()
    }
}

impl<C: Cost, const D: usize> Default for DaryHeap<C, D> {
    fn default() -> Self {
        Self::new()
    }
}

impl<C: Cost, const D: usize> OpenSet<C> for DaryHeap<C, D> {
    #[inline(always)]
    fn push(&mut self, entry: Entry<C>) {
        self.ensure_slot(entry.slot);
        sift::push::<_, D, [u32]>(&mut self.heap, Packed::pack(entry), &mut self.positions);
    }

    #[inline(always)]
    fn pop(&mut self) -> Option<Entry<C>> {
        sift::pop::<_, D, [u32]>(&mut self.heap, &mut self.positions).map(|p| p.unpack())
    }

    /// Moves `entry.slot`'s entry to the new key in place, up or down as needed
    /// (a "decrease" may move later in tie order: same `f`, smaller `g`). A slot
    /// that is not in the heap is pushed instead.
    #[inline(always)]
    fn decrease_key(&mut self, entry: Entry<C>) {
        let pos = self
            .positions
            .get(entry.slot as usize)
            .map_or(usize::MAX, |&p| p as usize);
        match self.heap.get(pos) {
            Some(e) if e.slot() == entry.slot => sift::replace::<_, D, [u32]>(
                &mut self.heap,
                pos,
                Packed::pack(entry),
                &mut self.positions,
            ),
            _ => self.push(entry),
        }
    }

    #[inline]
    fn len(&self) -> usize {
        self.heap.len()
    }

    fn clear(&mut self) {
        // The position map is only read for slots in the heap: nothing to reset.
        self.heap.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check_positions<const D: usize>(h: &DaryHeap<u32, D>) {
        for (i, e) in h.heap.iter().enumerate() {
            assert_eq!(h.positions[e.slot() as usize] as usize, i);
        }
    }

    fn decrease_key_in_place<const D: usize>() {
        let mut h = DaryHeap::<u32, D>::new();
        for slot in 0..200u32 {
            h.push(Entry {
                f: 1000 - slot,
                g: 5,
                slot: slot * 3,
            });
        }
        check_positions(&h);
        for slot in (0..200u32).step_by(2) {
            h.decrease_key(Entry {
                f: 100 + slot % 17,
                g: 4,
                slot: slot * 3,
            });
            check_positions(&h);
        }
        // Same f, smaller g: later in tie order, must sift down.
        h.decrease_key(Entry {
            f: 100,
            g: 0,
            slot: 0,
        });
        check_positions(&h);
        assert_eq!(h.len(), 200, "no stale entries");
        let mut prev = h.pop().unwrap();
        while let Some(e) = h.pop() {
            assert!(!e.precedes(&prev));
            check_positions(&h);
            prev = e;
        }
    }

    #[test]
    fn decrease_key_in_place_for_d_2_4_8() {
        decrease_key_in_place::<2>();
        decrease_key_in_place::<4>();
        decrease_key_in_place::<8>();
    }

    #[test]
    fn decrease_key_of_an_absent_slot_pushes() {
        let mut h = DaryHeap::<u32, 2>::new();
        h.decrease_key(Entry {
            f: 3,
            g: 0,
            slot: 9,
        });
        h.push(Entry {
            f: 5,
            g: 0,
            slot: 1,
        });
        h.pop();
        // Slot 9 was popped; its stale position must not be trusted.
        h.decrease_key(Entry {
            f: 1,
            g: 0,
            slot: 9,
        });
        assert_eq!(h.len(), 2);
        assert_eq!(h.pop().map(|e| e.slot), Some(9));
        assert_eq!(h.pop().map(|e| e.slot), Some(1));
    }

    #[test]
    fn positions_survive_clear() {
        let mut h = DaryHeap::<f64, 4>::with_capacity(4);
        for round in 0..3 {
            for slot in 0..100u32 {
                h.push(Entry {
                    f: (slot % 10) as f64 + round as f64,
                    g: 0.0,
                    slot,
                });
            }
            h.decrease_key(Entry {
                f: -1.0 + round as f64,
                g: 0.0,
                slot: 55,
            });
            assert_eq!(h.pop().map(|e| e.slot), Some(55));
            h.clear();
            assert!(h.is_empty());
        }
    }
}
