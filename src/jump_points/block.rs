//! [`BlockJumpPoints`]: block-based jump point search (Harabor and
//! Grastien, 2014), its straight scans done 64 cells per machine word.

use core::fmt;

use super::pruning::{pruned_rays, Rays};
use super::{JumpPoints, JumpPointsError};
use crate::cost::Cost;
use crate::graph::{EdgeSink, Expansion, Graph};
use crate::grid::{move_bit, Cell, Grid};

/// Bits of padding before cell 0 of a line (a whole word of blocked cells).
const PAD: usize = 64;

/// 64 bits of `bits` starting at bit `s` (< 64) of word `w`.
#[inline(always)]
fn window(bits: &[u64], w: usize, s: usize) -> u64 {
    let lo = u128::from(bits[w]);
    let hi = u128::from(bits[w + 1]);
    (((hi << 64) | lo) >> s) as u64
}

/// A set of lines of bits (the grid's rows, or its columns): line `l` holds
/// `words` words, cell `i` of the line at bit `PAD + i`; lines 0 and the last
/// are all blocked borders.
#[derive(Clone)]
struct Lines {
    bits: Vec<u64>,
    words: usize,
}

impl Lines {
    fn new(lines: usize, cells: usize) -> Self {
        // Scans read the word after the one holding the cell past the end.
        let words = (cells + PAD).div_ceil(64) + 1;
        Lines {
            bits: vec![0; lines * words],
            words,
        }
    }

    fn set(&mut self, line: usize, i: usize) {
        let b = PAD + i;
        self.bits[line * self.words + b / 64] |= 1 << (b % 64);
    }

    /// Steps from cell `i` of line `line` towards higher `i` to the first
    /// event: a blocked cell, or a cell whose neighbour in line `line - 1` or
    /// `line + 1` is open while the one before it is blocked (a forced
    /// neighbour). Returns the number of steps and whether the event is a
    /// forced neighbour (a jump point) rather than a blocked cell.
    #[inline(always)]
    fn scan_up(&self, line: usize, i: usize) -> (u32, bool) {
        let bits = &self.bits[..];
        let mid = line * self.words;
        let (before, after) = (mid - self.words, mid + self.words);
        let mut o = PAD + i;
        let mut base = 0u32;
        loop {
            let (w, s) = (o / 64, o % 64);
            let row = window(bits, mid + w, s);
            let a = window(bits, before + w, s);
            let b = window(bits, after + w, s);
            let stop = (!row | (a & !(a << 1)) | (b & !(b << 1))) & !1;
            if stop != 0 {
                let k = stop.trailing_zeros();
                return (base + k, row >> k & 1 != 0);
            }
            base += 63;
            o += 63;
        }
    }

    /// [`Lines::scan_up`] towards lower `i`.
    #[inline(always)]
    fn scan_down(&self, line: usize, i: usize) -> (u32, bool) {
        let bits = &self.bits[..];
        let mid = line * self.words;
        let (before, after) = (mid - self.words, mid + self.words);
        // The window's bit 63 is the cell `base` steps from the start.
        let mut o = PAD + i - 63;
        let mut base = 0u32;
        loop {
            let (w, s) = (o / 64, o % 64);
            let row = window(bits, mid + w, s);
            let a = window(bits, before + w, s);
            let b = window(bits, after + w, s);
            let stop = (!row | (a & !(a >> 1)) | (b & !(b >> 1))) & !(1 << 63);
            if stop != 0 {
                let k = stop.leading_zeros();
                return (base + k, row << k >> 63 != 0);
            }
            base += 63;
            o -= 63;
        }
    }
}

/// The steps to the jump point of a straight ray whose first event (see
/// [`Lines::scan_up`]) is `event`, when the goal lies `goal` steps ahead on
/// the line (0 if it does not): the goal if it comes no later than the event
/// (cells before the event are open), else the event if it is a jump point,
/// else 0 (the ray is blocked).
#[inline(always)]
fn resolve((steps, jump): (u32, bool), goal: u32) -> u32 {
    if goal != 0 && goal <= steps {
        goal
    } else if jump {
        steps
    } else {
        0
    }
}

/// A [`Grid`] seen through its jump points, scanned 64 cells per word: a
/// [`Graph`] over the grid's cells whose edges run from a jump point along a
/// straight line, a diagonal line, or a diagonal line then a straight one, to
/// the next jump point (towards the search's goal), costing the sum of their
/// moves.
///
/// It keeps the grid's passability as bit rows, and as bit columns (the rows
/// transposed) for the vertical scans. A straight scan reads 64 cells of its
/// own row and of the two rows beside it as three words, and finds the first
/// blocked cell, the first forced neighbour (a side cell open where the one
/// before it was blocked) and the goal with one count of trailing (or
/// leading) zeros. A diagonal ray steps cell by cell and runs its two
/// straight sub-scans on the bits at every step.
///
/// It also uses the stronger pruning of the 2014 paper ("Improving Jump Point
/// Search", ICAPS 2014): a diagonal ray does not stop at the first cell whose
/// straight sub-scans find a jump point; it reports the jump points those
/// sub-scans find directly (an edge of `k` diagonal then `m` straight moves)
/// and goes on along the diagonal. The intermediate diagonal cells never
/// enter the open set. Consecutive points of a path are therefore either on
/// one line or joined by diagonal moves then straight ones, the shape
/// [`fill_path`](super::fill_path) fills in.
///
/// The answers have the same costs as [`JumpPoints`] and plain A* on the
/// grid (optimal), under the same rules: 8-connected moves, no corner
/// cutting, no terrain, `straight <= diagonal <= 2 * straight`.
///
/// Nodes are the grid's cells, with the grid's dense ids, so every node store
/// works. Build it once per grid (O(cells)) and search it to any goal; it
/// holds a bit copy of the passability, so an edited grid needs a new one
/// (the borrow of the grid enforces that: after [`Grid::set_passable`],
/// build a new one).
///
/// # Complexity
/// Building: O(cells) time, two bits per cell (plus a border of a few words
/// per row and column). A straight scan costs O(1 + length / 63) word
/// operations; a diagonal ray of `k` steps costs `k` pairs of straight scans.
///
/// # Example
/// ```
/// use pathseek::{AStar, Cell, Connectivity, Grid, GridCosts};
/// use pathseek::jump_points::BlockJumpPoints;
/// use pathseek::{open_set::DaryHeap, store::IndexedStore};
///
/// let grid = Grid::new(64, 64, Connectivity::Eight, GridCosts::<u32>::exact_octile()).unwrap();
/// let mut engine = AStar::new(DaryHeap::<u32, 4>::new(), IndexedStore::new());
/// let jps = BlockJumpPoints::new(&grid).unwrap();
/// let goal = Cell::new(63, 40);
/// use pathseek::Query;
/// let r = engine.search(&jps, Query::new(Cell::new(0, 0), goal, grid.heuristic(goal)));
/// // 40 diagonal moves, then 23 straight ones: one edge.
/// assert_eq!(r.found().unwrap().nodes, [Cell::new(0, 0), goal]);
/// assert_eq!(r.stats.expanded, 1);
/// ```
#[derive(Clone)]
pub struct BlockJumpPoints<'g, C> {
    grid: &'g Grid<C>,
    /// Line `y + 1` is row `y`.
    rows: Lines,
    /// Line `x + 1` is column `x`.
    cols: Lines,
}

impl<C: Cost> fmt::Debug for BlockJumpPoints<'_, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BlockJumpPoints")
            .field("width", &self.grid.width())
            .field("height", &self.grid.height())
            .field("costs", &self.grid.costs())
            .finish()
    }
}

/// Where the rays of one expansion start, and the goal they stop at.
#[derive(Clone, Copy)]
struct Origin {
    x: usize,
    y: usize,
    /// Padded position in the grid's move masks.
    p: usize,
    gx: usize,
    gy: usize,
}

impl<'g, C: Cost> BlockJumpPoints<'g, C> {
    /// The block-based jump point graph of `grid`: copies its passability
    /// into bit rows and bit columns.
    ///
    /// # Errors
    /// Those of [`JumpPoints::new`]: [`JumpPointsError`] for a 4-connected
    /// grid, a grid with terrain weights, costs outside
    /// `straight <= diagonal <= 2 * straight`, or a run across the grid whose
    /// cost overflows `C`.
    ///
    /// # Example
    /// ```
    /// use pathseek::{Connectivity, Grid, GridCosts};
    /// use pathseek::jump_points::BlockJumpPoints;
    /// use pathseek::jump_points::JumpPointsError;
    /// let four = Grid::new(8, 8, Connectivity::Four, GridCosts::new(1u32, 1)).unwrap();
    /// assert_eq!(
    ///     BlockJumpPoints::new(&four).unwrap_err(),
    ///     JumpPointsError::NotEightConnected
    /// );
    /// ```
    pub fn new(grid: &'g Grid<C>) -> Result<Self, JumpPointsError> {
        JumpPoints::new(grid)?;
        let (w, h) = (grid.width() as usize, grid.height() as usize);
        let mut rows = Lines::new(h + 2, w);
        let mut cols = Lines::new(w + 2, h);
        for y in 0..h {
            let row = &grid.passable[(y + 1) * grid.stride + 1..][..w];
            for (x, _) in row.iter().enumerate().filter(|c| *c.1) {
                rows.set(y + 1, x);
                cols.set(x + 1, y);
            }
        }
        Ok(BlockJumpPoints { grid, rows, cols })
    }

    /// The grid underneath.
    ///
    /// # Example
    /// ```
    /// use pathseek::{Connectivity, Grid, GridCosts};
    /// use pathseek::jump_points::BlockJumpPoints;
    /// let grid = Grid::new(5, 4, Connectivity::Eight, GridCosts::float_octile()).unwrap();
    /// let jps = BlockJumpPoints::new(&grid).unwrap();
    /// assert_eq!(jps.grid().width(), 5);
    /// ```
    pub fn grid(&self) -> &'g Grid<C> {
        self.grid
    }

    /// Steps from `(x, y)` in the straight direction `(dx, dy)` to the first
    /// jump point (forced neighbour or goal); 0 if a blocked cell comes first.
    #[inline(always)]
    fn straight(&self, x: usize, y: usize, dx: i32, dy: i32, gx: usize, gy: usize) -> u32 {
        // The goal's distance along the ray when it lies ahead on the line, else 0.
        let ahead = |on_line: bool, g: usize, at: usize, up: bool| -> u32 {
            match (on_line, up) {
                (true, true) if g > at => (g - at) as u32,
                (true, false) if g < at => (at - g) as u32,
                _ => 0,
            }
        };
        if dy == 0 {
            let goal = ahead(gy == y, gx, x, dx > 0);
            if dx > 0 {
                resolve(self.rows.scan_up(y + 1, x), goal)
            } else {
                resolve(self.rows.scan_down(y + 1, x), goal)
            }
        } else {
            let goal = ahead(gx == x, gy, y, dy > 0);
            if dy > 0 {
                resolve(self.cols.scan_up(x + 1, y), goal)
            } else {
                resolve(self.cols.scan_down(x + 1, y), goal)
            }
        }
    }

    /// Reports the straight ray's jump point from `from` in `(dx, dy)`.
    #[inline(always)]
    fn straight_ray(&self, from: Origin, dx: i32, dy: i32, edges: &mut impl EdgeSink<Cell, C>) {
        let (masks, _) = self.grid.move_masks();
        // The first step, from the move mask; the scan only if it is open.
        if masks[from.p] & move_bit(dx, dy) == 0 {
            return;
        }
        let k = self.straight(from.x, from.y, dx, dy, from.gx, from.gy);
        if k != 0 {
            let x = from.x.wrapping_add_signed(dx as isize * k as isize);
            let y = from.y.wrapping_add_signed(dy as isize * k as isize);
            let cost = self.grid.costs().straight * C::from_count(u64::from(k));
            self.emit(x, y, cost, edges);
        }
    }

    /// Walks the diagonal `(dx, dy)` from `from`; at every cell reports the
    /// jump points its two straight sub-scans find (diagonal then straight
    /// edges), and the goal if the diagonal reaches it.
    #[inline(always)]
    fn diagonal_ray(&self, from: Origin, dx: i32, dy: i32, edges: &mut impl EdgeSink<Cell, C>) {
        let (masks, stride) = self.grid.move_masks();
        let (bit, hbit, vbit) = (move_bit(dx, dy), move_bit(dx, 0), move_bit(0, dy));
        let offset = dy as isize * stride as isize + dx as isize;
        let GridCostsPair { s, d } = self.costs();
        let (sx, sy) = (dx as isize, dy as isize);
        let (mut x, mut y, mut p) = (from.x, from.y, from.p);
        let mut k = 0u64;
        let mut here = masks[p];
        // The move bit already says whether the corner may be cut.
        while here & bit != 0 {
            x = x.wrapping_add_signed(sx);
            y = y.wrapping_add_signed(sy);
            p = p.wrapping_add_signed(offset);
            k += 1;
            if x == from.gx && y == from.gy {
                self.emit(x, y, d * C::from_count(k), edges);
                return;
            }
            here = masks[p];
            // The sub-scans only where their first step is open.
            if here & hbit != 0 {
                let h = self.straight(x, y, dx, 0, from.gx, from.gy);
                if h != 0 {
                    let hx = x.wrapping_add_signed(sx * h as isize);
                    let cost = d * C::from_count(k) + s * C::from_count(u64::from(h));
                    self.emit(hx, y, cost, edges);
                }
            }
            if here & vbit != 0 {
                let v = self.straight(x, y, 0, dy, from.gx, from.gy);
                if v != 0 {
                    let vy = y.wrapping_add_signed(sy * v as isize);
                    let cost = d * C::from_count(k) + s * C::from_count(u64::from(v));
                    self.emit(x, vy, cost, edges);
                }
            }
        }
    }

    #[inline(always)]
    fn costs(&self) -> GridCostsPair<C> {
        let c = self.grid.costs();
        GridCostsPair {
            s: c.straight,
            d: c.diagonal,
        }
    }

    #[inline(always)]
    fn emit(&self, x: usize, y: usize, cost: C, edges: &mut impl EdgeSink<Cell, C>) {
        // Every cell reported lies inside the grid; `new` checked that no run
        // across it overflows `C`.
        let cell = Cell {
            x: x as u32,
            y: y as u32,
        };
        edges.indexed_edge(cell, y * self.grid.width() as usize + x, cost);
    }

    #[inline(always)]
    fn ray(&self, from: Origin, dx: i32, dy: i32, edges: &mut impl EdgeSink<Cell, C>) {
        if dx != 0 && dy != 0 {
            self.diagonal_ray(from, dx, dy, edges);
        } else {
            self.straight_ray(from, dx, dy, edges);
        }
    }
}

/// One expansion's rays: the graph, where they start, where they report.
struct Scan<'a, 'g, C, E> {
    graph: &'a BlockJumpPoints<'g, C>,
    from: Origin,
    edges: &'a mut E,
}

impl<C: Cost, E: EdgeSink<Cell, C>> Rays for Scan<'_, '_, C, E> {
    #[inline(always)]
    fn ray(&mut self, dx: i32, dy: i32) {
        self.graph.ray(self.from, dx, dy, self.edges);
    }

    #[inline(always)]
    fn behind(&self, dx: i32, dy: i32) -> u8 {
        let (masks, stride) = self.graph.grid.move_masks();
        masks[self
            .from
            .p
            .wrapping_add_signed(-(dy as isize * stride as isize + dx as isize))]
    }
}

/// The two move costs.
struct GridCostsPair<C> {
    s: C,
    d: C,
}

/// Jump points are the grid's cells; successors are the jump points found by
/// scanning rays towards [`Expansion::goal`]. Without a parent (the start)
/// all eight rays are scanned; after a straight move, the ray ahead plus the
/// turns an obstacle forces; after a diagonal move, the diagonal ahead and its
/// two straight parts. The direction of arrival is the last move from the
/// parent as [`fill_path`](super::fill_path) goes (diagonal
/// moves first, then straight ones). Without a goal (a goal predicate, or a
/// caller of [`successors`](Graph::successors)) the successors are the grid's
/// moves.
///
/// # Example
/// ```
/// use pathseek::{Cell, Connectivity, Graph, Grid, GridCosts};
/// use pathseek::graph::Expansion;
/// use pathseek::jump_points::BlockJumpPoints;
/// let grid = Grid::new(5, 5, Connectivity::Eight, GridCosts::new(2u32, 3)).unwrap();
/// let jps = BlockJumpPoints::new(&grid).unwrap();
/// let mut edges = Vec::new();
/// // Going east from (0, 2): the ray runs straight into the goal.
/// let at = Expansion::new(Cell::new(1, 2))
///     .with_parent(Some(Cell::new(0, 2)))
///     .with_goal(Some(Cell::new(4, 2)));
/// jps.expand(at, &mut |c, k| edges.push((c, k)));
/// assert_eq!(edges, [(Cell::new(4, 2), 6)]);
/// ```
impl<C: Cost> Graph for BlockJumpPoints<'_, C> {
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
        let (masks, _) = self.grid.move_masks();
        let here = masks[p];
        if here == 0 {
            return;
        }
        // A goal off the grid matches no cell and no line.
        let (gx, gy) = if self.grid.in_bounds(goal) {
            (goal.x as usize, goal.y as usize)
        } else {
            (usize::MAX, usize::MAX)
        };
        let from = Origin {
            x: node.x as usize,
            y: node.y as usize,
            p,
            gx,
            gy,
        };
        let mut scan = Scan {
            graph: self,
            from,
            edges,
        };
        pruned_rays(node, at.parent, here, &mut scan);
    }

    crate::grid::grid_cell_ids!(grid);
}

crate::grid::grid_dense_ids!(BlockJumpPoints<'_, C>, grid);
