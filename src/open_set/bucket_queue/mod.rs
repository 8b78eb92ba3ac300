//! [`BucketQueue`]: one bucket per `f` value in a circular window, and a
//! bitmap to find the next non-empty bucket.

use super::implicit_heap::{self as sift, NoHook};
use super::slot_positions::SlotPositions;
use super::{Entry, OpenSet};
use crate::cost::{is_float, Cost, OrderKey};

/// The largest window: 2^20 buckets.
const MAX_BUCKETS: u64 = 1 << 20;

/// A circular bucket queue over integer `f` values, with a side heap for
/// keys outside its window.
///
/// The documents' O(1) frontier: "if C is
/// small, set K = C: the smallest bucket need not even be a heap; insert and
/// remove-best are O(1)".
///
/// With a consistent heuristic every `f` pushed lies within twice the
/// largest edge cost of the last `f` popped (`f(v) = f(u) + c + h(v) - h(u)
/// <= f(u) + 2c`), so a window of `K > 2 * max_edge` keys, one bucket per
/// key, holds the whole frontier. Every bucketed entry is a node of one
/// pool (a single `Vec`, freed nodes reused through a free list), linked into
/// its bucket's doubly-linked list; a slot -> node map (validated on read,
/// never reset) finds a node again. A push is a bucket index and a link at
/// the list's head; a decrease-key unlinks the node from its old bucket and
/// links it into the new one, so the window never holds stale entries; a pop
/// takes the first non-empty bucket at or after the current minimum (a scan
/// of the bitmap, usually its first word). All entries of a bucket share one
/// `f`; when a bucket's turn comes its nodes are moved to the bucket being
/// popped, a `Vec` of node indexes sorted by `g` once (largest last), so ties
/// go to the larger `g` as in every open set here, and a pop takes the last
/// entry. With a consistent heuristic a push into the bucket being popped
/// comes from expanding its last entry, so it has the largest `g` and goes at
/// the end (otherwise it is inserted in place), and no entry of that bucket
/// is ever decreased (its new `f` would be below the minimum).
///
/// Keys outside the window (below the current minimum: a reopened node under
/// an inconsistent heuristic; or beyond it: an edge longer than declared)
/// go into a side binary heap, compared with the buckets at each pop, so the
/// order stays exact whatever is pushed. A decrease-key of an entry in the
/// side heap is a re-push there (the A* core skips the old entry as stale,
/// and [`len`](OpenSet::len) counts it until then); one that moves a bucketed
/// entry out of the window takes it out of its bucket first.
///
/// # Complexity
/// | push | pop-min | decrease-key | membership |
/// |---|---|---|---|
/// | O(1) in the window (O(log S) outside; O(b) into the bucket being popped when its `g` is not the largest) | O(1) amortized for a consistent heuristic: a bitmap scan from the last minimum, and a sort of each bucket of `b` equal-`f` entries when its turn comes, O(b log b) | O(1) in the window: unlink from the old bucket, link into the new one (O(b) for an entry of the bucket being popped, which a consistent heuristic never decreases; a re-push for an entry of the side heap) | O(1), in the node store |
///
/// # When to choose it
/// Integer costs with a small largest edge cost: grids with costs such as
/// 2 / 3, 10 / 14, or the Pell pair 2378 / 3363 that orders octile paths
/// exactly on maps of the MovingAI sizes ([`GridCosts::pell_octile`](crate::GridCosts#method.pell_octile)),
/// and fixed-point [`Length`](crate::Length) (its diagonal, 19601 units, makes a window of 65,536 buckets).
/// Memory: `K` buckets (`K` the power of two above `2 * max_edge`, a 4-byte
/// list head each) and a bit per bucket, a pool node per bucketed entry
/// (the entry and two 4-byte links: 20 bytes with 32-bit costs), and 4 bytes
/// per slot for the slot -> node map (grown to the largest slot seen). With float costs, or a largest
/// edge above 2^19 (the window would pass a million buckets), every entry
/// goes to the side heap: correct, and as fast as a binary heap.
///
/// Measured on the den520d scenarios with the Pell costs (callgrind, every
/// 8th scenario, `profile --config bucket-pell`, the same 471,022
/// expansions): 364.9 million instructions, against 387.1 million for
/// [`DaryHeap`](super::DaryHeap) on the same grid, and 450.3 million for
/// this queue when its decrease-key was a re-push (stale entries pushed,
/// sorted, popped and skipped; 8,192 bucket vectors growing apart). Its
/// push and decrease-key cost more than the heap's (a pool node, two links,
/// the bitmap); its pop, a bitmap scan per bucket and a sort of 3 or 4
/// entries on average, costs less.
///
/// # Example
/// ```
/// use pathseek::open_set::{BucketQueue, Entry, OpenSet};
/// let mut open = BucketQueue::with_max_edge_cost(3u32);
/// open.push(Entry { f: 12, g: 2, slot: 0 });
/// open.push(Entry { f: 10, g: 1, slot: 1 });
/// open.push(Entry { f: 10, g: 4, slot: 2 });
/// let order: Vec<u32> = std::iter::from_fn(|| open.pop().map(|e| e.slot)).collect();
/// assert_eq!(order, [2, 1, 0]); // f 10 first, the larger g first among equals
/// ```
#[derive(Clone, Debug)]
pub struct BucketQueue<C> {
    /// `heads[k & mask]`: the first node of the list of bucket `k`, for keys
    /// `k` in `base + 1..base + K` (`NIL`: empty). The list of `base` is
    /// always empty: that bucket's entries are in `current`.
    heads: Vec<u32>,
    /// Bit `i` of word `i / 64`: the list of bucket `i` is not empty.
    occupied: Vec<u64>,
    /// Bit `w` of word `w / 64`: word `w` of `occupied` is not zero.
    summary: Vec<u64>,
    /// `K - 1` (`K` a power of two); unused when `heads` is empty.
    mask: u64,
    /// The window's first key: no bucketed key is below it.
    base: u64,
    /// The one pool of every bucket's entries: doubly-linked list nodes,
    /// freed nodes chained from `free` (and reused first).
    nodes: Vec<Node<C>>,
    /// The first free node of `nodes` (`NIL`: none).
    free: u32,
    /// The bucket being popped (key `base`): its nodes, sorted by `g`,
    /// largest last.
    current: Vec<u32>,
    /// `positions[slot]`: the node of `slot`'s entry, when it is bucketed
    /// (never reset; validated on read, see [`SlotPositions`]).
    positions: SlotPositions,
    /// Entries in the buckets (`current` included).
    bucketed: usize,
    /// Binary heap of the entries whose key was outside the window.
    side: Vec<Entry<C>>,
}

/// No node: the end of a list, an empty bucket, an empty free list.
const NIL: u32 = u32::MAX;
/// `prev` of a node on the free list.
const FREE: u32 = u32::MAX - 1;
/// `prev` of a node of the bucket being popped (in `current`, not a list).
const CURRENT: u32 = u32::MAX - 2;
/// Node indexes stay below the markers.
const MAX_NODES: usize = (u32::MAX - 2) as usize;

/// One bucketed entry: a node of its bucket's doubly-linked list.
#[derive(Clone, Copy, Debug)]
struct Node<C> {
    entry: Entry<C>,
    /// The previous node of the list (`NIL`: the bucket's head), or `FREE`,
    /// or `CURRENT`.
    prev: u32,
    /// The next node of the list or of the free list (`NIL`: the last).
    next: u32,
}

impl<C: Cost> Default for BucketQueue<C> {
    fn default() -> Self {
        BucketQueue {
            heads: Vec::new(),
            occupied: Vec::new(),
            summary: Vec::new(),
            mask: 0,
            base: 0,
            nodes: Vec::new(),
            free: NIL,
            current: Vec::new(),
            positions: SlotPositions::new(),
            bucketed: 0,
            side: Vec::new(),
        }
    }
}

impl<C: Cost> BucketQueue<C> {
    /// An untuned bucket queue: no window, so every entry goes to its side
    /// heap (a binary heap). Use [`with_max_edge_cost`](Self::with_max_edge_cost).
    ///
    /// # Example
    /// ```
    /// use pathseek::open_set::{BucketQueue, OpenSet};
    /// let open = BucketQueue::<u32>::new();
    /// assert_eq!((open.buckets(), open.len()), (0, 0));
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// A bucket queue for graphs whose edges cost at most `max_edge`: a
    /// window of the power of two above `2 * max_edge` keys. With float
    /// costs or a `max_edge` above 2^19 it keeps everything in its side
    /// heap (see [`BucketQueue`]).
    ///
    /// # Example
    /// ```
    /// use pathseek::open_set::{BucketQueue, OpenSet};
    /// use pathseek::{AStar, Cell, Connectivity, Grid, GridCosts};
    /// use pathseek::store::IndexedStore;
    /// let costs = GridCosts::<u32>::pell_octile();
    /// let grid = Grid::new(20, 20, Connectivity::Eight, costs).unwrap();
    /// let mut engine = AStar::new(BucketQueue::with_max_edge_cost(costs.diagonal), IndexedStore::new());
    /// let goal = Cell::new(19, 5);
    /// use pathseek::Query;
    /// let r = engine.search(&grid, Query::new(Cell::new(0, 0), goal, grid.heuristic(goal)));
    /// assert_eq!(r.found().unwrap().cost, 5 * costs.diagonal + 14 * costs.straight);
    /// ```
    pub fn with_max_edge_cost(max_edge: C) -> Self {
        let mut queue = Self::default();
        if (C::EXACT_SUMS || !is_float::<C>()) && max_edge.is_valid() {
            let span = max_edge
                .to_key()
                .to_u64()
                .saturating_sub(C::zero().to_key().to_u64());
            let want = span.saturating_mul(2).saturating_add(1);
            if want <= MAX_BUCKETS {
                let k = want.next_power_of_two().max(64);
                queue.heads = vec![NIL; k as usize];
                queue.occupied = vec![0; (k / 64) as usize];
                queue.summary = vec![0; (k / 64).div_ceil(64) as usize];
                queue.mask = k - 1;
            }
        }
        queue
    }

    /// The number of buckets of the window (0: everything in the side heap).
    ///
    /// # Example
    /// ```
    /// use pathseek::open_set::BucketQueue;
    /// assert_eq!(BucketQueue::with_max_edge_cost(3363u32).buckets(), 8192);
    /// assert_eq!(BucketQueue::with_max_edge_cost(1.5f64).buckets(), 0);
    /// ```
    pub fn buckets(&self) -> usize {
        self.heads.len()
    }

    /// The first non-empty bucket at or after the window's start, as its
    /// key's offset from `base`: the rest of the start's word, then the
    /// summary bitmap to the next non-empty word (wrapping round).
    #[inline]
    fn first_offset(&self) -> Option<u64> {
        let start = self.base & self.mask;
        let (word, bit) = ((start / 64) as usize, start % 64);
        let w = self.occupied[word] >> bit;
        if w != 0 {
            return Some(u64::from(w.trailing_zeros()));
        }
        let next = self
            .next_word(word + 1, self.occupied.len())
            .or_else(|| self.next_word(0, word + 1))?;
        let index = next as u64 * 64 + u64::from(self.occupied[next].trailing_zeros());
        Some(index.wrapping_sub(start) & self.mask)
    }

    /// The first non-zero word of `occupied` in `from..to`.
    #[inline]
    fn next_word(&self, from: usize, to: usize) -> Option<usize> {
        let mut s = from / 64;
        let mut bits = self.summary.get(s)? & (!0u64 << (from % 64));
        loop {
            if bits != 0 {
                let w = s * 64 + bits.trailing_zeros() as usize;
                return (w < to).then_some(w);
            }
            s += 1;
            if s * 64 >= to {
                return None;
            }
            bits = self.summary[s];
        }
    }
}

/// The bucket bookkeeping behind [`OpenSet`]: the node pool, the lists and
/// the bucket being popped.
impl<C: Cost> BucketQueue<C> {
    /// `true` if `key` has a bucket in the window `base..base + K`.
    #[inline(always)]
    fn in_window(&self, key: u64) -> bool {
        key >= self.base && key - self.base <= self.mask
    }

    /// A node for `entry`, linked nowhere: the free list's first, or a new
    /// one (holding `entry`); `None` when the pool is full (then the side
    /// heap takes the entry).
    #[inline(always)]
    fn alloc(&mut self, entry: Entry<C>) -> Option<u32> {
        let n = self.free;
        if n != NIL {
            self.free = self.nodes[n as usize].next;
            return Some(n);
        }
        let n = self.nodes.len();
        if n >= MAX_NODES {
            return None;
        }
        self.nodes.push(Node {
            entry,
            prev: FREE,
            next: NIL,
        });
        Some(n as u32)
    }

    /// Writes `entry` (of key `key`, in the window) to node `n` (linked
    /// nowhere) and puts the node into its bucket: at the head of the
    /// bucket's list, or in `current` in `g` order when the key is `base`.
    /// The caller records the node's position.
    #[inline(always)]
    fn place(&mut self, n: u32, entry: Entry<C>, key: u64) {
        if key == self.base {
            // With a consistent heuristic an entry of the bucket being
            // popped comes from expanding its last entry, so its `g` is the
            // largest: an O(1) push at the end.
            self.nodes[n as usize] = Node {
                entry,
                prev: CURRENT,
                next: NIL,
            };
            let g = entry.g.to_key();
            let nodes = &self.nodes;
            let g_of = |m: u32| nodes[m as usize].entry.g.to_key();
            match self.current.last() {
                Some(&last) if g_of(last) > g => {
                    let at = self.current.partition_point(|&m| g_of(m) <= g);
                    self.current.insert(at, n);
                }
                _ => self.current.push(n),
            }
        } else {
            let i = (key & self.mask) as usize;
            let head = self.heads[i];
            self.nodes[n as usize] = Node {
                entry,
                prev: NIL,
                next: head,
            };
            if head != NIL {
                self.nodes[head as usize].prev = n;
            } else {
                self.occupied[i / 64] |= 1 << (i % 64);
                self.summary[i / 4096] |= 1 << ((i / 64) % 64);
            }
            self.heads[i] = n;
        }
        self.bucketed += 1;
    }

    /// Takes node `n` out of its bucket (list or `current`); it stays
    /// allocated.
    #[inline(always)]
    fn unlink(&mut self, n: u32) {
        let Node { entry, prev, next } = self.nodes[n as usize];
        if prev == CURRENT {
            // Only under an inconsistent heuristic (or a decrease-key that
            // keeps `f`): O(b).
            if let Some(at) = self.current.iter().rposition(|&m| m == n) {
                self.current.remove(at);
            }
        } else {
            if next != NIL {
                self.nodes[next as usize].prev = prev;
            }
            if prev != NIL {
                self.nodes[prev as usize].next = next;
            } else {
                let i = (entry.f.to_key().to_u64() & self.mask) as usize;
                self.heads[i] = next;
                if next == NIL {
                    self.clear_bit(i);
                }
            }
        }
        self.bucketed -= 1;
    }

    /// Puts node `n` on the free list.
    #[inline(always)]
    fn release(&mut self, n: u32) {
        let node = &mut self.nodes[n as usize];
        node.prev = FREE;
        node.next = self.free;
        self.free = n;
    }

    /// Marks the list of bucket `i` empty in the bitmaps.
    #[inline(always)]
    fn clear_bit(&mut self, i: usize) {
        self.occupied[i / 64] &= !(1 << (i % 64));
        if self.occupied[i / 64] == 0 {
            self.summary[i / 4096] &= !(1 << ((i / 64) % 64));
        }
    }

    /// Makes bucket `i` the one being popped: its list's nodes go to
    /// `current` (empty), sorted by `g` once.
    #[inline]
    fn take_bucket(&mut self, i: usize) {
        let mut n = self.heads[i];
        self.heads[i] = NIL;
        self.clear_bit(i);
        while n != NIL {
            self.current.push(n);
            let node = &mut self.nodes[n as usize];
            node.prev = CURRENT;
            n = node.next;
        }
        let nodes = &self.nodes;
        self.current
            .sort_unstable_by_key(|&m| nodes[m as usize].entry.g.to_key());
    }

    /// The node of `slot`'s bucketed entry, if it has one.
    #[inline(always)]
    fn node_of(&self, slot: u32) -> Option<u32> {
        let nodes = &self.nodes;
        self.positions
            .find(slot, |p| {
                nodes
                    .get(p)
                    .is_some_and(|node| node.entry.slot == slot && node.prev != FREE)
            })
            .map(|p| p as u32)
    }
}

impl<C: Cost> OpenSet<C> for BucketQueue<C> {
    #[inline]
    fn push(&mut self, entry: Entry<C>) {
        let key = entry.f.to_key().to_u64();
        if !self.heads.is_empty() {
            if self.bucketed == 0 {
                self.base = key;
            }
            if self.in_window(key)
                && let Some(n) = self.alloc(entry)
            {
                self.place(n, entry, key);
                self.positions.set(entry.slot, n as usize);
                return;
            }
        }
        sift::push::<Entry<C>, 2, _>(&mut self.side, entry, &mut NoHook);
    }

    #[inline(always)]
    fn pop(&mut self) -> Option<Entry<C>> {
        if self.bucketed == 0 {
            return sift::pop::<Entry<C>, 2, _>(&mut self.side, &mut NoHook);
        }
        if self.current.is_empty() {
            // The next non-empty bucket becomes the one being popped.
            let offset = self.first_offset()?;
            self.base += offset;
            self.take_bucket(((self.base) & self.mask) as usize);
        }
        let n = self.current.pop()?;
        let top = self.nodes[n as usize].entry;
        if let Some(s) = self.side.first()
            && s.precedes(&top)
        {
            self.current.push(n); // within its capacity
            return sift::pop::<Entry<C>, 2, _>(&mut self.side, &mut NoHook);
        }
        self.release(n);
        self.bucketed -= 1;
        Some(top)
    }

    /// Moves `entry.slot`'s entry to its new bucket: O(1), unlinked from the
    /// old list and linked into the new one (the node is reused). An entry
    /// of the side heap, or of a slot not in the set, is pushed instead.
    #[inline]
    fn decrease_key(&mut self, entry: Entry<C>) {
        let Some(n) = self.node_of(entry.slot) else {
            return self.push(entry);
        };
        self.unlink(n);
        let key = entry.f.to_key().to_u64();
        if self.bucketed == 0 {
            self.base = key;
        }
        if self.in_window(key) {
            // The same node: its position stays.
            self.place(n, entry, key);
        } else {
            self.release(n);
            sift::push::<Entry<C>, 2, _>(&mut self.side, entry, &mut NoHook);
        }
    }

    #[inline]
    fn len(&self) -> usize {
        self.bucketed + self.side.len()
    }

    fn clear(&mut self) {
        if self.bucketed > 0 {
            for (w, word) in self.occupied.iter_mut().enumerate() {
                while *word != 0 {
                    let i = w * 64 + word.trailing_zeros() as usize;
                    self.heads[i] = NIL;
                    *word &= *word - 1;
                }
            }
        }
        self.summary.fill(0);
        // The pool keeps its memory; the positions stay (validated on read).
        self.nodes.clear();
        self.free = NIL;
        self.current.clear();
        self.bucketed = 0;
        self.side.clear();
    }
}

#[cfg(test)]
mod tests;
