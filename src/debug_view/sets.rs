//! [`SearchSets`]: the open and closed nodes of a search, read from its node
//! store.

use crate::graph::{DenseIds, Graph};
use crate::store::ClosedSet;

/// The nodes a search has records for, split into open (reached, waiting
/// in the open set) and closed (taken from the open set), read from the
/// node store after (or between the frames of) a search: what a picture
/// shows as the open set at the end.
///
/// The closed nodes are the expanded ones plus the goal once found (popped,
/// closed, not expanded); a store keeps no order, so for the order of
/// expansion wrap the graph in a [`Recorder`](super::Recorder). The lists
/// are in slot order (for the array-backed stores, the graph's ids: row by
/// row on a grid).
///
/// # Example
/// ```
/// use pathseek::debug_view::SearchSets;
/// use pathseek::{open_set::DaryHeap, store::IndexedStore};
/// use pathseek::{AStar, Cell, Connectivity, Grid, GridCosts, Query};
///
/// let grid = Grid::new(16, 16, Connectivity::Eight, GridCosts::octile()).unwrap();
/// let mut engine = AStar::new(DaryHeap::<_, 4>::new(), IndexedStore::new());
/// let goal = Cell::new(15, 9);
/// let r = engine.search(&grid, Query::new(Cell::new(0, 0), goal, grid.heuristic(goal)));
/// let sets = SearchSets::read(&grid, engine.store());
/// assert!(sets.complete);
/// assert_eq!(sets.closed.len() as u64, r.stats.expanded + 1); // and the goal
/// assert_eq!(sets.open.len() + sets.closed.len(), r.stats.stored);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SearchSets<N> {
    /// Nodes with a record that is open.
    pub open: Vec<N>,
    /// Nodes with a record that is closed.
    pub closed: Vec<N>,
    /// Whether every record of the store was found (`open.len() +
    /// closed.len()` equals the store's [`len`](crate::store::Records::len)).
    /// Always so for the crate's stores; a store of your own that hands out
    /// slots at or above both its `len()` and the graph's node count
    /// (rounded up to 64) is read only in part.
    pub complete: bool,
}

impl<N> SearchSets<N> {
    /// The open and closed nodes of the search whose records `store`
    /// holds, on `graph` (the graph the search ran on: the same type the
    /// store serves, e.g. the [`Recorder`](super::Recorder) if the search ran on
    /// one).
    ///
    /// Slots are read from 0 up, until the store's `len()` records are
    /// found or the larger of `len()` and the graph's node count (rounded
    /// up to 64) is reached: O(nodes) for an array-backed store, O(records)
    /// for a [`HashStore`](crate::store::HashStore).
    pub fn read<G, S>(graph: &G, store: &S) -> Self
    where
        G: Graph<Node = N>,
        S: ClosedSet<G>,
    {
        let want = store.len();
        let nodes = graph
            .dense_ids()
            .map_or(0, |d| d.node_count().saturating_add(63) / 64 * 64);
        let end = u32::try_from(want.max(nodes)).unwrap_or(u32::MAX);
        let (mut open, mut closed) = (Vec::new(), Vec::new());
        let mut found = 0usize;
        for slot in 0..end {
            if found == want {
                break;
            }
            let Some(record) = store.record(slot) else {
                continue;
            };
            let Some(node) = store.node(graph, slot) else {
                continue;
            };
            found += 1;
            if record.is_closed() {
                closed.push(node);
            } else {
                open.push(node);
            }
        }
        SearchSets {
            open,
            closed,
            complete: found == want,
        }
    }
}
