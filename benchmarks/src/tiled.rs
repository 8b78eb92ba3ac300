//! A grid whose dense ids run tile by tile: the memory-layout experiment of
//! `profile --config tiled-T` (BENCHMARKS.md, "The grid core's memory layout").
//!
//! [`Tiled`] wraps a [`Grid`] and numbers its cells in square tiles of side
//! `2^k` (row-major inside a tile, tiles row-major), so a node store indexed
//! by dense id ([`IndexedStore`](pathseek::store::IndexedStore)) and a heap's
//! slot -> position table hold the records of a cell's neighbours on fewer
//! cache lines than the grid's own `y * width + x`. The moves, costs and
//! parent pruning are the grid's: [`Graph::expand`] passes the expansion on
//! and renumbers each edge's dense id. `k = 0` is the grid's own order
//! through the same wrapper (the renumbering's instructions without its
//! locality). Tiles per row are rounded up to a power of two, so ids are
//! made and read back with shifts; the ids past the grid's cells are never
//! used (their [`DenseIds::node_at`] is `None`).
//!
//! It is also a graph implemented outside the crate on the public traits.

use pathseek::graph::{DenseIds, EdgeSink, Expansion, Graph};
use pathseek::grid::{Cell, Grid};
use pathseek::Cost;

/// A [`Grid`] numbered tile by tile (see the module docs).
pub struct Tiled<'a, C: Cost> {
    grid: &'a Grid<C>,
    /// `log2` of the tile side.
    k: u32,
    /// `log2` of the tiles per row.
    row_shift: u32,
    /// Rows of tiles.
    rows: u32,
}

impl<'a, C: Cost> Tiled<'a, C> {
    /// `grid` numbered in tiles of side `2^k` (`k` at most 8).
    ///
    /// # Panics
    /// If `k > 8` (a harness argument, checked by the caller).
    pub fn new(grid: &'a Grid<C>, k: u32) -> Self {
        assert!(k <= 8, "tile side at most 256");
        let side = 1u32 << k;
        let across = grid.width().div_ceil(side).next_power_of_two();
        Tiled {
            grid,
            k,
            row_shift: across.trailing_zeros(),
            rows: grid.height().div_ceil(side),
        }
    }

    /// The dense id of `cell` (inside the grid).
    #[inline(always)]
    fn index(&self, cell: Cell) -> usize {
        let k = self.k;
        let m = (1u32 << k) - 1;
        let tile = (((cell.y >> k) as usize) << self.row_shift) | (cell.x >> k) as usize;
        (tile << (2 * k)) | (((cell.y & m) << k) | (cell.x & m)) as usize
    }
}

/// Renumbers the dense id of each edge the grid reports.
struct Renumber<'s, 'a, C: Cost, E> {
    inner: &'s mut E,
    tiled: &'s Tiled<'a, C>,
}

impl<C: Cost, E: EdgeSink<Cell, C>> EdgeSink<Cell, C> for Renumber<'_, '_, C, E> {
    #[inline(always)]
    fn edge(&mut self, to: Cell, cost: C) {
        self.inner.edge(to, cost)
    }

    #[inline(always)]
    fn indexed_edge(&mut self, to: Cell, _index: usize, cost: C) {
        let index = self.tiled.index(to);
        self.inner.indexed_edge(to, index, cost)
    }
}

impl<C: Cost> Graph for Tiled<'_, C> {
    type Node = Cell;
    type Cost = C;

    fn successors(&self, node: Cell, edge: impl FnMut(Cell, C)) {
        self.grid.successors(node, edge)
    }

    #[inline(always)]
    fn expand(&self, at: Expansion<Cell>, edges: &mut impl EdgeSink<Cell, C>) {
        self.grid.expand(
            at,
            &mut Renumber {
                inner: edges,
                tiled: self,
            },
        )
    }

    fn contains(&self, node: Cell) -> bool {
        self.grid.contains(node)
    }

    fn dense_ids(&self) -> Option<&impl DenseIds<Node = Cell, Cost = C>> {
        Some(self)
    }
}

impl<C: Cost> DenseIds for Tiled<'_, C> {
    fn node_count(&self) -> usize {
        ((self.rows as usize) << self.row_shift) << (2 * self.k)
    }

    #[inline(always)]
    fn node_index(&self, cell: Cell) -> Option<usize> {
        (cell.x < self.grid.width() && cell.y < self.grid.height()).then(|| self.index(cell))
    }

    #[inline(always)]
    fn node_at(&self, index: usize) -> Option<Cell> {
        let k = self.k;
        let m = (1usize << k) - 1;
        let tile = index >> (2 * k);
        let within = index & ((1usize << (2 * k)) - 1);
        let x = ((tile & ((1usize << self.row_shift) - 1)) << k) | (within & m);
        let y = ((tile >> self.row_shift) << k) | (within >> k);
        let (x, y) = (u32::try_from(x).ok()?, u32::try_from(y).ok()?);
        (x < self.grid.width() && y < self.grid.height()).then(|| Cell::new(x, y))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pathseek::{Connectivity, GridCosts};

    #[test]
    fn ids_are_a_bijection_of_the_cells_and_paths_are_the_grids() {
        let grid = Grid::from_fn(
            37,
            21,
            Connectivity::Eight,
            GridCosts::<u32>::exact_octile(),
            |c| (c.x * 7 + c.y * 3) % 5 != 0,
        )
        .unwrap();
        for k in 0..4 {
            let t = Tiled::new(&grid, k);
            let mut seen = vec![false; t.node_count()];
            for y in 0..21 {
                for x in 0..37 {
                    let c = Cell::new(x, y);
                    let i = t.node_index(c).unwrap();
                    assert!(!seen[i], "id {i} given twice");
                    seen[i] = true;
                    assert_eq!(t.node_at(i), Some(c));
                }
            }
            let (s, g) = (Cell::new(1, 1), Cell::new(35, 19));
            let a = pathseek::astar(&grid, s, g, grid.heuristic(g));
            let b = pathseek::astar(&t, s, g, grid.heuristic(g));
            assert_eq!(
                a.found().map(|p| p.cost),
                b.found().map(|p| p.cost),
                "k = {k}"
            );
            assert_eq!(a.stats.expanded, b.stats.expanded, "k = {k}");
        }
    }
}
