//! Node stores (closed sets): the per-node search record (g, parent, cached h,
//! open/closed) that A* keeps for every node it touches.
//!
//! The design calls the structure a *closed set*; it holds the records of the
//! open nodes too, so the docs also call it a *node store*. Both name the one
//! trait, [`ClosedSet`].
//!
//! The core refers to nodes by a `u32` **slot** that the store hands out, so the
//! open sets hold small fixed-size entries whatever the node type is.
//!
//! | store | node types | lookup | reset between searches | bytes per node (`u32` costs) |
//! |---|---|---|---|---|
//! | [`HashStore`] | any `Hash + Eq` | one hash probe (Fx hash) | O(touched) | ~40 with a `Cell` node |
//! | [`IndexedStore`] | graphs with [dense ids](crate::graph::DenseIds) (checked by the compiler) | array index | O(1) (generation stamp) | 16 per graph node |
//! | [`PagedStore`] | graphs with dense ids | page table, then array index | O(1) (generation stamp) | 16 per node of each 64-node page reached, plus 4 per 64 graph nodes |
//!
//! All report their memory through [`Records::heap_bytes`]. Their names, which
//! the examples and benchmarks accept ([`CLOSED_SET_NAMES`]), are `hash`,
//! `indexed` and `paged`; the one-shot functions' own choice is documented
//! at [`astar`](fn@crate::astar).
//!
//! # Writing a store
//! A store implements two traits: [`Records`] (the records by slot: `record`,
//! `record_mut`, `len`, `heap_bytes`) and [`ClosedSet`] (the graph-facing part:
//! `reset`, `find_or_insert`, `node`). It creates records with
//! [`NodeRecord::new`]. The test `tests/search/external_store.rs` writes one over a
//! `BTreeMap` and runs it through the same conformance suite and property
//! tests as the crate's stores.

mod fx_hash;
mod hash;
mod indexed;
mod paged;
mod registry;

pub(crate) use fx_hash::FxBuildHasher;
pub use hash::HashStore;
pub use indexed::IndexedStore;
pub use paged::PagedStore;
pub use registry::{visit_closed_sets, ClosedSetVisitor, CLOSED_SET_NAMES};

use crate::cost::Cost;
use crate::graph::{DenseIds, Graph};
use crate::result::SearchError;

/// The parent slot of a record without a parent (the start).
pub(crate) const NO_SLOT: u32 = u32::MAX;

const CLOSED_BIT: u32 = 1;

/// The search record of one node.
///
/// 16 bytes for 4-byte costs, 24 for 8-byte costs.
///
/// # Example
/// ```
/// use pathseek::store::NodeRecord;
/// let mut r = NodeRecord::<u32>::new();
/// assert!(!r.is_closed() && r.parent().is_none());
/// r.g = 5;
/// r.set_closed(true);
/// assert!(r.is_closed());
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NodeRecord<C> {
    /// Best known cost from the start.
    pub g: C,
    /// The heuristic value, computed once when the node was first reached.
    pub h: C,
    /// Slot of the predecessor on the best known path ([`NO_SLOT`] for the start).
    pub(crate) parent: u32,
    /// Bit 0: closed. Bits 1..: the store's generation stamp (indexed stores).
    tag: u32,
}

impl<C: Cost> NodeRecord<C> {
    /// A fresh record: open, without a parent, `g` and `h` zero. A store hands
    /// out records like this one for nodes first reached in a search.
    pub fn new() -> Self {
        Self::stamped(0)
    }

    /// A fresh open record stamped with `tag` (bit 0 must be clear).
    #[inline]
    pub(crate) fn stamped(tag: u32) -> Self {
        NodeRecord {
            g: C::zero(),
            h: C::zero(),
            parent: NO_SLOT,
            tag,
        }
    }

    /// Makes this the record of the search stamped `stamp`: `true` if it was
    /// not yet (it is then fresh and open), `false` if it already was.
    #[inline(always)]
    pub(crate) fn claim(&mut self, stamp: u32) -> bool {
        let fresh = self.stamp() != stamp;
        if fresh {
            *self = NodeRecord::stamped(stamp);
        }
        fresh
    }
}

impl<C: Cost> Default for NodeRecord<C> {
    fn default() -> Self {
        Self::new()
    }
}

impl<C> NodeRecord<C> {
    /// The slot of the node's predecessor on the best known path; `None` for
    /// the start (and for a record not reached from another node yet).
    #[inline]
    pub fn parent(&self) -> Option<u32> {
        (self.parent != NO_SLOT).then_some(self.parent)
    }

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

/// The dense id under which an array-backed store files `node`: `index` when
/// the caller passed it, otherwise the graph's [`DenseIds::node_index`].
#[inline(always)]
pub(crate) fn dense_index<G: DenseIds>(
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

/// The records of a node store, by slot: the part of a store that does not
/// depend on the graph (so `store.record(slot)` needs no type annotation).
///
/// Required: [`record`](Records::record), [`record_mut`](Records::record_mut),
/// [`len`](Records::len), [`heap_bytes`](Records::heap_bytes).
///
/// # Example
/// ```
/// use pathseek::{AStar, Cell, Connectivity, Grid, GridCosts};
/// use pathseek::store::{IndexedStore, Records};
/// use pathseek::open_set::BinaryHeap;
/// let grid = Grid::new(4, 4, Connectivity::Four, GridCosts::new(1u32, 1)).unwrap();
/// let mut engine = AStar::new(BinaryHeap::new(), IndexedStore::new());
/// assert!(engine.store().record(0).is_none()); // nothing searched yet
/// let goal = Cell::new(3, 0);
/// use pathseek::Query;
/// engine.search(&grid, Query::new(Cell::new(0, 0), goal, grid.heuristic(goal)));
/// // The grid files cell (x, y) at slot y * width + x in an indexed store.
/// let record = engine.store().record(3).unwrap();
/// assert_eq!((record.g, record.parent()), (3, Some(2)));
/// assert!(engine.store().record(15).is_none()); // not reached by that search
/// ```
pub trait Records {
    /// The cost type of the records.
    type Cost: Cost;

    /// The record in `slot`, or `None` if no node has a record in that slot
    /// in the current search (a fresh store has none).
    fn record(&self, slot: u32) -> Option<&NodeRecord<Self::Cost>>;

    /// The record in `slot`, mutably; `None` as for [`record`](Records::record).
    fn record_mut(&mut self, slot: u32) -> Option<&mut NodeRecord<Self::Cost>>;

    /// Number of nodes that have a record in this search.
    fn len(&self) -> usize;

    /// `true` when no node has a record.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Heap memory held by the store, in bytes (capacity, not only what is in use).
    fn heap_bytes(&self) -> usize;
}

/// A closed set (node store): the [`Records`] of a search, found by node.
///
/// Required: [`reset`](ClosedSet::reset),
/// [`find_or_insert`](ClosedSet::find_or_insert) and
/// [`node`](ClosedSet::node); [`find_or_insert_at`](ClosedSet::find_or_insert_at)
/// defaults to `find_or_insert`. A store is small to write but must be
/// exact: `tests/common/store_suite.rs` holds the suite every store passes
/// (run by `tests/search/store_conformance.rs` and `tests/search/external_store.rs`).
///
/// # Example
/// ```
/// use pathseek::store::{ClosedSet, HashStore, Records};
/// let g = pathseek::graph::from_fn(|n: u32, edge: &mut dyn FnMut(u32, u32)| edge(n + 1, 1));
/// let mut store = HashStore::new();
/// store.reset(&g).unwrap();
/// let found = store.find_or_insert(&g, 42).unwrap();
/// assert!(found.fresh);
/// found.record.g = 7;
/// let slot = found.slot;
/// let again = store.find_or_insert(&g, 42).unwrap();
/// assert_eq!((again.slot, again.fresh, again.record.g), (slot, false, 7));
/// assert_eq!(store.node(&g, slot), Some(42));
/// assert_eq!(store.record(slot).map(|r| r.g), Some(7));
/// ```
pub trait ClosedSet<G: Graph>: Records<Cost = G::Cost> {
    /// Forgets every record, ready for a new search on `graph` (which may differ
    /// from the previous one). Fails if the store cannot serve this graph.
    fn reset(&mut self, graph: &G) -> Result<(), SearchError<G::Node, G::Cost>>;

    /// The slot and record of `node`, creating them if the node had no record
    /// yet in this search ([`Found::fresh`]); a fresh record is open and has no
    /// parent ([`NodeRecord::new`]), and its `g` and `h` are for the caller to
    /// set. Handing back the record saves the core a second look-up per edge.
    /// Fails with [`SearchError::NodeOutOfRange`] if the node cannot be stored.
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

    /// The node filed under `slot`: for a slot handed out in this search, the
    /// node whose record it holds. Stores addressed by dense ids may also name
    /// the node a slot would hold before it has a record; `None` when no node
    /// maps to `slot`.
    fn node(&self, graph: &G, slot: u32) -> Option<G::Node>;

    /// Whether `node` has a record in the current search: `Some(true)` or
    /// `Some(false)`, or `None` when the store cannot tell (the default).
    /// A search that outlives an edit of its graph asks it of every node the
    /// edit touched: a node without a record was never looked at, so the
    /// search may go on; `None` makes it start again.
    fn holds(&self, graph: &G, node: G::Node) -> Option<bool> {
        let _ = (graph, node);
        None
    }
}
