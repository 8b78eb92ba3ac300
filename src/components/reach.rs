//! What a search can know before it starts: [`Reachability`], answered by the
//! component labels, and the check every search "within" it makes.

use super::{GraphComponents, GridComponents};
use crate::cost::Cost;
use crate::graph::{DenseIds, FollowMap, Graph, MapChanged};
use crate::grid::{Cell, Grid};
use crate::query::{Query, Target};
use smallvec::SmallVec;

/// Which nodes can reach which, known before searching: what
/// [`AStar::search_within`](crate::AStar::search_within) and
/// [`AStar::start_within`](crate::AStar::start_within) ask
/// before they expand anything.
///
/// Required: [`connected`](Reachability::connected);
/// [`nearest_reachable`](Reachability::nearest_reachable) defaults to `None`
/// (no fallback goal).
pub trait Reachability<N> {
    /// Whether a path joins `a` and `b` (`false` when either is blocked).
    fn connected(&self, a: N, b: N) -> bool;

    /// The node nearest to `target` that some node of `from` reaches, if
    /// this knows distances: the fallback goal of
    /// [`Query::fallback_to_nearest`].
    fn nearest_reachable(&self, from: &[N], target: N) -> Option<N> {
        let _ = (from, target);
        None
    }
}

/// A grid's component labels together with the grid they describe, checked
/// to be current: see [`GridComponents::reach`].
#[derive(Clone, Copy)]
pub struct GridReach<'a, C> {
    grid: &'a Grid<C>,
    parts: &'a GridComponents,
}

impl GridComponents {
    /// These labels as the [`Reachability`] of `grid`, for searches within
    /// it; refused with [`MapChanged`] unless the labels describe `grid` as
    /// it is now, so a search cannot be told two cells are apart by labels
    /// the map has outgrown (as every question of
    /// [`GridComponents`]).
    ///
    /// # Example
    /// ```
    /// use pathseek::components::{GridComponents, Reachability};
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts};
    /// let mut grid = Grid::from_fn(5, 1, Connectivity::Four, GridCosts::new(1u32, 1), |c| c.x != 2)?;
    /// let parts = GridComponents::new(&grid);
    /// let reach = parts.reach(&grid)?;
    /// assert!(!reach.connected(Cell::new(0, 0), Cell::new(4, 0)));
    /// assert_eq!(reach.nearest_reachable(&[Cell::new(0, 0)], Cell::new(4, 0)), Some(Cell::new(1, 0)));
    /// grid.set_passable(Cell::new(2, 0), true)?; // behind the labels' back
    /// assert!(parts.reach(&grid).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn reach<'a, C: Cost>(&'a self, grid: &'a Grid<C>) -> Result<GridReach<'a, C>, MapChanged> {
        self.check(grid)?;
        Ok(GridReach { grid, parts: self })
    }
}

impl<C> core::fmt::Debug for GridReach<'_, C> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("GridReach")
            .field("parts", self.parts)
            .finish_non_exhaustive()
    }
}

impl<C: Cost> Reachability<Cell> for GridReach<'_, C> {
    fn connected(&self, a: Cell, b: Cell) -> bool {
        self.parts.labels_join(a, b)
    }

    /// [`Grid::nearest_cell`]: by the grid's heuristic distance, ties to the
    /// smaller `y`, then `x`.
    fn nearest_reachable(&self, from: &[Cell], target: Cell) -> Option<Cell> {
        let labels: SmallVec<[_; 2]> = from.iter().filter_map(|&c| self.parts.label(c)).collect();
        if labels.is_empty() {
            return None;
        }
        self.grid.nearest_cell(target, |c| {
            self.parts.label(c).is_some_and(|l| labels.contains(&l))
        })
    }
}

/// A graph's component labels together with the graph: see
/// [`GraphComponents::reach`]. No fallback goal (graphs have no distances
/// here).
#[derive(Clone, Copy)]
pub struct GraphReach<'a, G> {
    graph: &'a G,
    parts: &'a GraphComponents,
}

impl GraphComponents {
    /// These labels as the [`Reachability`] of `graph` (the graph they were
    /// built from: a graph's edits are not tracked, build the labels again
    /// after changing it).
    ///
    /// # Example
    /// ```
    /// use pathseek::components::{GraphComponents, Reachability};
    /// let g = pathseek::AdjacencyList::from_edges(4, [(0, 1, 1u32), (1, 0, 1), (2, 3, 1), (3, 2, 1)]).unwrap();
    /// let parts = GraphComponents::new(&g)?;
    /// assert!(!parts.reach(&g).connected(0, 3));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn reach<'a, G: DenseIds>(&'a self, graph: &'a G) -> GraphReach<'a, G> {
        GraphReach { graph, parts: self }
    }
}

impl<G> core::fmt::Debug for GraphReach<'_, G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("GraphReach")
            .field("parts", self.parts)
            .finish_non_exhaustive()
    }
}

impl<G: DenseIds> Reachability<G::Node> for GraphReach<'_, G> {
    fn connected(&self, a: G::Node, b: G::Node) -> bool {
        self.parts.nodes_connected(self.graph, a, b)
    }
}

/// What the check before a search within a [`Reachability`] decided.
pub(crate) enum Precheck {
    /// Search (the goal may have been replaced by the fallback).
    Search,
    /// No start reaches the goal, and there is no fallback: no path, without
    /// expanding anything.
    NoPath,
}

/// The check every search within a [`Reachability`] makes: if no start reaches
/// the goal, replace the goal by the nearest reachable node
/// ([`Query::fallback_to_nearest`]) or end with no path. Starts or a goal
/// outside the graph are left to the search's own checks (their errors).
pub(crate) fn precheck<G, H, R>(
    graph: &G,
    reach: &R,
    query: &mut Query<G::Node, G::Cost, H, Target<G::Node>>,
) -> Precheck
where
    G: Graph,
    R: Reachability<G::Node>,
{
    let goal = query.goal.0;
    let starts: SmallVec<[G::Node; 2]> = query.starts.iter().map(|&(s, _)| s).collect();
    if starts.is_empty() || starts.iter().any(|&s| !graph.contains(s)) {
        return Precheck::Search; // the search reports it
    }
    if starts.iter().any(|&s| reach.connected(s, goal)) {
        return Precheck::Search;
    }
    if query.fallback {
        return match reach.nearest_reachable(&starts, goal) {
            Some(nearest) => {
                query.goal = Target(nearest);
                Precheck::Search
            }
            // A goal outside the graph (off the map) is the search's error,
            // as without the fallback.
            None if !graph.contains(goal) => Precheck::Search,
            None => Precheck::NoPath,
        };
    }
    if !graph.contains(goal) {
        return Precheck::Search; // GoalBlocked, from the search
    }
    Precheck::NoPath
}
