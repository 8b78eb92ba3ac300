//! Hash-backed node store: works for any hashable node type.
//!
//! # Complexity
//! | lookup / insert | record access | reset |
//! |---|---|---|
//! | O(1) expected, one Fx-hash probe | O(1), by slot | O(touched) |
//!
//! # When to choose it
//! When nodes have no dense ids (coordinates on an unbounded map, game states,
//! tuples), or when a search touches a tiny part of a huge graph, so that an array
//! over all nodes would waste memory. Slots are handed out in insertion order, so
//! records are packed densely in a `Vec`.

use std::collections::HashMap;

use super::{ClosedSet, FindResult, Found, FxBuildHasher, NodeRecord, Records};
use crate::cost::Cost;
use crate::graph::Graph;
use crate::result::SearchError;

/// A node store backed by a hash map from node to slot.
#[derive(Clone, Debug)]
pub struct HashStore<N, C> {
    slots: HashMap<N, u32, FxBuildHasher>,
    nodes: Vec<N>,
    records: Vec<NodeRecord<C>>,
}

impl<N, C> Default for HashStore<N, C> {
    fn default() -> Self {
        HashStore {
            slots: HashMap::default(),
            nodes: Vec::new(),
            records: Vec::new(),
        }
    }
}

impl<N, C> HashStore<N, C> {
    /// An empty store.
    ///
    /// # Example
    /// ```
    /// let store = pathseek::store::HashStore::<(i32, i32), f64>::new();
    /// # let _ = store;
    /// ```
    pub fn new() -> Self {
        Self::default()
    }
}

impl<G: Graph> ClosedSet<G> for HashStore<G::Node, G::Cost> {
    fn reset(&mut self, _graph: &G) -> Result<(), SearchError<G::Node, G::Cost>> {
        self.slots.clear();
        self.nodes.clear();
        self.records.clear();
        Ok(())
    }

    #[inline]
    fn find_or_insert(&mut self, _graph: &G, node: G::Node) -> FindResult<'_, G> {
        let next = self.nodes.len();
        let (slot, fresh) = match self.slots.entry(node) {
            std::collections::hash_map::Entry::Occupied(e) => (*e.get(), false),
            std::collections::hash_map::Entry::Vacant(e) => {
                // Slot u32::MAX is reserved for "no parent".
                let slot = u32::try_from(next)
                    .ok()
                    .filter(|&s| s != super::NO_SLOT)
                    .ok_or(SearchError::NodeOutOfRange { node })?;
                e.insert(slot);
                self.nodes.push(node);
                self.records.push(NodeRecord::stamped(0));
                (slot, true)
            }
        };
        Ok(Found {
            slot,
            fresh,
            record: &mut self.records[slot as usize],
        })
    }

    fn holds(&self, _graph: &G, node: G::Node) -> Option<bool> {
        Some(self.slots.contains_key(&node))
    }

    #[inline]
    fn node(&self, _graph: &G, slot: u32) -> Option<G::Node> {
        self.nodes.get(slot as usize).copied()
    }
}

impl<N, C: Cost> Records for HashStore<N, C> {
    type Cost = C;

    #[inline(always)]
    fn record(&self, slot: u32) -> Option<&NodeRecord<C>> {
        self.records.get(slot as usize)
    }

    #[inline(always)]
    fn record_mut(&mut self, slot: u32) -> Option<&mut NodeRecord<C>> {
        self.records.get_mut(slot as usize)
    }

    fn len(&self) -> usize {
        self.nodes.len()
    }

    fn heap_bytes(&self) -> usize {
        // hashbrown keeps one control byte per bucket beside each (key, value).
        let bucket = core::mem::size_of::<(N, u32)>() + 1;
        self.slots.capacity() * bucket
            + self.nodes.capacity() * core::mem::size_of::<N>()
            + self.records.capacity() * core::mem::size_of::<NodeRecord<C>>()
    }
}
