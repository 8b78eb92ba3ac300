//! The implicit d-ary heap: sift up and down over a slice, shared by every
//! heap-based open set.
//!
//! A heap is a plain slice of [`Item`]s in implicit d-ary layout (the children
//! of `i` are `D*i + 1 ..= D*i + D`), ordered by [`Entry::precedes`]: the
//! d-ary heaps store [`Packed`](super::packed::Packed) entries, whose order is
//! integer comparisons of stored keys, the bucket structures plain [`Entry`]s. Every time an
//! entry is written to a position the [`Hook`] is told, so an indexed heap can keep
//! its slot -> position map current; the lazy heaps pass [`NoHook`], which
//! compiles away.

use super::Entry;
use crate::cost::{Cost, OrderKey};

/// Told whenever an entry lands at a heap position.
pub(crate) trait Hook {
    /// The entry of `slot` now sits at `pos`.
    fn moved(&mut self, slot: u32, pos: usize);
}

/// The hook of heaps that do not track positions.
pub(crate) struct NoHook;

impl Hook for NoHook {
    #[inline(always)]
    fn moved(&mut self, _slot: u32, _pos: usize) {}
}

/// A slot -> position map (indexed by slot; the caller sized it).
impl Hook for [u32] {
    #[inline(always)]
    fn moved(&mut self, slot: u32, pos: usize) {
        self[slot as usize] = pos as u32;
    }
}

/// Rejects `D < 2` at compile time (evaluated when a heap of that arity is used).
#[inline(always)]
pub(crate) const fn check_arity<const D: usize>() {
    const { assert!(D >= 2, "a d-ary heap needs D >= 2") }
}

/// What a heap holds: an ordered value that carries a node slot.
///
/// The order is [`Entry::precedes`]. A type whose order is one integer gives
/// it as its [`key`](Item::key), and the heap compares keys; otherwise it
/// compares with [`before_unkeyed`](Item::before_unkeyed).
pub(crate) trait Item: Copy {
    /// One integer whose order is the items' order, if this type has one (the
    /// answer depends on the type only, so the branch on it compiles away).
    fn key(&self) -> Option<u64>;

    /// `true` if `self` comes out before `other`, for types without keys.
    fn before_unkeyed(&self, other: &Self) -> bool;

    /// The node slot, for the [`Hook`].
    fn slot(&self) -> u32;

    /// `true` if `self` comes out of the heap before `other`.
    #[inline(always)]
    fn before(&self, other: &Self) -> bool {
        match (self.key(), other.key()) {
            (Some(a), Some(b)) => a < b,
            _ => self.before_unkeyed(other),
        }
    }

    /// The index in `kids` (not empty) of the item that comes out first, and
    /// whether it comes out before `item`.
    ///
    /// Which child wins is a coin toss for the branch predictor, so the choice is
    /// made with selects (`cmov`) instead of jumps.
    #[inline(always)]
    fn best_child(kids: &[Self], item: &Self) -> (usize, bool) {
        let mut best = 0;
        if let Some(mut best_key) = kids[0].key() {
            // Keys: carry the best key along with its index.
            for (i, kid) in kids.iter().enumerate().skip(1) {
                let key = kid.key().unwrap_or(best_key);
                let less = key < best_key;
                best = core::hint::select_unpredictable(less, i, best);
                best_key = core::hint::select_unpredictable(less, key, best_key);
            }
            (best, item.key().is_some_and(|k| best_key < k))
        } else {
            for i in 1..kids.len() {
                let less = kids[i].before_unkeyed(&kids[best]);
                best = core::hint::select_unpredictable(less, i, best);
            }
            (best, kids[best].before_unkeyed(item))
        }
    }
}

/// [`Entry::precedes`] on `(f, g)` pairs without short-circuit jumps: smaller
/// `f` first, then larger `g`.
#[inline(always)]
pub(crate) fn f_then_g<C: PartialOrd>(f1: C, g1: C, f2: C, g2: C) -> bool {
    (f1 < f2) | ((f1 == f2) & (g1 > g2))
}

/// Plain entries, as the bucket structures keep them: costs with 32-bit keys
/// compare as one joined key (`f`'s, then `!g`'s); wider ones compare `f`,
/// then `g`.
impl<C: Cost> Item for Entry<C> {
    #[inline(always)]
    fn key(&self) -> Option<u64> {
        OrderKey::join(self.f.to_key(), !self.g.to_key())
    }

    #[inline(always)]
    fn before_unkeyed(&self, other: &Self) -> bool {
        f_then_g(self.f, self.g, other.f, other.g)
    }

    #[inline(always)]
    fn slot(&self) -> u32 {
        self.slot
    }
}

/// Moves the item at `pos` towards the root until its parent precedes it.
#[inline(always)]
pub(crate) fn sift_up<T: Item, const D: usize, H: Hook + ?Sized>(
    heap: &mut [T],
    mut pos: usize,
    hook: &mut H,
) {
    check_arity::<D>();
    let item = heap[pos];
    while pos > 0 {
        let parent = (pos - 1) / D;
        let p = heap[parent];
        if !item.before(&p) {
            break;
        }
        heap[pos] = p;
        hook.moved(p.slot(), pos);
        pos = parent;
    }
    heap[pos] = item;
    hook.moved(item.slot(), pos);
}

/// Moves the item at `pos` towards the leaves until it precedes all its children.
#[inline(always)]
pub(crate) fn sift_down<T: Item, const D: usize, H: Hook + ?Sized>(
    heap: &mut [T],
    mut pos: usize,
    hook: &mut H,
) {
    check_arity::<D>();
    let len = heap.len();
    let item = heap[pos];
    loop {
        let first = D * pos + 1;
        // A full family of D children (the common case) is a fixed-size slice,
        // so the compiler unrolls the scan and drops its bounds checks.
        let (best, wins) = if let Some(kids) = heap.get(first..first + D) {
            T::best_child(kids, &item)
        } else if first < len {
            T::best_child(&heap[first..], &item)
        } else {
            break;
        };
        if !wins {
            break;
        }
        let child = first + best;
        let e = heap[child];
        heap[pos] = e;
        hook.moved(e.slot(), pos);
        pos = child;
    }
    heap[pos] = item;
    hook.moved(item.slot(), pos);
}

/// Appends `item` and restores the heap order.
#[inline(always)]
pub(crate) fn push<T: Item, const D: usize, H: Hook + ?Sized>(
    heap: &mut Vec<T>,
    item: T,
    hook: &mut H,
) {
    heap.push(item);
    let last = heap.len() - 1;
    sift_up::<T, D, H>(heap, last, hook);
}

/// Removes the root (the item that precedes all others).
#[inline(always)]
pub(crate) fn pop<T: Item, const D: usize, H: Hook + ?Sized>(
    heap: &mut Vec<T>,
    hook: &mut H,
) -> Option<T> {
    let last = heap.pop()?;
    if heap.is_empty() {
        return Some(last);
    }
    let top = core::mem::replace(&mut heap[0], last);
    sift_down::<T, D, H>(heap, 0, hook);
    Some(top)
}

/// Gives the item at `pos` a new key, sifting whichever way the key moved.
#[inline(always)]
pub(crate) fn replace<T: Item, const D: usize, H: Hook + ?Sized>(
    heap: &mut [T],
    pos: usize,
    item: T,
    hook: &mut H,
) {
    let old = heap[pos];
    heap[pos] = item;
    if item.before(&old) {
        sift_up::<T, D, H>(heap, pos, hook);
    } else {
        sift_down::<T, D, H>(heap, pos, hook);
    }
}

/// Turns an arbitrary slice into a heap in O(n).
pub(crate) fn heapify<T: Item, const D: usize, H: Hook + ?Sized>(heap: &mut [T], hook: &mut H) {
    check_arity::<D>();
    if heap.len() < 2 {
        return;
    }
    for pos in (0..=(heap.len() - 2) / D).rev() {
        sift_down::<T, D, H>(heap, pos, hook);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn is_heap<C: Cost, const D: usize>(heap: &[Entry<C>]) -> bool {
        (1..heap.len()).all(|i| !heap[i].precedes(&heap[(i - 1) / D]))
    }

    fn entries(n: u32) -> Vec<Entry<u32>> {
        let mut x = 12345u32;
        (0..n)
            .map(|slot| {
                x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
                Entry {
                    f: (x >> 16) % 50,
                    g: (x >> 8) % 7,
                    slot,
                }
            })
            .collect()
    }

    fn check_arity_d<const D: usize>() {
        let mut heap = entries(300);
        heapify::<Entry<u32>, D, _>(&mut heap, &mut NoHook);
        assert!(is_heap::<u32, D>(&heap));
        let mut pos = vec![0u32; 300];
        let mut h2 = Vec::new();
        for e in entries(300) {
            push::<Entry<u32>, D, [u32]>(&mut h2, e, &mut pos);
        }
        assert!(is_heap::<u32, D>(&h2));
        for (i, e) in h2.iter().enumerate() {
            assert_eq!(pos[e.slot as usize] as usize, i);
        }
        // Replace keys both ways and check the map stays exact.
        for slot in (0..300).step_by(7) {
            let p = pos[slot as usize] as usize;
            let e = h2[p];
            let new = Entry {
                f: (e.f + 31 * (slot % 3)) % 60,
                ..e
            };
            replace::<Entry<u32>, D, [u32]>(&mut h2, p, new, &mut pos);
            assert!(is_heap::<u32, D>(&h2));
        }
        let mut last: Option<Entry<u32>> = None;
        while let Some(e) = pop::<Entry<u32>, D, [u32]>(&mut h2, &mut pos) {
            if let Some(l) = last {
                assert!(!e.precedes(&l));
            }
            last = Some(e);
            for (i, e) in h2.iter().enumerate() {
                assert_eq!(pos[e.slot as usize] as usize, i);
            }
        }
    }

    #[test]
    fn heap_operations_for_several_arities() {
        check_arity_d::<2>();
        check_arity_d::<3>();
        check_arity_d::<4>();
        check_arity_d::<8>();
        check_arity_d::<16>();
    }
}
