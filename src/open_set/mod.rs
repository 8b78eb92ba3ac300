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
//! | [`BinaryHeap`] | O(log F) | O(log F) | O(log F) (re-push) | O(1) (node store) |
//!
//! `F` is the number of entries in the open set. Membership is answered by the node
//! store's open/closed flag, never by searching the open set.

mod binary_heap;

pub use binary_heap::BinaryHeap;

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
