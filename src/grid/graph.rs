//! [`Grid`] as a [`Graph`]: the move loop and the node ids.

use super::division::divide;
use super::layout::move_index;
use super::parent_pruning::PruneTable;
use super::{Cell, Grid, STEPS};
use crate::cost::Cost;
use crate::graph::{DenseIds, EdgeSink, Expansion, Graph};

impl<C: Cost> Grid<C> {
    /// Emits the moves out of `node` as `edge(cell, cell_index, cost)`;
    /// `price(kind, dest_index)` is the cost of a move of `kind` (0 straight,
    /// 1 diagonal) into the cell `dest_index`. With a
    /// `parent` one move away, the moves `prune` lists for that arrival are
    /// left out ([`parent_pruning`](super::parent_pruning)).
    ///
    /// One loop over the set bits of the cell's move mask, so the search's edge
    /// callback has a single call site (and is inlined) and no branch depends on
    /// which neighbours happen to be open.
    #[inline(always)]
    pub(super) fn emit_moves(
        &self,
        node: Cell,
        parent: Option<Cell>,
        prune: Option<&PruneTable>,
        mut edge: impl FnMut(Cell, usize, C),
        price: impl Fn(usize, usize) -> C,
    ) {
        let Some(p) = self.padded_index(node) else {
            return;
        };
        let bits = self.connectivity.move_bits();
        let mut moves = self.moves[p] & bits;
        if let (Some(parent), Some(prune)) = (parent, prune) {
            // The move that arrived: the parent is one step behind.
            let d_in = move_index(
                node.x.wrapping_sub(parent.x) as i32,
                node.y.wrapping_sub(parent.y) as i32,
            );
            if let (Some(row), Some(&offset)) = (prune.get(d_in), self.padded_offsets.get(d_in)) {
                let from = self
                    .moves
                    .get(p.wrapping_add_signed(-offset))
                    .map_or(0, |&m| m & bits);
                moves &= !row[usize::from(from)];
            }
        }
        let w = self.width as usize;
        // Unpadded index of `node`, for terrain look-ups.
        let t = node.y as usize * w + node.x as usize;
        while moves != 0 {
            let d = moves.trailing_zeros() as usize;
            moves &= moves - 1;
            let (dx, dy) = STEPS[d];
            // A set move bit means the destination is passable, hence inside the
            // grid: the wrapping arithmetic lands on its real coordinates.
            let cell = Cell {
                x: node.x.wrapping_add_signed(dx),
                y: node.y.wrapping_add_signed(dy),
            };
            let dest = t.wrapping_add_signed(self.offsets[d]);
            edge(cell, dest, price(d >> 2, dest));
        }
    }
}

/// Nodes are [`Cell`]s with dense ids `y * width + x`.
///
/// Successors of a passable cell, in this order: north, east, south, west, then
/// (8-connected) north-east, south-east, south-west, north-west. Blocked or
/// out-of-range cells have none. Terrain multiplies each move by the weight of
/// the cell entered.
///
/// The search's expansions ([`Graph::expand`] with a parent one move away)
/// leave out the moves whose cells the parent has already offered at no
/// greater cost: the way back, the parent's straight neighbours, and
/// (without terrain, for costs with [exact sums](Cost::EXACT_SUMS) and a
/// diagonal at most two straight steps) its diagonal ones. The search then
/// does exactly what it would do without them, looking at about half the
/// edges on octile grids.
///
/// # Example
/// ```
/// use pathseek::grid::{Cell, Connectivity, Grid, GridCosts};
/// use pathseek::{DenseIds, Graph};
/// let mut grid = Grid::new(2, 2, Connectivity::Eight, GridCosts::new(2u32, 3))?;
/// grid.set_terrain(Cell::new(1, 1), 10)?;
/// let mut steps = Vec::new();
/// grid.successors(Cell::new(0, 0), |c, cost| steps.push((c, cost)));
/// assert_eq!(steps, [(Cell::new(1, 0), 2), (Cell::new(0, 1), 2), (Cell::new(1, 1), 30)]);
/// assert_eq!(grid.node_count(), 4);
/// assert_eq!(grid.node_at(3), Some(Cell::new(1, 1)));
/// # Ok::<(), pathseek::grid::GridError>(())
/// ```
impl<C: Cost> Graph for Grid<C> {
    type Node = Cell;
    type Cost = C;

    #[inline]
    fn successors(&self, node: Cell, mut edge: impl FnMut(Cell, C)) {
        self.expand(Expansion::new(node), &mut edge);
    }

    /// The moves of [`successors`](Graph::successors), each reported with the
    /// dense id of the cell it enters (the move loop computes it anyway).
    #[inline(always)]
    fn expand(&self, at: Expansion<Cell>, edges: &mut impl EdgeSink<Cell, C>) {
        let costs = [self.costs.straight, self.costs.diagonal];
        match &self.terrain {
            None => self.emit_moves(
                at.node,
                at.parent,
                self.pruning[0],
                #[inline(always)]
                |cell, index, cost| edges.indexed_edge(cell, index, cost),
                |kind, _| costs[kind],
            ),
            // The price of entering each cell, kept with its weight.
            Some(_) => self.emit_moves(
                at.node,
                at.parent,
                self.pruning[1],
                #[inline(always)]
                |cell, index, cost| edges.indexed_edge(cell, index, cost),
                |kind, i| self.entry_costs.get(i).map_or(costs[kind], |c| c[kind]),
            ),
        }
    }

    /// A cell is part of the graph when it is inside the grid and passable.
    #[inline]
    fn contains(&self, node: Cell) -> bool {
        self.is_passable(node)
    }

    #[inline]
    fn dense_ids(&self) -> Option<&impl DenseIds<Node = Self::Node, Cost = Self::Cost>> {
        Some(self)
    }

    #[inline]
    fn version(&self) -> u64 {
        self.version
    }

    /// From the edit log: every edited cell and its eight neighbours (whose
    /// moves into it changed).
    fn changed_since(&self, since: u64, changed: &mut dyn FnMut(Cell)) -> bool {
        self.touched_since(since, changed)
    }
}

impl<C: Cost> Grid<C> {
    /// The cells an edit since `since` may have touched: each edited cell and
    /// its neighbours inside the grid; `false` when the log cannot tell.
    pub(crate) fn touched_since(&self, since: u64, changed: &mut dyn FnMut(Cell)) -> bool {
        let Some(edits) = self.edits_since(super::MapVersion(since)) else {
            return false;
        };
        for edit in edits {
            self.around(edit.cell).for_each(&mut *changed);
        }
        true
    }
}

impl<C: Cost> DenseIds for Grid<C> {
    #[inline]
    fn node_count(&self) -> usize {
        self.width as usize * self.height as usize
    }

    #[inline]
    fn node_index(&self, node: Cell) -> Option<usize> {
        self.cell_index(node)
    }

    #[inline]
    fn node_at(&self, index: usize) -> Option<Cell> {
        if index >= self.width as usize * self.height as usize {
            return None;
        }
        // The grid has at most u32::MAX cells, so the index fits in a u32.
        let n = index as u32;
        let y = divide(n, self.width, self.width_reciprocal);
        let x = n - y * self.width;
        // Both fit in u32: x < width and y < height.
        Some(Cell { x, y })
    }
}
