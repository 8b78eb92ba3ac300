//! The one-shot searches: [`astar`] (one start, one goal node) and
//! [`search`] (any [`Query`]), on a spare engine kept per thread.

use super::core::{Engine, SPARE_INDEXED_NODES};
use super::spare;
#[cfg(doc)]
use super::AStar;
use crate::cost::{Cost, OrderKey};
use crate::graph::{DenseIds, Graph};
use crate::open_set::{BinaryHeap, DaryHeap, OpenSet};
use crate::query::{Goal, Heuristic, Query};
use crate::result::SearchResult;
use crate::store::{HashStore, IndexedStore, PagedStore};

/// Finds a cheapest path from `start` to `goal`.
///
/// On a graph with dense ids ([`Graph::dense_ids`]: grids, [`StaticGraph`](crate::StaticGraph),
/// the jump point graphs) it borrows this thread's spare engine for the cost
/// type, so repeated one-shot searches reuse memory instead of allocating
/// and zeroing it: a [`DaryHeap`]`<C, 4>` for costs with 32-bit keys (`u32`,
/// [`Length`](crate::Length), `f32`, ...) or a [`BinaryHeap`] for wider ones,
/// with an [`IndexedStore`] for graphs of up to 2^20 nodes (a record per
/// node: 16 MiB at most with 32-bit costs) and a [`PagedStore`] beyond
/// (records only for the parts of the graph searches reach);
/// [`release_search_memory`](crate::release_search_memory) frees them.
/// Other graphs get a fresh [`BinaryHeap`] and [`HashStore`]. To
/// choose the structures, keep an [`AStar`] and call [`AStar::search`]. For
/// anything more than one start and one goal node (several starts, a goal
/// test, limits, partial paths), build a [`Query`] and call [`search`].
///
/// # Example
/// ```
/// // A line of 10 nodes; each step costs 1.5.
/// let line = pathseek::graph::from_fn(|n: i32, edge: &mut dyn FnMut(i32, f64)| {
///     if n > 0 { edge(n - 1, 1.5) }
///     if n < 9 { edge(n + 1, 1.5) }
/// });
/// let result = pathseek::astar(&line, 2, 6, |n| 1.5 * (6 - n).abs() as f64);
/// let path = result.found().unwrap();
/// assert_eq!(path.nodes, vec![2, 3, 4, 5, 6]);
/// assert_eq!(path.cost, 6.0);
/// assert_eq!(result.stats.expanded, 4); // a perfect heuristic walks straight there
/// ```
pub fn astar<G, H>(
    graph: &G,
    start: G::Node,
    goal: G::Node,
    heuristic: H,
) -> SearchResult<G::Node, G::Cost>
where
    G: Graph,
    H: FnMut(G::Node) -> G::Cost,
{
    search(graph, Query::new(start, goal, heuristic))
}

/// Runs a [`Query`] (several starts, a goal node or test, limits) to its end
/// with the structures [`astar`] picks: the one-shot form of
/// [`AStar::search`], the same words on a kept engine.
///
/// # Example
/// ```
/// use pathseek::{Cell, Connectivity, Grid, GridCosts, Limit, Outcome, Query};
/// let grid = Grid::new(64, 64, Connectivity::Eight, GridCosts::<u32>::new(2, 3)).unwrap();
/// let goal = Cell::new(63, 63);
/// let query = Query::new(Cell::new(0, 0), goal, grid.heuristic(goal)).max_expansions(10);
/// let r = pathseek::search(&grid, query);
/// let Outcome::Partial { path, limit: Limit::Expansions } = r.outcome else { panic!() };
/// assert_eq!(path.nodes.len(), 11); // ten steps along the diagonal, then out of budget
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
        return Engine::new(BinaryHeap::new(), HashStore::new()).run(graph, query);
    };
    // Dense ids: the thread's spare engine, whose node store belongs to no
    // graph. Costs with 32-bit keys join f and g into one comparison, where
    // the 4-ary heap is fastest; wider keys compare twice, where the binary
    // heap is. The key width is an inline `const`, so only the arm of the
    // cost type is compiled: each call compiles three searches (hashed,
    // indexed, paged), not five. Up to `SPARE_INDEXED_NODES` nodes the store
    // is indexed (a record per node, the fastest look-up); beyond, paged
    // (records only for the pages searches reach), so a thread never keeps
    // a record for every node of a huge graph.
    if const { <<G::Cost as Cost>::Key as OrderKey>::BITS == 32 } {
        run_spare::<DaryHeap<G::Cost, 4>, _, _, _>(dense, query)
    } else {
        run_spare::<BinaryHeap<G::Cost>, _, _, _>(dense, query)
    }
}

/// Runs `query` on the thread's spare engine with open set `O`: an indexed
/// store up to `SPARE_INDEXED_NODES` nodes, a paged one beyond.
fn run_spare<O, D, H, T>(
    dense: &D,
    query: Query<D::Node, D::Cost, H, T>,
) -> SearchResult<D::Node, D::Cost>
where
    O: OpenSet<D::Cost> + Default + 'static,
    D: DenseIds,
    H: Heuristic<D::Node, D::Cost>,
    T: Goal<D::Node>,
{
    if dense.node_count() <= SPARE_INDEXED_NODES {
        spare::with_spare(|e: &mut Engine<O, IndexedStore<D::Cost>>| e.run(dense, query))
    } else {
        spare::with_spare(|e: &mut Engine<O, PagedStore<D::Cost>>| e.run(dense, query))
    }
}
