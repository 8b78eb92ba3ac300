//! [`UnitGraph`]: the cells a unit of one size fits in, as a [`Graph`].

use super::{Clearance, ClearanceError};
use crate::cost::Cost;
use crate::graph::{DenseIds, EdgeSink, Expansion, Graph};
use crate::grid::{Cell, Connectivity, Grid, STEPS};

/// The graph of a unit `size` cells wide over a [`Grid`]: nodes are the
/// cells of clearance at least `size` (the unit's top-left cell), moves and
/// costs as the [module](super) says. Made by [`Clearance::unit`]; node ids
/// are the grid's ([`DenseIds`]), so array-backed stores, component labels
/// and the other per-node tools work on it.
///
/// It borrows the grid, which therefore cannot change while the graph is in
/// use; [`Graph::changed_since`] reports, from the grid's edit log, the
/// cells whose moves an edit may have changed for this size, so a search
/// kept across an edit ([`AStar::advance`](crate::AStar::advance), D\* Lite)
/// can follow it on the graph made after the update.
///
/// # Complexity
/// A node's moves: O(1) on a grid without terrain; with terrain, O(`size²`)
/// per move to find the largest weight under the footprint.
///
/// # Example
/// ```
/// use pathseek::grid::Clearance;
/// use pathseek::{Cell, Connectivity, Graph, Grid, GridCosts};
/// let mut grid = Grid::new(4, 2, Connectivity::Eight, GridCosts::new(2u32, 3))?;
/// grid.set_terrain(Cell::new(3, 1), 5)?; // mud under the right column
/// let clearance = Clearance::new(&grid, 2)?;
/// let unit = clearance.unit(&grid, 2)?;
/// let mut moves = Vec::new();
/// unit.successors(Cell::new(1, 0), |c, cost| moves.push((c, cost)));
/// // East onto the mud (the footprint there covers (3, 1)), and west; the
/// // map is two rows high, so the unit cannot step down.
/// assert_eq!(moves, [(Cell::new(2, 0), 10), (Cell::new(0, 0), 2)]);
/// assert!(!unit.contains(Cell::new(3, 0))); // hangs over the right edge
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy)]
pub struct UnitGraph<'a, C> {
    grid: &'a Grid<C>,
    clearance: &'a Clearance,
    size: u8,
}

impl<C: Cost> core::fmt::Debug for UnitGraph<'_, C> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("UnitGraph")
            .field("size", &self.size)
            .field("grid", self.grid)
            .finish_non_exhaustive()
    }
}

impl Clearance {
    /// The graph of a unit `size` cells wide on `grid`: see [`UnitGraph`].
    ///
    /// # Errors
    /// - [`ClearanceError::UnitSize`] for `size` 0 or above
    ///   [`max_size`](Self::max_size);
    /// - [`ClearanceError::SizeMismatch`] when `grid` is not the size of the map;
    /// - [`ClearanceError::MapChanged`] when `grid` is at another version than
    ///   the map (edited since, or another grid): call
    ///   [`sync`](crate::graph::FollowMap::sync) first.
    ///
    /// # Example
    /// ```
    /// use pathseek::grid::{Clearance, ClearanceError};
    /// use pathseek::{Cell, Connectivity, FollowMap, Grid, GridCosts};
    /// let mut grid = Grid::new(6, 6, Connectivity::Four, GridCosts::new(1u32, 1))?;
    /// let mut clearance = Clearance::new(&grid, 3)?;
    /// let unit = clearance.unit(&grid, 3)?;
    /// let (start, goal) = (Cell::new(0, 0), Cell::new(3, 3));
    /// assert_eq!(pathseek::astar(&unit, start, goal, unit.heuristic(goal)).found().unwrap().cost, 6);
    /// assert!(matches!(clearance.unit(&grid, 0), Err(ClearanceError::UnitSize { .. })));
    /// grid.set_passable(Cell::new(5, 5), false)?;
    /// assert!(matches!(clearance.unit(&grid, 3), Err(ClearanceError::MapChanged(_))));
    /// clearance.sync(&grid)?;
    /// let unit = clearance.unit(&grid, 3)?;
    /// assert!(pathseek::astar(&unit, start, goal, unit.heuristic(goal)).found().is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn unit<'a, C: Cost>(
        &'a self,
        grid: &'a Grid<C>,
        size: u8,
    ) -> Result<UnitGraph<'a, C>, ClearanceError> {
        if size == 0 || size > self.max_size {
            return Err(ClearanceError::UnitSize {
                size,
                max_size: self.max_size,
            });
        }
        self.check(grid)?;
        Ok(UnitGraph {
            grid,
            clearance: self,
            size,
        })
    }
}

impl<'a, C: Cost> UnitGraph<'a, C> {
    /// The unit's size: its footprint is `size x size` cells.
    ///
    /// # Example
    /// ```
    /// # use pathseek::grid::Clearance;
    /// # use pathseek::{Connectivity, Grid, GridCosts};
    /// let grid = Grid::new(8, 8, Connectivity::Eight, GridCosts::octile())?;
    /// let clearance = Clearance::new(&grid, 3)?;
    /// assert_eq!(clearance.unit(&grid, 2)?.size(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn size(&self) -> u8 {
        self.size
    }

    /// The grid the unit moves on.
    ///
    /// # Example
    /// ```
    /// # use pathseek::grid::Clearance;
    /// # use pathseek::{Connectivity, Grid, GridCosts};
    /// let grid = Grid::new(8, 5, Connectivity::Eight, GridCosts::octile())?;
    /// let clearance = Clearance::new(&grid, 3)?;
    /// assert_eq!(clearance.unit(&grid, 2)?.grid().height(), 5);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn grid(&self) -> &'a Grid<C> {
        self.grid
    }

    /// The grid's heuristic towards `goal` ([`Grid::heuristic`]): admissible
    /// and consistent here too, since every move of the unit costs at least
    /// the grid's move into the same cell.
    ///
    /// # Example
    /// See [`Clearance::unit`].
    #[inline]
    pub fn heuristic(&self, goal: Cell) -> impl Fn(Cell) -> C + Copy + use<C> {
        self.grid.heuristic(goal)
    }

    /// The cells the unit covers when it stands on `cell`, row by row (its
    /// footprint, `cell` top left); they are all passable when the unit
    /// fits there ([`contains`](Graph::contains)).
    ///
    /// # Example
    /// ```
    /// # use pathseek::grid::Clearance;
    /// # use pathseek::{Cell, Connectivity, Grid, GridCosts};
    /// let grid = Grid::new(8, 8, Connectivity::Eight, GridCosts::octile())?;
    /// let clearance = Clearance::new(&grid, 2)?;
    /// let unit = clearance.unit(&grid, 2)?;
    /// let cells: Vec<Cell> = unit.footprint(Cell::new(3, 5)).collect();
    /// assert_eq!(cells, [Cell::new(3, 5), Cell::new(4, 5), Cell::new(3, 6), Cell::new(4, 6)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn footprint(&self, cell: Cell) -> impl Iterator<Item = Cell> + use<C> {
        let k = u32::from(self.size);
        (0..k).flat_map(move |dy| {
            (0..k).map(move |dx| Cell::new(cell.x.saturating_add(dx), cell.y.saturating_add(dy)))
        })
    }

    /// The moves out of `node` as a mask over [`STEPS`] (bit `d` for move
    /// `STEPS[d]`; 0 when the unit does not fit on `node`).
    #[inline(always)]
    fn moves(&self, node: Cell) -> u8 {
        let c = self.clearance;
        let (w, h) = (c.width as usize, c.height as usize);
        let (x, y) = (node.x as usize, node.y as usize);
        if x >= w || y >= h {
            return 0;
        }
        let (v, k, i) = (&c.values[..], self.size, y * w + x);
        if v[i] < k {
            return 0;
        }
        let n = y > 0 && v[i - w] >= k;
        let e = x + 1 < w && v[i + 1] >= k;
        let s = y + 1 < h && v[i + w] >= k;
        let west = x > 0 && v[i - 1] >= k;
        let mut mask = u8::from(n) | u8::from(e) << 1 | u8::from(s) << 2 | u8::from(west) << 3;
        if self.grid.connectivity() == Connectivity::Eight {
            // Each diagonal needs both straight moves beside it (which also
            // puts its destination inside the grid).
            let ne = n && e && v[i - w + 1] >= k;
            let se = s && e && v[i + w + 1] >= k;
            let sw = s && west && v[i + w - 1] >= k;
            let nw = n && west && v[i - w - 1] >= k;
            mask |= u8::from(ne) << 4 | u8::from(se) << 5 | u8::from(sw) << 6 | u8::from(nw) << 7;
        }
        mask
    }

    /// The largest terrain weight under the footprint whose top-left cell
    /// is `i` (all inside the grid, since the unit fits there).
    #[inline(always)]
    fn weight(&self, terrain: &[C], i: usize) -> C {
        let (k, w) = (usize::from(self.size), self.clearance.width as usize);
        let mut most = terrain[i];
        for row in 0..k {
            for &t in &terrain[i + row * w..i + row * w + k] {
                if t > most {
                    most = t;
                }
            }
        }
        most
    }
}

/// Successors in the grid's order: north, east, south, west, then
/// (8-connected) north-east, south-east, south-west, north-west.
impl<C: Cost> Graph for UnitGraph<'_, C> {
    type Node = Cell;
    type Cost = C;

    #[inline]
    fn successors(&self, node: Cell, mut edge: impl FnMut(Cell, C)) {
        self.expand(Expansion::new(node), &mut edge);
    }

    /// The moves of [`successors`](Graph::successors), each with the dense
    /// id of the cell entered.
    #[inline]
    fn expand(&self, at: Expansion<Cell>, edges: &mut impl EdgeSink<Cell, C>) {
        let mut moves = self.moves(at.node);
        if moves == 0 {
            return;
        }
        let w = self.clearance.width as usize;
        // `moves` is not 0, so the node is inside the grid.
        let i = at.node.y as usize * w + at.node.x as usize;
        let costs = self.grid.costs();
        let costs = [costs.straight, costs.diagonal];
        while moves != 0 {
            let d = moves.trailing_zeros() as usize;
            moves &= moves - 1;
            let (dx, dy) = STEPS[d];
            // A set bit means the destination fits the unit, hence is inside.
            let cell = Cell::new(
                at.node.x.wrapping_add_signed(dx),
                at.node.y.wrapping_add_signed(dy),
            );
            let dest = i.wrapping_add_signed(dy as isize * w as isize + dx as isize);
            // `set_terrain` checked that every weight times either move cost fits.
            let cost = match &self.grid.terrain {
                None => costs[d >> 2],
                Some(terrain) => costs[d >> 2] * self.weight(terrain, dest),
            };
            edges.indexed_edge(cell, dest, cost);
        }
    }

    /// Whether the unit fits on `node`: clearance at least its size.
    #[inline]
    fn contains(&self, node: Cell) -> bool {
        self.clearance.value(node) >= self.size
    }

    #[inline]
    fn dense_ids(&self) -> Option<&impl DenseIds<Node = Cell, Cost = C>> {
        Some(self)
    }

    #[inline]
    fn version(&self) -> u64 {
        self.grid.version().get()
    }

    /// From the grid's edit log: an edit of cell `c` (its passability or its
    /// terrain) changes which cells of `c.x - size + 1 ..= c.x` by
    /// `c.y - size + 1 ..= c.y` the unit fits on and what entering them
    /// costs; the cells reported are those and their neighbours.
    fn changed_since(&self, since: u64, changed: &mut dyn FnMut(Cell)) -> bool {
        let Some(edits) = self.grid.edits_since(crate::grid::MapVersion(since)) else {
            return false;
        };
        let k = u32::from(self.size);
        let (w, h) = (self.grid.width(), self.grid.height());
        for edit in edits {
            let c = edit.cell;
            let xs = c.x.saturating_sub(k)..=c.x.saturating_add(1).min(w - 1);
            for y in c.y.saturating_sub(k)..=c.y.saturating_add(1).min(h - 1) {
                for x in xs.clone() {
                    changed(Cell::new(x, y));
                }
            }
        }
        true
    }
}

impl<C: Cost> DenseIds for UnitGraph<'_, C> {
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
