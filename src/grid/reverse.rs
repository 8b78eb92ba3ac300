//! [`ReversedGrid`]: a grid with every move turned round, for searches that
//! run backwards from a goal (distance fields, one search for many units).

use super::{Cell, Grid};
use crate::cost::Cost;
use crate::graph::{EdgeSink, Expansion, Graph};

/// A view of a [`Grid`] in which each move `a -> b` becomes `b -> a` at the
/// same cost. The moves themselves are symmetric (a cell's neighbours, with
/// the corner rule, are the same both ways), but terrain is charged on the
/// cell *entered*: going forward from `a` into `b` costs `move * weight(b)`,
/// so in the reversed view the step from `b` back to `a` costs
/// `move * weight(b)` too: the weight of the cell it leaves. A search on the
/// view from a goal finds every cell's cost *to* that goal.
///
/// Made by [`Grid::reversed`]; nodes and dense ids are the grid's.
///
/// # Example
/// ```
/// use pathseek::{Cell, Connectivity, Graph, Grid, GridCosts};
/// let mut grid = Grid::new(3, 1, Connectivity::Four, GridCosts::new(1u32, 1))?;
/// grid.set_terrain(Cell::new(2, 0), 5)?; // a swamp at the east end
/// let (west, east) = (Cell::new(0, 0), Cell::new(2, 0));
/// // Forward, walking into the swamp costs 1 + 5.
/// assert_eq!(pathseek::astar(&grid, west, east, |_| 0).found().unwrap().cost, 6);
/// // Reversed from the swamp: the same 6 is the cost from `west` to `east`.
/// let back = grid.reversed();
/// assert_eq!(pathseek::astar(&back, east, west, |_| 0).found().unwrap().cost, 6);
/// # Ok::<(), pathseek::grid::GridError>(())
/// ```
#[derive(Clone, Copy)]
pub struct ReversedGrid<'a, C> {
    grid: &'a Grid<C>,
}

impl<C: Cost> core::fmt::Debug for ReversedGrid<'_, C> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("ReversedGrid")
            .field("grid", self.grid)
            .finish()
    }
}

impl<C: Cost> Grid<C> {
    /// This grid with every move turned round: see [`ReversedGrid`].
    ///
    /// # Example
    /// See [`ReversedGrid`].
    pub fn reversed(&self) -> ReversedGrid<'_, C> {
        ReversedGrid { grid: self }
    }
}

impl<'a, C> ReversedGrid<'a, C> {
    /// The grid this view reverses.
    ///
    /// # Example
    /// ```
    /// # use pathseek::{Connectivity, Grid, GridCosts};
    /// let grid = Grid::new(2, 2, Connectivity::Four, GridCosts::new(1u32, 1))?;
    /// assert_eq!(grid.reversed().grid().width(), 2);
    /// # Ok::<(), pathseek::grid::GridError>(())
    /// ```
    pub fn grid(&self) -> &'a Grid<C> {
        self.grid
    }
}

impl<C: Cost> Graph for ReversedGrid<'_, C> {
    type Node = Cell;
    type Cost = C;

    #[inline]
    fn successors(&self, node: Cell, mut edge: impl FnMut(Cell, C)) {
        self.expand(Expansion::new(node), &mut edge);
    }

    #[inline(always)]
    fn expand(&self, at: Expansion<Cell>, edges: &mut impl EdgeSink<Cell, C>) {
        let grid = self.grid;
        let costs = [grid.costs.straight, grid.costs.diagonal];
        match &grid.terrain {
            // Without terrain the reversed moves are the forward ones.
            None => grid.emit_moves(
                at.node,
                at.parent,
                grid.pruning[0],
                #[inline(always)]
                |cell, index, cost| edges.indexed_edge(cell, index, cost),
                |kind, _| costs[kind],
            ),
            Some(_) => {
                // Every move out of `at.node` here is a move into it forward.
                let Some(own) = grid.cell_index(at.node) else {
                    return;
                };
                let Some(&entry) = grid.entry_costs.get(own) else {
                    return;
                };
                // Priced by the cell left, so the parent's offers compare
                // with nothing here: no pruning.
                grid.emit_moves(
                    at.node,
                    None,
                    None,
                    #[inline(always)]
                    |cell, index, cost| edges.indexed_edge(cell, index, cost),
                    |kind, _| entry[kind],
                )
            }
        }
    }

    super::grid_cell_ids!(grid);

    /// The grid's: the reversed edges between an edited cell and its
    /// neighbours are the same pairs.
    fn changed_since(&self, since: u64, changed: &mut dyn FnMut(Cell)) -> bool {
        self.grid.touched_since(since, changed)
    }
}

super::grid_dense_ids!(ReversedGrid<'_, C>, grid);
