//! [`BucketQueue`]: one bucket per `f` value in a circular window, and a
//! bitmap to find the next non-empty bucket.

use super::implicit_heap::{self as sift, NoHook};
use super::{Entry, OpenSet};
use crate::cost::{Cost, OrderKey};

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
/// key, holds the whole frontier. A push is a bucket index and a `Vec` push;
/// a pop takes the first non-empty bucket at or after the current minimum
/// (a scan of the bitmap, usually its first word). All entries of a bucket
/// share one `f`; the bucket being popped is kept sorted by `g` (the others
/// are plain lists, sorted once when their turn comes), so ties go to the
/// larger `g` as in every open set here, and a pop takes the last entry.
/// With a consistent heuristic a push into the bucket being popped comes
/// from expanding its last entry, so it has the largest `g` and goes at the
/// end; otherwise it is inserted in place.
///
/// Keys outside the window (below the current minimum: a reopened node under
/// an inconsistent heuristic; or beyond it: an edge longer than declared)
/// go into a side binary heap, compared with the buckets at each pop, so the
/// order stays exact whatever is pushed.
///
/// # Complexity
/// | push | pop-min | decrease-key | membership |
/// |---|---|---|---|
/// | O(1) in the window (O(log S) outside; O(b) into the bucket being popped when its `g` is not the largest) | O(1) amortized for a consistent heuristic: a bitmap scan from the last minimum, and a sort of each bucket of `b` equal-`f` entries when its turn comes, O(b log b) | as push (a re-push) | O(1), in the node store |
///
/// # When to choose it
/// Integer costs with a small largest edge cost: grids with costs such as
/// 2 / 3, 10 / 14, or the Pell pair 2378 / 3363 that orders octile paths
/// exactly on maps of the MovingAI sizes ([`GridCosts::pell_octile`](crate::GridCosts#method.pell_octile)).
/// Memory: `K` buckets (`K` the power of two above `2 * max_edge`, 24 bytes
/// each while empty) and a bit per bucket. With float costs, or a largest
/// edge above 2^19 (the window would pass a million buckets), every entry
/// goes to the side heap: correct, and as fast as a binary heap.
///
/// Measured on the den520d scenarios with the Pell costs, it is slower than
/// [`DaryHeap`](super::DaryHeap) (about 0.50 s against 0.27 s for the whole
/// file, the same 3.93 million expansions): under callgrind the heap pops
/// inside the popped bucket (the ties on `g`, many nodes sharing an octile
/// `f`) cost more instructions than the whole `DaryHeap` pop does, and the
/// 8,192 separate bucket lists miss the cache more than one heap array.
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
    /// `buckets[k & mask]` holds the entries whose key is `k`, for keys in
    /// `base..base + K`; the one of `base` is sorted by `g` (largest last),
    /// the others unsorted.
    buckets: Vec<Vec<Entry<C>>>,
    /// Bit `i` of word `i / 64`: bucket `i` is not empty.
    occupied: Vec<u64>,
    /// Bit `w` of word `w / 64`: word `w` of `occupied` is not zero.
    summary: Vec<u64>,
    /// `K - 1` (`K` a power of two); unused when `buckets` is empty.
    mask: u64,
    /// The window's first key: no bucketed key is below it.
    base: u64,
    /// Entries in the buckets.
    bucketed: usize,
    /// Binary heap of the entries whose key was outside the window.
    side: Vec<Entry<C>>,
}

impl<C: Cost> Default for BucketQueue<C> {
    fn default() -> Self {
        BucketQueue {
            buckets: Vec::new(),
            occupied: Vec::new(),
            summary: Vec::new(),
            mask: 0,
            base: 0,
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
        if !is_float::<C>() && max_edge.is_valid() {
            let span = max_edge
                .to_key()
                .to_u64()
                .saturating_sub(C::zero().to_key().to_u64());
            let want = span.saturating_mul(2).saturating_add(1);
            if want <= MAX_BUCKETS {
                let k = want.next_power_of_two().max(64);
                queue.buckets = vec![Vec::new(); k as usize];
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
        self.buckets.len()
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

/// Inserts `entry` into `bucket`, sorted by `g` with the largest last: at
/// the end when its `g` is the largest (the common case), else after the
/// entries whose `g` is not larger.
#[inline]
fn insert_sorted<C: Cost>(bucket: &mut Vec<Entry<C>>, entry: Entry<C>) {
    let g = entry.g.to_key();
    match bucket.last() {
        Some(last) if last.g.to_key() > g => {
            let at = bucket.partition_point(|e| e.g.to_key() <= g);
            bucket.insert(at, entry);
        }
        _ => bucket.push(entry),
    }
}

/// `true` for float cost types (whose keys are bit patterns, not values).
fn is_float<C: Cost>() -> bool {
    let half = C::one() / (C::one() + C::one());
    half != C::zero()
}

impl<C: Cost> OpenSet<C> for BucketQueue<C> {
    #[inline]
    fn push(&mut self, entry: Entry<C>) {
        let key = entry.f.to_key().to_u64();
        if !self.buckets.is_empty() {
            if self.bucketed == 0 {
                self.base = key;
            }
            if key >= self.base && key - self.base <= self.mask {
                let i = (key & self.mask) as usize;
                if key == self.base {
                    // The bucket being popped is kept sorted by `g`, largest
                    // last. With a consistent heuristic an entry of the same
                    // `f` comes from expanding the last entry popped, so its
                    // `g` is the largest: an O(1) push at the end.
                    insert_sorted(&mut self.buckets[i], entry);
                } else {
                    // The others stay unsorted until they become the minimum.
                    self.buckets[i].push(entry);
                }
                self.occupied[i / 64] |= 1 << (i % 64);
                self.summary[i / 4096] |= 1 << ((i / 64) % 64);
                self.bucketed += 1;
                return;
            }
        }
        sift::push::<Entry<C>, 2, _>(&mut self.side, entry, &mut NoHook);
    }

    #[inline]
    fn pop(&mut self) -> Option<Entry<C>> {
        if self.bucketed == 0 {
            return sift::pop::<Entry<C>, 2, _>(&mut self.side, &mut NoHook);
        }
        let offset = self.first_offset()?;
        let i = ((self.base + offset) & self.mask) as usize;
        if offset > 0 {
            // A new minimum bucket: sort it by `g` once (pushed unsorted).
            self.base += offset;
            self.buckets[i].sort_unstable_by_key(|e| e.g.to_key());
        }
        let bucket = &mut self.buckets[i];
        let top = bucket[bucket.len() - 1];
        if let Some(s) = self.side.first()
            && s.precedes(&top)
        {
            return sift::pop::<Entry<C>, 2, _>(&mut self.side, &mut NoHook);
        }
        let entry = bucket.pop();
        if self.buckets[i].is_empty() {
            self.occupied[i / 64] &= !(1 << (i % 64));
            if self.occupied[i / 64] == 0 {
                self.summary[i / 4096] &= !(1 << ((i / 64) % 64));
            }
        }
        self.bucketed -= 1;
        entry
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
                    self.buckets[i].clear();
                    *word &= *word - 1;
                }
            }
        }
        self.summary.fill(0);
        self.bucketed = 0;
        self.side.clear();
    }
}
