//! Skip list: a sorted linked list of entries with express lanes above it, nodes and their towers of links in `Vec` pools.
//!
//! # Complexity
//! | push | pop-min | decrease-key | membership |
//! |---|---|---|---|
//! | O(log F) expected | O(1) expected | as push (re-push) | O(1), in the node store |
//!
//! # How it works
//! Level 0 is a singly linked list of every entry in pop order (smallest `f`
//! first, ties to the larger `g`, then push order); each higher level links a
//! quarter of the level below it, so a push skips ahead a lane at a time and
//! compares about `2 log2 F` entries. The minimum is the first node of every
//! level it is on, so pop-min just repoints the head's links past it: about
//! 4/3 writes on average, no search.
//!
//! A node's height is drawn when its pool slot is created, from a small
//! xorshift generator with a fixed seed inside the list (the same pushes give the
//! same shape, run after run), and is kept when the slot is reused: a popped
//! node goes on a free list with its tower of links, the next push takes it, and
//! the pool of links never grows once the list has held as many entries as it
//! will. [`clear`](OpenSet::clear) keeps both pools and their towers. Heights do
//! not depend on keys, which is all the expected bounds need.
//!
//! Decrease-key is a re-push: the old entry stays and the core skips it when it
//! comes out. Removing it instead would mean a second search for the old node's
//! predecessors on every level.
//!
//! # When to choose it
//! When a sorted frontier is wanted without the [`SortedList`](super::SortedList)'s
//! linear walks, or as a point of comparison: a skip list follows about twice as
//! many links as a heap does levels, each link a likely cache miss (a node's key
//! and its tower are in two vectors), and its re-push decrease-key leaves stale
//! entries (up to ten times the live frontier on den520d), so the array heaps
//! stay faster: it took 1.3 to 2.5 times the [`BinaryHeap`](super::BinaryHeap)'s
//! time in every measurement, closest with the largest frontiers (1.27 at sixty
//! thousand entries). It beats the [`SortedVec`](super::SortedVec) once
//! frontiers reach a few thousand entries and loses to it below.

use super::{Entry, OpenSet};
use crate::cost::Cost;

/// No node.
const NIL: u32 = u32::MAX;
/// Most levels a node (and the list) can have: with one node in four promoted,
/// 16 levels serve lists of 4^16 entries.
const MAX_HEIGHT: usize = 16;
/// The seed of the height generator (any non-zero value).
const SEED: u64 = 0x9E37_79B9_7F4A_7C15;

#[derive(Clone, Copy, Debug)]
struct Node<C> {
    entry: Entry<C>,
    /// Index in `links` of the node's level-0 link; its level-`l` link is at
    /// `base + l`. On the free list the level-0 link is the next free node.
    base: u32,
    /// Number of levels the node is on (1 to `MAX_HEIGHT`).
    height: u32,
}

/// An open set stored as a skip list.
#[derive(Clone, Debug)]
pub struct SkipList<C> {
    nodes: Vec<Node<C>>,
    /// Every tower of next-links: the head's at `0..MAX_HEIGHT`, then one per
    /// pool node.
    links: Vec<u32>,
    /// Pool nodes handed out since the last clear; `nodes[used..]` are idle,
    /// towers built, for the next pushes.
    used: u32,
    /// The first node of the free list.
    free: u32,
    /// Levels in use: the head's links at and above this level are `NIL`.
    levels: usize,
    len: usize,
    /// The height generator's state (xorshift64).
    rng: u64,
}

impl<C> Default for SkipList<C> {
    fn default() -> Self {
        SkipList {
            nodes: Vec::new(),
            links: vec![NIL; MAX_HEIGHT],
            used: 0,
            free: NIL,
            levels: 1,
            len: 0,
            rng: SEED,
        }
    }
}

impl<C: Cost> SkipList<C> {
    /// An empty skip list.
    ///
    /// # Example
    /// ```
    /// use pathseek::open_set::{OpenSet, SkipList};
    /// let open = SkipList::<u32>::new();
    /// assert!(open.is_empty());
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// An empty skip list whose pool already holds `capacity` idle nodes with
    /// their towers: the first `capacity` pushes allocate nothing.
    ///
    /// # Example
    /// ```
    /// use pathseek::open_set::{Entry, OpenSet, SkipList};
    /// let mut open = SkipList::<f64>::with_capacity(1024);
    /// open.push(Entry { f: 1.5, g: 0.5, slot: 2 });
    /// assert_eq!(open.len(), 1);
    /// ```
    pub fn with_capacity(capacity: usize) -> Self {
        let mut list = Self::default();
        list.nodes.reserve_exact(capacity);
        // 4/3 links per node on average.
        list.links.reserve(capacity + capacity / 3);
        let idle = Entry {
            f: C::zero(),
            g: C::zero(),
            slot: NIL,
        };
        for _ in 0..capacity {
            list.add_node(idle);
        }
        list.used = 0;
        list
    }

    /// The entry the next [`pop`](OpenSet::pop) returns, if any.
    ///
    /// # Example
    /// ```
    /// use pathseek::open_set::{Entry, OpenSet, SkipList};
    /// let mut open = SkipList::new();
    /// open.push(Entry { f: 7u32, g: 2, slot: 0 });
    /// open.push(Entry { f: 4u32, g: 1, slot: 1 });
    /// assert_eq!(open.peek().map(|e| e.slot), Some(1));
    /// ```
    pub fn peek(&self) -> Option<&Entry<C>> {
        self.nodes.get(self.links[0] as usize).map(|n| &n.entry)
    }

    /// A height for a new pool node: 1, plus one per further level with
    /// probability 1/4 each (two zero bits of a xorshift64 draw per level).
    fn draw_height(&mut self) -> u32 {
        let mut x = self.rng;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.rng = x;
        (1 + x.trailing_zeros() / 2).min(MAX_HEIGHT as u32)
    }

    /// A node holding `entry`: from the free list, else the next pool node
    /// not handed out since the last clear, else a new one with a fresh tower.
    #[inline]
    fn alloc(&mut self, entry: Entry<C>) -> u32 {
        let i = if self.free != NIL {
            let i = self.free;
            self.free = self.links[self.nodes[i as usize].base as usize];
            i
        } else if (self.used as usize) < self.nodes.len() {
            self.used += 1;
            self.used - 1
        } else {
            return self.add_node(entry);
        };
        self.nodes[i as usize].entry = entry;
        i
    }

    /// Adds a pool node holding `entry` with a fresh tower, handed out.
    #[cold]
    fn add_node(&mut self, entry: Entry<C>) -> u32 {
        let height = self.draw_height();
        // Links and nodes are bounded by the node store's u32 slots.
        let base = self.links.len() as u32;
        self.links.resize(self.links.len() + height as usize, NIL);
        self.nodes.push(Node {
            entry,
            base,
            height,
        });
        self.used = self.nodes.len() as u32;
        self.used - 1
    }

    /// The entries in level-0 order; checks that every level is in order and a
    /// sublist of the one below.
    #[cfg(test)]
    fn entries(&self) -> Vec<Entry<C>> {
        let walk = |level: usize| {
            let mut out = Vec::new();
            let mut at = self.links[level];
            while at != NIL {
                let n = &self.nodes[at as usize];
                assert!(level < n.height as usize);
                out.push(at);
                at = self.links[n.base as usize + level];
            }
            out
        };
        let base = walk(0);
        for level in 1..MAX_HEIGHT {
            let lane = walk(level);
            assert!(
                level < self.levels || lane.is_empty(),
                "level {level} unused"
            );
            let mut below = base.iter();
            for i in lane {
                assert!(below.any(|&j| j == i), "level {level} out of order");
            }
        }
        base.iter().map(|&i| self.nodes[i as usize].entry).collect()
    }
}

impl<C: Cost> OpenSet<C> for SkipList<C> {
    fn push(&mut self, entry: Entry<C>) {
        let i = self.alloc(entry);
        let Node { base, height, .. } = self.nodes[i as usize];
        let (base, height) = (base as usize, height as usize);
        // `update[l]`: the index in `links` of the level-`l` link to point at
        // the new node (the head's links are at 0..MAX_HEIGHT).
        let mut update = [0usize; MAX_HEIGHT];
        for (l, u) in update.iter_mut().enumerate() {
            *u = l;
        }
        // From the top level down: move right past every entry that the new one
        // does not precede (equal keys stay ahead of it).
        let mut at = 0usize; // the tower the search stands on (the head's)
        for l in (0..self.levels).rev() {
            loop {
                let next = self.links[at + l];
                if next == NIL {
                    break;
                }
                let n = &self.nodes[next as usize];
                if entry.precedes(&n.entry) {
                    break;
                }
                at = n.base as usize;
            }
            update[l] = at + l;
        }
        for (l, &u) in update.iter().enumerate().take(height) {
            self.links[base + l] = self.links[u];
            self.links[u] = i;
        }
        self.levels = self.levels.max(height);
        self.len += 1;
    }

    fn pop(&mut self) -> Option<Entry<C>> {
        let first = self.links[0];
        if first == NIL {
            return None;
        }
        let Node {
            entry,
            base,
            height,
        } = self.nodes[first as usize];
        let base = base as usize;
        // The minimum is first on each of its levels.
        for l in 0..height as usize {
            self.links[l] = self.links[base + l];
        }
        while self.levels > 1 && self.links[self.levels - 1] == NIL {
            self.levels -= 1;
        }
        self.links[base] = self.free;
        self.free = first;
        self.len -= 1;
        Some(entry)
    }

    #[inline]
    fn len(&self) -> usize {
        self.len
    }

    fn clear(&mut self) {
        self.links[..MAX_HEIGHT].fill(NIL);
        self.used = 0;
        self.free = NIL;
        self.levels = 1;
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

    fn check_sorted<C: Cost>(list: &SkipList<C>) {
        let entries = list.entries();
        assert_eq!(entries.len(), list.len());
        for w in entries.windows(2) {
            assert!(!w[1].precedes(&w[0]), "{:?} before {:?}", w[0], w[1]);
        }
    }

    #[test]
    fn ties_go_to_the_larger_g_then_push_order() {
        let mut s = SkipList::new();
        for (slot, g) in [3u32, 9, 1, 9, 7].into_iter().enumerate() {
            s.push(e(10, g, slot as u32));
        }
        s.push(e(11, 20, 5));
        s.push(e(9, 0, 6));
        let out: Vec<_> = std::iter::from_fn(|| s.pop())
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
    fn levels_stay_ordered_under_random_pushes_and_pops() {
        let mut rng = Lcg(5);
        let mut s = SkipList::<u32>::new();
        let mut model: Vec<(u32, u32)> = Vec::new();
        for step in 0..30_000u32 {
            if rng.next(3) < 2 {
                let x = e(rng.next(500) as u32, rng.next(30) as u32, step);
                s.push(x);
                model.push((x.f, x.g));
            } else if let Some(x) = s.pop() {
                let best = model
                    .iter()
                    .enumerate()
                    .min_by_key(|&(_, &(f, g))| (f, std::cmp::Reverse(g)))
                    .map(|(i, _)| i)
                    .unwrap();
                assert_eq!((x.f, x.g), model.swap_remove(best));
            }
            if step % 499 == 0 {
                check_sorted(&s);
            }
        }
        check_sorted(&s);
        assert!(s.levels >= 4, "{} levels for {} entries", s.levels, s.len());
        // The pool is the peak number of entries held, no more.
        assert!(s.nodes.len() <= 30_000 / 3 * 2 && s.nodes.len() >= s.len());
    }

    #[test]
    fn popped_towers_are_reused_and_clear_keeps_them() {
        let mut s = SkipList::new();
        for slot in 0..1000u32 {
            s.push(e(slot % 37, slot % 5, slot));
        }
        let (nodes, links) = (s.nodes.len(), s.links.len());
        let heights: Vec<u32> = s.nodes.iter().map(|n| n.height).collect();
        for _ in 0..600 {
            s.pop();
        }
        for slot in 0..600u32 {
            s.push(e(40 + slot % 11, 0, slot));
        }
        assert_eq!((s.nodes.len(), s.links.len()), (nodes, links));
        let cap = (s.nodes.capacity(), s.links.capacity());
        s.clear();
        assert!(s.is_empty() && s.pop().is_none() && s.peek().is_none());
        for slot in 0..1000u32 {
            s.push(e(1000 - slot, 0, slot));
        }
        check_sorted(&s);
        assert_eq!((s.nodes.len(), s.links.len()), (nodes, links));
        assert_eq!((s.nodes.capacity(), s.links.capacity()), cap);
        // Every pool node kept the height drawn for it.
        assert!(s.nodes.iter().map(|n| n.height).eq(heights));
        assert_eq!(s.pop().map(|x| x.slot), Some(999));
    }

    #[test]
    fn heights_are_geometric_and_seeded() {
        let mut a = SkipList::<u32>::new();
        let mut counts = [0usize; MAX_HEIGHT + 1];
        for _ in 0..100_000 {
            counts[a.draw_height() as usize] += 1;
        }
        // About 3/4 at height 1, 3/16 at 2, 3/64 at 3.
        assert!((73_000..77_000).contains(&counts[1]), "{counts:?}");
        assert!((17_500..20_000).contains(&counts[2]), "{counts:?}");
        assert!((4_000..5_400).contains(&counts[3]), "{counts:?}");
        let mut b = SkipList::<u32>::new();
        let mut c = SkipList::<u32>::new();
        assert!((0..100).all(|_| b.draw_height() == c.draw_height()));
    }

    #[test]
    fn decrease_key_re_pushes() {
        let mut s = SkipList::new();
        s.push(e(10, 1, 0));
        s.decrease_key(e(5, 1, 0));
        assert_eq!(s.len(), 2);
        assert_eq!(s.pop(), Some(e(5, 1, 0)));
        assert_eq!(s.pop(), Some(e(10, 1, 0))); // the stale one, for the core to skip
    }

    #[test]
    fn float_keys() {
        let mut s = SkipList::new();
        let keys = [2.5f64, 0.25, 1e9, 0.0, 2.5, 1.75];
        for (slot, &f) in keys.iter().enumerate() {
            s.push(Entry {
                f,
                g: f / 2.0,
                slot: slot as u32,
            });
        }
        let fs: Vec<f64> = std::iter::from_fn(|| s.pop()).map(|x| x.f).collect();
        assert_eq!(fs, vec![0.0, 0.25, 1.75, 2.5, 2.5, 1e9]);
    }
}
