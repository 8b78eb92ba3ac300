//! Indexed node store: one record per graph node in a flat array, reset in O(1)
//! by generation stamps.
//!
//! # Complexity
//! | lookup / insert | record access | reset |
//! |---|---|---|
//! | O(1), an array index | O(1) | O(1) (bump the generation; O(N) once every 2^31 searches) |
//!
//! # When to choose it
//! For graphs with [dense ids](crate::graph::DenseIds) (grids, arrays of nodes)
//! and searches that touch a fair share of them: no hashing, and one array that is
//! reused across searches. It allocates `N` records (16 bytes each for 4-byte
//! costs) on the first search, so for a huge graph where each search touches a
//! few nodes prefer [`HashStore`](super::HashStore).

use super::{dense_index, ClosedSet, FindResult, Found, NodeRecord, Records, NO_SLOT};
use crate::cost::Cost;
use crate::graph::DenseIds;
use crate::result::SearchError;

/// A node store indexed by the graph's dense node ids.
#[derive(Clone, Debug)]
pub struct IndexedStore<C> {
    records: Vec<NodeRecord<C>>,
    /// Current generation, shifted left by one (bit 0 is the closed flag).
    stamp: u32,
    touched: usize,
}

impl<C> Default for IndexedStore<C> {
    fn default() -> Self {
        IndexedStore {
            records: Vec::new(),
            stamp: 0,
            touched: 0,
        }
    }
}

impl<C> IndexedStore<C> {
    /// An empty store; it sizes itself to the graph on the first search.
    ///
    /// # Example
    /// ```
    /// let store = pathseek::store::IndexedStore::<u32>::new();
    /// # let _ = store;
    /// ```
    pub fn new() -> Self {
        Self::default()
    }
}

impl<C: Cost> IndexedStore<C> {
    /// Replaces the records by those of a finished search read back from a
    /// save: one entry per dense id, `None` for a node without a record,
    /// else its `g` and parent slot (`None` for a start), closed.
    #[cfg(feature = "serde")]
    pub(crate) fn restore(
        &mut self,
        entries: impl ExactSizeIterator<Item = Option<(C, Option<u32>)>>,
    ) {
        self.records.clear();
        self.records.reserve_exact(entries.len());
        self.stamp = 2;
        self.touched = 0;
        for entry in entries {
            let mut r = NodeRecord::stamped(0);
            if let Some((g, parent)) = entry {
                r = NodeRecord::stamped(self.stamp);
                r.g = g;
                r.parent = parent.unwrap_or(NO_SLOT);
                r.set_closed(true);
                self.touched += 1;
            }
            self.records.push(r);
        }
    }
}

impl<G: DenseIds> ClosedSet<G> for IndexedStore<G::Cost> {
    fn reset(&mut self, graph: &G) -> Result<(), SearchError<G::Node, G::Cost>> {
        let n = graph.node_count();
        if n >= NO_SLOT as usize {
            return Err(SearchError::StoreUnsupported {
                reason: "the graph has 2^32 - 1 nodes or more",
            });
        }
        self.stamp = self.stamp.wrapping_add(2);
        if self.stamp == 0 {
            // Generation counter wrapped: old stamps could alias, so wipe them.
            for r in &mut self.records {
                *r = NodeRecord::stamped(0);
            }
            self.stamp = 2;
        }
        if self.records.len() < n {
            self.records.resize(n, NodeRecord::stamped(0));
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
        let record = self
            .records
            .get_mut(index)
            .ok_or(SearchError::NodeOutOfRange { node })?;
        let fresh = record.claim(self.stamp);
        self.touched += usize::from(fresh);
        Ok(Found {
            slot: index as u32,
            fresh,
            record,
        })
    }

    fn holds(&self, graph: &G, node: G::Node) -> Option<bool> {
        let Some(index) = graph.node_index(node) else {
            return Some(false);
        };
        Some(
            self.records
                .get(index)
                .is_some_and(|r| r.stamp() == self.stamp),
        )
    }

    #[inline]
    fn node(&self, graph: &G, slot: u32) -> Option<G::Node> {
        graph.node_at(slot as usize)
    }
}

impl<C: Cost> Records for IndexedStore<C> {
    type Cost = C;

    #[inline(always)]
    fn record(&self, slot: u32) -> Option<&NodeRecord<C>> {
        let stamp = self.stamp;
        self.records
            .get(slot as usize)
            .filter(|r| r.stamp() == stamp)
    }

    #[inline(always)]
    fn record_mut(&mut self, slot: u32) -> Option<&mut NodeRecord<C>> {
        let stamp = self.stamp;
        self.records
            .get_mut(slot as usize)
            .filter(|r| r.stamp() == stamp)
    }

    fn len(&self) -> usize {
        self.touched
    }

    fn heap_bytes(&self) -> usize {
        self.records.capacity() * core::mem::size_of::<NodeRecord<C>>()
    }
}
