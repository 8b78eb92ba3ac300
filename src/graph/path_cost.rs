//! Checking a path against a graph: are its steps edges, and what does it cost.

use super::Graph;
use crate::cost::Cost;
use num_traits::Zero;

/// The cost of walking `path` in `graph`: the sum, over consecutive nodes, of
/// the cheapest edge between them; `None` if some step is not an edge of the
/// graph (or the sum overflows), or a node is not in the graph. An empty path
/// or a single node costs zero.
///
/// Use it to check a path found before the graph was edited (see
/// [`AStar::advance`](crate::AStar::advance)) or a partial path.
///
/// The edges it checks against are those of [`Graph::successors`]: the
/// edges a node has on its own, without a search's context. That is every
/// edge the search uses for the crate's graphs except the jump point graphs
/// ([`JumpPoints`](crate::jump_points::JumpPoints),
/// [`BlockJumpPoints`](crate::jump_points::BlockJumpPoints),
/// [`PrecomputedJumps`](crate::jump_points::PrecomputedJumps)): their search
/// edges are rays that exist only for a goal and a direction of arrival,
/// while their `successors` are the grid's single moves. So over those
/// graphs a path of jump points gets `None` here even when it is valid:
/// check it with [`jump_points::path_cost`](crate::jump_points::path_cost)
/// (against the grid), or check the cells
/// [`fill_path`](crate::jump_points::fill_path) lists. The same holds for
/// any graph of your own whose [`expand`](Graph::expand) reports edges that
/// `successors` does not.
///
/// # Complexity
/// O(sum of the out-degrees of the path's nodes).
///
/// # Example
/// ```
/// use pathseek::{Cell, Connectivity, Grid, GridCosts};
/// use pathseek::graph::path_cost;
/// let mut grid = Grid::new(4, 4, Connectivity::Four, GridCosts::new(1u32, 1)).unwrap();
/// let path = [Cell::new(0, 0), Cell::new(1, 0), Cell::new(2, 0)];
/// assert_eq!(path_cost(&grid, &path), Some(2));
/// grid.set_passable(Cell::new(1, 0), false).unwrap();
/// assert_eq!(path_cost(&grid, &path), None); // the map changed under it
/// ```
pub fn path_cost<G: Graph>(graph: &G, path: &[G::Node]) -> Option<G::Cost> {
    let mut total = G::Cost::zero();
    if let Some(&first) = path.first()
        && !graph.contains(first)
    {
        return None;
    }
    for step in path.windows(2) {
        total = total.checked_add_valid(cheapest_edge(graph, step[0], step[1])?)?;
    }
    Some(total)
}

/// The cost of the cheapest edge from `from` to `to`, if there is one.
pub(crate) fn cheapest_edge<G: Graph>(graph: &G, from: G::Node, to: G::Node) -> Option<G::Cost> {
    let mut cheapest: Option<G::Cost> = None;
    graph.successors(from, |n, c| {
        if n == to && cheapest.is_none_or(|best| c < best) {
            cheapest = Some(c);
        }
    });
    cheapest
}
