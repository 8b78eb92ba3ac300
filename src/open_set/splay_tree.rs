//! Splay tree: a self-adjusting binary search tree of entries in a `Vec` arena, top-down splayed.
//!
//! # Complexity
//! | push | pop-min | decrease-key | membership |
//! |---|---|---|---|
//! | O(log F) amortised | O(log F) amortised | O(log F) amortised, delete + reinsert | O(1), in the node store |
//!
//! # When to choose it
//! When the frontier has strong locality: a splay tree keeps recently touched keys
//! near the root, and A* pushes successors with keys close to the minimum it just
//! popped, so both ends of most operations are shallow. Decrease-key is exact (the
//! slot's node is found through a position-by-slot array, removed and reinserted),
//! so no stale entries accumulate. It does more pointer chasing per operation than
//! the re-push [`LazyBinaryHeap`](super::LazyBinaryHeap), which usually stays faster on grids.
//!
//! Keys are `(f, larger g first, slot)`, unique per live node. Nodes live in a
//! `Vec` with `u32` links and a free list: after warm-up a push allocates nothing.
//!
//! # Monotone keys
//! When keys arrive in increasing order (a consistent heuristic with few ties makes
//! `f` grow monotonically), every insert lands at the maximum and becomes the new
//! root with the old tree as its left child: between splays the tree degenerates
//! into a path. The next pop-min then walks the whole path (O(F) for that one
//! operation), but the splay halves the depth of every node on it, so the
//! amortised bound O(log F) per operation still holds: each operation is still
//! cheap on average, only individual pops are slow. The unit test
//! `monotone_inserts_build_a_path_that_one_pop_halves` checks this shape (depth
//! `F` after `F` increasing pushes, about `F / 2` after the first pop). In practice
//! the monotone case is fast, not slow: popping keys in the order they were
//! inserted is the splay tree's sequential-access case (O(F) for the whole run),
//! and in measurements 100,000 increasing pushes followed by 100,000 pops ran
//! about 15 times faster than the same with random keys. Random keys are its
//! weak case (about 4 times slower than the binary heap there).

use core::cmp::Ordering;

use super::slot_positions::SlotPositions;
use super::{Entry, OpenSet};
use crate::cost::Cost;

/// No node.
const NIL: u32 = u32::MAX;
/// `right` link of a node on the free list.
const FREED: u32 = u32::MAX - 1;

#[derive(Clone, Copy, Debug)]
struct Node<C> {
    entry: Entry<C>,
    left: u32,
    /// `FREED` when the node is on the free list (then `left` is the next free node).
    right: u32,
}

/// The search-tree order: smaller `f`, then larger `g`, then smaller slot.
#[inline(always)]
fn key_cmp<C: Cost>(a: &Entry<C>, b: &Entry<C>) -> Ordering {
    (a.f.to_key(), b.g.to_key())
        .cmp(&(b.f.to_key(), a.g.to_key()))
        .then_with(|| a.slot.cmp(&b.slot))
}

/// An open set stored as a splay tree.
#[derive(Clone, Debug)]
pub struct SplayTree<C> {
    nodes: Vec<Node<C>>,
    root: u32,
    free: u32,
    len: usize,
    positions: SlotPositions,
}

impl<C> Default for SplayTree<C> {
    fn default() -> Self {
        SplayTree {
            nodes: Vec::new(),
            root: NIL,
            free: NIL,
            len: 0,
            positions: SlotPositions::new(),
        }
    }
}

impl<C: Cost> SplayTree<C> {
    /// An empty tree.
    ///
    /// # Example
    /// ```
    /// use pathseek::open_set::{OpenSet, SplayTree};
    /// let open = SplayTree::<u32>::new();
    /// assert!(open.is_empty());
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// An empty tree with room for `capacity` nodes.
    ///
    /// # Example
    /// ```
    /// use pathseek::open_set::{Entry, OpenSet, SplayTree};
    /// let mut open = SplayTree::<f64>::with_capacity(1024);
    /// open.push(Entry { f: 1.5, g: 0.5, slot: 2 });
    /// assert_eq!(open.len(), 1);
    /// ```
    pub fn with_capacity(capacity: usize) -> Self {
        SplayTree {
            nodes: Vec::with_capacity(capacity),
            ..Self::default()
        }
    }

    /// `true` if the tree holds an entry for `slot`.
    ///
    /// # Example
    /// ```
    /// use pathseek::open_set::{Entry, OpenSet, SplayTree};
    /// let mut open = SplayTree::new();
    /// open.push(Entry { f: 4u32, g: 1, slot: 6 });
    /// assert!(open.contains(6) && !open.contains(5));
    /// ```
    pub fn contains(&self, slot: u32) -> bool {
        self.node_of(slot).is_some()
    }

    /// The arena index of the live node holding `slot`, if any.
    #[inline]
    fn node_of(&self, slot: u32) -> Option<u32> {
        self.positions
            .find(slot, |p| {
                self.nodes
                    .get(p)
                    .is_some_and(|n| n.right != FREED && n.entry.slot == slot)
            })
            .map(|p| p as u32)
    }

    fn alloc(&mut self, entry: Entry<C>) -> u32 {
        let node = Node {
            entry,
            left: NIL,
            right: NIL,
        };
        if self.free != NIL {
            let i = self.free;
            self.free = self.nodes[i as usize].left;
            self.nodes[i as usize] = node;
            i
        } else {
            self.nodes.push(node);
            (self.nodes.len() - 1) as u32
        }
    }

    fn release(&mut self, i: u32) {
        let n = &mut self.nodes[i as usize];
        n.left = self.free;
        n.right = FREED;
        self.free = i;
    }

    /// Top-down splay of the subtree rooted at `t`: `dir(node)` says where the
    /// target lies relative to `node` (`Less`: to its left). Returns the new root,
    /// the last node visited on the search path.
    fn splay(&mut self, mut t: u32, dir: impl Fn(&Entry<C>) -> Ordering) -> u32 {
        if t == NIL {
            return NIL;
        }
        // Left tree: nodes smaller than the target, linked through `right`, with
        // `l_last` its maximum; right tree symmetric.
        let (mut roots, mut lasts) = ([NIL; 2], [NIL; 2]);
        loop {
            // Side 0 is the left child, 1 the right; the search goes to side `s`.
            let s = match dir(&self.nodes[t as usize].entry) {
                Ordering::Less => 0,
                Ordering::Greater => 1,
                Ordering::Equal => break,
            };
            let mut next = self.child(t, s);
            if next == NIL {
                break;
            }
            if dir(&self.nodes[next as usize].entry) == [Ordering::Less, Ordering::Greater][s] {
                // Zig-zig: rotate away from side `s`.
                let inner = self.child(next, 1 - s);
                self.set_child(t, s, inner);
                self.set_child(next, 1 - s, t);
                t = next;
                next = self.child(t, s);
                if next == NIL {
                    break;
                }
            }
            // Link `t` into the tree on the other side (left of it: the right tree).
            let o = 1 - s;
            if roots[o] == NIL {
                roots[o] = t;
            } else {
                self.set_child(lasts[o], s, t);
            }
            lasts[o] = t;
            t = next;
        }
        let [l_root, r_root] = roots;
        let [l_last, r_last] = lasts;
        let Node { left, right, .. } = self.nodes[t as usize];
        if l_root != NIL {
            self.nodes[l_last as usize].right = left;
            self.nodes[t as usize].left = l_root;
        }
        if r_root != NIL {
            self.nodes[r_last as usize].left = right;
            self.nodes[t as usize].right = r_root;
        }
        t
    }

    /// The child of node `i` on side `s` (0: left, 1: right).
    #[inline(always)]
    fn child(&self, i: u32, s: usize) -> u32 {
        let n = &self.nodes[i as usize];
        if s == 0 {
            n.left
        } else {
            n.right
        }
    }

    /// Sets the child of node `i` on side `s` (0: left, 1: right).
    #[inline(always)]
    fn set_child(&mut self, i: u32, s: usize, child: u32) {
        let n = &mut self.nodes[i as usize];
        if s == 0 {
            n.left = child;
        } else {
            n.right = child;
        }
    }

    /// Unlinks the root and returns the root of the remaining tree.
    fn remove_root(&mut self) -> u32 {
        let Node { left, right, .. } = self.nodes[self.root as usize];
        if left == NIL {
            return right;
        }
        // Splay the maximum of the left subtree to its top; it has no right child.
        let top = self.splay(left, |_| Ordering::Greater);
        self.nodes[top as usize].right = right;
        top
    }

    /// Removes the live node `i` (whose key is in the tree).
    fn remove_node(&mut self, i: u32) {
        let key = self.nodes[i as usize].entry;
        self.root = self.splay(self.root, |n| key_cmp(&key, n));
        // The root now has `key`. It is `i` itself unless an identical entry was
        // pushed twice, and removing that twin instead is equivalent.
        let old = self.root;
        self.root = self.remove_root();
        self.release(old);
        self.len -= 1;
    }

    #[cfg(test)]
    fn depth(&self) -> usize {
        fn go<C>(nodes: &[Node<C>], t: u32) -> usize {
            if t == NIL {
                0
            } else {
                let n = &nodes[t as usize];
                1 + go(nodes, n.left).max(go(nodes, n.right))
            }
        }
        go(&self.nodes, self.root)
    }

    /// In-order entries; checks the BST order on the way.
    #[cfg(test)]
    fn in_order(&self) -> Vec<Entry<C>> {
        let mut out = Vec::new();
        let mut stack = Vec::new();
        let mut t = self.root;
        while t != NIL || !stack.is_empty() {
            while t != NIL {
                stack.push(t);
                t = self.nodes[t as usize].left;
            }
            let n = stack.pop().unwrap();
            out.push(self.nodes[n as usize].entry);
            t = self.nodes[n as usize].right;
        }
        out
    }
}

impl<C: Cost> OpenSet<C> for SplayTree<C> {
    fn push(&mut self, entry: Entry<C>) {
        let i = self.alloc(entry);
        self.positions.set(entry.slot, i as usize);
        self.len += 1;
        if self.root == NIL {
            self.root = i;
            return;
        }
        let root = self.splay(self.root, |n| key_cmp(&entry, n));
        let r = self.nodes[root as usize];
        if key_cmp(&entry, &r.entry) == Ordering::Less {
            self.nodes[i as usize].left = r.left;
            self.nodes[i as usize].right = root;
            self.nodes[root as usize].left = NIL;
        } else {
            self.nodes[i as usize].right = r.right;
            self.nodes[i as usize].left = root;
            self.nodes[root as usize].right = NIL;
        }
        self.root = i;
    }

    fn pop(&mut self) -> Option<Entry<C>> {
        if self.root == NIL {
            return None;
        }
        self.root = self.splay(self.root, |_| Ordering::Less);
        let min = self.root;
        // The minimum has no left child: its right subtree is the rest.
        self.root = self.nodes[min as usize].right;
        let entry = self.nodes[min as usize].entry;
        self.release(min);
        self.len -= 1;
        Some(entry)
    }

    /// Removes the slot's node and reinserts it with the new key; an unknown slot
    /// is pushed.
    fn decrease_key(&mut self, entry: Entry<C>) {
        if let Some(i) = self.node_of(entry.slot) {
            self.remove_node(i);
        }
        self.push(entry);
    }

    #[inline]
    fn len(&self) -> usize {
        self.len
    }

    fn clear(&mut self) {
        self.nodes.clear();
        self.root = NIL;
        self.free = NIL;
        self.len = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

    fn check_shape<C: Cost>(t: &SplayTree<C>) {
        let items = t.in_order();
        assert_eq!(items.len(), t.len());
        for w in items.windows(2) {
            assert_eq!(key_cmp(&w[0], &w[1]), Ordering::Less, "{w:?} out of order");
        }
    }

    #[test]
    fn stays_a_valid_bst_under_random_ops() {
        let mut rng = Lcg(3);
        let mut t = SplayTree::<u32>::new();
        let mut live: Vec<Option<Entry<u32>>> = vec![None; 300];
        for step in 0..20_000 {
            let slot = rng.next(300) as u32;
            match rng.next(4) {
                0 | 1 => match live[slot as usize] {
                    None => {
                        let e = Entry {
                            f: rng.next(100) as u32,
                            g: rng.next(20) as u32,
                            slot,
                        };
                        t.push(e);
                        live[slot as usize] = Some(e);
                    }
                    Some(old) => {
                        let e = Entry {
                            f: old.f / 2,
                            g: rng.next(20) as u32,
                            slot,
                        };
                        t.decrease_key(e);
                        live[slot as usize] = Some(e);
                    }
                },
                _ => {
                    if let Some(e) = t.pop() {
                        let best = live.iter().flatten().min_by(|a, b| key_cmp(a, b)).copied();
                        assert_eq!(Some(e), best);
                        live[e.slot as usize] = None;
                    }
                }
            }
            if step % 97 == 0 {
                check_shape(&t);
                assert_eq!(t.len(), live.iter().flatten().count());
            }
        }
        // Freed nodes were reused: the arena never outgrew the live maximum.
        assert!(t.nodes.len() <= 300);
    }

    #[test]
    fn monotone_inserts_build_a_path_that_one_pop_halves() {
        let n = 1024u32;
        let mut t = SplayTree::new();
        for slot in 0..n {
            t.push(Entry {
                f: slot as f64,
                g: 0.0,
                slot,
            });
        }
        // Each insert became the root with the old tree as its left child.
        assert_eq!(t.depth(), n as usize);
        assert_eq!(t.pop().map(|e| e.slot), Some(0));
        let d = t.depth();
        assert!(
            d <= n as usize / 2 + 2,
            "depth {d} after splaying the deepest node"
        );
        check_shape(&t);
        // The rest still drains in order.
        for slot in 1..n {
            assert_eq!(t.pop().map(|e| e.slot), Some(slot));
        }
        assert!(t.pop().is_none());
    }

    #[test]
    fn equal_keys_and_duplicate_pushes_do_not_break_it() {
        let mut t = SplayTree::new();
        for _ in 0..3 {
            t.push(Entry {
                f: 5u32,
                g: 2,
                slot: 1,
            });
        }
        t.push(Entry {
            f: 5u32,
            g: 2,
            slot: 0,
        });
        t.decrease_key(Entry {
            f: 1u32,
            g: 1,
            slot: 1,
        });
        assert_eq!(t.len(), 4);
        let out: Vec<_> = std::iter::from_fn(|| t.pop())
            .map(|e| (e.f, e.slot))
            .collect();
        assert_eq!(out, vec![(1, 1), (5, 0), (5, 1), (5, 1)]);
    }

    #[test]
    fn clear_reuses_the_arena() {
        let mut t = SplayTree::new();
        for slot in 0..100u32 {
            t.push(Entry {
                f: slot % 7,
                g: 0,
                slot,
            });
        }
        let cap = t.nodes.capacity();
        t.clear();
        assert!(t.is_empty() && t.pop().is_none() && !t.contains(3));
        for slot in 0..100u32 {
            t.push(Entry {
                f: 100 - slot,
                g: 0,
                slot,
            });
        }
        assert_eq!(t.nodes.capacity(), cap);
        assert_eq!(t.pop().map(|e| e.slot), Some(99));
    }
}
