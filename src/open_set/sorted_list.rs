//! Sorted linked list: a doubly linked list of entries in a `Vec` pool, best at the head, so pop-min unlinks the head.
//!
//! # Complexity
//! | push | pop-min | decrease-key | membership |
//! |---|---|---|---|
//! | O(k), a walk over the `k` entries between the finger and the new place (O(F) at worst) | O(1) | O(1) unlink + O(k) walk from the old place | O(1), in the node store |
//!
//! # How it works
//! Nodes live in a `Vec` and link to each other by `u32` index; a popped node
//! goes on a free list and the next push takes it, so a warm list allocates
//! nothing, and [`clear`](OpenSet::clear) keeps the pool's memory.
//!
//! A push does not start its walk at the head but at a *finger*: the node of the
//! previous push. A* pushes the successors of one expanded node back to back,
//! with keys close to one another, so the walk from the last one is short; it
//! goes towards the head when the new entry precedes the finger and towards the
//! tail otherwise. An entry that no entry precedes is appended at the tail
//! without a walk. Entries with equal keys come out in push order.
//!
//! Decrease-key is exact: the list keeps each slot's node (an array indexed by
//! slot, grown on demand and never cleared; a position is trusted only after
//! checking the node there is live and has that slot), unlinks it in O(1) and
//! walks to its new place from its old one, reusing the node. No stale entries
//! are left behind. An unknown slot is pushed.
//!
//! # When to choose it
//! Rarely: it is here to be measured against the other frontiers. A walk visits
//! scattered pool nodes one dependent load at a time, where the
//! [`SortedVec`](super::SortedVec) binary-searches and shifts a contiguous
//! array, so the cost of a push grows with the frontier as a chain of cache
//! misses. On 8-connected grids it took 1.6 times the
//! [`BinaryHeap`](super::BinaryHeap)'s time with frontiers of about a hundred
//! entries, 5 to 9 times with 800 to 1,600, and 23 times on
//! random512-10-0's longest scenarios (4,354 entries); it also loses to the
//! sorted vector there. Its one good case was a wavefront whose new keys land
//! near the worst end (a 3-D grid with `h = 0`, ten thousand entries): there
//! the tail append and the finger keep walks short, and it beat the sorted
//! vector threefold, still five times slower than the heap.

use super::slot_positions::SlotPositions;
use super::{Entry, OpenSet};
use crate::cost::Cost;

/// No node.
const NIL: u32 = u32::MAX;
/// `prev` link of a node on the free list (then `next` is the next free node).
const FREED: u32 = u32::MAX - 1;

#[derive(Clone, Copy, Debug)]
struct Node<C> {
    entry: Entry<C>,
    /// The node before this one (nearer the head), `NIL` at the head, `FREED` on
    /// the free list.
    prev: u32,
    /// The node after this one, `NIL` at the tail; the next free node on the free
    /// list.
    next: u32,
}

/// An open set stored as a sorted doubly linked list in a pool.
#[derive(Clone, Debug)]
pub struct SortedList<C> {
    nodes: Vec<Node<C>>,
    /// The best entry's node.
    head: u32,
    /// The worst entry's node.
    tail: u32,
    /// The first node of the free list.
    free: u32,
    /// The node of the last insert, where the next walk starts; `NIL` if none or
    /// if that node was since removed.
    finger: u32,
    len: usize,
    positions: SlotPositions,
}

impl<C> Default for SortedList<C> {
    fn default() -> Self {
        SortedList {
            nodes: Vec::new(),
            head: NIL,
            tail: NIL,
            free: NIL,
            finger: NIL,
            len: 0,
            positions: SlotPositions::new(),
        }
    }
}

impl<C: Cost> SortedList<C> {
    /// An empty list.
    ///
    /// # Example
    /// ```
    /// use pathseek::open_set::{OpenSet, SortedList};
    /// let open = SortedList::<u32>::new();
    /// assert!(open.is_empty());
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// An empty list with a pool of `capacity` nodes and slot positions for
    /// slots `0..capacity`.
    ///
    /// # Example
    /// ```
    /// use pathseek::open_set::{Entry, OpenSet, SortedList};
    /// let mut open = SortedList::<f64>::with_capacity(256);
    /// open.push(Entry { f: 2.5, g: 1.0, slot: 0 });
    /// assert_eq!(open.len(), 1);
    /// ```
    pub fn with_capacity(capacity: usize) -> Self {
        SortedList {
            nodes: Vec::with_capacity(capacity),
            positions: SlotPositions::with_slots(capacity),
            ..Self::default()
        }
    }

    /// The entry the next [`pop`](OpenSet::pop) returns, if any.
    ///
    /// # Example
    /// ```
    /// use pathseek::open_set::{Entry, OpenSet, SortedList};
    /// let mut open = SortedList::new();
    /// open.push(Entry { f: 7u32, g: 2, slot: 0 });
    /// open.push(Entry { f: 4u32, g: 1, slot: 1 });
    /// assert_eq!(open.peek().map(|e| e.slot), Some(1));
    /// ```
    pub fn peek(&self) -> Option<&Entry<C>> {
        self.nodes.get(self.head as usize).map(|n| &n.entry)
    }

    /// `true` if the list holds an entry for `slot`.
    ///
    /// # Example
    /// ```
    /// use pathseek::open_set::{Entry, OpenSet, SortedList};
    /// let mut open = SortedList::new();
    /// open.push(Entry { f: 3u32, g: 0, slot: 9 });
    /// assert!(open.contains(9) && !open.contains(8));
    /// open.pop();
    /// assert!(!open.contains(9));
    /// ```
    pub fn contains(&self, slot: u32) -> bool {
        self.node_of(slot).is_some()
    }

    /// The pool index of the live node holding `slot`, if any.
    #[inline]
    fn node_of(&self, slot: u32) -> Option<u32> {
        self.positions
            .find(slot, |p| {
                self.nodes
                    .get(p)
                    .is_some_and(|n| n.prev != FREED && n.entry.slot == slot)
            })
            .map(|p| p as u32)
    }

    /// A node holding `entry`, taken from the free list or added to the pool;
    /// not linked yet.
    #[inline]
    fn alloc(&mut self, entry: Entry<C>) -> u32 {
        let node = Node {
            entry,
            prev: NIL,
            next: NIL,
        };
        if self.free != NIL {
            let i = self.free;
            self.free = self.nodes[i as usize].next;
            self.nodes[i as usize] = node;
            i
        } else {
            self.nodes.push(node);
            // A pool of more than u32::MAX - 1 nodes would need more slots than
            // the node store can name.
            (self.nodes.len() - 1) as u32
        }
    }

    /// Puts the unlinked node `i` on the free list.
    #[inline]
    fn release(&mut self, i: u32) {
        let free = self.free;
        let n = &mut self.nodes[i as usize];
        n.prev = FREED;
        n.next = free;
        self.free = i;
        if self.finger == i {
            self.finger = NIL;
        }
    }

    /// Takes the linked node `i` out of the list (it stays allocated).
    #[inline]
    fn unlink(&mut self, i: u32) {
        let Node { prev, next, .. } = self.nodes[i as usize];
        if prev == NIL {
            self.head = next;
        } else {
            self.nodes[prev as usize].next = next;
        }
        if next == NIL {
            self.tail = prev;
        } else {
            self.nodes[next as usize].prev = prev;
        }
    }

    /// Links the unlinked node `i` into its place, walking from `start` (a linked
    /// node, or `NIL` for the head): after every entry it does not precede,
    /// before every entry it precedes.
    #[inline]
    fn link(&mut self, i: u32, start: u32) {
        let entry = self.nodes[i as usize].entry;
        self.finger = i;
        if self.tail == NIL {
            self.nodes[i as usize].prev = NIL;
            self.nodes[i as usize].next = NIL;
            self.head = i;
            self.tail = i;
            return;
        }
        // Nothing follows an entry that does not precede the tail.
        if !entry.precedes(&self.nodes[self.tail as usize].entry) {
            self.link_after(i, self.tail);
            return;
        }
        let mut at = if start == NIL { self.head } else { start };
        if entry.precedes(&self.nodes[at as usize].entry) {
            // Towards the head, while the entry before `at` is also preceded.
            loop {
                let prev = self.nodes[at as usize].prev;
                if prev == NIL || !entry.precedes(&self.nodes[prev as usize].entry) {
                    break;
                }
                at = prev;
            }
            self.link_before(i, at);
        } else {
            // Towards the tail, up to the last entry not preceded (the tail is
            // preceded, so the walk stops before it).
            loop {
                let next = self.nodes[at as usize].next;
                if entry.precedes(&self.nodes[next as usize].entry) {
                    break;
                }
                at = next;
            }
            self.link_after(i, at);
        }
    }

    /// Links node `i` right after the linked node `at`.
    #[inline]
    fn link_after(&mut self, i: u32, at: u32) {
        let next = self.nodes[at as usize].next;
        self.nodes[i as usize].prev = at;
        self.nodes[i as usize].next = next;
        self.nodes[at as usize].next = i;
        if next == NIL {
            self.tail = i;
        } else {
            self.nodes[next as usize].prev = i;
        }
    }

    /// Links node `i` right before the linked node `at`.
    #[inline]
    fn link_before(&mut self, i: u32, at: u32) {
        let prev = self.nodes[at as usize].prev;
        self.nodes[i as usize].prev = prev;
        self.nodes[i as usize].next = at;
        self.nodes[at as usize].prev = i;
        if prev == NIL {
            self.head = i;
        } else {
            self.nodes[prev as usize].next = i;
        }
    }

    /// The entries from head to tail; checks the links both ways on the way.
    #[cfg(test)]
    fn entries(&self) -> Vec<Entry<C>> {
        let mut out = Vec::new();
        let (mut prev, mut at) = (NIL, self.head);
        while at != NIL {
            let n = &self.nodes[at as usize];
            assert_eq!(n.prev, prev, "broken back link at node {at}");
            out.push(n.entry);
            (prev, at) = (at, n.next);
        }
        assert_eq!(self.tail, prev, "tail is not the last node");
        out
    }
}

impl<C: Cost> OpenSet<C> for SortedList<C> {
    #[inline]
    fn push(&mut self, entry: Entry<C>) {
        let i = self.alloc(entry);
        self.positions.set(entry.slot, i as usize);
        self.len += 1;
        self.link(i, self.finger);
    }

    #[inline]
    fn pop(&mut self) -> Option<Entry<C>> {
        let i = self.head;
        if i == NIL {
            return None;
        }
        self.unlink(i);
        self.release(i);
        self.len -= 1;
        Some(self.nodes[i as usize].entry)
    }

    /// Unlinks the slot's node and links it again with the new key, walking from
    /// its old neighbour; an unknown slot is pushed.
    #[inline]
    fn decrease_key(&mut self, entry: Entry<C>) {
        let Some(i) = self.node_of(entry.slot) else {
            self.push(entry);
            return;
        };
        let Node { prev, next, .. } = self.nodes[i as usize];
        self.unlink(i);
        self.nodes[i as usize].entry = entry;
        // Start next to the old place (the new key is usually a little better).
        self.link(i, if prev != NIL { prev } else { next });
    }

    #[inline]
    fn len(&self) -> usize {
        self.len
    }

    fn clear(&mut self) {
        self.nodes.clear();
        self.head = NIL;
        self.tail = NIL;
        self.free = NIL;
        self.finger = NIL;
        self.len = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn e(f: u32, g: u32, slot: u32) -> Entry<u32> {
        Entry { f, g, slot }
    }

    struct Lcg(u64);
    impl Lcg {
        fn next(&mut self, bound: u64) -> u64 {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (self.0 >> 33) % bound
        }
    }

    fn check_sorted<C: Cost>(list: &SortedList<C>) {
        let entries = list.entries();
        assert_eq!(entries.len(), list.len());
        for w in entries.windows(2) {
            assert!(!w[1].precedes(&w[0]), "{:?} before {:?}", w[0], w[1]);
        }
    }

    #[test]
    fn ties_go_to_the_larger_g_then_push_order() {
        let mut l = SortedList::new();
        for (slot, g) in [3u32, 9, 1, 9, 7].into_iter().enumerate() {
            l.push(e(10, g, slot as u32));
        }
        l.push(e(11, 20, 5));
        l.push(e(9, 0, 6));
        let out: Vec<_> = std::iter::from_fn(|| l.pop())
            .map(|x| (x.f, x.g, x.slot))
            .collect();
        assert_eq!(
            out,
            vec![
                (9, 0, 6),
                (10, 9, 1),
                (10, 9, 3),
                (10, 7, 4),
                (10, 3, 0),
                (10, 1, 2),
                (11, 20, 5)
            ]
        );
    }

    #[test]
    fn stays_sorted_under_random_ops_and_reuses_the_pool() {
        let mut rng = Lcg(11);
        let mut l = SortedList::<u32>::new();
        let mut live: Vec<Option<Entry<u32>>> = vec![None; 200];
        for step in 0..20_000 {
            let slot = rng.next(200) as u32;
            match rng.next(4) {
                0 | 1 => match live[slot as usize] {
                    None => {
                        let x = e(rng.next(100) as u32, rng.next(20) as u32, slot);
                        l.push(x);
                        live[slot as usize] = Some(x);
                    }
                    Some(old) => {
                        // Lower f, or the same f with a smaller g (a later place).
                        let x = if rng.next(2) == 0 {
                            e(old.f / 2, rng.next(20) as u32, slot)
                        } else {
                            e(old.f, old.g / 2, slot)
                        };
                        l.decrease_key(x);
                        live[slot as usize] = Some(x);
                    }
                },
                _ => {
                    if let Some(x) = l.pop() {
                        let best = live
                            .iter()
                            .flatten()
                            .copied()
                            .reduce(|a, b| if b.precedes(&a) { b } else { a })
                            .unwrap();
                        assert_eq!((x.f, x.g), (best.f, best.g));
                        assert_eq!(live[x.slot as usize], Some(x), "a stale entry came out");
                        live[x.slot as usize] = None;
                    }
                }
            }
            if step % 101 == 0 {
                check_sorted(&l);
                assert_eq!(l.len(), live.iter().flatten().count());
            }
        }
        // Exact decrease-key and free-slot reuse: never more nodes than slots.
        assert!(l.nodes.len() <= 200, "pool grew to {}", l.nodes.len());
    }

    #[test]
    fn decrease_key_moves_the_node_and_leaves_nothing_stale() {
        let mut l = SortedList::new();
        for slot in 0..10u32 {
            l.push(e(100 + slot, 50, slot));
        }
        l.decrease_key(e(50, 10, 7)); // to the head
        l.decrease_key(e(104, 20, 4)); // same f, smaller g: stays between 103 and 105
        l.decrease_key(e(1, 0, 42)); // unknown slot: pushed
        assert_eq!(l.len(), 11);
        assert_eq!(l.nodes.len(), 11, "decrease-key reuses the node");
        check_sorted(&l);
        let slots: Vec<u32> = std::iter::from_fn(|| l.pop()).map(|x| x.slot).collect();
        assert_eq!(slots, vec![42, 7, 0, 1, 2, 3, 4, 5, 6, 8, 9]);
    }

    #[test]
    fn popped_nodes_are_reused_and_clear_keeps_the_pool() {
        let mut l = SortedList::new();
        for slot in 0..64u32 {
            l.push(e(slot % 9, slot % 4, slot));
        }
        for _ in 0..32 {
            l.pop();
        }
        for slot in 64..96u32 {
            l.push(e(slot % 9, 0, slot));
        }
        assert_eq!(l.nodes.len(), 64, "the free nodes were taken first");
        let cap = l.nodes.capacity();
        l.clear();
        assert!(l.is_empty() && l.pop().is_none() && l.peek().is_none());
        assert!(!l.contains(70), "a cleared slot is not held");
        for slot in 0..64u32 {
            l.push(e(64 - slot, 0, slot));
        }
        assert_eq!(l.nodes.capacity(), cap);
        check_sorted(&l);
        assert_eq!(l.pop().map(|x| x.slot), Some(63));
    }

    #[test]
    fn float_keys() {
        let mut l = SortedList::new();
        let keys = [2.5f64, 0.25, 1e9, 0.0, 2.5, 1.75];
        for (slot, &f) in keys.iter().enumerate() {
            l.push(Entry {
                f,
                g: f / 2.0,
                slot: slot as u32,
            });
        }
        let fs: Vec<f64> = std::iter::from_fn(|| l.pop()).map(|x| x.f).collect();
        assert_eq!(fs, vec![0.0, 0.25, 1.75, 2.5, 2.5, 1e9]);
    }
}
