//! The version and edit log of a [`HexGrid`]: every edit advances its
//! [`MapVersion`] and is logged, as on a square [`Grid`](crate::Grid).

use super::{Hex, HexGrid};
use crate::cost::Cost;
use crate::grid::{CellState, MapVersion};

/// One logged edit of a [`HexGrid`]: a hexagon, what it was and what it is.
///
/// # Example
/// See [`HexGrid::edits_since`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HexEdit<C> {
    /// The hexagon edited.
    pub hex: Hex,
    /// Its state before the edit.
    pub was: CellState<C>,
    /// Its state after the edit.
    pub now: CellState<C>,
}

/// The edits of a hex map since a version, oldest first: what
/// [`HexGrid::edits_since`] returns.
#[derive(Clone, Debug)]
pub struct HexEditsSince<'a, C> {
    inner: std::collections::vec_deque::Iter<'a, (u64, HexEdit<C>)>,
}

impl<'a, C> Iterator for HexEditsSince<'a, C> {
    type Item = &'a HexEdit<C>;

    fn next(&mut self) -> Option<Self::Item> {
        self.inner.next().map(|(_, e)| e)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl<C> ExactSizeIterator for HexEditsSince<'_, C> {}

impl<C: Cost> HexGrid<C> {
    /// The map's version now: it changes with every edit that changes a
    /// hexagon ([`set_passable`](HexGrid::set_passable),
    /// [`set_terrain`](HexGrid::set_terrain)); versions are unique across
    /// the process, like a [`Grid`](crate::Grid)'s.
    ///
    /// # Example
    /// ```
    /// use pathseek::hex::{Hex, HexGrid};
    /// let mut grid = HexGrid::new(4, 4, 1u32)?;
    /// let before = grid.version();
    /// grid.set_passable(Hex::new(1, 1), true)?; // already passable: no edit
    /// assert_eq!(grid.version(), before);
    /// grid.set_terrain(Hex::new(1, 1), 2)?;
    /// assert_ne!(grid.version(), before);
    /// # Ok::<(), pathseek::hex::HexError>(())
    /// ```
    #[inline]
    pub fn version(&self) -> MapVersion {
        MapVersion(self.version)
    }

    /// The edits since the map had version `since`, oldest first; `None`
    /// when the log cannot tell (it keeps the last
    /// [`edit_log_capacity`](HexGrid::edit_log_capacity) edits, or `since` is
    /// not a version of this map): then anything may have changed.
    ///
    /// # Complexity
    /// O(log n) to find the start in a log of n edits, then O(1) per edit.
    ///
    /// # Example
    /// ```
    /// use pathseek::hex::{Hex, HexGrid};
    /// let mut grid = HexGrid::new(4, 4, 1u32)?;
    /// let seen = grid.version();
    /// grid.set_passable(Hex::new(2, 1), false)?;
    /// let edits: Vec<_> = grid.edits_since(seen).unwrap().collect();
    /// assert_eq!(edits.len(), 1);
    /// assert_eq!((edits[0].hex, edits[0].was.passable, edits[0].now.passable), (Hex::new(2, 1), true, false));
    /// assert!(grid.edits_since(HexGrid::new(4, 4, 1u32)?.version()).is_none()); // not this map's
    /// # Ok::<(), pathseek::hex::HexError>(())
    /// ```
    pub fn edits_since(&self, since: MapVersion) -> Option<HexEditsSince<'_, C>> {
        let inner = self.log.since(self.version, since.get())?;
        Some(HexEditsSince { inner })
    }

    /// How many edits the map keeps for [`edits_since`](HexGrid::edits_since)
    /// ([`DEFAULT_EDIT_LOG_CAPACITY`](crate::grid::DEFAULT_EDIT_LOG_CAPACITY)
    /// unless set).
    ///
    /// # Example
    /// See [`HexGrid::set_edit_log_capacity`].
    pub fn edit_log_capacity(&self) -> usize {
        self.log.capacity()
    }

    /// Keeps the last `capacity` edits (0: none, so whatever was built on
    /// the map rebuilds itself after any edit).
    ///
    /// # Example
    /// ```
    /// use pathseek::hex::{Hex, HexGrid};
    /// let mut grid = HexGrid::new(4, 4, 1u32)?;
    /// grid.set_edit_log_capacity(1);
    /// assert_eq!(grid.edit_log_capacity(), 1);
    /// let seen = grid.version();
    /// grid.set_passable(Hex::new(1, 1), false)?;
    /// grid.set_passable(Hex::new(2, 2), false)?;
    /// assert!(grid.edits_since(seen).is_none()); // outrun: one edit kept, two made
    /// # Ok::<(), pathseek::hex::HexError>(())
    /// ```
    pub fn set_edit_log_capacity(&mut self, capacity: usize) {
        self.log.set_capacity(capacity);
    }

    /// Advances the version after hexagon `hex` (dense id `i`) changed from
    /// `was`, and logs the edit.
    pub(super) fn record_edit(&mut self, hex: Hex, i: usize, was: CellState<C>) {
        let now = self.hex_state(i);
        let before = self.version;
        self.version = crate::grid::fresh_stamp();
        self.log.push(before, HexEdit { hex, was, now });
    }
}
