//! Binary heaps: the `D = 2` cases of the d-ary heaps; [`BinaryHeap`] is the
//! default open set.
//!
//! # Complexity
//! | heap | push | pop-min | decrease-key | membership |
//! |---|---|---|---|---|
//! | [`BinaryHeap`] | O(log F) | O(log F) | O(log F), in place | O(1), in the node store |
//! | [`LazyBinaryHeap`] | O(log F) | O(log F) | O(log F), as a re-push | O(1), in the node store |
//!
//! # When to choose it
//! [`BinaryHeap`] almost always: it is the "hybrid" of the A* literature, a heap
//! for order plus a slot -> position map, so decrease-key moves the node's one
//! entry in place and the heap never fills with stale duplicates. On the MovingAI
//! maps it beats the re-push [`LazyBinaryHeap`] clearly (see the README's
//! benchmark table), because float costs make many small improvements and every
//! re-push grows the heap that each later pop has to sift through.
//! [`LazyBinaryHeap`] needs no position map (4 bytes less per slot) and suits
//! searches where decrease-key is rare.

use super::{DaryHeap, LazyDaryHeap};

/// The default open set: a binary min-heap with in-place decrease-key
/// ([`DaryHeap`] with two children per node).
///
/// # Example
/// ```
/// use pathseek::open_set::{BinaryHeap, Entry, OpenSet};
/// let mut heap = BinaryHeap::new();
/// heap.push(Entry { f: 4u32, g: 0, slot: 0 });
/// heap.push(Entry { f: 2u32, g: 0, slot: 1 });
/// heap.decrease_key(Entry { f: 1u32, g: 0, slot: 0 }); // moved in place
/// assert_eq!(heap.len(), 2);
/// assert_eq!(heap.pop().map(|e| (e.slot, e.f)), Some((0, 1)));
/// ```
pub type BinaryHeap<C> = DaryHeap<C, 2>;

/// A binary min-heap whose decrease-key is a re-push ([`LazyDaryHeap`] with two
/// children per node); the core skips the stale entries it leaves behind.
///
/// # Example
/// ```
/// use pathseek::open_set::{LazyBinaryHeap, Entry, OpenSet};
/// let mut heap = LazyBinaryHeap::new();
/// heap.push(Entry { f: 4u32, g: 0, slot: 0 });
/// heap.push(Entry { f: 2u32, g: 0, slot: 1 });
/// heap.decrease_key(Entry { f: 1u32, g: 0, slot: 0 }); // re-push: slot 0 is in twice
/// assert_eq!(heap.len(), 3);
/// assert_eq!(heap.pop().map(|e| (e.slot, e.f)), Some((0, 1)));
/// ```
pub type LazyBinaryHeap<C> = LazyDaryHeap<C, 2>;
