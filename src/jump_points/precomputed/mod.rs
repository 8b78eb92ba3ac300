//! Jump point search with precomputed jumps (Rabin's JPS+, 2015): for every
//! cell and each of the eight directions, how far the ray from that cell goes
//! to its next jump point, or to the wall.
//!
//! [`PrecomputedJumps`] answers like [`BlockJumpPoints`](super::BlockJumpPoints)
//! (the same edges, in the same order, hence the same costs as
//! [`JumpPoints`](super::JumpPoints) and plain A* on the grid):
//! the stronger pruning of Harabor and Grastien (2014), where a diagonal ray
//! reports the jump points its straight sub-rays find as edges of `k`
//! diagonal then `m` straight moves. Only the scans are replaced by table
//! look-ups:
//!
//! - a **straight** entry is `+k` when the ray meets a jump point (a cell with
//!   a forced neighbour) after `k` steps, and `-k` when it can take `k` steps
//!   (possibly none) before a blocked cell or the border;
//! - a **diagonal** entry is `+k` when, after `k` diagonal steps, one of the
//!   two straight sub-rays of the cell reached has a jump point, and `-k` when
//!   the diagonal can take `k` steps and none of those cells has one.
//!
//! The goal is not in the tables; at search time ([`Expansion::goal`]) a
//! straight ray stops at the goal when the goal lies on it within its reach,
//! and a diagonal ray also stops where the goal's row or column crosses it
//! (the target jump point of Rabin's goal bounding), where the sub-ray
//! towards the goal is resolved against the goal. A diagonal ray jumps from
//! one such stop to the next, never cell by cell.

mod build;
mod on;

pub use on::PrecomputedOn;

use core::fmt;

use super::pruning::{pruned_rays, Rays};
use super::{JumpPoints, JumpPointsError};
use crate::cost::Cost;
use crate::graph::{EdgeSink, Expansion};
use crate::grid::{move_bit, move_index, Cell, Grid, STEPS};

/// The steps a ray with table entry `t` can take without meeting a blocked
/// cell before its end (`t` itself for a jump point).
#[inline(always)]
fn reach(t: i32) -> u32 {
    t.unsigned_abs()
}

/// A [`Grid`]'s jump point graph with precomputed jumps (JPS+): searched as a
/// [`Graph`](crate::Graph) ([`PrecomputedOn`]) over the grid's cells with the edges of
/// [`BlockJumpPoints`](super::BlockJumpPoints), found by table look-ups
/// instead of scans.
///
/// It owns its tables (built by [`new`](PrecomputedJumps::new) in O(cells),
/// [`BYTES_PER_CELL`](PrecomputedJumps::BYTES_PER_CELL) bytes per cell) and
/// keeps no borrow of the grid, so the grid can be edited while the graph
/// lives; [`sync`](crate::graph::FollowMap::sync) brings the graph up to date
/// with the edited grid (it refuses a grid of another size or other costs,
/// or one given terrain weights). Between edits and `sync` the graph answers
/// for the passability it last saw.
///
/// # Complexity
/// Building: O(cells) time, a few operations per cell and direction.
/// Memory: [`PrecomputedJumps::BYTES_PER_CELL`] = 34 bytes per cell (eight
/// `i32` distances, a move mask and a passability flag, the last two with a
/// one-cell border). A straight ray is one look-up; a diagonal ray is one
/// look-up per jump point it reports (plus at most two for the goal's row and
/// column).
///
/// # Edits
/// The tables are searched through a view that borrows the grid and checks
/// its version: [`on(&grid)`](PrecomputedJumps::on) refuses a grid edited
/// since the tables were built or synced ([`MapChanged`](crate::graph::MapChanged)),
/// and [`synced(&grid)`](PrecomputedJumps::synced) brings them up to date
/// first. So the tables never answer for a map they do not describe.
/// [`PrecomputedJumps`]'s [`sync`](crate::graph::FollowMap::sync) finds the cells whose passability changed from
/// the grid's edit log (falling back to a comparison of the two passability
/// arrays, 64 cells at a time) and updates the tables round each. An edit changes only the
/// move masks of the 3 x 3 cells round the edited cell, and an entry reads
/// only its own cell's mask and the cell one step ahead. So an update of one
/// cell copies those nine masks, recomputes the
/// straight entries of those cells in each direction and walks back along
/// the line from each while the entries change (within the three rows and
/// three columns through the cell: at most O(width + height)), then does the
/// same for the diagonal entries, from those nine cells and from the cells
/// one diagonal step before each changed straight entry. The cost is the
/// number of entries that change (plus a few per seed), not a rebuild of the
/// map: on den520d (256 x 257) an update takes microseconds where a build
/// takes milliseconds (the `compare` benchmark prints both).
///
/// # Example
/// ```
/// use pathseek::{AStar, Cell, Connectivity, Grid, GridCosts};
/// use pathseek::jump_points::PrecomputedJumps;
/// use pathseek::{open_set::DaryHeap, store::IndexedStore};
///
/// let grid = Grid::new(64, 64, Connectivity::Eight, GridCosts::<u32>::exact_octile()).unwrap();
/// let mut engine = AStar::new(DaryHeap::<u32, 4>::new(), IndexedStore::new());
/// let jps = PrecomputedJumps::new(&grid).unwrap();
/// let goal = Cell::new(63, 40);
/// use pathseek::Query;
/// let r = engine.search(&jps.on(&grid).unwrap(), Query::new(Cell::new(0, 0), goal, grid.heuristic(goal)));
/// // 40 diagonal moves, then 23 straight ones: one edge.
/// assert_eq!(r.found().unwrap().nodes, [Cell::new(0, 0), goal]);
/// assert_eq!(r.stats.expanded, 1);
/// ```
///
/// Two graphs are equal when they hold the same tables and costs and
/// describe the same grid version: a graph brought up to date by
/// [`sync`](crate::graph::FollowMap::sync) equals a fresh build of the edited grid.
#[derive(Clone, PartialEq)]
pub struct PrecomputedJumps<C> {
    width: usize,
    height: usize,
    straight: C,
    diagonal: C,
    /// Row stride of `masks` and `passable`: `width + 2`.
    stride: usize,
    /// The grid's move masks, padded like the grid's (a blocked border).
    masks: Vec<u8>,
    /// The grid's passability, padded the same way.
    passable: Vec<bool>,
    /// Per cell (row-major, no border), per direction of [`STEPS`]: the jump
    /// distance (see the module docs).
    jumps: Vec<[i32; 8]>,
    /// Working lists of [`sync`](crate::graph::FollowMap::sync), reused.
    scratch: build::Scratch,
    /// The grid's [`version`](Grid::version) the tables describe.
    version: u64,
}

impl<C: Cost> fmt::Debug for PrecomputedJumps<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PrecomputedJumps")
            .field("width", &self.width)
            .field("height", &self.height)
            .field("straight", &self.straight)
            .field("diagonal", &self.diagonal)
            .finish()
    }
}

/// Where the rays of one expansion start, and the goal they stop at.
#[derive(Clone, Copy)]
struct Origin {
    x: usize,
    y: usize,
    gx: usize,
    gy: usize,
}

/// The distance from `at` to `g` when `g` lies ahead of it in direction
/// `step` (+1 or -1), else 0.
#[inline(always)]
fn ahead(at: usize, g: usize, step: i32) -> u32 {
    if g == usize::MAX {
        0
    } else if step > 0 && g > at {
        (g - at) as u32
    } else if step < 0 && g < at {
        (at - g) as u32
    } else {
        0
    }
}

impl<C: Cost> PrecomputedJumps<C> {
    /// Bytes per cell of a built graph: eight `i32` jump distances, one move
    /// mask byte and one passability byte (the last two plus a one-cell border).
    ///
    /// # Example
    /// ```
    /// use pathseek::jump_points::PrecomputedJumps;
    /// assert_eq!(PrecomputedJumps::<u32>::BYTES_PER_CELL, 34);
    /// ```
    pub const BYTES_PER_CELL: usize = 8 * 4 + 2;

    /// The precomputed jump point graph of `grid`: copies its move masks and
    /// computes every jump distance, O(cells).
    ///
    /// # Errors
    /// Those of [`JumpPoints::new`]: [`JumpPointsError`] for a 4-connected
    /// grid, a grid with terrain weights, costs outside
    /// `straight <= diagonal <= 2 * straight`, or a run across the grid whose
    /// cost overflows `C`; [`JumpPointsError::GridTooLarge`] if a side is
    /// longer than `i32::MAX` cells (the distances are `i32`).
    ///
    /// # Example
    /// ```
    /// use pathseek::{Connectivity, Grid, GridCosts};
    /// use pathseek::jump_points::PrecomputedJumps;
    /// use pathseek::jump_points::JumpPointsError;
    /// let four = Grid::new(8, 8, Connectivity::Four, GridCosts::new(1u32, 1)).unwrap();
    /// assert_eq!(
    ///     PrecomputedJumps::new(&four).unwrap_err(),
    ///     JumpPointsError::NotEightConnected
    /// );
    /// ```
    pub fn new(grid: &Grid<C>) -> Result<Self, JumpPointsError> {
        JumpPoints::new(grid)?;
        let (width, height) = (grid.width() as usize, grid.height() as usize);
        if width.max(height) > i32::MAX as usize {
            return Err(JumpPointsError::GridTooLarge);
        }
        let (masks, stride) = grid.move_masks();
        let mut graph = PrecomputedJumps {
            width,
            height,
            straight: grid.costs().straight,
            diagonal: grid.costs().diagonal,
            stride,
            masks: masks.to_vec(),
            passable: grid.passable.clone(),
            jumps: vec![[0; 8]; width * height],
            scratch: build::Scratch::default(),
            version: grid.version().get(),
        };
        // Straight entries first (0..4 in STEPS): the diagonal ones read them.
        for (d, &(dx, dy)) in STEPS.iter().enumerate() {
            // Every line in direction d ends at a cell whose next step leaves
            // the grid: the last column (or row) the direction points at.
            if dx != 0 {
                let x = if dx > 0 { width - 1 } else { 0 };
                for y in 0..height {
                    graph.fill_line(d, x, y);
                }
            }
            if dy != 0 {
                let y = if dy > 0 { height - 1 } else { 0 };
                let x_end = if dx > 0 { width - 1 } else { 0 };
                for x in 0..width {
                    // The corner was done with the column.
                    if dx == 0 || x != x_end {
                        graph.fill_line(d, x, y);
                    }
                }
            }
        }
        Ok(graph)
    }

    /// Width and height of the grid the graph answers for.
    ///
    /// # Example
    /// ```
    /// use pathseek::{Connectivity, Grid, GridCosts};
    /// use pathseek::jump_points::PrecomputedJumps;
    /// let grid = Grid::new(5, 4, Connectivity::Eight, GridCosts::float_octile()).unwrap();
    /// assert_eq!(PrecomputedJumps::new(&grid).unwrap().size(), (5, 4));
    /// ```
    pub fn size(&self) -> (u32, u32) {
        (self.width as u32, self.height as u32)
    }

    /// Heap bytes held by the graph's tables.
    ///
    /// # Example
    /// ```
    /// use pathseek::{Connectivity, Grid, GridCosts};
    /// use pathseek::jump_points::PrecomputedJumps;
    /// let grid = Grid::new(10, 10, Connectivity::Eight, GridCosts::<u32>::exact_octile()).unwrap();
    /// let jps = PrecomputedJumps::new(&grid).unwrap();
    /// assert!(jps.heap_bytes() >= 100 * PrecomputedJumps::<u32>::BYTES_PER_CELL);
    /// ```
    pub fn heap_bytes(&self) -> usize {
        self.jumps.len() * core::mem::size_of::<[i32; 8]>() + self.masks.len() + self.passable.len()
    }
}

// The rays of an expansion.
impl<C: Cost> PrecomputedJumps<C> {
    #[inline(always)]
    fn emit(&self, x: usize, y: usize, cost: C, edges: &mut impl EdgeSink<Cell, C>) {
        // Every cell reported lies inside the grid; `new` checked that no run
        // across it overflows `C`.
        let cell = Cell {
            x: x as u32,
            y: y as u32,
        };
        edges.indexed_edge(cell, y * self.width + x, cost);
    }

    /// The steps of the straight ray from `(x, y)` in direction `(dx, dy)`
    /// whose table entry is `t`: to the goal if it lies on the ray within its
    /// reach, else to the jump point, else 0 (blocked).
    #[inline(always)]
    fn resolve(t: i32, x: usize, y: usize, dx: i32, dy: i32, from: &Origin) -> u32 {
        let goal = if dy == 0 {
            if from.gy == y {
                ahead(x, from.gx, dx)
            } else {
                0
            }
        } else if from.gx == x {
            ahead(y, from.gy, dy)
        } else {
            0
        };
        if goal != 0 && goal <= reach(t) {
            goal
        } else if t > 0 {
            t as u32
        } else {
            0
        }
    }

    /// Reports the straight ray's jump point from `from` in `(dx, dy)`.
    #[inline(always)]
    fn straight_ray(
        &self,
        from: &Origin,
        dx: i32,
        dy: i32,
        edges: &mut impl EdgeSink<Cell, C>,
        keep: &impl Fn(usize, usize) -> bool,
    ) {
        let t = self.jumps[from.y * self.width + from.x][move_index(dx, dy)];
        self.straight_from(t, (from.x, from.y), (dx, dy), None, from, edges, keep);
    }

    /// Whether the jump point `(x, y)`, entered by the straight move
    /// `(dx, dy)`, would follow any ray `keep` accepts when expanded (the
    /// rays of [`pruned_rays`] after a straight move): a jump point that
    /// would follow none is a dead end for this goal, not worth reporting.
    /// Always `true` when `keep` accepts everything (no look-up is made).
    #[inline(always)]
    fn leads_on(
        &self,
        (x, y): (usize, usize),
        (dx, dy): (i32, i32),
        keep: &impl Fn(usize, usize) -> bool,
    ) -> bool {
        let i = y * self.width + x;
        if keep(i, move_index(dx, dy)) {
            return true;
        }
        let p = (y + 1) * self.stride + x + 1;
        let behind = p.wrapping_add_signed(-(dy as isize * self.stride as isize + dx as isize));
        let opened = self.masks[p] & !self.masks[behind];
        let (ax, ay) = (dy.abs(), dx.abs());
        (opened & move_bit(-ax, -ay) != 0
            && (keep(i, move_index(-ax, -ay)) || keep(i, move_index(dx - ax, dy - ay))))
            || (opened & move_bit(ax, ay) != 0
                && (keep(i, move_index(ax, ay)) || keep(i, move_index(dx + ax, dy + ay))))
    }

    /// Reports the jump point (or goal) of the straight ray from `(x, y)` in
    /// `(dx, dy)` whose table entry is `t`, if any, at the cost of `before`
    /// (the diagonal that led to `(x, y)`, if any) plus its straight steps.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)] // one ray's state, passed apart so it stays in registers
    fn straight_from(
        &self,
        t: i32,
        (x, y): (usize, usize),
        (dx, dy): (i32, i32),
        before: Option<C>,
        from: &Origin,
        edges: &mut impl EdgeSink<Cell, C>,
        keep: &impl Fn(usize, usize) -> bool,
    ) {
        let k = Self::resolve(t, x, y, dx, dy, from);
        if k != 0 {
            let tx = x.wrapping_add_signed(dx as isize * k as isize);
            let ty = y.wrapping_add_signed(dy as isize * k as isize);
            if (tx, ty) != (from.gx, from.gy) && !self.leads_on((tx, ty), (dx, dy), keep) {
                return;
            }
            let straight = self.straight * C::from_count(u64::from(k));
            self.emit(tx, ty, before.map_or(straight, |d| d + straight), edges);
        }
    }

    /// Follows the diagonal `(dx, dy)` from `from` through the cells whose
    /// straight sub-rays find a jump point, and the cells on the goal's row
    /// and column; reports the sub-rays' jump points (diagonal then straight
    /// edges), and the goal if the diagonal reaches it.
    #[inline(always)]
    fn diagonal_ray(
        &self,
        from: &Origin,
        dx: i32,
        dy: i32,
        edges: &mut impl EdgeSink<Cell, C>,
        keep: &impl Fn(usize, usize) -> bool,
    ) {
        let d = move_index(dx, dy);
        let (hd, vd) = (move_index(dx, 0), move_index(0, dy));
        let (sx, sy) = (dx as isize, dy as isize);
        // Steps along the diagonal to the goal's row and to its column (0: never).
        let k_row = ahead(from.y, from.gy, dy);
        let k_col = ahead(from.x, from.gx, dx);
        let (mut k, mut i) = (0u32, from.y * self.width + from.x);
        let step = sy * self.width as isize + sx;
        loop {
            let t = self.jumps[i][d];
            let end = k + reach(t);
            // The next stop: the table's, or the goal's row or column if sooner.
            let mut next = if t > 0 { end } else { u32::MAX };
            if k_row > k && k_row <= end {
                next = next.min(k_row);
            }
            if k_col > k && k_col <= end {
                next = next.min(k_col);
            }
            if next == u32::MAX {
                return;
            }
            i = i.wrapping_add_signed(step * (next - k) as isize);
            k = next;
            let x = from.x.wrapping_add_signed(sx * k as isize);
            let y = from.y.wrapping_add_signed(sy * k as isize);
            let diag = self.diagonal * C::from_count(u64::from(k));
            if k == k_row && k == k_col {
                self.emit(x, y, diag, edges);
                return;
            }
            let jumps = &self.jumps[i];
            if keep(i, hd) {
                self.straight_from(jumps[hd], (x, y), (dx, 0), Some(diag), from, edges, keep);
            }
            if keep(i, vd) {
                self.straight_from(jumps[vd], (x, y), (0, dy), Some(diag), from, edges, keep);
            }
            if !keep(i, d) {
                // No path the ray could still report goes on diagonally
                // from here.
                return;
            }
        }
    }

    #[inline(always)]
    fn ray(
        &self,
        from: &Origin,
        dx: i32,
        dy: i32,
        edges: &mut impl EdgeSink<Cell, C>,
        keep: &impl Fn(usize, usize) -> bool,
    ) {
        if dx != 0 && dy != 0 {
            self.diagonal_ray(from, dx, dy, edges, keep);
        } else {
            self.straight_ray(from, dx, dy, edges, keep);
        }
    }

    #[inline(always)]
    fn padded_index(&self, node: Cell) -> Option<usize> {
        let (x, y) = (node.x as usize, node.y as usize);
        (x < self.width && y < self.height).then(|| (y + 1) * self.stride + x + 1)
    }

    /// The grid's own moves out of `node` (no single goal to jump towards).
    fn moves(&self, node: Cell, edges: &mut impl EdgeSink<Cell, C>) {
        let Some(p) = self.padded_index(node) else {
            return;
        };
        let mut moves = self.masks[p];
        while moves != 0 {
            let d = moves.trailing_zeros() as usize;
            moves &= moves - 1;
            let (dx, dy) = STEPS[d];
            let x = (node.x as usize).wrapping_add_signed(dx as isize);
            let y = (node.y as usize).wrapping_add_signed(dy as isize);
            let cost = if d < 4 { self.straight } else { self.diagonal };
            self.emit(x, y, cost, edges);
        }
    }
}

/// One expansion's rays: the graph, where they start (and its padded
/// position and row-major index), where they report, and which moves to
/// follow at all (`keep(cell, d)`, given a cell's row-major index and the
/// move's index in [`STEPS`]: goal bounding skips the moves that start no
/// optimal path to the goal, for the rays out of the node and for the
/// sub-rays and the continuation of a diagonal ray at each of its stops).
struct Scan<'a, C, E, K> {
    graph: &'a PrecomputedJumps<C>,
    from: Origin,
    p: usize,
    index: usize,
    edges: &'a mut E,
    keep: K,
}

impl<C: Cost, E: EdgeSink<Cell, C>, K: Fn(usize, usize) -> bool> Rays for Scan<'_, C, E, K> {
    #[inline(always)]
    fn ray(&mut self, dx: i32, dy: i32) {
        if (self.keep)(self.index, move_index(dx, dy)) {
            self.graph.ray(&self.from, dx, dy, self.edges, &self.keep);
        }
    }

    #[inline(always)]
    fn behind(&self, dx: i32, dy: i32) -> u8 {
        let stride = self.graph.stride as isize;
        self.graph.masks[self
            .p
            .wrapping_add_signed(-(dy as isize * stride + dx as isize))]
    }
}

impl<C: Cost> PrecomputedJumps<C> {
    /// The successors of `at.node` (see [`PrecomputedOn`]'s `expand`).
    #[inline(always)]
    pub(crate) fn expand_rays(&self, at: Expansion<Cell>, edges: &mut impl EdgeSink<Cell, C>) {
        self.expand_rays_where(at, edges, |_, _| true);
    }

    /// [`expand_rays`](Self::expand_rays), following only the moves `keep`
    /// accepts (see [`Scan`]; called only with a single goal: without one
    /// the successors are the grid's moves, all of them).
    #[inline(always)]
    pub(crate) fn expand_rays_where(
        &self,
        at: Expansion<Cell>,
        edges: &mut impl EdgeSink<Cell, C>,
        keep: impl Fn(usize, usize) -> bool,
    ) {
        let Some(goal) = at.goal else {
            return self.moves(at.node, edges);
        };
        let node = at.node;
        let Some(p) = self.padded_index(node) else {
            return;
        };
        let here = self.masks[p];
        if here == 0 {
            return;
        }
        // A goal off the grid matches no cell and no line.
        let (gx, gy) = if self.padded_index(goal).is_some() {
            (goal.x as usize, goal.y as usize)
        } else {
            (usize::MAX, usize::MAX)
        };
        let from = Origin {
            x: node.x as usize,
            y: node.y as usize,
            gx,
            gy,
        };
        let mut scan = Scan {
            graph: self,
            from,
            p,
            index: from.y * self.width + from.x,
            edges,
            keep,
        };
        pruned_rays(node, at.parent, here, &mut scan);
    }

    /// The straight and diagonal move costs.
    #[inline]
    pub(crate) fn costs(&self) -> (C, C) {
        (self.straight, self.diagonal)
    }

    /// The grid's [`version`](Grid::version) the tables describe.
    #[inline]
    pub(crate) fn built_version(&self) -> u64 {
        self.version
    }

    /// Whether `node` is a passable cell of the tables.
    #[inline]
    pub(crate) fn contains_cell(&self, node: Cell) -> bool {
        self.padded_index(node).is_some_and(|p| self.passable[p])
    }

    /// The number of cells.
    #[inline]
    pub(crate) fn cell_count(&self) -> usize {
        self.width * self.height
    }

    /// The row-major index of `node`, if it is inside the grid.
    #[inline]
    pub(crate) fn cell_index(&self, node: Cell) -> Option<usize> {
        let (x, y) = (node.x as usize, node.y as usize);
        (x < self.width && y < self.height).then(|| y * self.width + x)
    }

    /// The cell at row-major `index`.
    #[inline]
    pub(crate) fn cell_at(&self, index: usize) -> Option<Cell> {
        (index < self.width * self.height).then(|| Cell {
            x: (index % self.width) as u32,
            y: (index / self.width) as u32,
        })
    }
}
