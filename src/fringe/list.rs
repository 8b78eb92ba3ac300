//! The fringe itself: a doubly linked list over dense slots.
//!
//! Nodes are the node store's slots; a slot's links live at index
//! `slot + 1` of one array, index 0 being the sentinel that closes the ring
//! (its `next` is the first node, its `prev` the last). Insertion after any
//! member, removal of any member and stepping to the next member are each
//! O(1), a few array writes; nothing is allocated once the array has grown
//! to the largest slot a search hands out.
//!
//! The list does not know which slots are in it: the search keeps that in
//! the node records (a node is in the fringe exactly when it has a record
//! that is not closed), so clearing the list between searches is O(1).
//!
//! Each link also holds the node's `f = g + h` as the order-preserving key
//! of its cost ([`Cost::to_key`](crate::Cost::to_key), widened to `u64`):
//! the node's `f` is fixed while it stays in the list (a cheaper path takes
//! it out and puts it back with its new `f`), and a node deferred to the
//! next iteration, most of the nodes a scan visits, is then read from this
//! array alone, without its record.

/// The index of the sentinel.
pub(crate) const SENTINEL: u32 = 0;

/// A member's neighbours and its `f` key.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Link {
    pub(crate) prev: u32,
    pub(crate) next: u32,
    pub(crate) f: u64,
}

/// The fringe: a ring of links over slot indices (`slot + 1`) through the
/// sentinel at index 0.
#[derive(Clone, Debug, Default)]
pub(crate) struct FringeList {
    links: Vec<Link>,
    len: usize,
}

impl FringeList {
    /// Empties the list (O(1): members are not tracked here).
    pub(crate) fn clear(&mut self) {
        if self.links.is_empty() {
            self.links.push(Link::default());
        }
        self.links[SENTINEL as usize] = Link::default();
        self.len = 0;
    }

    /// The number of members.
    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The index of `slot`'s link.
    #[inline(always)]
    pub(crate) fn index(slot: u32) -> u32 {
        // Slots are below `NO_SLOT` (u32::MAX), so this does not wrap.
        slot + 1
    }

    /// The slot whose link is at `index` (not the sentinel).
    #[inline(always)]
    pub(crate) fn slot(index: u32) -> u32 {
        index - 1
    }

    /// The link at `index` (a member or the sentinel).
    #[inline(always)]
    pub(crate) fn link(&self, index: u32) -> Link {
        self.links[index as usize]
    }

    /// The member after `index` (the sentinel after the last).
    #[inline(always)]
    pub(crate) fn next(&self, index: u32) -> u32 {
        self.links[index as usize].next
    }

    /// The member before `index` (the sentinel before the first).
    #[inline(always)]
    pub(crate) fn prev(&self, index: u32) -> u32 {
        self.links[index as usize].prev
    }

    /// Puts `index` (not a member) into the list right after `at` (a member
    /// or the sentinel: after the sentinel is first, and
    /// `insert_after(last, ..)` appends), with the key `f`.
    #[inline(always)]
    pub(crate) fn insert_after(&mut self, at: u32, index: u32, f: u64) {
        if index as usize >= self.links.len() {
            self.grow(index);
        }
        let next = self.links[at as usize].next;
        self.links[index as usize] = Link { prev: at, next, f };
        self.links[at as usize].next = index;
        self.links[next as usize].prev = index;
        self.len += 1;
    }

    /// Appends `index` (not a member) at the end of the list.
    #[inline(always)]
    pub(crate) fn push_back(&mut self, index: u32, f: u64) {
        let last = self.links[SENTINEL as usize].prev;
        self.insert_after(last, index, f);
    }

    /// Takes the member `index` out of the list.
    #[inline(always)]
    pub(crate) fn remove(&mut self, index: u32) {
        debug_assert!(index != SENTINEL && self.len > 0);
        let Link { prev, next, .. } = self.links[index as usize];
        self.links[prev as usize].next = next;
        self.links[next as usize].prev = prev;
        self.len -= 1;
    }

    /// Changes the key of the member `index`.
    #[inline(always)]
    pub(crate) fn set_f(&mut self, index: u32, f: u64) {
        self.links[index as usize].f = f;
    }

    /// Heap memory held, in bytes.
    pub(crate) fn heap_bytes(&self) -> usize {
        self.links.capacity() * core::mem::size_of::<Link>()
    }

    /// Makes room for the link at `index`: at least doubling, so a search
    /// handing out slots one by one (a hash store) grows it O(log n) times.
    #[cold]
    #[inline(never)]
    fn grow(&mut self, index: u32) {
        let len = (index as usize + 1).max(2 * self.links.len());
        self.links.resize(len, Link::default());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn members(list: &FringeList) -> Vec<u32> {
        let mut out = Vec::new();
        let mut at = list.next(SENTINEL);
        while at != SENTINEL {
            out.push(FringeList::slot(at));
            at = list.next(at);
        }
        // The ring is the same read backwards.
        let mut back = Vec::new();
        let mut at = list.prev(SENTINEL);
        while at != SENTINEL {
            back.push(FringeList::slot(at));
            at = list.prev(at);
        }
        back.reverse();
        assert_eq!(out, back);
        assert_eq!(out.len(), list.len());
        out
    }

    #[test]
    fn insert_remove_and_move_in_constant_time() {
        let mut list = FringeList::default();
        list.clear();
        let ix = FringeList::index;
        for slot in [5, 0, 9] {
            list.push_back(ix(slot), u64::from(slot));
        }
        assert_eq!(members(&list), [5, 0, 9]);
        list.insert_after(ix(5), ix(100), 7); // grows the array
        assert_eq!(members(&list), [5, 100, 0, 9]);
        list.remove(ix(0));
        assert_eq!(members(&list), [5, 100, 9]);
        // Move the last one right after the first.
        list.remove(ix(9));
        list.insert_after(ix(5), ix(9), 1);
        assert_eq!(members(&list), [5, 9, 100]);
        assert_eq!(list.link(ix(9)).f, 1);
        list.set_f(ix(9), 3);
        assert_eq!(list.link(ix(9)).f, 3);
        list.insert_after(SENTINEL, ix(2), 0);
        assert_eq!(members(&list), [2, 5, 9, 100]);
        for slot in [2, 100, 5, 9] {
            list.remove(ix(slot));
        }
        assert_eq!(members(&list), [] as [u32; 0]);
        list.push_back(ix(3), 0);
        list.clear();
        assert_eq!(members(&list), [] as [u32; 0]);
        assert!(list.heap_bytes() >= 101 * core::mem::size_of::<Link>());
    }
}
