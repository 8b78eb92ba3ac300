//! Binary heap: an implicit complete binary tree in a `Vec`, the default open set.
//!
//! # Complexity
//! | push | pop-min | decrease-key | membership |
//! |---|---|---|---|
//! | O(log F) | O(log F) | O(log F), as a re-push | O(1), in the node store |
//!
//! # When to choose it
//! Almost always: it is compact (one 12- to 24-byte entry per push), cache friendly
//! at the top of the tree, and has no tuning knobs. Decrease-key is a re-push: the
//! old entry stays in the heap and the core skips it when it surfaces, which costs
//! less than keeping heap positions up to date on every swap.

use super::{Entry, OpenSet};
use crate::cost::Cost;

/// A binary min-heap of open-set entries.
#[derive(Clone, Debug, Default)]
pub struct BinaryHeap<C> {
    heap: Vec<Entry<C>>,
}

impl<C: Cost> BinaryHeap<C> {
    /// An empty heap.
    ///
    /// # Example
    /// ```
    /// use pathseek::open_set::{BinaryHeap, OpenSet};
    /// let heap = BinaryHeap::<u32>::new();
    /// assert!(heap.is_empty());
    /// ```
    pub fn new() -> Self {
        BinaryHeap { heap: Vec::new() }
    }

    /// An empty heap with room for `capacity` entries.
    ///
    /// # Example
    /// ```
    /// let heap = pathseek::open_set::BinaryHeap::<f64>::with_capacity(1024);
    /// # let _ = heap;
    /// ```
    pub fn with_capacity(capacity: usize) -> Self {
        BinaryHeap {
            heap: Vec::with_capacity(capacity),
        }
    }

    #[inline]
    fn sift_up(&mut self, mut pos: usize) {
        let item = self.heap[pos];
        while pos > 0 {
            let parent = (pos - 1) / 2;
            let p = self.heap[parent];
            if !item.precedes(&p) {
                break;
            }
            self.heap[pos] = p;
            pos = parent;
        }
        self.heap[pos] = item;
    }

    #[inline]
    fn sift_down(&mut self, mut pos: usize) {
        let len = self.heap.len();
        let item = self.heap[pos];
        loop {
            let left = 2 * pos + 1;
            if left >= len {
                break;
            }
            let right = left + 1;
            let child = if right < len && self.heap[right].precedes(&self.heap[left]) {
                right
            } else {
                left
            };
            let c = self.heap[child];
            if !c.precedes(&item) {
                break;
            }
            self.heap[pos] = c;
            pos = child;
        }
        self.heap[pos] = item;
    }
}

impl<C: Cost> OpenSet<C> for BinaryHeap<C> {
    #[inline]
    fn push(&mut self, entry: Entry<C>) {
        self.heap.push(entry);
        let last = self.heap.len() - 1;
        self.sift_up(last);
    }

    #[inline]
    fn pop(&mut self) -> Option<Entry<C>> {
        let last = self.heap.pop()?;
        if self.heap.is_empty() {
            return Some(last);
        }
        let top = core::mem::replace(&mut self.heap[0], last);
        self.sift_down(0);
        Some(top)
    }

    #[inline]
    fn len(&self) -> usize {
        self.heap.len()
    }

    fn clear(&mut self) {
        self.heap.clear();
    }
}
