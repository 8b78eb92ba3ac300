//! Open sets: the search frontier, a priority queue of nodes ordered by `f = g + h`.
//!
//! Every structure here implements [`OpenSet`], so the one A* core runs on any of
//! them and a user can pick the fastest frontier for their maps.
//!
//! # Ordering and ties
//! Entries come out by smallest `f`; among equal `f`, the entry with the **larger
//! `g`** comes first ([`Entry::precedes`]). On grids many nodes share the optimal
//! `f`, and preferring the deepest one heads straight for the goal instead of
//! widening the front, so fewer nodes are expanded.
//!
//! # Decrease-key
//! When the core finds a cheaper path to a node that is still open it calls
//! [`OpenSet::decrease_key`]. A set that tracks positions lowers the key in place;
//! the default implementation simply pushes a second entry (re-push). The core skips
//! stale entries when they surface: an entry is live only if its node is still open
//! and its `g` equals the node's recorded `g`. Either way each node's best entry is
//! the one that comes out, so both schemes give the same paths.
//!
//! | structure | push | pop-min | decrease-key | membership |
//! |---|---|---|---|---|
//! | [`BinaryHeap`] | O(log F) | O(log F) | O(log F) (in place) | O(1) (node store) |
//! | [`LazyBinaryHeap`] | O(log F) | O(log F) | O(log F) (re-push) | O(1) (node store) |
//! | [`LazyDaryHeap`] | O(log F / log D) | O(D log F / log D) | O(log F / log D) (re-push) | O(1) (node store) |
//! | [`DaryHeap`] | O(log F / log D) | O(D log F / log D) | O(log F / log D) (in place) | O(1) (node store) |
//! | [`HotQueue`] | O(1) above the top bucket, else O(log T) | O(log T) + O(1) amortized per bucket | as push (re-push) | O(1) (node store) |
//! | [`RadixHeap`] | O(1) (O(log S) below the minimum) | O(log K) amortized | as push (re-push) | O(1) (node store) |
//! | [`BucketQueue`] | O(1) in its window, else O(log S) | O(1) amortized (bitmap scan), O(log b) per entry to sort a bucket when its turn comes | O(1) in its window (in place: unlinked from the old bucket), else as push (re-push) | O(1) (node store) |
//! | [`SortedVec`] | O(log F + k) (shift of the `k` better entries) | O(1) | as push (re-push) | O(1) (node store) |
//! | [`UnsortedVec`] | O(1) | O(F) (scan) | O(1) (in place) | O(1) (node store) |
//! | [`SplayTree`] | O(log F) amortised | O(log F) amortised | O(log F) amortised (delete + reinsert) | O(1) (node store) |
//! | [`SortedList`] | O(k) (walk of the `k` entries from the last push's node) | O(1) | O(1) unlink + O(k) walk (in place) | O(1) (node store) |
//! | [`SkipList`] | O(log F) expected | O(1) expected | as push (re-push) | O(1) (node store) |
//! | [`IndexedArray`] | O(1) | O(F) (scan of the open slots) | O(1) (in place) | O(1) (node store or here) |
//! | [`TwoLevel`] | O(log M + k) top, O(1) overflow | O(1) + O(F + M log M) per refill | as push (re-push) | O(1) (node store) |
//!
//! `F` is the number of entries in the open set, `D` the heap arity, `T` the
//! entries in the HOT queue's top bucket, `K` the span of key bits (at most 64) and
//! `S` the radix heap's side heap of keys below the minimum (empty for consistent
//! heuristics) or the bucket queue's of keys outside its window, `b` the
//! entries of one bucket, `M` the [`TwoLevel`] top capacity. Membership is answered by the node store's open/closed flag, never
//! by searching the open set.
//!
//! # Choosing one
//! On full grids a [`DaryHeap`]`<C, 4>` with an
//! [`IndexedStore`](crate::store::IndexedStore) is the fastest configuration
//! measured (BENCHMARKS.md, "Open sets side by side"); the one-shot
//! functions' own choice is documented at [`astar`](fn@crate::astar).
//! [`BucketQueue`] keeps circular buckets in one pool with an O(1)
//! decrease-key, for small integer costs such as
//! [`GridCosts::<u32>::pell_octile()`](crate::GridCosts::pell_octile), and
//! [`Length`](crate::Length). Each open set documents its cost per operation
//! and when to choose it.
//!
//! Each also has a name, which the examples and benchmarks accept
//! ([`OPEN_SET_NAMES`]): `binary-heap`, `binary-heap-lazy` ([`LazyBinaryHeap`]),
//! `dary-heap-4`, `dary-heap-8`, `dary-heap-lazy-4` ([`LazyDaryHeap`]),
//! `hot-queue`, `radix-heap`, `sorted-vec`, `sorted-list`, `skip-list`,
//! `unsorted-vec`, `splay-tree`, `indexed-array`, `two-level`,
//! `bucket-queue`.
//!
//! An open set of your own implements [`OpenSet`] outside the crate and runs
//! in the same core (the test `tests/search/external_open_set.rs` writes one).

//! # Constructors
//! Every open set follows one rule: `new()` is empty and untuned (also its
//! `Default`); `with_capacity(n)` has room for `n` entries (and, for sets that
//! index by slot, slots `0..n`) without reallocating; a constructor that sets a
//! tuning parameter is named `with_<parameter>` ([`TwoLevel::with_top_capacity`],
//! [`HotQueue::with_max_edge_cost`], [`BucketQueue::with_max_edge_cost`]); a constructor that can refuse its
//! parameters is `new(..)` returning a `Result` ([`HotQueue::new`]).

mod binary_heap;
mod boxed;
mod bucket_queue;
mod dary_heap;
mod hot_queue;
mod implicit_heap;
mod indexed_array;
mod lazy_dary_heap;
mod packed;
mod radix_heap;
mod registry;
mod skip_list;
mod slot_positions;
mod sorted_list;
mod sorted_vec;
mod splay_tree;
mod two_level;
mod unsorted_vec;

pub use binary_heap::{BinaryHeap, LazyBinaryHeap};
pub use bucket_queue::BucketQueue;
pub use dary_heap::DaryHeap;
pub use hot_queue::{HotQueue, HotQueueError};
pub use indexed_array::IndexedArray;
pub use lazy_dary_heap::LazyDaryHeap;
pub use radix_heap::RadixHeap;
pub use registry::{visit_open_sets, OpenSetVisitor, OPEN_SET_NAMES};
pub use skip_list::SkipList;
pub use sorted_list::SortedList;
pub use sorted_vec::SortedVec;
pub use splay_tree::SplayTree;
pub use two_level::TwoLevel;
pub use unsorted_vec::UnsortedVec;

use crate::cost::Cost;

/// One frontier entry: a node (by its store slot) with its `f` and `g`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Entry<C> {
    /// `g + h`: the priority.
    pub f: C,
    /// Cost from the start; breaks ties on equal `f` (larger first) and identifies
    /// stale entries.
    pub g: C,
    /// The node's slot in the node store ([`ClosedSet`](crate::ClosedSet)).
    pub slot: u32,
}

impl<C: Cost> Entry<C> {
    /// `true` if `self` must come out of the open set before `other`: smaller `f`,
    /// or equal `f` and larger `g`.
    ///
    /// # Example
    /// ```
    /// use pathseek::open_set::Entry;
    /// let a = Entry { f: 10u32, g: 7, slot: 0 };
    /// let b = Entry { f: 10u32, g: 3, slot: 1 };
    /// let c = Entry { f: 9u32, g: 0, slot: 2 };
    /// assert!(a.precedes(&b) && c.precedes(&a) && !b.precedes(&a));
    /// ```
    #[inline(always)]
    pub fn precedes(&self, other: &Self) -> bool {
        self.f < other.f || (self.f == other.f && self.g > other.g)
    }
}

/// A priority queue of [`Entry`]s, smallest `f` first, ties to the larger `g`.
///
/// Required: [`push`](OpenSet::push), [`pop`](OpenSet::pop), [`len`](OpenSet::len),
/// [`clear`](OpenSet::clear). [`decrease_key`](OpenSet::decrease_key) defaults to a
/// re-push.
///
/// # Example
/// ```
/// use pathseek::open_set::{BinaryHeap, Entry, OpenSet};
/// let mut open = BinaryHeap::new();
/// open.push(Entry { f: 5u32, g: 1, slot: 0 });
/// open.push(Entry { f: 3u32, g: 1, slot: 1 });
/// open.push(Entry { f: 3u32, g: 2, slot: 2 });
/// assert_eq!(open.pop().map(|e| e.slot), Some(2));
/// assert_eq!(open.pop().map(|e| e.slot), Some(1));
/// assert_eq!(open.pop().map(|e| e.slot), Some(0));
/// assert!(open.is_empty());
/// ```
pub trait OpenSet<C: Cost> {
    /// Adds an entry for a node not currently in the set (or re-pushes one).
    fn push(&mut self, entry: Entry<C>);

    /// Removes and returns the entry that [precedes](Entry::precedes) all others.
    fn pop(&mut self) -> Option<Entry<C>>;

    /// The node `entry.slot` is in the set with a larger key; give it `entry`'s key.
    /// The default pushes a new entry and leaves the old one to be skipped as stale.
    #[inline]
    fn decrease_key(&mut self, entry: Entry<C>) {
        self.push(entry)
    }

    /// Number of entries held (stale entries of a re-push set included).
    fn len(&self) -> usize;

    /// `true` when no entry is held.
    #[inline]
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Removes every entry, keeping allocated memory for the next search.
    fn clear(&mut self);
}
