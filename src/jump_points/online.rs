//! [`JumpPoints`]: jump point search with its rays scanned cell by cell
//! (Harabor and Grastien, 2011); no preprocessing.

use core::fmt;

use super::path::toward;
use super::JumpPointsError;
use crate::cost::Cost;
use crate::graph::{EdgeSink, Expansion, Graph};
use crate::grid::{move_bit, Cell, Connectivity, Grid, STEPS};

/// One of the eight directions: its bit in a cell's move mask, the bits of the
/// two directions perpendicular to it, and its offset in the padded layout.
#[derive(Clone, Copy)]
struct Dir {
    bit: u8,
    side: u8,
    offset: isize,
}

/// A [`Grid`] seen through its jump points: a [`Graph`] whose edges are
/// straight or diagonal rays between jump points (towards the search's goal),
/// costing the sum of their moves.
///
/// On an open grid many paths of equal cost lead to the same cell (east then
/// north-east, or north-east then east). Jump point search (Harabor and
/// Grastien, 2011) keeps one of them: from each node it scans straight or
/// diagonal rays and stops only at **jump points**, cells where an obstacle
/// forces a turn, or the goal. Its edges are whole rays, so the one A* core
/// of the crate (any open set, any node store) searches it unchanged, and its
/// answers have the same cost as plain A* on the grid. The direction of
/// arrival, which the pruning needs, comes from [`Graph::expand`].
///
/// Nodes are the grid's cells, with the grid's dense ids, so every node store
/// works. It is one reference: build it once per grid and search it to any
/// goal. A path comes back as its jump points: [`fill_path`](super::fill_path)
/// lists every cell along it, [`path_cost`](super::path_cost) checks it.
///
/// # Complexity
/// Each expansion scans its rays cell by cell: O(width + height) per ray in
/// the worst case, with a few byte operations per cell. Expansions (and
/// open-set operations) drop by an order of magnitude on game maps, which is
/// where the time of plain A* goes. Memory: none beyond the search's own node
/// store.
///
/// # Goals
/// The rays stop at the goal the search is given ([`Expansion::goal`]), so
/// the graph and the search can never disagree on it. A search without one
/// goal node ([`Query::until`](crate::Query::until), a goal predicate) gets the
/// grid's plain moves instead of rays: the same answers as the grid, at the
/// grid's speed.
///
/// [`BlockJumpPoints`](super::BlockJumpPoints) is the same search with its
/// scans done 64 cells per machine word and the stronger pruning of Harabor
/// and Grastien's 2014 paper: the same costs, 1.2x (lak303d) to 2.3x
/// (den520d) faster in the runs measured (BENCHMARKS.md), for two bits per
/// cell built when it is made.
///
/// # Example
/// ```
/// use pathseek::{AStar, Cell, Connectivity, Grid, GridCosts};
/// use pathseek::jump_points::JumpPoints;
/// use pathseek::{open_set::DaryHeap, store::IndexedStore};
///
/// let grid = Grid::new(64, 64, Connectivity::Eight, GridCosts::<u32>::exact_octile()).unwrap();
/// let mut engine = AStar::new(DaryHeap::<u32, 4>::new(), IndexedStore::new());
/// let goal = Cell::new(63, 40);
/// let jps = JumpPoints::new(&grid).unwrap();
/// use pathseek::Query;
/// let r = engine.search(&jps, Query::new(Cell::new(0, 0), goal, grid.heuristic(goal)));
/// assert_eq!(r.found().unwrap().nodes, [Cell::new(0, 0), Cell::new(40, 40), goal]);
/// assert_eq!(r.stats.expanded, 2);
/// ```
#[derive(Clone, Copy)]
pub struct JumpPoints<'g, C> {
    grid: &'g Grid<C>,
}

impl<C: Cost> fmt::Debug for JumpPoints<'_, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("JumpPoints")
            .field("width", &self.grid.width())
            .field("height", &self.grid.height())
            .field("costs", &self.grid.costs())
            .finish()
    }
}

impl<'g, C: Cost> JumpPoints<'g, C> {
    /// The jump point graph of `grid`.
    ///
    /// # Errors
    /// [`JumpPointsError`] for a 4-connected grid, a grid with terrain weights,
    /// costs outside `straight <= diagonal <= 2 * straight`, or a diagonal run
    /// across the grid whose cost overflows `C`.
    ///
    /// # Example
    /// ```
    /// use pathseek::{Cell, Connectivity, Grid, GridCosts};
    /// use pathseek::jump_points::{JumpPoints, JumpPointsError};
    /// let four = Grid::new(8, 8, Connectivity::Four, GridCosts::new(1u32, 1)).unwrap();
    /// assert_eq!(
    ///     JumpPoints::new(&four).unwrap_err(),
    ///     JumpPointsError::NotEightConnected
    /// );
    /// ```
    pub fn new(grid: &'g Grid<C>) -> Result<Self, JumpPointsError> {
        if grid.connectivity() != Connectivity::Eight {
            return Err(JumpPointsError::NotEightConnected);
        }
        if grid.has_terrain() {
            return Err(JumpPointsError::Terrain);
        }
        let costs = grid.costs();
        let (s, d) = (costs.straight, costs.diagonal);
        let twice = s.checked_add(s);
        if !(s <= d && twice.is_some_and(|t| d <= t)) {
            return Err(JumpPointsError::UnsupportedCosts);
        }
        let longest = C::from_count(u64::from(grid.width().max(grid.height())));
        if d.checked_mul(longest).is_none() {
            return Err(JumpPointsError::CostOverflow);
        }
        Ok(JumpPoints { grid })
    }

    /// The grid underneath.
    pub fn grid(&self) -> &'g Grid<C> {
        self.grid
    }

    /// The move mask of padded position `p`.
    #[inline(always)]
    fn mask(&self, p: usize) -> u8 {
        self.grid.move_masks().0[p]
    }

    #[inline(always)]
    fn dir(&self, dx: i32, dy: i32) -> Dir {
        let stride = self.grid.move_masks().1;
        Dir {
            bit: move_bit(dx, dy),
            // (dy, dx) and (-dy, -dx) are perpendicular to a straight (dx, dy);
            // diagonal rays do not use `side`.
            side: move_bit(dy, dx) | move_bit(-dy, -dx),
            offset: dy as isize * stride as isize + dx as isize,
        }
    }

    /// Walks from padded position `p` along the straight direction `dir` and
    /// returns the first jump point (position and number of steps): the goal, or
    /// a cell beside which an obstacle ends. `None` when the ray hits an
    /// obstacle first.
    #[inline(always)]
    fn straight_ray(&self, mut p: usize, dir: Dir, goal_pos: usize) -> Option<(usize, u32)> {
        let mut steps = 0;
        let mut here = self.mask(p);
        loop {
            if here & dir.bit == 0 {
                return None;
            }
            p = p.wrapping_add_signed(dir.offset);
            steps += 1;
            let next = self.mask(p);
            // A perpendicular neighbour open here but blocked one step back can
            // only be reached at its best cost through this cell: a forced turn.
            if p == goal_pos || next & !here & dir.side != 0 {
                return Some((p, steps));
            }
            here = next;
        }
    }

    /// Walks from `p` along the diagonal `dir` (whose straight parts are
    /// `horizontal` and `vertical`) and returns the first cell that is the goal
    /// or from which a straight ray finds a jump point.
    #[inline(always)]
    fn diagonal_ray(
        &self,
        mut p: usize,
        dir: Dir,
        horizontal: Dir,
        vertical: Dir,
        goal_pos: usize,
    ) -> Option<(usize, u32)> {
        let mut steps = 0;
        loop {
            // The move bit already says whether the corner may be cut.
            if self.mask(p) & dir.bit == 0 {
                return None;
            }
            p = p.wrapping_add_signed(dir.offset);
            steps += 1;
            if p == goal_pos
                || self.straight_ray(p, horizontal, goal_pos).is_some()
                || self.straight_ray(p, vertical, goal_pos).is_some()
            {
                return Some((p, steps));
            }
        }
    }

    /// Scans the ray from `node` (at padded `p`) in direction `(dx, dy)` and
    /// reports the jump point it finds as an edge.
    #[inline(always)]
    fn ray(&self, from: Origin, dx: i32, dy: i32, edges: &mut impl EdgeSink<Cell, C>) {
        let Origin { node, p, goal_pos } = from;
        let dir = self.dir(dx, dy);
        let costs = self.grid.costs();
        let (found, cost) = if dx != 0 && dy != 0 {
            let found = self.diagonal_ray(p, dir, self.dir(dx, 0), self.dir(0, dy), goal_pos);
            (found, costs.diagonal)
        } else {
            (self.straight_ray(p, dir, goal_pos), costs.straight)
        };
        if let Some((_, steps)) = found {
            // Every cell on the ray is inside the grid, so these do not wrap;
            // `new` checked that no run across the grid overflows.
            let cell = Cell {
                x: node.x.wrapping_add_signed(dx * steps as i32),
                y: node.y.wrapping_add_signed(dy * steps as i32),
            };
            let index = cell.y as usize * self.grid.width() as usize + cell.x as usize;
            edges.indexed_edge(cell, index, cost * C::from_count(u64::from(steps)));
        }
    }
}

/// Where the rays of one expansion start: the node, its padded position, and
/// the goal's padded position (`usize::MAX` when it is off the grid), which
/// every step of every ray compares with.
#[derive(Clone, Copy)]
struct Origin {
    node: Cell,
    p: usize,
    goal_pos: usize,
}

/// Jump points are the grid's cells; successors are the jump points found by
/// scanning rays towards [`Expansion::goal`]. Without a parent (the start)
/// all eight rays are scanned; after a straight move, the ray ahead plus the
/// turns an obstacle forces; after a diagonal move, the diagonal ahead and its
/// two straight parts. Without a goal (a goal predicate, or a caller of
/// [`successors`](Graph::successors)) the successors are the grid's moves.
///
/// # Example
/// ```
/// use pathseek::{Cell, Connectivity, Graph, Grid, GridCosts};
/// use pathseek::graph::Expansion;
/// use pathseek::jump_points::JumpPoints;
/// let grid = Grid::new(5, 5, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
/// let jps = JumpPoints::new(&grid).unwrap();
/// let mut edges = Vec::new();
/// // Going east from (0, 2): the ray runs straight into the goal.
/// let at = Expansion::new(Cell::new(1, 2))
///     .with_parent(Some(Cell::new(0, 2)))
///     .with_goal(Some(Cell::new(4, 2)));
/// jps.expand(at, &mut |c, k| edges.push((c, k)));
/// assert_eq!(edges, [(Cell::new(4, 2), 6)]);
/// ```
impl<C: Cost> Graph for JumpPoints<'_, C> {
    type Node = Cell;
    type Cost = C;

    #[inline]
    fn successors(&self, node: Cell, mut edge: impl FnMut(Cell, C)) {
        self.expand(Expansion::new(node), &mut edge);
    }

    #[inline(always)]
    fn expand(&self, at: Expansion<Cell>, edges: &mut impl EdgeSink<Cell, C>) {
        let Some(goal) = at.goal else {
            // No single goal for the rays to stop at: the grid's own moves.
            return self.grid.expand(at, edges);
        };
        let node = at.node;
        let Some(p) = self.grid.padded_index(node) else {
            return;
        };
        let here = self.mask(p);
        if here == 0 {
            return;
        }
        let from = Origin {
            node,
            p,
            goal_pos: self.grid.padded_index(goal).unwrap_or(usize::MAX),
        };
        // The direction of arrival, when the parent lies on one of the eight
        // rays (always, for parents this graph produced).
        let arrival = at.parent.and_then(|from| {
            let (ax, ay) = (from.x.abs_diff(node.x), from.y.abs_diff(node.y));
            let on_ray = (ax == 0) != (ay == 0) || (ax == ay && ax != 0);
            on_ray.then(|| (toward(from.x, node.x), toward(from.y, node.y)))
        });
        match arrival {
            None => {
                for (dx, dy) in STEPS {
                    self.ray(from, dx, dy, edges);
                }
            }
            Some((dx, dy)) if dx != 0 && dy != 0 => {
                self.ray(from, dx, 0, edges);
                self.ray(from, 0, dy, edges);
                self.ray(from, dx, dy, edges);
            }
            Some((dx, dy)) => {
                // Straight arrival: a side open here but blocked one step back
                // forces the turns towards it, straight and diagonal.
                let dir = self.dir(dx, dy);
                let opened = here & !self.mask(p.wrapping_add_signed(-dir.offset));
                self.ray(from, dx, dy, edges);
                // The two perpendicular moves, north or west first.
                let (ax, ay) = (dy.abs(), dx.abs());
                for (sx, sy) in [(-ax, -ay), (ax, ay)] {
                    if opened & move_bit(sx, sy) != 0 {
                        self.ray(from, sx, sy, edges);
                        self.ray(from, dx + sx, dy + sy, edges);
                    }
                }
            }
        }
    }

    crate::grid::grid_cell_ids!(grid);
}

crate::grid::grid_dense_ids!(JumpPoints<'_, C>, grid);
