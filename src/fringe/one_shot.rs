//! The one-shot fringe search, [`search`], on a spare engine kept per
//! thread.

use super::Fringe;
use crate::astar::{with_spare, SPARE_INDEXED_NODES};
use crate::graph::{DenseIds, Graph};
use crate::query::{Goal, Heuristic, Query};
use crate::result::SearchResult;
use crate::store::{HashStore, IndexedStore, PagedStore};

/// Runs a [`Query`] to its end by fringe search, with the node store
/// [`astar`](fn@crate::astar) would pick: the one-shot form of
/// [`Fringe::search`], as [`search`](fn@crate::search) is of
/// [`AStar::search`](crate::AStar::search).
///
/// On a graph with dense ids ([`Graph::dense_ids`]) it borrows this
/// thread's spare engine for the cost type (an [`IndexedStore`] for graphs
/// of up to 2^20 nodes, a [`PagedStore`] beyond), so repeated searches
/// reuse memory; [`release_search_memory`](crate::release_search_memory)
/// frees it. Other graphs get a fresh engine over a [`HashStore`].
///
/// # Example
/// ```
/// use pathseek::{Cell, Connectivity, Grid, GridCosts, Query};
/// let grid = Grid::new(64, 64, Connectivity::Eight, GridCosts::octile()).unwrap();
/// let goal = Cell::new(63, 40);
/// let query = Query::new(Cell::new(0, 0), goal, grid.heuristic(goal));
/// let fringe = pathseek::fringe::search(&grid, query.clone());
/// let astar = pathseek::search(&grid, query);
/// assert_eq!(fringe.found().unwrap().cost, astar.found().unwrap().cost);
/// ```
pub fn search<G, H, T>(
    graph: &G,
    query: Query<G::Node, G::Cost, H, T>,
) -> SearchResult<G::Node, G::Cost>
where
    G: Graph,
    H: Heuristic<G::Node, G::Cost>,
    T: Goal<G::Node>,
{
    let Some(dense) = graph.dense_ids() else {
        return Fringe::new(HashStore::new()).search(graph, query);
    };
    if dense.node_count() <= SPARE_INDEXED_NODES {
        with_spare(|e: &mut Fringe<IndexedStore<G::Cost>>| e.search(dense, query))
    } else {
        with_spare(|e: &mut Fringe<PagedStore<G::Cost>>| e.search(dense, query))
    }
}
