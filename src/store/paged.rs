//! Paged node store: the indexed store's flat records, allocated 64 nodes at a
//! time as a search reaches them, so a fresh store costs what the search
//! touches rather than the size of the graph.
//!
//! # Complexity
//! | lookup / insert | record access | reset |
//! |---|---|---|
//! | O(1): a page-table read and an array index | O(1), an array index | O(pages the last search reached) |
//!
//! # When to choose it
//! For graphs with [dense ids](crate::graph::DenseIds) searched once, or a few
//! times, per store: the default of [`astar`](fn@crate::astar) for such graphs.
//! [`IndexedStore`](super::IndexedStore) writes a record for every node of the
//! graph before its first search (1.5 MB for a 256 x 257 grid with `f64`
//! costs), which a one-shot search pays in full; this store writes the pages the
//! search reaches, plus a 4-byte page-table entry per 64 nodes. Slots are
//! handed out page by page in the order the search reaches them, so they stay
//! dense, and an open set's slot -> position map stays as small as the part of
//! the graph searched. Each search starts from an empty page table, so its
//! slots, and with them the order of ties, depend on that search alone: a kept
//! store gives exactly the answers of a fresh one. Kept, it reuses its memory;
//! it costs one page-table read per edge and the rewriting of each page a
//! search reaches more than the [`IndexedStore`](super::IndexedStore) does.

use super::{dense_index, ClosedSet, FindResult, Found, NodeRecord, Records, NO_SLOT};
use crate::graph::DenseIds;
use crate::result::SearchError;

/// log2 of the nodes per page.
const PAGE_BITS: u32 = 6;
/// Nodes per page.
const PAGE: usize = 1 << PAGE_BITS;

/// A node store for graphs with dense node ids, allocated page by page.
#[derive(Clone, Debug)]
pub struct PagedStore<C> {
    /// `pages[p]`: one plus the first slot of page `p` (the nodes with ids
    /// `64 p .. 64 p + 63`), or 0 while that page has no records.
    pages: Vec<u32>,
    /// `owners[k]`: the page whose records are slots `64 k .. 64 k + 63`.
    owners: Vec<u32>,
    /// The records of this search's pages; a page's records are written fresh
    /// (tag 0) when it is added, and carry [`STAMP`] once reached.
    records: Vec<NodeRecord<C>>,
    touched: usize,
}

/// The tag of a record reached in this search (bit 0, the closed flag, clear).
const STAMP: u32 = 2;

impl<C> Default for PagedStore<C> {
    fn default() -> Self {
        PagedStore {
            pages: Vec::new(),
            owners: Vec::new(),
            records: Vec::new(),
            touched: 0,
        }
    }
}

impl<C> PagedStore<C> {
    /// An empty store; it sizes its page table to the graph on the first search.
    ///
    /// # Example
    /// ```
    /// use pathseek::{AStar, Cell, Connectivity, Grid, GridCosts};
    /// use pathseek::{store::PagedStore, open_set::BinaryHeap};
    /// let grid = Grid::new(512, 512, Connectivity::Eight, GridCosts::octile()).unwrap();
    /// let mut engine = AStar::new(BinaryHeap::new(), PagedStore::new());
    /// let goal = Cell::new(10, 3);
    /// use pathseek::Query;
    /// let r = engine.search(&grid, Query::new(Cell::new(0, 0), goal, grid.heuristic(goal)));
    /// assert_eq!(r.stats.expanded, 10);
    /// // Records for the few pages reached, not for 262,144 cells.
    /// use pathseek::Records;
    /// assert!(engine.store().heap_bytes() < 64 * 1024);
    /// ```
    pub fn new() -> Self {
        Self::default()
    }
}

impl<C: crate::Cost> PagedStore<C> {
    /// Gives `page` its records at the end of the record array; its first slot.
    #[cold]
    #[inline(never)]
    fn add_page(&mut self, page: usize) -> usize {
        let base = self.records.len();
        self.records.resize(base + PAGE, NodeRecord::stamped(0));
        // `reset` checked that every page of the graph fits below NO_SLOT, and
        // a search adds each page at most once.
        self.owners.push(page as u32);
        self.pages[page] = base as u32 + 1;
        base
    }
}

impl<G: DenseIds> ClosedSet<G> for PagedStore<G::Cost> {
    fn reset(&mut self, graph: &G) -> Result<(), SearchError<G::Node, G::Cost>> {
        let n = graph.node_count();
        if n > (NO_SLOT as usize) - PAGE {
            return Err(SearchError::StoreUnsupported {
                reason: "the graph has 2^32 - 65 nodes or more",
            });
        }
        // Forget the last search's pages: O(pages it reached), not O(graph).
        for &page in &self.owners {
            self.pages[page as usize] = 0;
        }
        self.owners.clear();
        self.records.clear();
        let pages = n.div_ceil(PAGE);
        if self.pages.len() < pages {
            self.pages.resize(pages, 0);
        }
        if self.records.capacity() == 0 {
            // Room for a small search's pages without regrowing.
            self.records.reserve(n.min(16 * PAGE));
        }
        self.touched = 0;
        Ok(())
    }

    #[inline]
    fn find_or_insert(&mut self, graph: &G, node: G::Node) -> FindResult<'_, G> {
        self.find_or_insert_at(graph, node, None)
    }

    #[inline]
    fn find_or_insert_at(
        &mut self,
        graph: &G,
        node: G::Node,
        index: Option<usize>,
    ) -> FindResult<'_, G> {
        let index = dense_index(graph, node, index)?;
        let page = index >> PAGE_BITS;
        let entry = *self
            .pages
            .get(page)
            .ok_or(SearchError::NodeOutOfRange { node })?;
        let base = if entry != 0 {
            entry as usize - 1
        } else {
            self.add_page(page)
        };
        let slot = base + (index & (PAGE - 1));
        let record = &mut self.records[slot];
        let fresh = record.claim(STAMP);
        self.touched += usize::from(fresh);
        Ok(Found {
            slot: slot as u32,
            fresh,
            record,
        })
    }

    fn holds(&self, graph: &G, node: G::Node) -> Option<bool> {
        let Some(index) = graph.node_index(node) else {
            return Some(false);
        };
        let entry = self.pages.get(index >> PAGE_BITS).copied().unwrap_or(0);
        if entry == 0 {
            return Some(false);
        }
        let slot = entry as usize - 1 + (index & (PAGE - 1));
        Some(self.records.get(slot).is_some_and(|r| r.stamp() == STAMP))
    }

    #[inline]
    fn node(&self, graph: &G, slot: u32) -> Option<G::Node> {
        let page = *self.owners.get(slot as usize >> PAGE_BITS)? as usize;
        graph.node_at((page << PAGE_BITS) | (slot as usize & (PAGE - 1)))
    }
}

impl<C: crate::Cost> Records for PagedStore<C> {
    type Cost = C;

    #[inline(always)]
    fn record(&self, slot: u32) -> Option<&NodeRecord<C>> {
        self.records
            .get(slot as usize)
            .filter(|r| r.stamp() == STAMP)
    }

    #[inline(always)]
    fn record_mut(&mut self, slot: u32) -> Option<&mut NodeRecord<C>> {
        self.records
            .get_mut(slot as usize)
            .filter(|r| r.stamp() == STAMP)
    }

    fn len(&self) -> usize {
        self.touched
    }

    fn heap_bytes(&self) -> usize {
        self.records.capacity() * core::mem::size_of::<NodeRecord<C>>()
            + (self.pages.capacity() + self.owners.capacity()) * core::mem::size_of::<u32>()
    }
}
