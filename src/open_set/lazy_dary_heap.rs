//! Lazy d-ary heap: an implicit complete tree with `D` children per node in a `Vec`;
//! decrease-key is a re-push.
//!
//! # Complexity
//! | push | pop-min | decrease-key | membership |
//! |---|---|---|---|
//! | O(log F / log D) | O(D log F / log D) | O(log F / log D), as a re-push | O(1), in the node store |
//!
//! # When to choose it
//! When pushes and re-pushes outnumber pops, as on grids where every expansion
//! pushes up to eight successors but pops one node: a wider tree is shallower, so
//! a push climbs fewer levels, while a pop compares `D` children per level. The
//! `D` children of a node are adjacent in memory, so `D = 4` (four 12- or 16-byte
//! entries, one cache line) often beats the binary heap; `D = 8` trades more pop
//! work for even cheaper pushes. Like [`LazyBinaryHeap`](super::LazyBinaryHeap) (which is
//! `LazyDaryHeap<C, 2>`), decrease-key leaves the old entry behind for the core to skip.
//! `D < 2` is rejected at compile time.
//!
//! ```compile_fail
//! use pathseek::open_set::LazyDaryHeap;
//! let heap = LazyDaryHeap::<u32, 1>::new(); // error: a d-ary heap needs D >= 2
//! ```

use super::implicit_heap::{self as sift, NoHook};
use super::packed::Packed;
use super::{Entry, OpenSet};
use crate::cost::Cost;

/// A d-ary min-heap of open-set entries, `D >= 2` children per node.
#[derive(Clone)]
pub struct LazyDaryHeap<C: Cost, const D: usize> {
    heap: Vec<Packed<C>>,
}

impl<C: Cost, const D: usize> core::fmt::Debug for LazyDaryHeap<C, D> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("LazyDaryHeap")
            .field("heap", &self.heap)
            .finish()
    }
}

impl<C: Cost, const D: usize> LazyDaryHeap<C, D> {
    /// An empty heap.
    ///
    /// # Example
    /// ```
    /// use pathseek::open_set::{LazyDaryHeap, OpenSet};
    /// let heap = LazyDaryHeap::<u32, 4>::new();
    /// assert!(heap.is_empty());
    /// ```
    pub fn new() -> Self {
        sift::check_arity::<D>();
        LazyDaryHeap { heap: Vec::new() }
    }

    /// An empty heap with room for `capacity` entries.
    ///
    /// # Example
    /// ```
    /// use pathseek::open_set::{LazyDaryHeap, Entry, OpenSet};
    /// let mut heap = LazyDaryHeap::<f64, 8>::with_capacity(1024);
    /// heap.push(Entry { f: 2.5, g: 1.0, slot: 0 });
    /// assert_eq!(heap.len(), 1);
    /// ```
    pub fn with_capacity(capacity: usize) -> Self {
        sift::check_arity::<D>();
        LazyDaryHeap {
            heap: Vec::with_capacity(capacity),
        }
    }
}

impl<C: Cost, const D: usize> Default for LazyDaryHeap<C, D> {
    fn default() -> Self {
        Self::new()
    }
}

impl<C: Cost, const D: usize> OpenSet<C> for LazyDaryHeap<C, D> {
    #[inline]
    fn push(&mut self, entry: Entry<C>) {
        sift::push::<_, D, _>(&mut self.heap, Packed::pack(entry), &mut NoHook);
    }

    #[inline]
    fn pop(&mut self) -> Option<Entry<C>> {
        sift::pop::<_, D, _>(&mut self.heap, &mut NoHook).map(|p| p.unpack())
    }

    #[inline]
    fn len(&self) -> usize {
        self.heap.len()
    }

    fn clear(&mut self) {
        self.heap.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn drains_in_order<const D: usize>() {
        let mut heap = LazyDaryHeap::<u32, D>::new();
        let mut x = 99u32;
        for slot in 0..1000 {
            x = x.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            heap.push(Entry {
                f: (x >> 20) % 100,
                g: (x >> 8) % 10,
                slot,
            });
        }
        // Re-pushes leave stale duplicates; all of them still come out in order.
        for slot in 0..100 {
            heap.decrease_key(Entry { f: 0, g: 0, slot });
        }
        assert_eq!(heap.len(), 1100);
        let mut prev = heap.pop().unwrap();
        let mut n = 1;
        while let Some(e) = heap.pop() {
            assert!(!e.precedes(&prev), "{e:?} after {prev:?}");
            prev = e;
            n += 1;
        }
        assert_eq!(n, 1100);
    }

    #[test]
    fn drains_in_order_for_d_2_4_8() {
        drains_in_order::<2>();
        drains_in_order::<3>();
        drains_in_order::<4>();
        drains_in_order::<8>();
    }

    #[test]
    fn default_is_empty() {
        let heap: LazyDaryHeap<f64, 4> = Default::default();
        assert!(heap.is_empty());
    }
}
