//! Position-by-slot bookkeeping shared by the exact open sets.
//!
//! A `Vec<u32>` indexed by node slot, grown on demand and **never reset** between
//! searches: clearing it would cost O(N) per search. A stored position may
//! therefore be stale (from an earlier search, or from a slot that has since been
//! popped), so every read goes through [`SlotPositions::find`], which accepts a
//! position only if the caller confirms that the structure really holds `slot`
//! there. A slot that fails the check is simply "not in the set".

/// Marks a slot that has never been given a position.
const UNSET: u32 = u32::MAX;

/// Where each slot's entry lives inside an open set (an index into its storage).
#[derive(Clone, Debug, Default)]
pub(crate) struct SlotPositions {
    pos: Vec<u32>,
}

impl SlotPositions {
    /// An empty table; it grows to the largest slot it is told about.
    pub(crate) fn new() -> Self {
        SlotPositions { pos: Vec::new() }
    }

    /// A table with room for slots `0..slots` (none of them set).
    pub(crate) fn with_slots(slots: usize) -> Self {
        SlotPositions {
            pos: vec![UNSET; slots],
        }
    }

    /// Records that `slot` now lives at `position`.
    #[inline]
    pub(crate) fn set(&mut self, slot: u32, position: usize) {
        let i = slot as usize;
        if i >= self.pos.len() {
            self.grow(i);
        }
        // Positions index structures bounded by the number of slots, which fit in
        // a u32; a larger position is recorded as UNSET and so is never trusted.
        self.pos[i] = u32::try_from(position).unwrap_or(UNSET);
    }

    #[cold]
    fn grow(&mut self, i: usize) {
        let new_len = (i + 1).max(self.pos.len() * 2).max(64);
        self.pos.resize(new_len, UNSET);
    }

    /// The recorded position of `slot`, if `holds(position)` confirms the structure
    /// still holds `slot` there.
    #[inline]
    pub(crate) fn find(&self, slot: u32, holds: impl FnOnce(usize) -> bool) -> Option<usize> {
        match self.pos.get(slot as usize) {
            Some(&p) if p != UNSET && holds(p as usize) => Some(p as usize),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_and_unconfirmed_slots_are_absent() {
        let mut p = SlotPositions::new();
        assert_eq!(p.find(5, |_| true), None);
        p.set(5, 3);
        assert_eq!(p.find(5, |i| i == 3), Some(3));
        assert_eq!(p.find(5, |_| false), None);
        assert_eq!(p.find(4, |_| true), None);
        assert_eq!(p.find(1_000, |_| true), None);
        p.set(1_000, 0);
        assert_eq!(p.find(1_000, |i| i == 0), Some(0));
        let q = SlotPositions::with_slots(10);
        assert_eq!(q.pos.len(), 10);
        assert_eq!(q.find(3, |_| true), None);
    }
}
