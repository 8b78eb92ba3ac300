//! [`AnyAngle`]: a grid as the graph of Theta* (Nash, Daniel, Koenig and
//! Felner 2007), any-angle paths whose points see each other.

use super::{Cell, Grid};
use crate::cost::Cost;
use crate::graph::{DenseIds, EdgeSink, Expansion, Graph};
use crate::query::Heuristic;

/// A grid searched for any-angle paths: Theta* (Nash, Daniel, Koenig and
/// Felner 2007) run by the crate's one A\* core.
///
/// Its nodes are the grid's cells and its edges the grid's moves, costing
/// their Euclidean length (1 straight, √2 diagonal: `f64`, in cells). When
/// a node is expanded, each neighbour that its parent sees
/// ([`Grid::line_of_sight`]) is also offered straight from the parent
/// ([`EdgeSink::edge_from_parent`]); the core takes that shortcut when it
/// is no longer, so a path found is a list of points each in sight of the
/// next, costing the sum of the straight segments between them
/// ([`path_length`](AnyAngle::path_length)). Theta* paths are never longer
/// than the grid's shortest octile paths, often a few percent shorter, but
/// not always the shortest any-angle paths.
///
/// Terrain is not modelled (a segment crosses cells of any weight): grids
/// with terrain are refused. The grid is borrowed, so it cannot change
/// under a search.
///
/// # Example
/// ```
/// use pathseek::grid::AnyAngle;
/// use pathseek::{Cell, Connectivity, Grid, GridCosts, Query};
/// let grid = Grid::new(10, 4, Connectivity::Eight, GridCosts::float_octile())?;
/// let theta = AnyAngle::new(&grid)?;
/// let (start, goal) = (Cell::new(0, 0), Cell::new(9, 3));
/// let r = pathseek::search(&theta, Query::new(start, goal, theta.heuristic(goal)));
/// let path = r.found().unwrap();
/// assert_eq!(path.nodes, [start, goal]); // in sight: one straight segment
/// assert!((path.cost - (81.0f64 + 9.0).sqrt()).abs() < 1e-12);
/// let octile = pathseek::astar(&grid, start, goal, grid.heuristic(goal)).found().unwrap().cost;
/// assert!(path.cost < octile); // 9.487 against 6 + 3√2 = 10.243
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct AnyAngle<'g, C: Cost> {
    grid: &'g Grid<C>,
}

impl<C: Cost> Clone for AnyAngle<'_, C> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<C: Cost> Copy for AnyAngle<'_, C> {}

/// A grid an [`AnyAngle`] search cannot run on.
///
/// # Example
/// ```
/// use pathseek::grid::{AnyAngle, AnyAngleError};
/// use pathseek::{Cell, Connectivity, Grid, GridCosts};
/// let mut grid = Grid::new(4, 4, Connectivity::Eight, GridCosts::new(2u32, 3))?;
/// grid.set_terrain(Cell::new(1, 1), 3)?;
/// assert_eq!(AnyAngle::new(&grid).unwrap_err(), AnyAngleError::Terrain);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum AnyAngleError {
    /// The grid has terrain weights, which straight segments do not price.
    Terrain,
}

impl core::fmt::Display for AnyAngleError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            AnyAngleError::Terrain => write!(
                f,
                "any-angle search prices straight segments by length only: the grid has terrain weights"
            ),
        }
    }
}

impl std::error::Error for AnyAngleError {}

/// The Euclidean distance between two cell centres, in cells.
#[inline]
fn distance(a: Cell, b: Cell) -> f64 {
    let dx = f64::from(a.x.abs_diff(b.x));
    let dy = f64::from(a.y.abs_diff(b.y));
    dx.hypot(dy)
}

impl<'g, C: Cost> AnyAngle<'g, C> {
    /// The any-angle graph of `grid` (4- or 8-connected); refused for a grid
    /// with terrain weights.
    ///
    /// # Example
    /// See [`AnyAngle`].
    pub fn new(grid: &'g Grid<C>) -> Result<Self, AnyAngleError> {
        if grid.has_terrain() {
            return Err(AnyAngleError::Terrain);
        }
        Ok(AnyAngle { grid })
    }

    /// The grid.
    ///
    /// # Example
    /// ```
    /// use pathseek::grid::AnyAngle;
    /// use pathseek::{Connectivity, Grid, GridCosts};
    /// let grid = Grid::new(3, 3, Connectivity::Four, GridCosts::octile())?;
    /// assert_eq!(AnyAngle::new(&grid)?.grid().width(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn grid(&self) -> &'g Grid<C> {
        self.grid
    }

    /// The straight-line distance to `goal`: consistent for this graph.
    ///
    /// # Example
    /// See [`AnyAngle`].
    pub fn heuristic(&self, goal: Cell) -> StraightLine {
        StraightLine { goal }
    }

    /// The length of an any-angle path: the sum of the straight segments
    /// between its points, or `None` if two consecutive points do not see
    /// each other ([`Grid::line_of_sight`]) or the path is empty. A
    /// one-point path on a passable cell has length 0.
    ///
    /// # Example
    /// ```
    /// use pathseek::grid::AnyAngle;
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts};
    /// let mut grid = Grid::new(5, 5, Connectivity::Eight, GridCosts::float_octile())?;
    /// grid.set_passable(Cell::new(2, 2), false)?;
    /// let theta = AnyAngle::new(&grid)?;
    /// let round = [Cell::new(0, 0), Cell::new(3, 1), Cell::new(4, 4)];
    /// assert!(theta.path_length(&round).is_some());
    /// assert_eq!(theta.path_length(&[Cell::new(0, 0), Cell::new(4, 4)]), None); // through (2, 2)
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn path_length(&self, path: &[Cell]) -> Option<f64> {
        let first = *path.first()?;
        if !self.grid.is_passable(first) {
            return None;
        }
        let mut length = 0.0;
        for pair in path.windows(2) {
            if !self.grid.line_of_sight(pair[0], pair[1]) {
                return None;
            }
            length += distance(pair[0], pair[1]);
        }
        Some(length)
    }
}

/// The straight-line distance to a goal cell, in cells: the heuristic of an
/// [`AnyAngle`] search ([`AnyAngle::heuristic`]).
///
/// # Example
/// ```
/// use pathseek::grid::StraightLine;
/// use pathseek::{Cell, Heuristic};
/// let mut h = StraightLine { goal: Cell::new(3, 4) };
/// assert_eq!(h.estimate(Cell::new(0, 0)), 5.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StraightLine {
    /// The goal cell.
    pub goal: Cell,
}

impl Heuristic<Cell, f64> for StraightLine {
    #[inline]
    fn estimate(&mut self, node: Cell) -> f64 {
        distance(node, self.goal)
    }
}

/// Forwards the grid's moves out of `node` at their Euclidean length, each
/// also offered from `parent` when the parent sees it.
struct Shortcuts<'a, 'g, C: Cost, S> {
    grid: &'g Grid<C>,
    node: Cell,
    parent: Option<Cell>,
    sink: &'a mut S,
}

impl<C: Cost, S: EdgeSink<Cell, f64>> EdgeSink<Cell, C> for Shortcuts<'_, '_, C, S> {
    #[inline]
    fn edge(&mut self, to: Cell, _cost: C) {
        let index = self.grid.cell_index(to);
        self.forward(to, index);
    }

    #[inline]
    fn indexed_edge(&mut self, to: Cell, index: usize, _cost: C) {
        self.forward(to, Some(index));
    }
}

impl<C: Cost, S: EdgeSink<Cell, f64>> Shortcuts<'_, '_, C, S> {
    #[inline]
    fn forward(&mut self, to: Cell, index: Option<usize>) {
        let cost = distance(self.node, to);
        match self.parent {
            Some(p) if self.grid.line_of_sight(p, to) => {
                self.sink.edge_from_parent(to, index, cost, distance(p, to))
            }
            _ => match index {
                Some(i) => self.sink.indexed_edge(to, i, cost),
                None => self.sink.edge(to, cost),
            },
        }
    }
}

impl<C: Cost> Graph for AnyAngle<'_, C> {
    type Node = Cell;
    type Cost = f64;
    /// As in Theta*: a node's shortcuts rest on its parent's cost, so costs
    /// are final once expanded (the path's cost is then exactly its
    /// [`path_length`](AnyAngle::path_length)).
    const REOPEN: bool = false;

    fn successors(&self, node: Cell, mut edge: impl FnMut(Cell, f64)) {
        self.grid
            .successors(node, |to, _| edge(to, distance(node, to)));
    }

    #[inline]
    fn expand(&self, at: Expansion<Cell>, edges: &mut impl EdgeSink<Cell, f64>) {
        let mut shortcuts = Shortcuts {
            grid: self.grid,
            node: at.node,
            parent: at.parent,
            sink: edges,
        };
        self.grid.expand(Expansion::new(at.node), &mut shortcuts);
    }

    #[inline]
    fn contains(&self, node: Cell) -> bool {
        self.grid.contains(node)
    }

    #[inline]
    fn dense_ids(&self) -> Option<&impl DenseIds<Node = Cell, Cost = f64>> {
        Some(self)
    }

    fn version(&self) -> u64 {
        Graph::version(self.grid)
    }

    fn changed_since(&self, since: u64, changed: &mut dyn FnMut(Cell)) -> bool {
        self.grid.changed_since(since, changed)
    }
}

impl<C: Cost> DenseIds for AnyAngle<'_, C> {
    #[inline]
    fn node_count(&self) -> usize {
        self.grid.node_count()
    }

    #[inline]
    fn node_index(&self, node: Cell) -> Option<usize> {
        self.grid.node_index(node)
    }

    #[inline]
    fn node_at(&self, index: usize) -> Option<Cell> {
        self.grid.node_at(index)
    }
}
