//! Node stores: the per-node search record (g, parent, cached h, open/closed) that
//! A* keeps for every node it touches.
//!
//! The core refers to nodes by a `u32` **slot** that the store hands out, so the
//! open sets hold small fixed-size entries whatever the node type is.
//!
//! | store | node types | lookup | reset between searches | bytes per node (`u32` costs) |
//! |---|---|---|---|---|
//! | [`HashStore`] | any `Hash + Eq` | one hash probe (Fx hash) | O(touched) | ~40 with a `Cell` node |
//! | [`IndexedStore`] | graphs with [dense ids](crate::Graph::node_count) | array index | O(1) (generation stamp) | 16 per graph node |
//! | [`PagedStore`] | graphs with dense ids | page table, then array index | O(1) (generation stamp) | 16 per node of each 64-node page reached, plus 4 per 64 graph nodes |
//!
//! All report their memory through [`ClosedSet::heap_bytes`].

mod fx_hash;
mod hash;
mod indexed;
mod paged;

pub use fx_hash::{FxBuildHasher, FxHasher};
pub use hash::HashStore;
pub use indexed::IndexedStore;
pub use paged::PagedStore;

use crate::graph::Graph;
use crate::result::SearchError;

/// The slot value meaning "no node" (the start's parent).
pub const NO_SLOT: u32 = u32::MAX;

const CLOSED_BIT: u32 = 1;

/// The search record of one node.
///
/// 16 bytes for 4-byte costs, 24 for 8-byte costs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NodeRecord<C> {
    /// Best known cost from the start.
    pub g: C,
    /// The heuristic value, computed once when the node was first reached.
    pub h: C,
    /// Slot of the predecessor on the best known path ([`NO_SLOT`] for the start).
    pub parent: u32,
    /// Bit 0: closed. Bits 1..: the store's generation stamp (indexed store only).
    tag: u32,
}

impl<C: crate::Cost> NodeRecord<C> {
    /// A fresh open record stamped with `tag` (bit 0 must be clear).
    #[inline]
    pub(crate) fn fresh(tag: u32) -> Self {
        NodeRecord {
            g: C::zero(),
            h: C::zero(),
            parent: NO_SLOT,
            tag,
        }
    }
}

impl<C> NodeRecord<C> {
    /// `true` once the node has been expanded (and not reopened since).
    #[inline(always)]
    pub fn is_closed(&self) -> bool {
        self.tag & CLOSED_BIT != 0
    }

    /// Marks the node closed (`true`) or open (`false`).
    #[inline(always)]
    pub fn set_closed(&mut self, closed: bool) {
        if closed {
            self.tag |= CLOSED_BIT;
        } else {
            self.tag &= !CLOSED_BIT;
        }
    }

    #[inline(always)]
    pub(crate) fn stamp(&self) -> u32 {
        self.tag & !CLOSED_BIT
    }
}

impl<C: crate::Cost> NodeRecord<C> {
    /// Makes this the record of the search stamped `stamp`: `true` if it was
    /// not yet (it is then fresh and open), `false` if it already was.
    #[inline(always)]
    pub(crate) fn claim(&mut self, stamp: u32) -> bool {
        let fresh = self.stamp() != stamp;
        if fresh {
            *self = NodeRecord::fresh(stamp);
        }
        fresh
    }
}

/// The dense id under which an array-backed store files `node`: `index` when
/// the caller passed it, otherwise the graph's [`Graph::node_index`].
#[inline(always)]
pub(crate) fn dense_index<G: Graph>(
    graph: &G,
    node: G::Node,
    index: Option<usize>,
) -> Result<usize, SearchError<G::Node, G::Cost>> {
    index
        .or_else(|| graph.node_index(node))
        .ok_or(SearchError::NodeOutOfRange { node })
}

/// What [`ClosedSet::find_or_insert`] returns: the node's entry, or why it cannot
/// be stored.
pub type FindResult<'a, G> =
    Result<Found<'a, <G as Graph>::Cost>, SearchError<<G as Graph>::Node, <G as Graph>::Cost>>;

/// A node's entry in a [`ClosedSet`], from [`ClosedSet::find_or_insert`].
#[derive(Debug)]
pub struct Found<'a, C> {
    /// The node's slot: its handle in the open sets and in parent links.
    pub slot: u32,
    /// `true` if the record was created by this call (first time the node is
    /// reached in this search).
    pub fresh: bool,
    /// The node's record.
    pub record: &'a mut NodeRecord<C>,
}

/// A store of [`NodeRecord`]s addressed by slot.
///
/// Required: all methods; a store is small to write but must be exact, so nothing
/// has a default. The conformance tests in this crate run against every store.
///
/// # Example
/// ```
/// use pathseek::closed_set::{ClosedSet, HashStore};
/// let g = pathseek::graph::from_fn(|n: u32, edge: &mut dyn FnMut(u32, u32)| edge(n + 1, 1));
/// let mut store = HashStore::new();
/// ClosedSet::reset(&mut store, &g).unwrap();
/// let found = store.find_or_insert(&g, 42).unwrap();
/// assert!(found.fresh);
/// found.record.g = 7;
/// let slot = found.slot;
/// let again = store.find_or_insert(&g, 42).unwrap();
/// assert_eq!((again.slot, again.fresh, again.record.g), (slot, false, 7));
/// assert_eq!(store.node(&g, slot), Some(42));
/// ```
pub trait ClosedSet<G: Graph> {
    /// Forgets every record, ready for a new search on `graph` (which may differ
    /// from the previous one). Fails if the store cannot serve this graph.
    fn reset(&mut self, graph: &G) -> Result<(), SearchError<G::Node, G::Cost>>;

    /// The slot and record of `node`, creating them if the node had no record
    /// yet in this search ([`Found::fresh`]); a fresh record is open, with
    /// `parent` [`NO_SLOT`], and its `g` and `h` are for the caller to set.
    /// Handing back the record saves the core a second look-up per edge. Fails
    /// with [`SearchError::NodeOutOfRange`] if the node cannot be stored.
    fn find_or_insert(&mut self, graph: &G, node: G::Node) -> FindResult<'_, G>;

    /// [`find_or_insert`](ClosedSet::find_or_insert) given the node's dense id
    /// when the caller has it (`index`, equal to `graph.node_index(node)`, or
    /// `None`): the core passes what [`Graph::expand`] hands it. Stores
    /// addressed by dense ids skip the look-up; the default ignores `index`.
    #[inline]
    fn find_or_insert_at(
        &mut self,
        graph: &G,
        node: G::Node,
        index: Option<usize>,
    ) -> FindResult<'_, G> {
        let _ = index;
        self.find_or_insert(graph, node)
    }

    /// The record in `slot` (a slot returned by `find_or_insert` in this search).
    fn record(&self, slot: u32) -> &NodeRecord<G::Cost>;

    /// The record in `slot`, mutably.
    fn record_mut(&mut self, slot: u32) -> &mut NodeRecord<G::Cost>;

    /// The node stored in `slot`.
    fn node(&self, graph: &G, slot: u32) -> Option<G::Node>;

    /// Number of nodes that have a record in this search.
    fn len(&self) -> usize;

    /// `true` when no node has a record.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Heap memory held by the store, in bytes (capacity, not only what is in use).
    fn heap_bytes(&self) -> usize;
}
