//! Map versions and the edit log: every edit of a [`Grid`] advances its
//! [`MapVersion`] and is logged (the cell, what it was and what it is), so a
//! structure built from the grid can bring itself up to date from the edits
//! since the version it saw, or know that it cannot.

use std::collections::VecDeque;

use super::{Cell, Grid};
use crate::cost::Cost;

/// A version of a map: the value a [`Grid`] takes when it is made and after
/// every edit that changes a cell. Versions are unique across the process
/// (drawn from one counter), so the version of one grid is never taken for
/// a version of another; a clone keeps its original's version until one of
/// the two is edited.
///
/// # Example
/// ```
/// use pathseek::{Cell, Connectivity, Grid, GridCosts};
/// let mut grid = Grid::new(4, 4, Connectivity::Eight, GridCosts::octile())?;
/// let before = grid.version();
/// grid.set_passable(Cell::new(1, 1), true)?; // already passable: no edit
/// assert_eq!(grid.version(), before);
/// grid.set_passable(Cell::new(1, 1), false)?;
/// assert_ne!(grid.version(), before);
/// # Ok::<(), pathseek::grid::GridError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MapVersion(pub(crate) u64);

impl MapVersion {
    /// The version as a number (for graphs that report versions through
    /// [`Graph::version`](crate::Graph::version)).
    pub fn get(self) -> u64 {
        self.0
    }
}

/// What a cell is: passable or not, and its terrain weight.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CellState<C> {
    /// Whether the cell can be entered.
    pub passable: bool,
    /// Its terrain weight (one when never set).
    pub terrain: C,
}

/// One logged edit of a grid: a cell, what it was and what it is now.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CellEdit<C> {
    /// The cell edited.
    pub cell: Cell,
    /// Its state before the edit.
    pub was: CellState<C>,
    /// Its state after the edit.
    pub now: CellState<C>,
}

/// The number of edits a grid keeps by default: [`Grid::set_edit_log_capacity`].
pub const DEFAULT_EDIT_LOG_CAPACITY: usize = 4096;

/// The last edits of a map, oldest first, each with the version the map
/// had before it. Bounded: the oldest edit goes when a new one would pass the
/// capacity. Generic over the edit (a grid's [`CellEdit`], a hex map's
/// [`HexEdit`](crate::hex::HexEdit)).
#[derive(Clone, Debug)]
pub(crate) struct EditLog<E> {
    entries: VecDeque<(u64, E)>,
    capacity: usize,
}

impl<E> EditLog<E> {
    pub(crate) fn new() -> Self {
        EditLog {
            entries: VecDeque::new(),
            capacity: DEFAULT_EDIT_LOG_CAPACITY,
        }
    }

    /// Logs `edit`, made when the map had version `before`.
    pub(crate) fn push(&mut self, before: u64, edit: E) {
        if self.capacity == 0 {
            return;
        }
        if self.entries.len() == self.capacity {
            self.entries.pop_front();
        }
        self.entries.push_back((before, edit));
    }

    /// The edits since the map had version `since`, given its version `now`
    /// (`None`: the log cannot tell). O(log n) to find the start.
    pub(crate) fn since(
        &self,
        now: u64,
        since: u64,
    ) -> Option<std::collections::vec_deque::Iter<'_, (u64, E)>> {
        let entries = &self.entries;
        let at = if since == now {
            entries.len()
        } else {
            // Versions grow along the log: the edit made from `since` is
            // found by binary search, or `since` is unknown here.
            let at = entries.partition_point(|&(before, _)| before < since);
            match entries.get(at) {
                Some(&(before, _)) if before == since => at,
                _ => return None,
            }
        };
        Some(entries.range(at..))
    }

    pub(crate) fn capacity(&self) -> usize {
        self.capacity
    }

    /// Keeps the last `capacity` edits.
    pub(crate) fn set_capacity(&mut self, capacity: usize) {
        self.capacity = capacity;
        while self.entries.len() > capacity {
            self.entries.pop_front();
        }
    }
}

/// The edits of a grid since a version, oldest first: what
/// [`Grid::edits_since`] returns.
#[derive(Clone, Debug)]
pub struct EditsSince<'a, C> {
    inner: std::collections::vec_deque::Iter<'a, (u64, CellEdit<C>)>,
}

impl<'a, C> Iterator for EditsSince<'a, C> {
    type Item = &'a CellEdit<C>;

    fn next(&mut self) -> Option<Self::Item> {
        self.inner.next().map(|(_, e)| e)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl<C> ExactSizeIterator for EditsSince<'_, C> {}

impl<C: Cost> Grid<C> {
    /// The grid's version now: it changes with every edit that changes a cell
    /// ([`set_passable`](Grid::set_passable), [`set_terrain`](Grid::set_terrain)).
    ///
    /// # Example
    /// See [`MapVersion`].
    #[inline]
    pub fn version(&self) -> MapVersion {
        MapVersion(self.version)
    }

    /// The edits since the grid had version `since`, oldest first: `None`
    /// when it cannot tell, because the log has dropped some of them (it
    /// keeps the last [`edit_log_capacity`](Grid::edit_log_capacity)) or
    /// `since` is not a version of this grid. `None` means "anything may
    /// have changed": build again.
    ///
    /// # Complexity
    /// O(log n) to find the start in a log of n edits, then O(1) per edit.
    ///
    /// # Example
    /// ```
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts};
    /// let mut grid = Grid::new(8, 8, Connectivity::Eight, GridCosts::octile())?;
    /// let seen = grid.version();
    /// grid.set_passable(Cell::new(3, 3), false)?;
    /// grid.set_terrain(Cell::new(4, 4), pathseek::Length::from_cells(2).unwrap())?;
    /// let edits: Vec<Cell> = grid.edits_since(seen).unwrap().map(|e| e.cell).collect();
    /// assert_eq!(edits, [Cell::new(3, 3), Cell::new(4, 4)]);
    /// assert_eq!(grid.edits_since(grid.version()).unwrap().len(), 0);
    /// let other = Grid::new(8, 8, Connectivity::Eight, GridCosts::octile())?;
    /// assert!(grid.edits_since(other.version()).is_none()); // not this grid's
    /// # Ok::<(), pathseek::grid::GridError>(())
    /// ```
    pub fn edits_since(&self, since: MapVersion) -> Option<EditsSince<'_, C>> {
        let inner = self.log.since(self.version, since.0)?;
        Some(EditsSince { inner })
    }

    /// How many edits the grid keeps for [`edits_since`](Grid::edits_since)
    /// ([`DEFAULT_EDIT_LOG_CAPACITY`] unless set).
    pub fn edit_log_capacity(&self) -> usize {
        self.log.capacity()
    }

    /// Keeps the last `capacity` edits (0: none, so every structure built on
    /// the grid rebuilds itself after any edit).
    ///
    /// # Example
    /// ```
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts};
    /// let mut grid = Grid::new(8, 8, Connectivity::Eight, GridCosts::octile())?;
    /// grid.set_edit_log_capacity(1);
    /// let seen = grid.version();
    /// grid.set_passable(Cell::new(1, 1), false)?;
    /// grid.set_passable(Cell::new(2, 2), false)?;
    /// assert!(grid.edits_since(seen).is_none()); // outrun: one edit kept, two made
    /// # Ok::<(), pathseek::grid::GridError>(())
    /// ```
    pub fn set_edit_log_capacity(&mut self, capacity: usize) {
        self.log.set_capacity(capacity);
    }

    /// `cell` and its neighbours inside the grid, row by row: the cells
    /// whose moves an edit of `cell` can change (empty for a cell outside).
    pub(crate) fn around(&self, cell: Cell) -> impl Iterator<Item = Cell> + use<C> {
        let (w, h) = (self.width, self.height);
        let inside = cell.x < w && cell.y < h;
        // A grid has at least one cell, so `w - 1` and `h - 1` are fine.
        let xs = cell.x.saturating_sub(1)..=cell.x.saturating_add(1).min(w - 1);
        let ys = cell.y.saturating_sub(1)..=cell.y.saturating_add(1).min(h - 1);
        let ys = ys.filter(move |_| inside);
        ys.flat_map(move |y| xs.clone().map(move |x| Cell { x, y }))
    }

    /// What `cell` is now (passable, terrain), for the log.
    pub(crate) fn cell_state(&self, cell: Cell) -> CellState<C> {
        CellState {
            passable: self.is_passable(cell),
            terrain: self.terrain(cell),
        }
    }

    /// Advances the version after `cell` changed from `was` to what it is
    /// now, and logs the edit.
    pub(crate) fn record_edit(&mut self, cell: Cell, was: CellState<C>) {
        let now = self.cell_state(cell);
        let before = self.version;
        self.version = super::map::fresh_stamp();
        self.log.push(before, CellEdit { cell, was, now });
    }
}
